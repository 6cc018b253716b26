// Korat's search (paper 000, Fig. 7) on several threads, on a share of the search (a shard), or
// from the units a checkpoint left: the search tree is cut into work units (work_unit.hpp), and
// each worker thread runs its own search, with its own state space and arena, over one unit at
// a time.
//
// Threads: the first worker starts with the whole search (or a shard's units); a worker with
// nothing to do raises a flag, and a busy one, between two candidates, splits off the later
// values of its lowest open stack position (work stealing). The units partition the candidates,
// so the counts and the set of structures are those of one thread; one thread keeps the
// search's order.
//
// Shards: every shard plans the same cut without talking to the others. The plan deepens a
// prefix depth until the units at that depth outnumber the shards by units_per_shard; the
// first candidate of every unit is evaluated to know where the stack goes (the plan's cost),
// and shard I takes the units whose number is I modulo N. Neighbouring units tend to be alike
// in size, so dealing them out in turn balances the shards.
//
// Checkpoints: the coordinator (the calling thread) can pause every worker between two
// candidates; the units left (the pool's and each worker's rest of its unit) and the counts
// so far are then a snapshot from which a later run goes on.
#pragma once

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <deque>
#include <exception>
#include <functional>
#include <mutex>
#include <vector>

#include "search/structure_sample.hpp"
#include "search/work_unit.hpp"
#include "smallscope/search.hpp"

namespace smallscope::detail {

// The cores this process may run on (its CPU affinity: taskset, cgroups), at least 1.
unsigned available_cores();

struct parallel_options {
  unsigned threads = 1;
  std::uint64_t shard_index = 0;  // 0-based
  std::uint64_t shard_count = 1;
  std::uint64_t units_per_shard = 32768;  // the plan deepens until there are this many units per shard
  bool resuming = false;                // start from `resume` (a snapshot's units) instead
  std::vector<work_unit> resume;
  search_stats resume_stats;            // the counts of the run the snapshot came from
  std::vector<std::uint64_t> resume_classes;  // and its equivalence classes, sorted
};

// The units left and the counts so far.
struct search_snapshot {
  std::vector<work_unit> units;
  search_stats stats;
  std::vector<std::uint64_t> classes;  // the equivalence classes covered (with an eq_class function)
};

// What the plan of a shard cost.
struct plan_stats {
  std::uint32_t depth = 0;
  std::uint64_t units = 0;        // units of the whole search
  std::uint64_t owned = 0;        // units of this shard
  std::uint64_t evaluations = 0;  // invariant calls of the plan (not counted as explored)
  double seconds = 0;
};

// Plans a cut of the whole search (korat_search::plan), deepening the prefix until it has at
// least `wanted` units (or the stack goes no deeper), and appends the units whose number is
// `index` modulo `count` to `owned`, in search order.
plan_stats plan_units(const finitization_data& fin, const predicate& pred, const search_options& options,
                      std::uint64_t wanted, std::uint64_t index, std::uint64_t count, std::vector<work_unit>& owned);

enum class tick_action { go_on, snapshot, snapshot_and_stop };

struct parallel_hooks {
  // On the worker threads, concurrently: a valid structure, valid until the call returns. Left
  // empty, no call is made per structure (a count or a sample needs none: see samples()).
  std::function<void(unsigned worker, const structure&)> on_structure;
  // On the calling thread, about every `tick`: the counts so far.
  std::function<tick_action(const search_stats&)> on_tick;
  // On the calling thread, with every worker paused: a snapshot.
  std::function<void(const search_snapshot&)> on_snapshot;
  // Invariant calls that went wrong, told one at a time (on_progress is not called).
  search_listener* findings = nullptr;
  std::chrono::milliseconds tick{100};
  // Estimate the size of the search (size_estimate.hpp) on the calling thread, spending this
  // share of each tick on probes; the counts then carry estimated_explored.
  bool estimate = false;
  double estimate_share = 0.03;
};

class parallel_search {
 public:
  // Validates nothing: the caller validated the options (no eq_class, one_per_class or limit
  // with more than one thread or shard).
  parallel_search(const finitization_data& fin, predicate pred, const search_options& options,
                  parallel_options parallel, eq_class_fn eq_class = {});
  ~parallel_search();
  parallel_search(const parallel_search&) = delete;
  parallel_search& operator=(const parallel_search&) = delete;

  // Runs the search to its end, or until a snapshot_and_stop. Returns false when stopped.
  bool run(const parallel_hooks& hooks);
  // The counts (complete after run()); seconds from the start of run().
  search_stats stats() const;
  const plan_stats& plan() const { return plan_; }
  // Units handed from one worker to another.
  std::uint64_t steals() const { return steals_; }
  // Per worker, a uniform sample of the valid structures it yielded and their count (its
  // sampler's seen()). Read after run(), or with every worker paused (on_snapshot).
  const std::vector<thread_sample>& samples() const { return samples_; }

 private:
  class worker_service;
  void work(unsigned w);
  void work_on(unsigned w);
  bool take(work_unit& unit);
  void serve(unsigned w, class korat_search& search);
  void publish(unsigned w, const search_stats& s);
  void publish_classes(unsigned w, const class korat_search& search);
  void update_attention();
  void plan_shard();
  // Pauses every worker between two candidates; the units left then. Call with mutex_ held.
  std::vector<work_unit> pause(std::unique_lock<std::mutex>& lock);
  void resume_workers();
  search_stats totals() const;  // under mutex_

  const finitization_data& fin_;
  predicate pred_;
  eq_class_fn eq_class_;
  search_options options_;
  parallel_options parallel_;
  const parallel_hooks* hooks_ = nullptr;
  plan_stats plan_;

  mutable std::mutex mutex_;
  std::condition_variable wake_;       // workers: units, pause over, finished
  std::condition_variable quiet_;      // the coordinator: a worker parked, went idle or finished
  std::deque<work_unit> units_;
  std::atomic<bool> attention_{false};  // a service is wanted: idle workers, a pause or a stop
  unsigned idle_ = 0;
  unsigned parked_ = 0;
  unsigned exited_ = 0;         // workers that stopped on an exception
  std::exception_ptr failure_;  // the first of them
  bool pausing_ = false;
  bool stopping_ = false;
  bool finished_ = false;
  std::vector<search_stats> published_;  // per worker: its counts when last told
  std::vector<work_unit> paused_at_;     // per worker: the rest of its unit while paused
  std::vector<char> is_paused_;
  std::vector<std::vector<std::uint64_t>> classes_;  // per worker: the classes its search covered
  std::vector<thread_sample> samples_;               // per worker: its structures' sample
  std::vector<std::uint64_t> all_classes() const;
  std::uint64_t steals_ = 0;
  std::mutex findings_mutex_;
  std::chrono::steady_clock::time_point start_;
  double seconds_ = 0;
  bool done_ = false;
  double estimated_ = 0;
  double spread_ = 0;  // the estimate's standard error
};

}  // namespace smallscope::detail
