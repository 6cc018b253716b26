// What a check's worker and its supervisor share (paper 000, Sec. 7.2: a method that crashes or
// does not terminate is a finding; the run goes on after it).
//
// `worker_state` lives in a shared anonymous mapping. Before the inputs of each valid structure
// the worker stores a checkpoint of the search there (candidate, field stack, counts), and
// before each input its number and start time; so when the worker dies or hangs, the
// supervisor knows the input and a new worker resumes the search right after it. Failures the
// worker observes itself travel through a pipe as length-prefixed records.
#pragma once

#include <atomic>
#include <new>
#include <cstdint>
#include <string>
#include <vector>

#include "isolate/child.hpp"
#include "isolate/shared_memory.hpp"
#include "isolate/time_limit.hpp"
#include "report/finitization_warnings.hpp"
#include "smallscope/checker.hpp"

namespace smallscope::detail {

struct worker_state {
  std::atomic<std::uint64_t> input{0};       // the input running now (0: none)
  std::atomic<std::int64_t> started_ns{0};   // its start (steady clock); 0 between inputs
  std::atomic<std::int64_t> limit_ns{0};     // its time limit
  std::atomic<std::uint32_t> returned{0};    // the method of the input returned (run_method)
  std::atomic<std::uint64_t> checked{0};     // inputs judged by workers so far
  std::atomic<std::uint64_t> passed{0};
  std::atomic<std::uint64_t> failed{0};      // including crashes and timeouts
  std::atomic<std::int64_t> method_ns{0};
  std::atomic<std::uint64_t> total_inputs{0};  // set by the worker when the search ends
  std::atomic<bool> finished{false};
  std::atomic<bool> fields_read{false};        // search_stats::fields_read of every worker so far
  // A signal from outside (the OOM killer's SIGKILL, a user's kill) ended the last worker on
  // `input`: the next one runs that input again instead of going on after it.
  std::atomic<bool> redo{false};
  // The checkpoint: the structure whose inputs are being checked.
  std::atomic<std::uint64_t> structure{0};       // its 1-based index (0: none yet)
  std::atomic<std::uint64_t> explored{0};        // search counts when it was yielded
  std::atomic<std::uint64_t> valid{0};
  std::atomic<std::uint32_t> stack_size{0};
  std::atomic<std::uint64_t> tuple{0};           // white-box: the argument tuple searched
  std::atomic<std::uint64_t> searched{0};        // white-box: explored by the finished searches
  // Several workers (check_options::threads): the work unit being checked (its index + 1, 0
  // when none); `structure` and `input` then count within the unit, and `valid` counts the
  // structures this worker slot checked.
  std::atomic<std::uint64_t> unit{0};
  reservoir_sampler sampler;  // the sample's state: plain data, so a restarted worker goes on
  std::uint32_t slot_count = 0;
  // Followed by slot_count candidate values, then slot_count stack entries, then the sample of
  // valid structures for the warnings (sample_capacity candidates; finitization_warnings.hpp), which
  // holds the first min(structure, sample_capacity) places.
  std::uint32_t* candidate() { return reinterpret_cast<std::uint32_t*>(this + 1); }
  std::uint32_t* stack() { return candidate() + slot_count; }
  std::uint32_t* sample() { return stack() + slot_count; }
};

// A worker_state for `slot_count` slots.
class shared_worker_state : public shared_mapping<worker_state> {
 public:
  explicit shared_worker_state(std::uint32_t slot_count);
};

// What several workers share (check_options::threads): the work units of the search, in its
// order, taken one at a time by whichever worker is free; per unit, when it is done, its
// valid structures and its explored candidates. Inputs are numbered after the run from the
// structures of the units before theirs.
struct unit_board {
  std::atomic<std::uint64_t> next{0};  // the next unit to take
  std::uint64_t count = 0;
  struct unit_counts {
    std::atomic<std::uint64_t> structures{0};
    std::atomic<std::uint64_t> explored{0};
    std::atomic<bool> done{false};
  };
  unit_counts* units() { return reinterpret_cast<unit_counts*>(this + 1); }
};

// A unit_board for `count` units.
class shared_unit_board : public shared_mapping<unit_board> {
 public:
  explicit shared_unit_board(std::uint64_t count);
};

// Failure records on the pipe: a counterexample and the unit it belongs to (its index + 1; 0
// when one worker numbers the inputs of the whole search).
struct failure_record {
  std::uint64_t unit = 0;
  counterexample failure;
};
std::string encode_failure(const counterexample& c, std::uint64_t unit = 0);
// Writes c's record to the pipe `fd` (nothing if the supervisor is gone).
void write_failure(int fd, const counterexample& c, std::uint64_t unit = 0);
// Decodes every whole record at the front of `buffer` into `out` and removes them.
void decode_failures(std::string& buffer, std::vector<failure_record>& out);

}  // namespace smallscope::detail
