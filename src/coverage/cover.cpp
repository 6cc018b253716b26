// Branch-coverage suites, black-box and white-box (paper 001, Sec. 5.2-5.4). See cover.hpp.
//
// The tests run in a forked worker (paper 000, Sec. 7.2's isolation, as check's): a method that
// crashes or hangs is a failure with its input, and a new worker goes on with the next test. The
// worker sends each test's outcome and the branch outcomes it took through a pipe; this process
// keeps the report.
#include "smallscope/drivers/cover.hpp"

#include <poll.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <cerrno>
#include <cstring>
#include <stdexcept>

#include "check/input_space.hpp"
#include "isolate/child.hpp"
#include "isolate/shared_memory.hpp"
#include "isolate/time_limit.hpp"
#include "smallscope/checker.hpp"
#include "space/reachable.hpp"

namespace smallscope {

namespace {

// The test running in the worker, for the supervisor.
struct running_test {
  std::atomic<std::uint64_t> input{0};  // 0-based, in the sorted order
  std::atomic<std::uint64_t> method{0};
  std::atomic<std::uint64_t> tuple{0};
  std::atomic<std::int64_t> started_ns{0};  // 0 between tests
  std::atomic<std::int64_t> limit_ns{0};
  std::atomic<std::uint32_t> returned{0};  // run_method notes that the method returned
};

// Where a worker starts: a test, by input, method and argument tuple.
struct position {
  std::uint64_t input = 0;
  std::uint64_t method = 0;
  std::uint64_t tuple = 0;
  bool operator==(const position&) const = default;
};

// One test's record on the pipe: this header, the detail's bytes, the taken outcomes' indices.
struct record_header {
  std::uint64_t input, method, tuple;
  std::uint32_t kind, detail_size, taken;
};

// The outcomes taken between the copies of the input and the end of the oracle: what the
// harness runs before (copies) and after (pictures, the release and its destructors) is not
// the code under test.
struct window {
  std::vector<std::uint32_t> taken;
  static void copied(void*, const copy_map&) { branches::reset(); }
  static void finished(void* context, const void*) {
    auto& w = *static_cast<window*>(context);
    w.taken.clear();
    const branch_vector v = branches::taken();
    for (std::size_t k = 0; k < v.size(); ++k)
      if (v[k] != 0) w.taken.push_back(static_cast<std::uint32_t>(k));
  }
};

struct input {
  std::vector<std::uint32_t> values;
  std::uint32_t objects;
};

struct cover_job {
  const std::vector<input>& inputs;
  const detail::state_space& space;
  const std::vector<target_method>& methods;
  const std::vector<detail::argument_tuples>& tuples;
  const cover_options& options;
};

constexpr int worker_done = 0;
constexpr int worker_error = 4;

// The worker: runs the tests from `from` on, each announced in `now`, each recorded on `fd`.
int run_tests(const cover_job& job, position from, running_test& now, int fd) {
  detail::method_returned = &now.returned;
  detail::time_limit times(job.options.timeout);
  window w;
  run_hooks hooks;
  hooks.context = &w;
  hooks.copied = &window::copied;
  hooks.finished = &window::finished;
  std::vector<std::int64_t> args;
  for (std::uint64_t i = from.input; i < job.inputs.size(); ++i) {
    const input& in = job.inputs[i];
    job.space.write_all(in.values.data());
    const structure st(job.space, in.values, i + 1);
    for (std::uint64_t m = i == from.input ? from.method : 0; m < job.methods.size(); ++m)
      for (std::uint64_t t = i == from.input && m == from.method ? from.tuple : 0; t < job.tuples[m].count(); ++t) {
        job.tuples[m].values(t, args);
        if (job.options.select && !job.options.select(st, m, args)) continue;
        now.input.store(i);
        now.method.store(m);
        now.tuple.store(t);
        now.returned.store(0);
        now.limit_ns.store(times.limit_ns());
        const std::int64_t started = detail::steady_ns();
        now.started_ns.store(started);
        w.taken.clear();
        const method_run run = job.methods[m].call(job.space.root(), args, &hooks);
        times.add(detail::steady_ns() - started);
        now.started_ns.store(0);
        const record_header h{i, m, t, static_cast<std::uint32_t>(run.kind), static_cast<std::uint32_t>(run.detail.size()),
                              static_cast<std::uint32_t>(w.taken.size())};
        if (!detail::write_whole(fd, &h, sizeof h) || !detail::write_whole(fd, run.detail.data(), run.detail.size()) ||
            !detail::write_whole(fd, w.taken.data(), w.taken.size() * sizeof(std::uint32_t)))
          return worker_error;
      }
  }
  return worker_done;
}

// Keeps the report as the tests' records arrive.
class report_keeper {
 public:
  report_keeper(cover_report& report, const cover_job& job) : report_(report), job_(job) {
    report_.covered.assign(branches::size(), 0);
  }

  // The test of the last record taken from a worker, if any.
  bool has_last() const { return has_last_; }
  position last() const { return last_; }

  // Takes the whole records at the front of `buffer`.
  void take(std::string& buffer) {
    std::size_t at = 0;
    while (buffer.size() - at >= sizeof(record_header)) {
      record_header h{};
      std::memcpy(&h, buffer.data() + at, sizeof h);
      const std::size_t size = sizeof h + h.detail_size + std::size_t{h.taken} * sizeof(std::uint32_t);
      if (buffer.size() - at < size) break;
      const char* detail = buffer.data() + at + sizeof h;
      branch_vector taken(report_.covered.size(), 0);
      for (std::uint32_t k = 0; k < h.taken; ++k) {
        std::uint32_t index = 0;
        std::memcpy(&index, detail + h.detail_size + k * sizeof index, sizeof index);
        if (index < taken.size()) taken[index] = 1;
      }
      add({h.input, h.method, h.tuple}, static_cast<outcome_kind>(h.kind), std::string(detail, h.detail_size), false,
          taken);
      last_ = {h.input, h.method, h.tuple};
      has_last_ = true;
      at += size;
    }
    buffer.erase(0, at);
  }

  void add(position p, outcome_kind kind, std::string detail, bool returned, const branch_vector& taken) {
    ++report_.tests;
    cover_test test;
    test.input = p.input + 1;
    test.method = p.method;
    std::vector<std::int64_t> integers;
    job_.tuples[p.method].values(p.tuple, test.args);
    job_.tuples[p.method].describe(p.tuple, test.arg_texts, integers);
    for (std::size_t k = 0; k < taken.size(); ++k)
      if (taken[k] != 0 && report_.covered[k] == 0) {
        report_.covered[k] = 1;
        ++test.new_outcomes;
      }
    if (job_.options.on_test) job_.options.on_test(test, taken);
    if (kind != outcome_kind::passed) report_.failures.push_back({test, kind, std::move(detail), returned});
    if (test.new_outcomes == 0) return;
    report_.suite.push_back(test);
    if (report_.suite_inputs.empty() || report_.suite_inputs.back() != test.input) {
      const input& in = job_.inputs[p.input];
      report_.suite_inputs.push_back(test.input);
      report_.suite_candidates.push_back(in.values);
      report_.suite_input_objects.push_back(in.objects);
    }
  }

 private:
  cover_report& report_;
  const cover_job& job_;
  position last_;
  bool has_last_ = false;
};

// The test after `p` (the worker skips those the selection leaves out).
position next(const cover_job& job, position p) {
  if (++p.tuple < job.tuples[p.method].count()) return p;
  p.tuple = 0;
  if (++p.method < job.methods.size()) return p;
  return {p.input + 1, 0, 0};
}

void run_isolated(const cover_job& job, cover_report& report) {
  report_keeper keeper(report, job);
  detail::shared_mapping<running_test> now;
  detail::child_options isolation;
  isolation.error_code = worker_error;
  isolation.leak_check = false;  // a method's leaks are not the worker's to report
  position from;
  unsigned outside_deaths = 0;  // in a row, on one test
  position last_seen;  // the last record taken when a worker last died between tests
  bool seen_last = false;
  while (from.input < job.inputs.size()) {
    detail::child_reaper reaper;
    now->started_ns.store(0);
    const detail::child worker = detail::fork_child(isolation, [&](int fd) { return run_tests(job, from, *now, fd); });
    reaper.add(worker);
    std::string buffer;
    int status = 0;
    bool timed_out = false;
    while (true) {
      pollfd p{worker.fd, POLLIN, 0};
      ::poll(&p, 1, 20);
      detail::drain_pipe(worker.fd, buffer, false);
      keeper.take(buffer);
      if (::waitpid(worker.pid, &status, WNOHANG) == worker.pid) {
        reaper.forget(worker.pid);
        break;
      }
      const std::int64_t started = now->started_ns.load();
      if (!timed_out && started != 0 && detail::steady_ns() - started > now->limit_ns.load()) {
        timed_out = true;
        ::kill(worker.pid, SIGKILL);
      }
    }
    detail::drain_pipe(worker.fd, buffer, true);
    ::close(worker.fd);
    keeper.take(buffer);
    const bool in_test = now->started_ns.load() != 0;
    if (WIFEXITED(status) && WEXITSTATUS(status) == worker_done && !in_test) return;
    if (!in_test) {
      if (!WIFSIGNALED(status)) throw std::runtime_error("cover's worker failed between tests");
      // Killed between two tests, so by no test (the OOM killer, a user): a new worker goes on
      // after the last test whose record arrived (a test whose record was cut off runs again).
      // Three deaths in a row with no test done are the environment's.
      const bool progress = keeper.has_last() && (!seen_last || keeper.last() != last_seen);
      outside_deaths = progress ? 1 : outside_deaths + 1;
      if (outside_deaths >= 3)
        throw environment_error("cover's worker was killed from outside 3 times in a row (" +
                                detail::signal_text(WTERMSIG(status)) +
                                ": the kernel's out-of-memory killer, or a user); no test is blamed: free memory");
      if (keeper.has_last()) {
        from = next(job, keeper.last());
        last_seen = keeper.last();
        seen_last = true;
      }
      continue;
    }
    const position at{now->input.load(), now->method.load(), now->tuple.load()};
    // A signal the tests do not raise (the OOM killer's SIGKILL, a user's kill): the test runs
    // again in a new worker; three times in a row are the environment's.
    if (!timed_out && WIFSIGNALED(status) && detail::outside_signal(WTERMSIG(status))) {
      if (++outside_deaths >= 3)
        throw environment_error("cover's worker was killed from outside 3 times in a row (" +
                                detail::signal_text(WTERMSIG(status)) +
                                ": the kernel's out-of-memory killer, or a user); no test is blamed: free memory");
      from = at;
      continue;
    }
    outside_deaths = 0;
    const std::string detail =
        timed_out ? "ran over its limit of " + std::to_string(static_cast<double>(now->limit_ns.load()) / 1e9) + " s"
        : WIFSIGNALED(status) ? detail::signal_text(WTERMSIG(status))
                              : "the process exited with status " + std::to_string(WEXITSTATUS(status));
    keeper.add(at, timed_out ? outcome_kind::timeout : outcome_kind::crash, detail, now->returned.load() != 0,
               branch_vector(report.covered.size(), 0));
    from = next(job, at);
  }
}

}  // namespace

cover_report cover(const finitization& fin, const predicate& invariant, const std::vector<target_method>& methods,
                   const cover_options& options) {
  if (!branches::instrumented())
    throw std::invalid_argument("this program has no branch probes: build the code under test from headers rewritten "
                                "by smallscope-mutants --branches (smallscope-branches is the command line built so)");
  cover_report report;
  const live_scope in_force(fin.live());  // the walks of copies and pictures
  structure_range range = structures(fin, invariant, options.search);
  std::vector<input> inputs;
  const detail::state_space* space = nullptr;
  std::vector<std::uint32_t> order;
  std::vector<std::uint8_t> seen;
  for (const auto& s : range) {
    space = &s.space();
    detail::reachable_objects(s.space(), s.values(), order, seen);
    inputs.push_back({{s.values().begin(), s.values().end()}, static_cast<std::uint32_t>(order.size())});
  }
  report.inputs = inputs.size();
  if (inputs.empty()) return report;
  std::stable_sort(inputs.begin(), inputs.end(), [](const input& a, const input& b) { return a.objects < b.objects; });
  for (const input& in : inputs) {
    if (report.inputs_by_objects.size() <= in.objects) report.inputs_by_objects.resize(in.objects + 1, 0);
    report.inputs_by_objects[in.objects] += 1;
  }
  std::vector<detail::argument_tuples> tuples;
  for (const auto& m : methods) tuples.emplace_back(m, *space);
  run_isolated({inputs, *space, methods, tuples, options}, report);
  return report;
}

}  // namespace smallscope
