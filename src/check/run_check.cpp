// The supervisor of a check (paper 000, Sec. 6.1 and 7.2): forks a worker (or several, each
// taking work units of the search in turn), watches their time limits, collects their failures,
// and when one crashes or hangs records that input as a failure and forks a new worker that
// goes on right after it. See checker.hpp.
#include <poll.h>
#include <signal.h>
#include <fmt/format.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <cstring>
#include <memory>
#include <optional>
#include <random>
#include <set>
#include <stdexcept>
#include <string>

#include "check/input_space.hpp"
#include "check/white_box.hpp"
#include "check/worker.hpp"
#include "check/worker_channel.hpp"
#include "report/finitization_warnings.hpp"
#include "report/graph_printer.hpp"
#include "search/korat_search.hpp"
#include "search/parallel_search.hpp"

namespace smallscope {

const char* outcome_name(outcome_kind k) {
  switch (k) {
    case outcome_kind::passed: return "passed";
    case outcome_kind::invariant: return "invariant";
    case outcome_kind::postcondition: return "postcondition";
    case outcome_kind::exception: return "exception";
    case outcome_kind::crash: return "crash";
    case outcome_kind::timeout: return "timeout";
    case outcome_kind::leak: return "leak";
    case outcome_kind::cost: return "cost";
  }
  return "?";
}

std::uint64_t count_inputs(const finitization& fin, const predicate& invariant, const target_method& method,
                           const search_options& options, const eq_class_fn& eq_class, const stop_request& stop) {
  search_options o = options;
  o.limit = 0;
  if ((o.eq_class || o.one_per_class) && !eq_class)
    throw std::invalid_argument("eq_class and one_per_class need the subject's eq_class function");
  detail::korat_search search(std::make_unique<detail::state_space>(fin.data()), invariant, o, eq_class);
  const detail::argument_tuples tuples(method, search.space());
  while (search.next()) {
    if (stop_requested(stop)) break;  // the caller looks at it
  }
  return search.valid_count() * tuples.count();
}

namespace {

using detail::steady_ns;

// K distinct input numbers out of 1..n, uniformly (Floyd's algorithm), sorted.
std::vector<std::uint64_t> sample_inputs(std::uint64_t n, std::uint64_t k, std::uint64_t seed) {
  std::mt19937_64 random(seed);
  std::set<std::uint64_t> chosen;
  if (k >= n) {
    std::vector<std::uint64_t> all(n);
    for (std::uint64_t i = 0; i < n; ++i) all[i] = i + 1;
    return all;
  }
  for (std::uint64_t j = n - k + 1; j <= n; ++j) {
    const std::uint64_t t = std::uniform_int_distribution<std::uint64_t>(1, j)(random);
    if (!chosen.insert(t).second) chosen.insert(j);
  }
  return {chosen.begin(), chosen.end()};
}

// A worker process and what it shares with the supervisor.
struct worker_slot {
  worker_slot(std::uint32_t slot_count, std::uint32_t number, std::uint32_t cost_rows)
      : state(slot_count, number, cost_rows) {}
  detail::shared_worker_state state;
  pid_t pid = -1;
  int fd = -1;  // the read end of its pipe
  std::string buffer;
  bool timed_out = false;
  // Deaths by an outside signal in a row on one input (0: the worker was between inputs).
  unsigned outside_deaths = 0;
  std::uint64_t outside_input = 0;
  bool running() const { return pid > 0; }
};

// The samples of the workers' structures (each a uniform one of what that worker saw) as one
// uniform sample of all of them: each place drawn from a worker with the chance of its share of
// the structures not drawn yet. Returns the number of structures in `out`.
std::uint32_t merged_sample(const std::vector<std::unique_ptr<worker_slot>>& slots, std::uint32_t slot_count,
                            std::vector<std::uint32_t>& out) {
  std::mt19937_64 random(1);
  std::vector<std::vector<std::uint32_t>> order(slots.size());
  std::vector<std::uint64_t> left(slots.size());
  std::uint64_t total = 0;
  for (std::size_t w = 0; w < slots.size(); ++w) {
    const auto seen = slots[w]->state->book().sampler.seen();
    left[w] = seen;
    total += seen;
    order[w].resize(std::min<std::uint64_t>(seen, detail::sample_capacity));
    for (std::uint32_t i = 0; i < order[w].size(); ++i) order[w][i] = i;
    std::shuffle(order[w].begin(), order[w].end(), random);
  }
  std::vector<std::size_t> taken(slots.size(), 0);
  std::uint32_t n = 0;
  out.assign(static_cast<std::size_t>(detail::sample_capacity) * slot_count, 0);
  while (n < detail::sample_capacity && total > 0) {
    std::uint64_t pick = std::uniform_int_distribution<std::uint64_t>(0, total - 1)(random);
    std::size_t w = 0;
    while (pick >= left[w]) pick -= left[w++];
    --left[w];
    --total;
    if (taken[w] == order[w].size()) continue;  // drawn beyond what its sample holds
    const std::uint32_t* from = slots[w]->state->sample() + static_cast<std::size_t>(order[w][taken[w]++]) * slot_count;
    std::copy(from, from + slot_count, out.data() + static_cast<std::size_t>(n++) * slot_count);
  }
  // In candidate order: the warnings try the first places of a field, so that one set of
  // structures gives the same warnings however the workers shared them.
  std::vector<std::uint32_t> index(n);
  for (std::uint32_t i = 0; i < n; ++i) index[i] = i;
  const auto at = [&](std::uint32_t i) { return out.data() + static_cast<std::size_t>(i) * slot_count; };
  std::sort(index.begin(), index.end(), [&](std::uint32_t a, std::uint32_t b) {
    return std::lexicographical_compare(at(a), at(a) + slot_count, at(b), at(b) + slot_count);
  });
  std::vector<std::uint32_t> sorted(out.size(), 0);
  for (std::uint32_t i = 0; i < n; ++i) std::copy(at(index[i]), at(index[i]) + slot_count, sorted.data() + static_cast<std::size_t>(i) * slot_count);
  out = std::move(sorted);
  return n;
}

// The post-state of the passed input `w` (pre-state in the arena of `space`), drawn by a forked
// child that runs the method on it again; empty when the child does not draw it within 30 s.
std::string post_state_of(const detail::state_space& space, const target_method& method,
                          const detail::argument_tuples& tuples, std::uint64_t tuple, const cost_input& w,
                          structure_format format) {
  struct drawing {
    const target_method* method;
    const detail::graph_labels* labels;
    std::vector<std::pair<const void*, const void*>> copied;
    structure_format format;
    std::string title;
    int fd;
  };
  const detail::graph_labels labels(space);
  drawing d{&method, &labels, {}, format, "post_state_" + std::to_string(w.input), -1};
  detail::child_options isolation;
  isolation.silent = true;
  const detail::child c = detail::fork_child(isolation, [&](int fd) {
    d.fd = fd;
    std::vector<std::int64_t> args;
    tuples.values(tuple, args);
    const run_hooks hooks{&d,
                          [](void* context, const copy_map& copied) {
                            auto& self = *static_cast<drawing*>(context);
                            for (const auto& [from, to] : copied.objects) self.copied.emplace_back(from, to);
                          },
                          [](void* context, const void* now) {
                            auto& self = *static_cast<drawing*>(context);
                            const object_graph g = self.method->describe(now);
                            const std::string picture =
                                detail::render_graph(g, self.labels->label(g, self.copied), self.format, self.title);
                            (void)detail::write_whole(self.fd, picture.data(), picture.size());
                          }};
    (void)method.call(space.root(), args, &hooks);
    return 0;
  });
  detail::child_reaper reaper;
  reaper.add(c);
  std::string picture;
  const std::int64_t deadline = steady_ns() + std::int64_t{30'000'000'000};
  int status = 0;
  while (::waitpid(c.pid, &status, WNOHANG) == 0) {
    if (steady_ns() > deadline) return {};  // the reaper kills it
    pollfd p{c.fd, POLLIN, 0};
    ::poll(&p, 1, 20);
    detail::drain_pipe(c.fd, picture, false);
  }
  reaper.forget(c.pid);
  detail::drain_pipe(c.fd, picture, true);
  ::close(c.fd);
  return WIFEXITED(status) && WEXITSTATUS(status) == 0 ? picture : std::string();
}

// "digraph post_state_<local> {" of a picture in dot, for the input's number in the whole scope.
void renumber_picture(std::string& picture, std::uint64_t local, std::uint64_t input) {
  const std::string old = "digraph post_state_" + std::to_string(local) + " {";
  if (picture.starts_with(old)) picture.replace(0, old.size(), "digraph post_state_" + std::to_string(input) + " {");
}

}  // namespace

check_report run_check(const finitization& fin, const predicate& invariant, const target_method& method,
                       const check_options& options, const check_progress& progress) {
  validate(options.search);
  if ((options.search.eq_class || options.search.one_per_class) && !options.eq_class)
    throw std::invalid_argument("eq_class and one_per_class need the subject's eq_class function");
  if (options.white_box && (options.search.eq_class || options.search.one_per_class))
    throw std::invalid_argument("white-box checking searches for failures: no eq_class pruning");
  if (options.source != nullptr && (options.white_box || options.sample != 0 || options.search.eq_class ||
                                    options.search.one_per_class))
    throw std::invalid_argument("given structures (a spec's instances) are checked black-box, all of them, without eq_class");
  const bool measures_cost = options.cost || !options.max_cost.empty();
  if (measures_cost && options.white_box)
    throw std::invalid_argument("cost is measured black-box: white-box runs the method inside the search");
  // What needs one worker in the search's order: the inputs picked, the first failures, given
  // structures or classes.
  const bool in_order = options.stop_after != 0 || options.sample != 0 || options.only_input != 0 ||
                        options.white_box || order_dependent_option(options.search) != nullptr ||
                        options.source != nullptr;
  const char* const not_in_order = ": not with stop_after, sample, only_input, white_box, eq_class, one_per_class, "
                                   "limit or given structures";
  // 0: as many workers as the check can use: one per core, or one when it follows the search's order.
  const unsigned threads = options.threads != 0 ? options.threads : in_order ? 1 : detail::available_cores();
  if (threads > 1 && in_order)
    throw std::invalid_argument(std::string("several workers check the whole search black-box") + not_in_order);
  if (options.shard_count == 0 || options.shard_index >= options.shard_count || options.units_per_shard == 0)
    throw std::invalid_argument("a shard is shard_index < shard_count of at least one unit each");
  if (options.shard_count > 1 && in_order)
    throw std::invalid_argument(std::string("a shard checks its share of the whole search black-box") + not_in_order);
  const auto start = std::chrono::steady_clock::now();
  const live_scope in_force(fin.live());  // the walks of copies and pictures, here and in the workers
  const detail::state_space space(fin.data());  // for the failures the supervisor records
  const detail::argument_tuples tuples(method, space);
  check_report report;

  check_options effective = options;
  std::vector<std::uint64_t> selection;
  if (options.white_box) {
    if (options.sample != 0) throw std::invalid_argument("white-box checking takes no sample");
    // White-box inputs are numbered by finding: input K is the K-th.
    if (options.only_input != 0) effective.stop_after = options.only_input;
  } else if (options.only_input != 0) {
    selection.push_back(options.only_input);
  } else if (options.sample != 0) {
    report.total_inputs = count_inputs(fin, invariant, method, options.search, {}, options.stop);
    // A sample of K >= the inputs is all of them: no list of input numbers (K may be huge).
    if (options.sample < report.total_inputs) selection = sample_inputs(report.total_inputs, options.sample, options.seed);
    if (report.total_inputs == 0) selection.push_back(0);  // nothing to check: no input is numbered 0
  }

  // Several workers: the search cut into units in its order, many more than the workers, so
  // that the last units to finish are small. A shard: the units of its share of the plan.
  const bool sharded = options.shard_count > 1;
  const bool by_units = threads > 1 || sharded;
  std::vector<detail::work_unit> units;
  if (sharded)
    detail::plan_units(fin.data(), invariant, options.search, options.units_per_shard * options.shard_count,
                       options.shard_index, options.shard_count, units);
  else if (by_units)
    detail::plan_units(fin.data(), invariant, options.search, 256 * std::uint64_t{threads}, 0, 1, units);
  std::optional<detail::shared_unit_board> board;
  if (by_units) board.emplace(units.size());

  const detail::check_job job{&fin, &invariant, &method, &effective, &selection};
  // An input's size (object_graph::cost_size) is below its objects and the elements its contents
  // can hold: at most one per slot of each member that holds contents.
  std::uint32_t cost_rows = 0;
  if (measures_cost) {
    cost_rows = static_cast<std::uint32_t>(space.objects().size());
    for (const auto& c : space.contents()) cost_rows += c.end_slot - c.first_slot;
  }
  std::vector<std::unique_ptr<worker_slot>> slots;
  for (unsigned w = 0; w < threads; ++w)
    slots.push_back(std::make_unique<worker_slot>(space.slot_count(), w + 1, cost_rows));
  detail::child_reaper reaper;  // the workers left when the supervisor leaves (an exception, a stop)
  auto start_worker = [&](worker_slot& slot) {
    detail::child_options isolation;
    isolation.error_code = static_cast<int>(detail::worker_exit::error);
    const detail::child c = detail::fork_child(isolation, [&](int fd) {
      detail::worker_state& state = *slot.state;
      if (by_units) return static_cast<int>(detail::run_unit_worker(job, state, **board, units, fd));
      return static_cast<int>(options.white_box ? detail::run_white_box_worker(job, state, fd)
                                                : detail::run_worker(job, state, fd));
    });
    reaper.add(c);
    slot.pid = c.pid;
    slot.fd = c.fd;
    slot.buffer.clear();
    slot.timed_out = false;
  };
  for (auto& slot : slots) start_worker(*slot);

  std::vector<detail::failure_record> failures;
  auto last_progress = std::chrono::steady_clock::now();
  const auto progress_interval = std::chrono::duration<double>(options.search.progress_interval);
  bool interrupted = false;
  bool stopping = false;  // --stop-after reached, or interrupted: the workers left are not judged
  auto sum = [&](auto field) {
    std::uint64_t total = 0;
    for (auto& slot : slots) total += ((*slot->state).*field).load();
    return total;
  };
  std::vector<pollfd> polled;
  while (std::any_of(slots.begin(), slots.end(), [](const auto& slot) { return slot->running(); })) {
    polled.clear();
    for (auto& slot : slots)
      if (slot->running()) polled.push_back({slot->fd, POLLIN, 0});
    ::poll(polled.data(), polled.size(), 20);
    if (!interrupted && stop_requested(options.stop)) {
      interrupted = stopping = true;  // stop the workers, report what was found so far
      reaper.kill_all();
    }
    for (auto& owned : slots) {
      worker_slot& slot = *owned;
      if (!slot.running()) continue;
      detail::worker_state& state = *slot.state;
      detail::drain_pipe(slot.fd, slot.buffer, false);
      detail::decode_failures(slot.buffer, failures);
      int status = 0;
      if (::waitpid(slot.pid, &status, WNOHANG) != slot.pid) {
        const std::int64_t started = state.started_ns.load();
        if (!slot.timed_out && started != 0 && steady_ns() - started > state.limit_ns.load()) {
          slot.timed_out = true;
          ::kill(slot.pid, SIGKILL);
        }
        continue;
      }
      reaper.forget(slot.pid);
      slot.pid = -1;
      detail::drain_pipe(slot.fd, slot.buffer, true);
      detail::decode_failures(slot.buffer, failures);
      ::close(slot.fd);
      slot.fd = -1;

      if (stopping) continue;  // the input it ran is not judged
      if (WIFEXITED(status) && WEXITSTATUS(status) == static_cast<int>(detail::worker_exit::finished)) continue;
      if (WIFEXITED(status) && WEXITSTATUS(status) == static_cast<int>(detail::worker_exit::stopped)) {
        report.stopped = stopping = true;
        reaper.kill_all();
        continue;
      }
      if (WIFEXITED(status) && WEXITSTATUS(status) == static_cast<int>(detail::worker_exit::error))
        throw std::runtime_error("the check's worker failed before checking any input");
      const detail::ledger& book = state.book();
      // On an input: its number is stored and its start too, and the ledger does not count it.
      const bool in_run = state.started_ns.load() != 0 && book.structure != 0;
      // A signal the code under test does not raise (the OOM killer's SIGKILL, a user's kill of
      // the worker), or a kill for the time limit that came after the method returned: the
      // worker is replaced and goes on with the first input its ledger does not count; three
      // deaths on one input are the environment's.
      const bool outside = slot.timed_out ? !in_run : WIFSIGNALED(status) && detail::outside_signal(WTERMSIG(status));
      if (outside) {
        const std::uint64_t at = in_run ? state.input.load() : 0;
        slot.outside_deaths = at == slot.outside_input ? slot.outside_deaths + 1 : 1;
        slot.outside_input = at;
        if (slot.outside_deaths >= 3)
          throw environment_error(fmt::format(
              "the check's workers were killed from outside {} times in a row{} ({}: the kernel's out-of-memory "
              "killer, or a user); the method is not blamed: free memory, or give fewer --threads",
              slot.outside_deaths, in_run ? fmt::format(" on input {}", at) : "",
              detail::signal_text(WIFSIGNALED(status) ? WTERMSIG(status) : SIGKILL)));
        state.started_ns.store(0);
        if (options.white_box) {  // the tuple's search again, from its counts when it began
          state.draft().restart_tuple();
          state.commit();
        }
        ++report.worker_restarts;
        start_worker(slot);
        continue;
      }
      // The worker died on an input (or was stopped for running over its limit).
      if (!in_run)
        throw std::runtime_error(WIFSIGNALED(status)
                                     ? "the invariant crashed while generating inputs: " + detail::signal_text(WTERMSIG(status))
                                     : "the check's worker exited while generating inputs");
      detail::failure_record f;
      f.unit = book.unit;
      counterexample& c = f.failure;
      c.input = state.input.load();
      if (slot.timed_out) {
        c.kind = outcome_kind::timeout;
        c.detail = fmt::format("ran over its limit of {:.3g} s", static_cast<double>(state.limit_ns.load()) / 1e9);
      } else {
        c.kind = outcome_kind::crash;
        c.returned = state.returned.load() != 0;
        c.detail = WIFSIGNALED(status) ? detail::signal_text(WTERMSIG(status))
                                       : "the process exited with status " + std::to_string(WEXITSTATUS(status));
      }
      tuples.describe(options.white_box ? book.tuple : (c.input - 1) % tuples.count(), c.arguments, c.integers);
      c.candidate.assign(state.candidate(), state.candidate() + space.slot_count());
      space.write_all(c.candidate.data());
      c.objects = static_cast<std::uint32_t>(method.describe(space.root()).objects.size());
      failures.push_back(std::move(f));
      // The dead worker's ledger counts the input now (it is not running: the supervisor writes).
      state.started_ns.store(0);
      detail::ledger& d = state.draft();
      if (!options.white_box) d.next = c.input + 1;
      ++d.checked;
      const auto failed = ++d.failed;
      state.commit();
      if (effective.stop_after != 0 && failed >= effective.stop_after) {
        report.stopped = stopping = true;
        continue;
      }
      ++report.worker_restarts;
      start_worker(slot);
    }
    if (progress && std::chrono::steady_clock::now() - last_progress > progress_interval) {
      last_progress = std::chrono::steady_clock::now();
      check_report partial;
      partial.inputs = sum(&detail::worker_state::checked);
      partial.passed = sum(&detail::worker_state::passed);
      partial.failed = sum(&detail::worker_state::failed);
      partial.structures = sum(&detail::worker_state::structures);
      partial.seconds = std::chrono::duration<double>(last_progress - start).count();
      progress(partial);
    }
  }

  // Every worker is gone: their ledgers are the counts.
  const detail::ledger& first = slots.front()->state->book();
  auto total = [&](auto field) {
    std::uint64_t all = 0;
    for (const auto& slot : slots) all += static_cast<std::uint64_t>(slot->state->book().*field);
    return all;
  };
  std::vector<const detail::worker_state*> states;
  for (const auto& slot : slots) states.push_back(&*slot->state);
  const auto describe_worst = [&](cost_input& w, std::uint64_t tuple) {
    tuples.describe(tuple, w.arguments, w.integers);
    space.write_all(w.candidate.data());
    w.objects = static_cast<std::uint32_t>(method.describe(space.root()).objects.size());
    w.post_state = post_state_of(space, method, tuples, tuple, w, options.format);
  };
  report.threads = threads;
  report.units = units.size();
  report.inputs = total(&detail::ledger::checked);
  report.passed = total(&detail::ledger::passed);
  report.failed = total(&detail::ledger::failed);
  bool finished = slots.front()->state->finished.load();
  // A record sent again by the successor of a worker killed before its ledger counted it.
  {
    std::set<std::pair<std::uint64_t, std::uint64_t>> seen;
    std::erase_if(failures, [&](const detail::failure_record& f) {
      return !seen.emplace(f.unit, f.failure.input).second;
    });
  }
  // Whether the invariant's reads were seen: known for one worker's whole search (its restarts
  // keep the flag); work units start with fields on the stack, so several workers say nothing.
  bool fields_read = true;
  if (by_units) {
    // Number the inputs as one worker would: after the structures of the units before theirs
    // (a unit not done, on an interrupted run, is searched again to count them).
    finished = !stopping;
    if (finished)
      for (std::uint64_t u = 0; u < units.size(); ++u)
        if (!(*board)->units()[u].done.load())
          throw std::logic_error(fmt::format("work unit {} of {} was never finished (a worker lost it)", u + 1,
                                             units.size()));
    std::vector<std::uint64_t> before(units.size() + 1, 0);
    std::uint64_t last = 0;
    for (const auto& f : failures) last = std::max(last, f.unit);
    for (std::uint64_t u = 0; u < units.size(); ++u) {
      const auto& counts = (*board)->units()[u];
      std::uint64_t structures = counts.structures.load();
      if (!counts.done.load() && u + 1 < last) {
        detail::korat_search counter(std::make_unique<detail::state_space>(fin.data()), invariant, options.search);
        counter.start(units[u]);
        while (counter.next()) ++structures;
      }
      before[u + 1] = before[u] + structures;
      if (sharded) report.shard_units.push_back(structures);
      if (counts.done.load()) {
        report.structures += structures;
        report.explored += counts.explored.load();
      }
    }
    const auto number = [&](std::uint64_t unit, std::uint64_t input) {
      return unit == 0 ? input : before[unit - 1] * tuples.count() + input;
    };
    for (auto& f : failures) {
      const std::uint64_t input = number(f.unit, f.failure.input);
      renumber_picture(f.failure.post_state, f.failure.input, input);
      f.failure.input = input;
    }
    if (measures_cost) report.cost = detail::merge_cost_books(states, number, describe_worst);
    if (finished) report.total_inputs = report.structures * tuples.count();
    // Interrupted: the units in progress count what their workers searched so far, so that the
    // structures and candidates add up to the inputs checked.
    if (!finished)
      for (const auto& slot : slots) {
        const detail::ledger& w = slot->state->book();
        const std::uint64_t u = w.unit;
        if (u == 0 || (*board)->units()[u - 1].done.load()) continue;
        report.structures += w.structure;
        report.explored += w.explored;
      }
  } else {
    if (measures_cost)
      report.cost = detail::merge_cost_books(
          states, [](std::uint64_t, std::uint64_t input) { return input; }, describe_worst);
    report.structures = first.valid;
    report.explored = first.explored;
    fields_read = first.fields_read;
    if (report.total_inputs == 0) report.total_inputs = slots.front()->state->total_inputs.load();
  }
  std::vector<counterexample> found;
  for (auto& f : failures) found.push_back(std::move(f.failure));
  if (options.white_box && options.only_input != 0) {
    std::erase_if(found, [&](const counterexample& c) { return c.input != options.only_input; });
    report.stopped = false;
  }
  report.method_seconds = static_cast<double>(total(&detail::ledger::method_ns)) / 1e9;
  report.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  std::stable_sort(found.begin(), found.end(), [](const counterexample& a, const counterexample& b) {
    return a.objects != b.objects ? a.objects < b.objects : a.input < b.input;
  });
  report.failures = std::move(found);
  report.interrupted = interrupted;
  if (!options.white_box && options.source == nullptr && selection.empty() && !report.stopped && !interrupted &&
      finished) {
    std::vector<std::uint32_t> sample;
    const std::uint32_t in_sample = merged_sample(slots, space.slot_count(), sample);
    report.warnings = detail::finitization_warnings(fin.data(), invariant, sample, in_sample,
                                            {report.structures, report.explored, options.search.limit == 0, fields_read});
  }
  // Said whatever the run: a verdict the check could not give is never left unsaid.
  std::string own;
  for (const auto& d : fin.data().class_domains)
    if (d.own_allocation) own += fmt::format("{}{} ({})", own.empty() ? "" : ", ", d.name, d.cpp_type);
  if (!own.empty())
    report.warnings.push_back(fmt::format(
        "leaks are not judged and allocations not counted: {} allocate{} with {} own operator new or delete, whose "
        "blocks the allocation watch does not see (it would blame the method for a pool's blocks and miss the "
        "nodes it leaks); crashes, hangs, exceptions, the invariant and the postcondition are judged as always",
        own, own.find(", ") == std::string::npos ? "s" : "", own.find(", ") == std::string::npos ? "its" : "their"));
  return report;
}

}  // namespace smallscope
