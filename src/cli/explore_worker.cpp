// The explore command's worker and its supervisor. See explore_worker.hpp.
#include "cli/explore_worker.hpp"

#include "smallscope/counterexample.hpp"

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <unistd.h>

#include <atomic>
#include <cerrno>
#include <cstring>
#include <fmt/format.h>
#include <stdexcept>
#include <string>

#include "check/worker_channel.hpp"

// gcov's runtime, present in a binary linked with --coverage (smallscope-coverage): the worker
// writes its counts before _exit, which skips the handlers that would.
extern "C" void __gcov_dump(void) __attribute__((weak));

namespace smallscope::cli {
namespace {

// The call running in the worker, for the supervisor: when it started, its limit, the calls
// that reach its state, its index and the state's canonical form.
struct running_call {
  static constexpr std::size_t max_path = 1 << 16;
  static constexpr std::size_t max_form = 1 << 20;
  std::atomic<std::int64_t> started_ns{0};  // 0 between calls
  std::atomic<std::int64_t> limit_ns{0};
  std::atomic<std::uint32_t> call{0};
  std::atomic<std::uint32_t> path_size{0};
  std::atomic<std::uint32_t> form_size{0};
  std::atomic<bool> recorded{false};  // path and form fit
  std::uint32_t path[max_path];
  char form[max_form];
};

enum class worker_end : int { done = 0, error = 4 };

// The worker: explores, writing each call's place before it runs; the report goes to `fd`.
[[noreturn]] void run_worker(const std::vector<api_call>& calls, explore_options options, double timeout,
                             const std::function<nlohmann::json(const explore_report&)>& to_json, running_call& now,
                             int fd) {
  int code = static_cast<int>(worker_end::error);
  try {
    detail::time_limit times(timeout);
    std::int64_t started = 0;
    options.before_call = [&](const std::vector<std::uint32_t>& path, std::uint32_t call, const std::string& form) {
      const bool fits = path.size() <= running_call::max_path && form.size() <= running_call::max_form;
      if (fits) {
        std::copy(path.begin(), path.end(), now.path);
        std::memcpy(now.form, form.data(), form.size());
      }
      now.path_size.store(static_cast<std::uint32_t>(path.size()));
      now.form_size.store(static_cast<std::uint32_t>(form.size()));
      now.recorded.store(fits);
      now.call.store(call);
      now.limit_ns.store(times.limit_ns());
      started = detail::steady_ns();
      now.started_ns.store(started);
    };
    options.after_call = [&] {
      times.add(detail::steady_ns() - started);
      now.started_ns.store(0);
    };
    const std::string text = to_json(explore_sequences(calls, options)).dump();
    std::size_t at = 0;
    while (at < text.size()) {
      const auto n = ::write(fd, text.data() + at, text.size() - at);
      if (n < 0 && errno == EINTR) continue;
      if (n <= 0) break;
      at += static_cast<std::size_t>(n);
    }
    code = static_cast<int>(worker_end::done);
  } catch (const std::exception& e) {
    const std::string text = std::string("error: ") + e.what();
    [[maybe_unused]] const auto n = ::write(fd, text.data(), text.size());
  } catch (...) {
  }
  ::close(fd);
  if (__gcov_dump != nullptr) __gcov_dump();
  ::_exit(code);
}

}  // namespace

isolated_exploration explore_in_worker(const std::vector<api_call>& calls, explore_options options, double timeout,
                                       const std::function<nlohmann::json(const explore_report&)>& to_json) {
  isolated_exploration result;
  std::set<std::pair<std::string, std::uint32_t>> skip;
  options.skip = &skip;
  detail::shared_mapping<running_call> now;
  const pid_t supervisor = ::getpid();
  while (true) {
    int fds[2];
    if (::pipe(fds) != 0) throw std::runtime_error(std::string("pipe: ") + std::strerror(errno));
    std::fflush(nullptr);
    const pid_t pid = ::fork();
    if (pid < 0) throw std::runtime_error(std::string("fork: ") + std::strerror(errno));
    if (pid == 0) {
      ::prctl(PR_SET_PDEATHSIG, SIGKILL);
      if (::getppid() != supervisor) ::_exit(static_cast<int>(worker_end::error));
      ::close(fds[0]);
      now->started_ns.store(0);
      run_worker(calls, options, timeout, to_json, *now, fds[1]);
    }
    ::close(fds[1]);
    ::fcntl(fds[0], F_SETFL, O_NONBLOCK);
    std::string text;
    int status = 0;
    bool timed_out = false;
    bool forwarded = false;
    std::int64_t asked_at = 0;
    while (true) {
      pollfd p{fds[0], POLLIN, 0};
      ::poll(&p, 1, 20);
      detail::drain_pipe(fds[0], text, false);
      if (::waitpid(pid, &status, WNOHANG) == pid) break;
      // SIGINT or SIGTERM sent to this process alone: the worker is asked to stop and report.
      if (detail::interrupt_signal.load(std::memory_order_relaxed) != 0) {
        if (!forwarded) {
          ::kill(pid, SIGINT);
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
    detail::drain_pipe(fds[0], text, true);
    ::close(fds[0]);
    // A method that calls exit(0) ends the worker with its call running and no report.
    const bool in_call = now->started_ns.load() != 0;
    if (WIFEXITED(status) && WEXITSTATUS(status) == static_cast<int>(worker_end::done) && !in_call) {
      result.report = nlohmann::json::parse(text, nullptr, false);
      if (result.report.is_discarded()) throw std::runtime_error("the exploration's worker sent a report that is not JSON");
      return result;
    }
    if (WIFEXITED(status) && WEXITSTATUS(status) == static_cast<int>(worker_end::error))
      throw std::runtime_error(text.starts_with("error: ") ? text.substr(7) : "the exploration's worker failed");
    if (forwarded && !timed_out) {  // interrupted and killed in a hanging call: nothing to report
      result.report = nlohmann::json::object();
      return result;
    }
    // The worker died on a call (or ran over its limit): a finding, and the next worker skips it.
    if (!now->recorded.load() || !in_call)
      throw std::runtime_error(WIFSIGNALED(status) ? "the exploration's worker died between calls: " +
                                                         detail::signal_text(WTERMSIG(status))
                                                   : "the exploration's worker died between calls");
    const std::uint32_t call = now->call.load();
    std::vector<std::string> texts;
    for (std::uint32_t i = 0; i < now->path_size.load(); ++i) texts.push_back(calls[now->path[i]].text);
    texts.push_back(calls[call].text);
    counterexample failed;
    failed.kind = timed_out ? outcome_kind::timeout : outcome_kind::crash;
    failed.detail = timed_out ? fmt::format("ran over its limit of {:.3g} s", static_cast<double>(now->limit_ns.load()) / 1e9)
                    : WIFSIGNALED(status) ? detail::signal_text(WTERMSIG(status))
                                          : fmt::format("the process exited with status {}", WEXITSTATUS(status));
    result.failed.push_back(
        {{"kind", outcome_name(failed.kind)},
         {"detail", failed.detail},
         {"text", failed_check_text(failed)},
         {"calls", texts},
         {"depth", texts.size()}});
    skip.insert({std::string(now->form, now->form_size.load()), call});
    ++result.restarts;
  }
}

}  // namespace smallscope::cli
