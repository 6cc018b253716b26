// The search options, declared once. This table feeds the options struct, the command line
// (flag, default, allowed range, help), the validation and the echo in --stats json.
// Out-of-range values are rejected with a message naming the option, never clamped.
// Stage: search.
#pragma once

#include <cstdint>
#include <limits>
#include <string>

#include "smallscope/stop.hpp"

// X(name, type, default, min, max, help)
#define SMALLSCOPE_SEARCH_OPTIONS(X)                                                           \
  X(isomorphism_breaking, bool, true, 0, 1,                                                    \
    "isomorphism breaking: skip candidates isomorphic to explored ones (paper 000, Sec. 3.4)")                       \
  X(pruning, bool, true, 0, 1,                                                                 \
    "pruning: backtrack on the fields the invariant read (paper 000, Fig. 7); without it, Korat* of Sec. 4")            \
  X(eq_class, bool, false, 0, 1,                                                               \
    "eqClass pruning: after a valid structure, skip the candidates that agree on every field eq_class() read (paper 002, Sec. 3)") \
  X(one_per_class, bool, false, 0, 1,                                                          \
    "yield only the first valid structure of each equivalence class (paper 002, Sec. 4: one per class)") \
  X(limit, std::uint64_t, 0, 0, std::numeric_limits<std::uint64_t>::max(),                     \
    "stop after this many valid structures (0: no limit)")                                     \
  X(read_budget, std::uint64_t, 10000000, 1, std::numeric_limits<std::uint64_t>::max(),       \
    "field reads allowed in one invariant call that has run for 10 ms; one that reads more is stopped and reported") \
  X(progress_interval, double, 1.0, 0.01, 86400.0,                                             \
    "seconds between progress reports to the listener")

namespace smallscope {

struct search_options {
#define SMALLSCOPE_DETAIL_OPTION_MEMBER(name, type, def, lo, hi, help) type name = def;
  SMALLSCOPE_SEARCH_OPTIONS(SMALLSCOPE_DETAIL_OPTION_MEMBER)
#undef SMALLSCOPE_DETAIL_OPTION_MEMBER
  // Polled every 65,536 candidates (stop.hpp, as every engine's `stop`): once true, the search
  // ends there, as if the state space were exhausted. generate() runs it on each search thread.
  stop_request stop;
};

// Throws std::invalid_argument naming the first option outside its range.
void validate(const search_options& options);

// The first option set whose result follows the search's order (which structures come first,
// which one of a class is kept): limit, one_per_class, eq_class, by its name in the table; nullptr
// when none is. Such a run takes one thread, one shard and no checkpoint (generate.hpp), and
// checks on one worker (checker.hpp).
const char* order_dependent_option(const search_options& options);

}  // namespace smallscope
