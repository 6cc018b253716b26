// The kill criteria of paper 000, Sec. 7.2, for the runs a worker observes itself: a mutant's
// output against the original's on the same input. (Timeouts and crashes end the worker; the
// supervisor judges those.)
#pragma once

#include <cstdint>
#include <string>

#include "smallscope/check.hpp"
#include "smallscope/drivers/mutation_analysis.hpp"

namespace smallscope::detail {

// What one run of a method produced: how it ended, its result ("true", "threw ..."), the
// exception's message or the failed clause, and the post-state's fingerprint.
struct run_output {
  outcome_kind kind = outcome_kind::passed;
  std::string result;
  std::string detail;
  std::uint64_t fingerprint = 0;
};

struct kill_verdict {
  mutant_status status = mutant_status::survived;  // survived: not killed on this input
  std::string detail;
};

// Whether the mutant's run `m` kills it, given the original's run `o` on the same input. The
// invariant comes first (it is the precondition of comparing outputs), then the postcondition,
// exceptions, leaks, and the output: the result, then the post-state.
kill_verdict judge_mutant(const run_output& o, const run_output& m);

}  // namespace smallscope::detail
