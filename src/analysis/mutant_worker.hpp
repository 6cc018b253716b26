// The worker side of mutation analysis (paper 000, Sec. 7.2): a forked process that takes chunks
// of the scope's structures, runs the original on each input (recording the mutation points it
// reaches), then each mutant of a reached point, and records kills in memory it shares with the
// supervisor. Before each run it notes the input and the mutant, so that when a mutant crashes
// or hangs the supervisor kills that mutant and a new worker goes on with the next one.
#pragma once

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

#include "smallscope/drivers/mutation_analysis.hpp"

namespace smallscope::detail {

// One mutant's outcome so far, shared by all workers.
struct mutant_slot {
  std::atomic<std::uint8_t> status{static_cast<std::uint8_t>(mutant_status::unreached)};
  std::atomic<std::uint8_t> claimed{0};  // the first kill writes method, input and detail
  std::atomic<std::uint32_t> method{0};
  std::atomic<std::uint64_t> input{0};
  std::atomic<std::uint64_t> killing_inputs{0};
  std::atomic<std::uint64_t> runs{0};
  std::atomic<bool> reused{false};  // its outcome is an earlier run's: not run
  char detail[160] = {};
};

// One worker's position and counters, shared with the supervisor.
struct worker_slot {
  std::atomic<std::uint64_t> chunk{0};
  std::atomic<std::uint64_t> structure{0};  // 0-based, in all structures
  std::atomic<std::uint32_t> method{0};
  std::atomic<std::uint64_t> tuple{0};
  // Running now, or the last to run (a mutant that corrupts the heap may end the worker after
  // its run); 0: the original.
  std::atomic<std::uint32_t> mutant{0};
  std::atomic<std::uint32_t> original_deaths{0};  // of the original on the current input
  // A mutant whose run ended the last worker: the new worker runs it again first, in a fresh
  // process, so that a heap an earlier mutant corrupted is not taken for its crash.
  std::atomic<std::uint32_t> verify{0};
  std::atomic<bool> resume{false};          // go on after (structure, method, tuple, mutant)
  std::atomic<bool> busy{false};            // a chunk is taken and not finished
  std::atomic<std::int64_t> started_ns{0};  // the run's start; 0 between runs
  std::atomic<std::int64_t> limit_ns{0};
  std::atomic<std::uint64_t> original_runs{0}, mutant_runs{0}, skipped_runs{0}, structures_done{0};
  std::atomic<std::int64_t> original_ns{0}, mutant_ns{0};
  std::atomic<std::uint64_t> original_failures{0};
  std::atomic<std::uint64_t> memo_kills{0};
  std::atomic<std::uint64_t> first_failure_method{0}, first_failure_input{0};
};

// The memory the supervisor and its workers share.
struct analysis_shared {
  std::atomic<std::uint64_t> next_chunk{0};
  std::atomic<bool> any_reached{false};  // the original reached some mutation point
  worker_slot* workers = nullptr;  // options.workers of them
  mutant_slot* mutants = nullptr;  // one per mutant, in the order given
};

struct analysis_job {
  const finitization* fin = nullptr;
  std::span<const target_method* const> methods;
  std::span<const mutant_id> mutants;  // by id, ascending
  const mutation_options* options = nullptr;
  std::span<const std::uint32_t> candidates;  // the structures, slot_count values each
  std::uint32_t slot_count = 0;
  std::uint64_t structures = 0;
  std::uint64_t chunk_size = 1;
  const std::vector<std::vector<std::uint64_t>>* samples = nullptr;  // per method, sorted; empty: all
  std::int64_t floor_ns = 1'000'000'000;         // the "+ 1 s" of T_m
  std::int64_t original_limit_ns = 10'000'000'000;  // the original's own limit
  const hang_memo* hangs = nullptr;  // as forked; null or empty: no lookups
  std::uint64_t inputs_hash = 0;     // names the inputs with an object argument in the memo
};

// The hang memo's name of input `input` (1-based in this scope) of `method`, with the structure
// at `root` and the arguments `args`: the method, the pre-state up to isomorphism and the
// integer arguments; with an object argument (an address of this scope's heap), the input's
// number within the scope's inputs (`inputs_hash`).
std::uint64_t input_key(const target_method& method, const void* root, std::span<const std::int64_t> args,
                        std::uint64_t inputs_hash, std::uint64_t input);

// Records a kill of mutant `k` (its place in job.mutants) on `input` of method `method`.
void record_kill(mutant_slot& slot, mutant_status status, std::uint32_t method, std::uint64_t input,
                 std::string_view detail);

// Runs worker `w` until no chunk is left. Returns the process's exit code (0: finished).
int run_mutant_worker(const analysis_job& job, analysis_shared& shared, unsigned w);

}  // namespace smallscope::detail
