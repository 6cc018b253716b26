// The exploration's worker and its supervisor. See isolated_exploration.hpp.
#include "explore/isolated_exploration.hpp"

#include <poll.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <cstring>
#include <fmt/format.h>
#include <new>
#include <set>
#include <stdexcept>
#include <string>

#include "explore/report_wire.hpp"
#include "isolate/child.hpp"
#include "isolate/shared_memory.hpp"
#include "isolate/time_limit.hpp"
#include "isolate/wire.hpp"
#include "smallscope/rewritten/branches.hpp"
#include "smallscope/checker.hpp"
#include "smallscope/counterexample.hpp"

namespace smallscope::detail {
namespace {

// The call running in the worker, for the supervisor: when it started, its limit, the calls
// that reach its state, its index and the state's canonical form; and the worker's last
// progress, for the supervisor to pass on.
struct running_call {
  static constexpr std::size_t max_path = 1 << 16;
  static constexpr std::size_t max_form = 1 << 20;
  std::atomic<std::int64_t> started_ns{0};  // 0 between calls
  std::atomic<std::int64_t> limit_ns{0};
  std::atomic<std::uint32_t> call{0};
  std::atomic<std::uint32_t> path_size{0};
  std::atomic<std::uint32_t> form_size{0};
  std::atomic<bool> recorded{false};  // path and form fit
  std::atomic<bool> stop{false};      // the supervisor asks the worker to stop between calls
  std::atomic<std::uint32_t> returned{0};  // 1 once the running call's method has returned
  // explore_progress_info, written before `progress_count` counts it.
  std::atomic<std::uint64_t> progress_count{0};
  std::atomic<std::uint32_t> depth{0};
  std::atomic<std::uint64_t> states{0}, calls{0}, findings{0}, differential{0};
  std::atomic<double> seconds{0};
  std::uint32_t path[max_path];
  char form[max_form];
};

enum class worker_end : int { done = 0, error = 4, memory = 5 };

// The worker: explores, writing each call's place before it runs; the report and the branch
// outcomes taken go to `fd`.
int run_worker(const std::vector<api_call>& calls, explore_options options, running_call& now, int fd) {
  int code = static_cast<int>(worker_end::error);
  options.stop = [&now] { return now.stop.load(); };
  detail::method_returned = &now.returned;  // run_method notes it: a crash after is not the method's
  try {
    detail::time_limit times(options.timeout);
    std::int64_t started = 0;
    const auto before = options.before_call;
    options.before_call = [&](const std::vector<std::uint32_t>& path, std::uint32_t call, const std::string& form) {
      if (before) before(path, call, form);
      const bool fits = path.size() <= running_call::max_path && form.size() <= running_call::max_form;
      if (fits) {
        std::copy(path.begin(), path.end(), now.path);
        std::memcpy(now.form, form.data(), form.size());
      }
      now.path_size.store(static_cast<std::uint32_t>(path.size()));
      now.form_size.store(static_cast<std::uint32_t>(form.size()));
      now.recorded.store(fits);
      now.call.store(call);
      now.returned.store(0);
      now.limit_ns.store(times.limit_ns());
      started = detail::steady_ns();
      now.started_ns.store(started);
    };
    const auto after = options.after_call;
    options.after_call = [&] {
      times.add(detail::steady_ns() - started);
      now.started_ns.store(0);
      if (after) after();
    };
    if (options.progress)
      options.progress = [&now](const explore_progress_info& i) {
        now.depth.store(i.depth);
        now.states.store(i.states);
        now.calls.store(i.calls);
        now.findings.store(i.findings);
        now.differential.store(i.differential);
        now.seconds.store(i.seconds);
        now.progress_count.fetch_add(1, std::memory_order_release);
      };
    wire_writer out;
    out.put(encode_report(explore_in_process(calls, options)));
    out.put(branches::instrumented() ? branches::taken() : branch_vector{});
    if (!detail::write_whole(fd, out.bytes().data(), out.bytes().size())) return code;
    code = static_cast<int>(worker_end::done);
  } catch (const std::bad_alloc&) {
    code = static_cast<int>(worker_end::memory);  // the supervisor says so
  } catch (const std::exception& e) {
    const std::string text = std::string("error: ") + e.what();
    [[maybe_unused]] const auto n = ::write(fd, text.data(), text.size());
  } catch (...) {
  }
  return code;
}

// The worker's last progress, passed on when it is new.
void pass_on_progress(const running_call& now, std::uint64_t& seen, const explore_progress& progress) {
  const std::uint64_t count = now.progress_count.load(std::memory_order_acquire);
  if (!progress || count == seen) return;
  seen = count;
  explore_progress_info i;
  i.depth = now.depth.load();
  i.states = now.states.load();
  i.calls = now.calls.load();
  i.findings = now.findings.load();
  i.differential = now.differential.load();
  i.seconds = now.seconds.load();
  progress(i);
}

}  // namespace

explore_report explore_isolated(const std::vector<api_call>& calls, const explore_options& asked) {
  explore_options options = asked;
  options.isolate = false;
  std::vector<sequence_finding> failed;  // crashes and timeouts, in the order met
  std::uint64_t restarts = 0;
  std::set<std::pair<std::string, std::uint32_t>> skip;
  if (asked.skip != nullptr) skip = *asked.skip;
  options.skip = &skip;
  detail::shared_mapping<running_call> now;
  detail::child_options isolation;
  isolation.error_code = static_cast<int>(worker_end::error);
  unsigned outside_deaths = 0;  // in a row
  std::uint64_t progress_seen = 0;
  // The report of the last worker with the calls that ended the others, shortest first.
  const auto finish = [&](explore_report report) {
    failed.insert(failed.end(), std::make_move_iterator(report.findings.begin()),
                  std::make_move_iterator(report.findings.end()));
    std::stable_sort(failed.begin(), failed.end(),
                     [](const sequence_finding& a, const sequence_finding& b) { return a.depth < b.depth; });
    report.findings = std::move(failed);
    report.worker_restarts = restarts;
    return report;
  };
  while (true) {
    detail::child_reaper reaper;  // the worker, if this supervisor leaves by an exception
    const detail::child worker = detail::fork_child(isolation, [&](int fd) {
      now->started_ns.store(0);
      return run_worker(calls, options, *now, fd);
    });
    reaper.add(worker);
    const pid_t pid = worker.pid;
    std::string text;
    int status = 0;
    bool timed_out = false;
    bool forwarded = false;
    std::int64_t asked_at = 0;
    while (true) {
      pollfd p{worker.fd, POLLIN, 0};
      ::poll(&p, 1, 20);
      detail::drain_pipe(worker.fd, text, false);
      pass_on_progress(*now, progress_seen, asked.progress);
      if (::waitpid(pid, &status, WNOHANG) == pid) {
        reaper.forget(pid);
        break;
      }
      // Asked to stop: the worker stops between calls and reports (it ignores SIGINT and SIGTERM
      // itself, so a signal to the whole process group is this supervisor's to handle).
      if (stop_requested(asked.stop)) {
        if (!forwarded) {
          now->stop.store(true);
          forwarded = true;
          asked_at = detail::steady_ns();
        } else if (detail::steady_ns() - asked_at > 5'000'000'000) {
          ::kill(pid, SIGKILL);  // it does not stop between calls: a call hangs
        }
      }
      const std::int64_t started = now->started_ns.load();
      if (!timed_out && started != 0 && detail::steady_ns() - started > now->limit_ns.load()) {
        timed_out = true;
        ::kill(pid, SIGKILL);
      }
    }
    detail::drain_pipe(worker.fd, text, true);
    ::close(worker.fd);
    // A method that calls exit(0) ends the worker with its call running and no report.
    const bool in_call = now->started_ns.load() != 0;
    if (WIFEXITED(status) && WEXITSTATUS(status) == static_cast<int>(worker_end::done) && !in_call) {
      wire_reader in(text);
      std::string report;
      branch_vector taken;
      in.get(report);
      in.get(taken);
      if (!taken.empty()) branches::record(taken);
      return finish(decode_report(report));
    }
    if (WIFEXITED(status) && WEXITSTATUS(status) == static_cast<int>(worker_end::memory)) throw std::bad_alloc();
    if (WIFEXITED(status) && WEXITSTATUS(status) == static_cast<int>(worker_end::error))
      throw std::runtime_error(text.starts_with("error: ") ? text.substr(7) : "the exploration's worker failed");
    if (forwarded && !timed_out) {  // interrupted and killed in a hanging call: nothing more to report
      explore_report report;
      report.stopped = true;
      report.stopped_by = "an interrupt";
      return finish(std::move(report));
    }
    // A signal the calls do not raise (the OOM killer's SIGKILL, a user's kill of the worker):
    // not a finding; a new worker explores again. Three in a row are the environment's.
    if (!timed_out && WIFSIGNALED(status) && detail::outside_signal(WTERMSIG(status))) {
      if (++outside_deaths >= 3)
        throw environment_error(fmt::format("the exploration's worker was killed from outside {} times in a row ({}: "
                                            "the kernel's out-of-memory killer, or a user); no call is blamed: free "
                                            "memory, or give a smaller --max-states",
                                            outside_deaths, detail::signal_text(WTERMSIG(status))));
      ++restarts;
      continue;
    }
    outside_deaths = 0;
    // The worker died on a call (or ran over its limit): a finding, and the next worker skips it.
    if (!now->recorded.load() || !in_call)
      throw std::runtime_error(WIFSIGNALED(status) ? "the exploration's worker died between calls: " +
                                                         detail::signal_text(WTERMSIG(status))
                                                   : "the exploration's worker died between calls");
    const std::uint32_t call = now->call.load();
    sequence_finding f;
    for (std::uint32_t i = 0; i < now->path_size.load(); ++i) f.calls.push_back(calls[now->path[i]].text);
    f.calls.push_back(calls[call].text);
    f.depth = static_cast<std::uint32_t>(f.calls.size());
    f.run.kind = timed_out ? outcome_kind::timeout : outcome_kind::crash;
    f.returned = now->returned.load() != 0;
    f.run.detail = timed_out ? fmt::format("ran over its limit of {:.3g} s", static_cast<double>(now->limit_ns.load()) / 1e9)
                   : WIFSIGNALED(status) ? detail::signal_text(WTERMSIG(status))
                                         : fmt::format("the process exited with status {}", WEXITSTATUS(status));
    failed.push_back(std::move(f));
    skip.insert({std::string(now->form, now->form_size.load()), call});
    ++restarts;
  }
}

}  // namespace smallscope::detail
