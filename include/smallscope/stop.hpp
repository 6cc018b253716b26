// Cancellation, CaDiCaL's Terminator as a callback: a long run (check, explore, mutation
// analysis, a spec's instances) polls its options' `stop` between units of work (an input, a
// call, a mutant run; inside a SAT solve, CaDiCaL's own polls) and, once it returns true, ends
// early with what it found so far, marked as interrupted. Never polled per field read. Once it
// has returned true it must keep returning true. The command line's stop is SIGINT or SIGTERM.
// Stage: base.
#pragma once

#include <functional>

namespace smallscope {

using stop_request = std::function<bool()>;

// Whether `stop` is set and asks to stop.
inline bool stop_requested(const stop_request& stop) { return stop && stop(); }

}  // namespace smallscope
