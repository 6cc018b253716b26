// Field-exhaustive suites (paper 004): few structures whose fields together take every value any
// valid structure gives them on an object it reaches, the (object, value) pairs of each field's
// extension (Definition 1). From the search, for a C++ invariant: every valid structure is seen,
// one joins the suite when it covers a pair no earlier one did, and a last pass drops the
// members whose every pair the others cover. (From a relational spec on SAT, Algorithm 1:
// `smallscope fe SPEC.als`.) In the library smallscope::spec.
//
//   const auto suite = smallscope::field_exhaustive_from_search(fin, invariant);
//   for (const auto& values : suite.structures) ...   // candidate vectors of fin's state space
// Stage: fe.
#pragma once

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "smallscope/finitization.hpp"
#include "smallscope/search.hpp"
#include "smallscope/stop.hpp"

namespace smallscope {

// A field's extension: its (owner, value) pairs as the printers label them ("Node#0", "null",
// "3"), sorted by owner, then value.
struct field_extension {
  std::string field;  // "Node.left"
  std::vector<std::pair<std::string, std::string>> pairs;
};

struct field_exhaustive_options {
  search_options search;
  std::uint64_t limit = 0;  // stop once the suite has this many members (before pruning); 0: none
  double seconds = 0;       // stop after this long; 0: no limit
  // Polled per valid structure and every 65,536 candidates: once true, the suite of the
  // structures seen so far.
  stop_request stop;
  // The search's progress and findings (its should_stop is asked too).
  search_listener* listener = nullptr;
};

struct field_exhaustive_suite {
  // The members: candidate vectors of the finitization's state space, in the search's order.
  std::vector<std::vector<std::uint32_t>> structures;
  std::vector<field_extension> extensions;  // per field, in declaration order
  std::size_t pairs() const {
    std::size_t n = 0;
    for (const auto& e : extensions) n += e.pairs.size();
    return n;
  }
  std::uint64_t valid = 0;            // valid structures seen
  std::uint64_t explored = 0;         // candidates the search evaluated
  std::uint64_t candidate_pairs = 0;  // every slot's values: the pairs a clause could name
  std::uint64_t covering = 0;         // structures that covered a new pair, before pruning
  bool complete = false;              // every valid structure was seen
  bool stopped = false;               // `stop` ended it
  bool limited = false;               // `limit` or `seconds` ended it
};

// The field-exhaustive suite of `fin` under `invariant`, from the search. Throws
// std::invalid_argument for bad search options and finitization_error for a bad finitization.
field_exhaustive_suite field_exhaustive_from_search(const finitization& fin, const predicate& invariant,
                                                    const field_exhaustive_options& options = {});

}  // namespace smallscope
