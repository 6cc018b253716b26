// Warnings about a finitization and its invariant, read off the valid structures a run found
// (paper 000, Sec. 3.2-3.4: every field reachable in a valid structure is enumerated over its
// whole field domain, read by the invariant or not).
//
// A run keeps a uniform sample of its valid structures (a reservoir of sample_capacity
// candidate vectors; all of them when there are fewer). From the sample:
// - a field reachable in valid structures whose every domain value the invariant accepts
//   multiplies the count by its domain size wherever it is reachable: named with the factor;
// - a field reachable in valid structures that always holds the same value, although its domain
//   has others: named with the value;
// - no valid structure at all, and an invariant that accepts nearly every candidate, are said
//   from the counts.
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "search/structure_sample.hpp"
#include "smallscope/search.hpp"

namespace smallscope::detail {

class state_space;

struct run_counts {
  std::uint64_t valid = 0;     // valid structures the run found
  std::uint64_t explored = 0;  // candidates it evaluated
  bool complete = true;        // the run covered the whole scope (no limit, sample or stop)
  bool fields_read = true;     // search_stats::fields_read
};

// The warnings for the valid structures sampled in `sample` (sample_count candidate vectors of
// the space's slot count, back to back), found by `invariant` over the finitization `data`.
std::vector<std::string> finitization_warnings(const finitization_data& data, const predicate& invariant,
                                       std::span<const std::uint32_t> sample, std::uint32_t sample_count,
                                       const run_counts& counts);

}  // namespace smallscope::detail
