// Korat's search on several threads, on a shard, or from a checkpoint's units. See
// parallel_search.hpp.
#include "search/parallel_search.hpp"

#include <sched.h>

#include <algorithm>
#include <exception>
#include <stdexcept>
#include <memory>
#include <thread>

#include "search/korat_search.hpp"
#include "search/size_estimate.hpp"
#include "space/state_space.hpp"

namespace smallscope::detail {

unsigned available_cores() {
  cpu_set_t set;
  CPU_ZERO(&set);
  if (sched_getaffinity(0, sizeof set, &set) != 0) return 1;
  const int n = CPU_COUNT(&set);
  return n > 0 ? static_cast<unsigned>(n) : 1u;
}

// A worker's hooks into its search: the service between candidates, and the listener whose
// progress reports publish the worker's counts and whose findings go to the caller's listener.
class parallel_search::worker_service final : public search_service, public search_listener {
 public:
  worker_service(parallel_search& owner, unsigned w) : owner_(owner), w_(w) {}
  void serve(korat_search& search) override { owner_.serve(w_, search); }
  void on_progress(const search_stats& s) override { owner_.publish(w_, s); }
  void on_budget_exceeded(const structure& candidate) override {
    if (owner_.hooks_->findings == nullptr) return;
    std::lock_guard<std::mutex> lock(owner_.findings_mutex_);
    owner_.hooks_->findings->on_budget_exceeded(candidate);
  }
  void on_predicate_exception(const structure& candidate, std::string_view what) override {
    if (owner_.hooks_->findings == nullptr) return;
    std::lock_guard<std::mutex> lock(owner_.findings_mutex_);
    owner_.hooks_->findings->on_predicate_exception(candidate, what);
  }

 private:
  parallel_search& owner_;
  unsigned w_;
};

parallel_search::parallel_search(const finitization_data& fin, predicate pred, const search_options& options,
                                 parallel_options parallel, eq_class_fn eq_class)
    : fin_(fin), pred_(std::move(pred)), eq_class_(std::move(eq_class)), options_(options), parallel_(std::move(parallel)) {
  parallel_.threads = std::max(1u, parallel_.threads);
  parallel_.shard_count = std::max<std::uint64_t>(1, parallel_.shard_count);
}

parallel_search::~parallel_search() = default;

// Deepens the plan until the units outnumber the shards by units_per_shard, or the stack ends
// before the depth (the units stop growing). Every shard computes the same plan.
plan_stats plan_units(const finitization_data& fin, const predicate& pred, const search_options& options,
                      std::uint64_t wanted, std::uint64_t index, std::uint64_t count, std::vector<work_unit>& owned) {
  const auto start = std::chrono::steady_clock::now();
  plan_stats plan;
  std::uint64_t previous = 0;
  for (std::uint32_t depth = 1;; ++depth) {
    korat_search planner(std::make_unique<state_space>(fin), pred, options);
    std::vector<work_unit> mine;
    const std::uint64_t units = planner.plan(depth, index, count, &mine);
    plan.evaluations += units;
    if (units >= wanted || units == previous || depth >= planner.slot_count()) {
      plan.depth = depth;
      plan.units = units;
      plan.owned = mine.size();
      for (auto& u : mine) owned.push_back(std::move(u));
      break;
    }
    previous = units;
  }
  plan.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return plan;
}

void parallel_search::plan_shard() {
  std::vector<work_unit> owned;
  plan_ = plan_units(fin_, pred_, options_, parallel_.units_per_shard * parallel_.shard_count, parallel_.shard_index,
                     parallel_.shard_count, owned);
  for (auto& u : owned) units_.push_back(std::move(u));
}

bool parallel_search::run(const parallel_hooks& hooks) {
  hooks_ = &hooks;
  start_ = std::chrono::steady_clock::now();
  const unsigned n = parallel_.threads;
  published_.assign(n, search_stats{});
  paused_at_.assign(n, work_unit{});
  is_paused_.assign(n, 0);
  classes_.assign(n, {});
  samples_.assign(n, thread_sample{});
  if (parallel_.resuming) {
    for (auto& u : parallel_.resume) units_.push_back(std::move(u));
    parallel_.resume.clear();
  } else if (parallel_.shard_count > 1) {
    plan_shard();
  } else {
    units_.push_back(work_unit{});  // the whole search
  }
  std::vector<std::thread> workers;
  workers.reserve(n);
  bool stopped = false;
  std::exception_ptr failure;  // of the coordinator; a worker's is failure_
  std::unique_ptr<size_estimate> estimator;
  auto last_frontier = std::chrono::steady_clock::time_point{};
  try {
    for (unsigned w = 0; w < n; ++w) workers.emplace_back([this, w] { work(w); });
    std::unique_lock<std::mutex> lock(mutex_);
    while (!finished_ && !stopping_) {
      quiet_.wait_for(lock, hooks.tick, [this] { return finished_; });
      if (finished_) break;
      if (hooks.estimate) {
        const auto now = std::chrono::steady_clock::now();
        if (!estimator) {
          lock.unlock();
          estimator = std::make_unique<size_estimate>(fin_, pred_, options_);
          lock.lock();
        }
        if (now - last_frontier >= std::chrono::milliseconds(200)) {
          std::vector<work_unit> frontier = pause(lock);
          const std::uint64_t explored = totals().explored;
          resume_workers();
          estimator->set_frontier(frontier, explored);
          last_frontier = now;
        }
        lock.unlock();
        estimator->probe_for(std::chrono::duration_cast<std::chrono::steady_clock::duration>(hooks.tick * hooks.estimate_share));
        lock.lock();
        estimated_ = estimator->total();
        spread_ = estimator->spread();
      }
      if (finished_ || !hooks.on_tick) continue;
      const search_stats now = totals();
      lock.unlock();
      const tick_action action = hooks.on_tick(now);
      lock.lock();
      if (action == tick_action::go_on || finished_) continue;
      search_snapshot snap;
      snap.units = pause(lock);
      snap.stats = totals();
      snap.classes = all_classes();
      if (hooks.on_snapshot) hooks.on_snapshot(snap);
      if (action == tick_action::snapshot_and_stop && !finished_) {
        stopping_ = true;
        stopped = true;
      }
      resume_workers();
    }
  } catch (...) {
    // Whatever went wrong here (a checkpoint that cannot be written, no thread to start), the
    // workers stop and are joined before it goes on up.
    failure = std::current_exception();
    std::lock_guard<std::mutex> lock(mutex_);
    stopping_ = true;
    pausing_ = false;
    update_attention();
    wake_.notify_all();
  }
  for (auto& t : workers) t.join();
  if (!failure) failure = failure_;
  if (failure) std::rethrow_exception(failure);
  seconds_ = std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count();
  done_ = true;
  return !stopped;
}

// Every worker between two candidates (its position noted) or idle; the pool's units after
// the workers' rests, so that one thread's order is kept.
std::vector<work_unit> parallel_search::pause(std::unique_lock<std::mutex>& lock) {
  const unsigned n = parallel_.threads;
  pausing_ = true;
  update_attention();
  quiet_.wait(lock, [this, n] { return finished_ || stopping_ || idle_ + parked_ + exited_ == n; });
  std::vector<work_unit> units;
  for (unsigned w = 0; w < n; ++w)
    if (is_paused_[w] != 0) units.push_back(paused_at_[w]);
  units.insert(units.end(), units_.begin(), units_.end());
  return units;
}

void parallel_search::resume_workers() {
  pausing_ = false;
  update_attention();
  wake_.notify_all();
}

// A worker whose search throws (no watchdog thread to start, say) stops the run; run() rethrows.
void parallel_search::work(unsigned w) {
  try {
    work_on(w);
  } catch (...) {
    std::lock_guard<std::mutex> lock(mutex_);
    if (!failure_) failure_ = std::current_exception();
    stopping_ = true;
    ++exited_;
    update_attention();
    wake_.notify_all();
    quiet_.notify_all();
  }
}

void parallel_search::work_on(unsigned w) {
  worker_service service(*this, w);
  search_options o = options_;
  o.progress_interval = std::min(o.progress_interval, 0.25);
  korat_search search(std::make_unique<state_space>(fin_), pred_, o, eq_class_);
  search.keep_watchdog();
  search.set_service(&attention_, &service);
  search.set_listener(&service);
  const std::uint32_t slots = search.slot_count();
  thread_sample& sample = samples_[w];
  const bool handed = static_cast<bool>(hooks_->on_structure);
  work_unit unit;
  while (take(unit)) {
    search.start(unit);
    while (search.next()) {
      sample.offer(search.candidate(), slots);
      if (handed) hooks_->on_structure(w, structure(search.space(), {search.candidate(), slots}, search.valid_count()));
    }
    publish(w, search.stats());
  }
  publish_classes(w, search);
}

// The next unit for a worker: from the pool, or after waiting until a busy worker splits one
// off. False when every worker is idle with the pool empty (the search is over) or on a stop.
bool parallel_search::take(work_unit& unit) {
  std::unique_lock<std::mutex> lock(mutex_);
  while (true) {
    if (stopping_ || finished_) return false;
    if (pausing_) {
      ++parked_;
      quiet_.notify_all();
      wake_.wait(lock, [this] { return !pausing_; });
      --parked_;
      continue;
    }
    if (!units_.empty()) {
      unit = std::move(units_.front());
      units_.pop_front();
      update_attention();
      return true;
    }
    ++idle_;
    if (idle_ + exited_ == parallel_.threads) {
      finished_ = true;
      wake_.notify_all();
      quiet_.notify_all();
      return false;
    }
    update_attention();
    quiet_.notify_all();
    wake_.wait(lock, [this] { return !units_.empty() || finished_ || stopping_; });
    --idle_;
  }
}

// Between two candidates of worker w's search, with the flag up.
void parallel_search::serve(unsigned w, korat_search& search) {
  std::unique_lock<std::mutex> lock(mutex_);
  if (pausing_) {
    paused_at_[w] = search.position();
    is_paused_[w] = 1;
    published_[w] = search.stats();
    classes_[w] = search.classes();
    ++parked_;
    quiet_.notify_all();
    wake_.wait(lock, [this] { return !pausing_; });
    --parked_;
    is_paused_[w] = 0;
  }
  if (stopping_) {
    search.abandon();
    return;
  }
  if (idle_ > 0 && units_.empty()) {
    work_unit u;
    if (search.split(u)) {
      units_.push_back(std::move(u));
      ++steals_;
      update_attention();
      wake_.notify_one();
    }
  }
}

void parallel_search::publish(unsigned w, const search_stats& s) {
  std::lock_guard<std::mutex> lock(mutex_);
  published_[w] = s;
}

void parallel_search::publish_classes(unsigned w, const korat_search& search) {
  std::lock_guard<std::mutex> lock(mutex_);
  classes_[w] = search.classes();
}

// The union of the classes of the snapshot resumed and of every worker.
std::vector<std::uint64_t> parallel_search::all_classes() const {
  std::vector<std::uint64_t> all = parallel_.resume_classes;
  for (const auto& c : classes_) all.insert(all.end(), c.begin(), c.end());
  std::sort(all.begin(), all.end());
  all.erase(std::unique(all.begin(), all.end()), all.end());
  return all;
}

void parallel_search::update_attention() {
  attention_.store(pausing_ || stopping_ || (idle_ > 0 && units_.empty()), std::memory_order_relaxed);
}

search_stats parallel_search::totals() const {
  search_stats t = parallel_.resume_stats;
  for (const auto& s : published_) {
#define SMALLSCOPE_DETAIL_COMBINE(name, type, def, rule, help) combine_side_by_side<figure_rule::rule>(t.name, s.name);
    SMALLSCOPE_SEARCH_FIGURES(SMALLSCOPE_DETAIL_COMBINE)
#undef SMALLSCOPE_DETAIL_COMBINE
    t.fields_read = t.fields_read || s.fields_read;
  }
  // Classes overlap between workers: their union, once the workers told theirs (at a pause or
  // at the end); before, the largest count of one worker, for progress.
  t.classes = all_classes().size();
  for (const auto& s : published_) t.classes = std::max(t.classes, s.classes);
  t.estimated_explored = std::max(estimated_, static_cast<double>(t.explored));
  if (estimated_ == 0) t.estimated_explored = 0;
  t.estimated_spread = spread_;
  // Units of a shard or a checkpoint start with fields on the stack: whether the invariant reads
  // any cannot be told from pushes.
  if (parallel_.resuming || parallel_.shard_count > 1) t.fields_read = true;
  t.seconds = parallel_.resume_stats.seconds +
              (done_ ? seconds_ : std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count());
  return t;
}

search_stats parallel_search::stats() const {
  std::lock_guard<std::mutex> lock(mutex_);
  return totals();
}

}  // namespace smallscope::detail

namespace smallscope {

std::vector<std::vector<std::uint32_t>> shard_structures(const finitization& fin, const predicate& pred,
                                                         std::uint64_t index, std::uint64_t count,
                                                         const search_options& options) {
  if (count == 0 || index >= count)
    throw std::invalid_argument("shard_structures: the shard index must be below the count (0-based)");
  detail::parallel_options p;
  p.shard_index = index;
  p.shard_count = count;
  detail::parallel_search search(fin.data(), pred, options, p);
  std::vector<std::vector<std::uint32_t>> out;
  detail::parallel_hooks hooks;
  hooks.on_structure = [&out](unsigned, const structure& st) { out.emplace_back(st.values().begin(), st.values().end()); };
  search.run(hooks);
  return out;
}

}  // namespace smallscope
