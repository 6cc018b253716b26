// `smallscope explore` runs the exploration in a forked worker (paper 000, Sec. 7.2's isolation,
// as check does): a method that crashes or hangs is a finding with the calls that reach it, and
// a new worker explores again from the empty structure, skipping that call in that state (the
// exploration is deterministic, so it meets the same states). The worker sends its report as
// JSON through a pipe.
#pragma once

#include <nlohmann/json.hpp>

#include <functional>
#include <vector>

#include "smallscope/explore.hpp"

namespace smallscope::cli {

struct isolated_exploration {
  nlohmann::json report;               // what to_json made of the last worker's report
  std::vector<nlohmann::json> failed;  // crashes and timeouts: {kind, detail, calls, depth}
  std::uint64_t restarts = 0;
};

// `timeout`: seconds a call may run (0: ten times the running median plus one second).
isolated_exploration explore_in_worker(const std::vector<api_call>& calls, explore_options options, double timeout,
                                       const std::function<nlohmann::json(const explore_report&)>& to_json);

}  // namespace smallscope::cli
