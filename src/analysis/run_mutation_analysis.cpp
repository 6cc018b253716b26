// The supervisor of mutation analysis (paper 000, Sec. 7.2 and 8.5): generates the scope's
// structures once, forks the workers that run the original and the mutants on every input (or on
// a random sample R(s)), kills a worker whose mutant runs over T_m = 10 * T_o + 1 s, judges a
// worker's death as its mutant's, and forks a new worker that goes on with the next mutant. See
// mutation_analysis.hpp.
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <cstring>
#include <fmt/format.h>
#include <map>
#include <new>
#include <optional>
#include <random>
#include <set>
#include <stdexcept>
#include <thread>

#include "analysis/mutant_worker.hpp"
#include "check/input_space.hpp"
#include "isolate/child.hpp"
#include "isolate/shared_memory.hpp"
#include "isolate/time_limit.hpp"
#include "search/korat_search.hpp"
#include "smallscope/checker.hpp"

namespace smallscope {

const char* mutant_status_name(mutant_status s) {
  switch (s) {
    case mutant_status::survived: return "survived";
    case mutant_status::unreached: return "unreached";
    case mutant_status::ill_formed: return "ill-formed";
    case mutant_status::invariant: return "invariant";
    case mutant_status::postcondition: return "postcondition";
    case mutant_status::output: return "output";
    case mutant_status::exception: return "exception";
    case mutant_status::timeout: return "timeout";
    case mutant_status::memory: return "memory";
    case mutant_status::crash: return "crash";
    case mutant_status::leak: return "leak";
  }
  return "?";
}

namespace {

using detail::steady_ns;

// K distinct numbers out of 1..n, uniformly (Floyd's algorithm), sorted.
std::vector<std::uint64_t> sample_of(std::uint64_t n, std::uint64_t k, std::mt19937_64& random) {
  std::set<std::uint64_t> chosen;
  for (std::uint64_t j = n - k + 1; j <= n; ++j) {
    const std::uint64_t t = std::uniform_int_distribution<std::uint64_t>(1, j)(random);
    if (!chosen.insert(t).second) chosen.insert(j);
  }
  return {chosen.begin(), chosen.end()};
}

// What decides the outcomes besides the mutants (mutation_report::inputs_hash).
std::uint64_t inputs_hash(std::span<const std::uint32_t> candidates, std::span<const target_method* const> methods,
                          const std::vector<std::vector<std::uint64_t>>& samples, const mutation_options& options) {
  std::uint64_t h = 0x243f6a8885a308d3ull;
  const auto mix = [&h](std::uint64_t v) {
    h ^= v + 0x9e3779b97f4a7c15ull + (h << 12) + (h >> 4);
    h *= 0xff51afd7ed558ccdull;
  };
  mix(candidates.size());
  for (const std::uint32_t c : candidates) mix(c);
  for (const target_method* m : methods) {
    for (const char c : m->name) mix(static_cast<unsigned char>(c));
    mix(m->arguments.size());
    for (const argument_domain& d : m->arguments) {
      for (const std::int64_t v : d.integers) mix(static_cast<std::uint64_t>(v));
      for (const char c : d.class_domain) mix(static_cast<unsigned char>(c));
      mix(d.null_allowed ? 1 : 2);
    }
  }
  for (const auto& s : samples) {
    mix(s.size());
    for (const std::uint64_t i : s) mix(i);
  }
  mix(options.all_inputs ? 1 : 0);
  mix(static_cast<std::uint64_t>(options.floor_seconds * 1e6));
  mix(options.memory_limit_mb);
  return h;
}

std::string signal_text(int sig) {
  const char* name = sigabbrev_np(sig);
  return std::string("SIG") + (name != nullptr ? name : std::to_string(sig));
}

}  // namespace

mutation_report run_mutation_analysis(const finitization& fin, const predicate& invariant,
                                      std::span<const target_method* const> methods, std::span<const mutant_id> mutants,
                                      const mutation_options& options,
                                      const std::function<void(const mutation_progress&)>& progress) {
  if (methods.empty()) throw std::invalid_argument("mutation analysis needs at least one method");
  if (!options.sample.empty() && options.sample.size() != methods.size())
    throw std::invalid_argument("give one sample size per method");
  for (std::size_t i = 0; i < mutants.size(); ++i) {
    if (mutants[i].id == 0 || mutants[i].point == 0 || mutants[i].point > mutants[i].id)
      throw std::invalid_argument(fmt::format("mutant {}: ids and points start at 1, a point at or before its mutants",
                                              mutants[i].id));
    if (i > 0 && mutants[i].id <= mutants[i - 1].id) throw std::invalid_argument("mutants must be in ascending id order");
  }
  for (const target_method* m : methods)
    if (m->fingerprint == nullptr) throw std::invalid_argument("method " + m->name + " has no fingerprint function");
  const live_scope in_force(fin.live());  // the walks of copies and fingerprints, here and in the workers
  const auto start = std::chrono::steady_clock::now();
  mutation_report report;

  // The structures of the scope, generated once, in the search's order.
  const detail::state_space space(fin.data());
  std::vector<std::uint32_t> candidates;
  const std::uint32_t slot_count = space.slot_count();
  if (options.structures != nullptr) {
    for (const auto& c : *options.structures) {
      if (c.size() != slot_count) throw std::invalid_argument("mutation_options::structures: a candidate vector of another state space");
      candidates.insert(candidates.end(), c.begin(), c.end());
      ++report.structures;
    }
  } else {
    detail::korat_search search(std::make_unique<detail::state_space>(fin.data()), invariant, search_options{});
    while (search.next()) {
      candidates.insert(candidates.end(), search.candidate(), search.candidate() + slot_count);
      ++report.structures;
      if (stop_requested(options.stop)) break;
    }
  }
  report.generation_seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();

  std::vector<std::vector<std::uint64_t>> samples(methods.size());
  std::mt19937_64 random(options.seed);
  for (std::size_t i = 0; i < methods.size(); ++i) {
    const std::uint64_t all = report.structures * detail::argument_tuples(*methods[i], space).count();
    const std::uint64_t k = options.sample.empty() ? 0 : options.sample[i];
    if (k != 0 && k < all) samples[i] = sample_of(all, k, random);
    if (k != 0 && all == 0) samples[i].push_back(0);  // nothing to run; no input is numbered 0
    report.inputs.push_back(k != 0 && k < all ? k : all);
  }

  report.inputs_hash = inputs_hash(candidates, methods, samples, options);

  const unsigned workers =
      options.workers != 0 ? options.workers : std::max(1u, std::thread::hardware_concurrency());
  detail::analysis_job job;
  job.fin = &fin;
  job.methods = methods;
  job.mutants = mutants;
  job.options = &options;
  job.candidates = candidates;
  job.slot_count = slot_count;
  job.structures = report.structures;
  job.chunk_size = std::clamp<std::uint64_t>(report.structures / (std::uint64_t{workers} * 64), 1, 256);
  job.samples = &samples;
  const double floor = options.floor_seconds > 0 ? options.floor_seconds : static_cast<double>(detail::base_limit_ns) / 1e9;
  job.floor_ns = static_cast<std::int64_t>(floor * 1e9);
  job.original_limit_ns = static_cast<std::int64_t>(std::max(10.0, 10 * floor) * 1e9);
  job.hangs = options.hangs;
  job.inputs_hash = report.inputs_hash;

  detail::shared_memory memory(sizeof(detail::analysis_shared) + workers * sizeof(detail::worker_slot) +
                       mutants.size() * sizeof(detail::mutant_slot));
  auto* shared = new (memory.data()) detail::analysis_shared;
  auto* base = static_cast<std::byte*>(memory.data()) + sizeof(detail::analysis_shared);
  shared->workers = reinterpret_cast<detail::worker_slot*>(base);
  for (unsigned w = 0; w < workers; ++w) new (&shared->workers[w]) detail::worker_slot;
  shared->mutants = reinterpret_cast<detail::mutant_slot*>(base + workers * sizeof(detail::worker_slot));
  for (std::size_t k = 0; k < mutants.size(); ++k) new (&shared->mutants[k]) detail::mutant_slot;
  // An earlier run's outcomes on the same inputs stand; their mutants do not run.
  std::vector<std::optional<mutant_outcome>> reused(mutants.size());
  std::size_t to_run = mutants.size();
  if (options.reuse)
    for (std::size_t k = 0; k < mutants.size(); ++k) {
      reused[k] = options.reuse(report.inputs_hash, mutants[k].id);
      if (!reused[k]) continue;
      shared->mutants[k].reused.store(true);
      --to_run;
    }

  // A mutant's own messages (glibc's "double free detected", say) are noise: its verdict is the
  // supervisor's. A leak is not a kill criterion here.
  detail::child_options isolation;
  isolation.pipe = false;
  isolation.silent = true;
  isolation.leak_check = false;
  detail::child_reaper reaper;  // the workers left when the supervisor leaves (an exception)
  auto fork_worker = [&](unsigned w) {
    const detail::child c = detail::fork_child(isolation, [&](int) { return detail::run_mutant_worker(job, *shared, w); });
    reaper.add(c);
    return c.pid;
  };

  struct original_death {
    std::string first_what;
    std::uint64_t first_input = 0;
    std::uint64_t inputs = 0;
  };
  std::map<std::pair<std::uint32_t, std::string>, original_death> original_deaths;
  std::vector<pid_t> pids(workers, 0);
  std::vector<bool> timed_out(workers, false);
  // Per worker: deaths from outside in a row on one run (mutant id, input).
  std::vector<unsigned> outside_deaths(workers, 0);
  std::vector<std::pair<std::uint32_t, std::uint64_t>> outside_run(workers);
  for (unsigned w = 0; w < workers && report.structures > 0 && to_run != 0; ++w) pids[w] = fork_worker(w);
  // The memo's name of the input a worker was on when it was killed for running over.
  detail::state_space probe(fin.data());
  std::vector<std::int64_t> probe_args;
  const auto memo_key = [&](std::uint32_t mi, std::uint64_t structure, std::uint64_t tuple, std::uint64_t input) {
    probe.write_all(candidates.data() + structure * slot_count);
    detail::argument_tuples(*methods[mi], probe).values(tuple, probe_args);
    return detail::input_key(*methods[mi], probe.root(), probe_args, report.inputs_hash, input);
  };
  auto last_progress = std::chrono::steady_clock::now();
  const auto tell = [&] {
    mutation_progress p;
    p.structures = report.structures;
    p.mutants = mutants.size();
    for (unsigned w = 0; w < workers; ++w) p.structures_done += shared->workers[w].structures_done.load();
    for (std::size_t k = 0; k < mutants.size(); ++k)
      p.killed += killed(static_cast<mutant_status>(shared->mutants[k].status.load())) ? 1 : 0;
    p.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    progress(p);
  };
  while (std::any_of(pids.begin(), pids.end(), [](pid_t p) { return p != 0; })) {
    ::poll(nullptr, 0, 10);
    if (!report.interrupted && stop_requested(options.stop)) {
      report.interrupted = true;
      reaper.kill_all();
    }
    for (unsigned w = 0; w < workers; ++w) {
      if (pids[w] == 0) continue;
      detail::worker_slot& slot = shared->workers[w];
      const std::int64_t started = slot.started_ns.load();
      if (!timed_out[w] && started != 0 && steady_ns() - started > slot.limit_ns.load()) {
        timed_out[w] = true;
        ::kill(pids[w], SIGKILL);
      }
      int status = 0;
      if (::waitpid(pids[w], &status, WNOHANG) != pids[w]) continue;
      reaper.forget(pids[w]);
      pids[w] = 0;
      const bool hung = timed_out[w];
      timed_out[w] = false;
      if (report.interrupted) continue;
      if (WIFEXITED(status) && WEXITSTATUS(status) == 0) continue;  // no chunk left
      // The run in progress ended the worker, or the last mutant to run did (a corrupted heap
      // can end the process later): that mutant's verdict, or the original's failure.
      const bool in_run = slot.started_ns.load() != 0 || hung;
      const std::uint32_t id = slot.mutant.load();
      const std::uint32_t mi = slot.method.load();
      const std::uint64_t input = slot.structure.load() * detail::argument_tuples(*methods[mi], space).count() +
                                  slot.tuple.load() + 1;
      const std::string what =
          (hung ? fmt::format("ran over its limit of {:.3g} s", static_cast<double>(slot.limit_ns.load()) / 1e9)
                : WIFSIGNALED(status) ? "died of " + signal_text(WTERMSIG(status))
                                      : fmt::format("exited with status {}", WEXITSTATUS(status))) +
          (in_run ? "" : " after its run");
      // A signal the code under test does not raise (the out-of-memory killer's SIGKILL, a user's
      // kill of the worker) is no one's verdict: the same run goes again in a new worker. Three in
      // a row are the environment's.
      if (!hung && WIFSIGNALED(status) && detail::outside_signal(WTERMSIG(status))) {
        if (outside_run[w] != std::pair{id, input}) outside_deaths[w] = 0;
        outside_run[w] = {id, input};
        if (++outside_deaths[w] >= 3)
          throw environment_error(fmt::format(
              "mutation analysis's workers were killed from outside {} times in a row ({}, running {} on input {} of "
              "{}: the kernel's out-of-memory killer, or a user); no mutant is judged by it: free memory, or give "
              "fewer workers",
              outside_deaths[w], signal_text(WTERMSIG(status)), id == 0 ? "the original" : fmt::format("mutant {}", id),
              input, methods[mi]->name));
        if (id != 0 && in_run) slot.verify.store(id);  // it runs again, first
        slot.started_ns.store(0);
        slot.resume.store(true);
        ++report.worker_restarts;
        pids[w] = fork_worker(w);
        continue;
      }
      outside_deaths[w] = 0;
      if (id == 0) {
        // Once may be a mutant's corruption of the heap showing late: the input runs again in a
        // new worker. Twice is the original's own failure.
        if (slot.original_deaths.fetch_add(1) + 1 >= 2) {
          auto& seen = original_deaths[{mi, hung ? std::string("hung") : what}];
          if (seen.inputs++ == 0) seen = {what, input, 1};
        }
      } else if (!hung && slot.verify.load() != id) {
        // A crash may be an earlier mutant's corruption of the heap showing late: the mutant runs
        // again, first, in the new worker; it is killed when it crashes there too.
        slot.verify.store(id);
      } else {
        slot.verify.store(0);
        const auto k = static_cast<std::size_t>(
            std::lower_bound(mutants.begin(), mutants.end(), id, [](const mutant_id& m, std::uint32_t v) { return m.id < v; }) -
            mutants.begin());
        detail::mutant_slot& ms = shared->mutants[k];
        ms.runs.fetch_add(1);
        detail::record_kill(ms, hung ? mutant_status::timeout : mutant_status::crash, mi, input, what);
        if (in_run && options.hangs != nullptr)
          options.hangs->add(id, memo_key(mi, slot.structure.load(), slot.tuple.load(), input),
                             hung ? hang_memo::verdict::hangs : hang_memo::verdict::crashes);
      }
      slot.started_ns.store(0);
      slot.resume.store(true);
      ++report.worker_restarts;
      pids[w] = fork_worker(w);
    }
    if (progress && std::chrono::steady_clock::now() - last_progress >
                        std::chrono::duration<double>(options.progress_interval)) {
      last_progress = std::chrono::steady_clock::now();
      tell();
    }
  }
  if (progress) tell();

  // The original's own deaths, once per method and kind (a crash on many inputs is one finding).
  for (const auto& [key, seen] : original_deaths)
    report.warnings.push_back(fmt::format("the original {} on input {} of {}{}; no mutant is judged there", seen.first_what,
                                          seen.first_input, methods[key.first]->name,
                                          seen.inputs > 1 ? fmt::format(" and on {} more of its inputs", seen.inputs - 1)
                                                          : ""));
  std::uint64_t original_failures = 0;
  for (unsigned w = 0; w < workers; ++w) {
    const detail::worker_slot& slot = shared->workers[w];
    report.original_runs += slot.original_runs.load();
    report.mutant_runs += slot.mutant_runs.load();
    report.skipped_runs += slot.skipped_runs.load();
    report.original_seconds += static_cast<double>(slot.original_ns.load()) / 1e9;
    report.mutant_seconds += static_cast<double>(slot.mutant_ns.load()) / 1e9;
    report.memo_kills += slot.memo_kills.load();
    if (slot.original_failures.load() != 0 && original_failures == 0)
      report.warnings.push_back(fmt::format("the original fails its own oracle, first on input {} of {}",
                                            slot.first_failure_input.load(),
                                            methods[slot.first_failure_method.load()]->name));
    original_failures += slot.original_failures.load();
  }
  if (original_failures > 1)
    report.warnings.back() += fmt::format(" ({} inputs in all); mutants are compared with it there", original_failures);
  for (std::size_t k = 0; k < mutants.size(); ++k) {
    const detail::mutant_slot& ms = shared->mutants[k];
    if (reused[k]) {
      mutant_outcome o = *reused[k];
      o.id = mutants[k].id;
      o.reused = true;
      report.killed += killed(o.status) ? 1 : 0;
      report.any_point_reached = report.any_point_reached || o.status != mutant_status::unreached;
      ++report.reused;
      report.mutants.push_back(std::move(o));
      continue;
    }
    mutant_outcome o;
    o.id = mutants[k].id;
    o.status = static_cast<mutant_status>(ms.status.load());
    if (killed(o.status)) {
      o.method = methods[ms.method.load()]->name;
      o.input = ms.input.load();
      o.detail = ms.detail;
      ++report.killed;
    }
    o.killing_inputs = ms.killing_inputs.load();
    o.runs = ms.runs.load();
    report.mutants.push_back(std::move(o));
  }
  report.any_point_reached = report.any_point_reached || shared->any_reached.load();
  shared->~analysis_shared();
  report.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return report;
}

}  // namespace smallscope
