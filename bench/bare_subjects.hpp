// The candidates a search explored, as changes to the candidate vector, and their replay on the
// untracked subjects (bench/bare_subjects.cpp).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace smallscope::bench {

struct candidate_trace {
  static constexpr std::uint32_t end_of_candidate = 0xffffffffu;
  struct change {
    std::uint32_t slot;
    std::uint32_t value;
  };
  std::vector<change> changes;  // per candidate: its changed slots, then end_of_candidate
  std::uint64_t candidates = 0;
  std::uint64_t valid = 0;
};

// Writes each candidate of `trace` into an untracked arena and runs the bare invariant on it;
// returns the seconds taken. Throws if the valid count differs from the trace's.
double replay_bare(const std::string& subject, const std::vector<std::int64_t>& parameters,
                   const candidate_trace& trace);

}  // namespace smallscope::bench
