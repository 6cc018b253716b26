// The supervisor of a check (paper 000, Sec. 6.1 and 7.2): forks a worker, watches its time
// limit, collects its failures, and when it crashes or hangs records that input as a failure
// and forks a new worker that resumes the search right after it. See checker.hpp.
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <fmt/format.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <cstring>
#include <random>
#include <set>
#include <stdexcept>
#include <string>

#if defined(__SANITIZE_ADDRESS__)
#include <sanitizer/lsan_interface.h>
#endif

#include "check/input_space.hpp"
#include "check/white_box.hpp"
#include "check/worker.hpp"
#include "check/worker_channel.hpp"
#include "report/spec_warnings.hpp"
#include "search/korat_search.hpp"

// gcov's runtime, present in a binary linked with --coverage (smallscope-coverage): a worker
// writes its counts before _exit, which skips the handlers that would.
extern "C" void __gcov_dump(void) __attribute__((weak));

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
  }
  return "?";
}

std::uint64_t count_inputs(const finitization& fin, const predicate& invariant, const target_method& method,
                           const search_options& options, const eq_class_fn& eq_class) {
  search_options o = options;
  o.limit = 0;
  if ((o.eq_class || o.one_per_class) && !eq_class)
    throw std::invalid_argument("eq_class and one_per_class need the subject's eq_class function");
  detail::korat_search search(std::make_unique<detail::state_space>(fin.data()), invariant, o, eq_class);
  const detail::argument_tuples tuples(method, search.space());
  while (search.next()) {
    if (detail::interrupt_signal.load(std::memory_order_relaxed) != 0) break;  // the caller looks at it
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

std::string signal_text(int sig) {
  const char* name = sigabbrev_np(sig);
  const char* what = strsignal(sig);
  return std::string("SIG") + (name != nullptr ? name : std::to_string(sig)) + " (" + (what != nullptr ? what : "") + ")";
}

// Reads what the pipe holds now (or, with `until_eof`, all of it).
void drain(int fd, std::string& buffer, bool until_eof) {
  char chunk[1 << 14];
  while (true) {
    const auto n = ::read(fd, chunk, sizeof chunk);
    if (n > 0) {
      buffer.append(chunk, static_cast<std::size_t>(n));
      continue;
    }
    if (n < 0 && errno == EINTR) continue;
    if (n < 0 && errno == EAGAIN && until_eof) {
      pollfd p{fd, POLLIN, 0};
      ::poll(&p, 1, 100);
      continue;
    }
    return;
  }
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
  const auto start = std::chrono::steady_clock::now();
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
    report.total_inputs = count_inputs(fin, invariant, method, options.search);
    // A sample of K >= the inputs is all of them: no list of input numbers (K may be huge).
    if (options.sample < report.total_inputs) selection = sample_inputs(report.total_inputs, options.sample, options.seed);
    if (report.total_inputs == 0) selection.push_back(0);  // nothing to check: no input is numbered 0
  }

  detail::shared_worker_state state(space.slot_count());
  const detail::check_job job{&fin, &invariant, &method, &effective, &selection};
  std::vector<counterexample> failures;
  auto last_progress = std::chrono::steady_clock::now();
  const auto progress_interval = std::chrono::duration<double>(options.search.progress_interval);
  const pid_t supervisor = ::getpid();
  bool interrupted = false;

  while (true) {
    int fds[2];
    if (::pipe(fds) != 0) throw std::runtime_error(std::string("pipe: ") + std::strerror(errno));
    std::fflush(nullptr);
    const pid_t pid = ::fork();
    if (pid < 0) throw std::runtime_error(std::string("fork: ") + std::strerror(errno));
    if (pid == 0) {
      // The worker dies with its supervisor, however that ends (a SIGKILL too); the check
      // of the parent closes the race with a supervisor that died before prctl.
      ::prctl(PR_SET_PDEATHSIG, SIGKILL);
      if (::getppid() != supervisor) ::_exit(static_cast<int>(detail::worker_exit::error));
      ::close(fds[0]);
      int code = static_cast<int>(detail::worker_exit::error);
      try {
        code = static_cast<int>(options.white_box ? detail::run_white_box_worker(job, *state, fds[1])
                                                   : detail::run_worker(job, *state, fds[1]));
      } catch (...) {
      }
      ::close(fds[1]);
#if defined(__SANITIZE_ADDRESS__)
      // _exit skips LeakSanitizer's exit check: run it, so a method that leaks is reported.
      __lsan_do_recoverable_leak_check();
#endif
      if (__gcov_dump != nullptr) __gcov_dump();
      ::_exit(code);
    }
    ::close(fds[1]);
    ::fcntl(fds[0], F_SETFL, O_NONBLOCK);
    std::string buffer;
    int status = 0;
    bool timed_out = false;
    while (true) {
      pollfd p{fds[0], POLLIN, 0};
      ::poll(&p, 1, 20);
      drain(fds[0], buffer, false);
      detail::decode_failures(buffer, failures);
      const pid_t done = ::waitpid(pid, &status, WNOHANG);
      if (done == pid) break;
      if (!interrupted && detail::interrupt_signal.load(std::memory_order_relaxed) != 0) {
        interrupted = true;  // SIGINT or SIGTERM: stop the worker, report what was found so far
        ::kill(pid, SIGKILL);
      }
      const std::int64_t started = state->started_ns.load();
      if (!timed_out && started != 0 && steady_ns() - started > state->limit_ns.load()) {
        timed_out = true;
        ::kill(pid, SIGKILL);
      }
      if (progress && std::chrono::steady_clock::now() - last_progress > progress_interval) {
        last_progress = std::chrono::steady_clock::now();
        check_report partial;
        partial.inputs = state->checked.load();
        partial.passed = state->passed.load();
        partial.failed = state->failed.load();
        partial.structures = state->structure.load();
        partial.seconds = std::chrono::duration<double>(last_progress - start).count();
        progress(partial);
      }
    }
    drain(fds[0], buffer, true);
    detail::decode_failures(buffer, failures);
    ::close(fds[0]);

    if (interrupted) break;  // the input it ran is not judged
    if (WIFEXITED(status) && WEXITSTATUS(status) == static_cast<int>(detail::worker_exit::finished)) break;
    if (WIFEXITED(status) && WEXITSTATUS(status) == static_cast<int>(detail::worker_exit::stopped)) {
      report.stopped = true;
      break;
    }
    if (WIFEXITED(status) && WEXITSTATUS(status) == static_cast<int>(detail::worker_exit::error))
      throw std::runtime_error("the check's worker failed before checking any input");
    // The worker died on an input (or was stopped for running over its limit).
    if (state->started_ns.load() == 0 || state->structure.load() == 0)
      throw std::runtime_error(WIFSIGNALED(status)
                                   ? "the invariant crashed while generating inputs: " + signal_text(WTERMSIG(status))
                                   : "the check's worker exited while generating inputs");
    counterexample c;
    c.input = state->input.load();
    if (timed_out) {
      c.kind = outcome_kind::timeout;
      c.detail = fmt::format("ran over its limit of {:.3g} s", static_cast<double>(state->limit_ns.load()) / 1e9);
    } else {
      c.kind = outcome_kind::crash;
      c.detail = WIFSIGNALED(status) ? signal_text(WTERMSIG(status))
                                     : "the process exited with status " + std::to_string(WEXITSTATUS(status));
    }
    tuples.describe(options.white_box ? state->tuple.load() : (c.input - 1) % tuples.count(), c.arguments,
                    c.integers);
    c.candidate.assign(state->candidate(), state->candidate() + space.slot_count());
    space.write_all(c.candidate.data());
    c.objects = static_cast<std::uint32_t>(method.describe(space.root()).objects.size());
    failures.push_back(std::move(c));
    state->started_ns.store(0);
    state->checked.fetch_add(1);
    const auto failed = state->failed.fetch_add(1) + 1;
    if (effective.stop_after != 0 && failed >= effective.stop_after) {
      report.stopped = true;
      break;
    }
    ++report.worker_restarts;
  }

  report.inputs = state->checked.load();
  report.passed = state->passed.load();
  report.failed = state->failed.load();
  report.structures = state->valid.load();
  if (options.white_box && options.only_input != 0) {
    std::erase_if(failures, [&](const counterexample& c) { return c.input != options.only_input; });
    report.stopped = false;
  }
  report.explored = state->explored.load();
  if (report.total_inputs == 0) report.total_inputs = state->total_inputs.load();
  report.method_seconds = static_cast<double>(state->method_ns.load()) / 1e9;
  report.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  std::stable_sort(failures.begin(), failures.end(), [](const counterexample& a, const counterexample& b) {
    return a.objects != b.objects ? a.objects < b.objects : a.input < b.input;
  });
  report.failures = std::move(failures);
  if (!options.white_box && options.source == nullptr && selection.empty() && !report.stopped && !interrupted &&
      state->finished.load()) {
    const std::uint64_t yielded = state->sampler.seen();
    report.warnings = detail::spec_warnings(
        fin.data(), invariant, {state->sample(), static_cast<std::size_t>(detail::sample_capacity) * space.slot_count()},
        static_cast<std::uint32_t>(std::min<std::uint64_t>(yielded, detail::sample_capacity)),
        {report.structures, report.explored, options.search.limit == 0});
  }
  return report;
}

}  // namespace smallscope
