// An exploration in a forked worker (paper 000, Sec. 7.2's isolation, as run_check's): a method
// that crashes or hangs is a finding with the calls that reach it, and a new worker explores
// again from the empty structure, skipping that call in that state (the exploration is
// deterministic, so it meets the same states). The worker relays its progress through shared
// memory and sends its report (report_wire.hpp) and the branch outcomes its calls took through
// a pipe.
#pragma once

#include <vector>

#include "smallscope/explore.hpp"

namespace smallscope::detail {

// The exploration in this process (explore_options::isolate ignored).
explore_report explore_in_process(const std::vector<api_call>& calls, const explore_options& options);

// The exploration in forked workers, supervised from this process.
explore_report explore_isolated(const std::vector<api_call>& calls, const explore_options& options);

}  // namespace smallscope::detail
