// The candidates a search explored, as changes to the candidate vector, and their replay on the
// untracked subjects (bench/bare_subjects.cpp).
#pragma once

#include <chrono>
#include <cstdint>
#include <stdexcept>
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

// Writes each candidate of `trace` with write(slot, value) and runs check() on it; returns the
// seconds taken. Throws if check() accepts another number of candidates than the trace's.
template <class Write, class Check>
double replay_trace(const candidate_trace& trace, Write write, Check check) {
  std::uint64_t valid = 0;
  const auto start = std::chrono::steady_clock::now();
  std::size_t i = 0;
  for (std::uint64_t c = 0; c < trace.candidates; ++c) {
    for (; trace.changes[i].slot != candidate_trace::end_of_candidate; ++i) write(trace.changes[i].slot, trace.changes[i].value);
    ++i;
    valid += check() ? 1 : 0;
  }
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  if (valid != trace.valid) throw std::logic_error("a replay found another number of valid candidates");
  return seconds;
}

// Writes each candidate of `trace` into an untracked arena and runs the bare invariant on it;
// returns the seconds taken. Throws if the valid count differs from the trace's.
double replay_bare(const std::string& subject, const std::vector<std::int64_t>& parameters,
                   const candidate_trace& trace);

}  // namespace smallscope::bench
