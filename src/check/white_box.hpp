// White-box checking (paper 000, Sec. 6.2): the search's predicate becomes "the invariant holds
// and the method fails its oracle", and the search watches the fields the method and its oracle
// read, on a heap copy mapped back to the candidate's slots, so it prunes on them too. The
// failing inputs are the search's valid structures: each failing input once per isomorphism
// class, like black-box checking finds them, usually after fewer method calls.
#pragma once

#include "check/worker.hpp"

namespace smallscope::detail {

// The white-box worker: one search per argument tuple, from the checkpoint in `state` if any.
worker_exit run_white_box_worker(const check_job& job, worker_state& state, int fd);

}  // namespace smallscope::detail
