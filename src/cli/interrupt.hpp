// SIGINT, SIGTERM and SIGHUP (a closed terminal, a dropped ssh session) on the command line:
// the handler only records the signal; the library's
// runs poll it through their options' stop request (interrupt_stop(); gen at progress time and
// per structure), stop, and the command prints what it found so far and exits with code 130.
// Another signal within three seconds of the first is ignored: a double Ctrl-C, or a scheduler
// that signals twice, must not cut the output short. A signal after that ends the process at
// once (a run that does not stop).
#pragma once

#include <signal.h>
#include <time.h>
#include <unistd.h>

#include <atomic>

#include "smallscope/stop.hpp"

namespace smallscope::cli {

namespace detail_interrupt {
// The number of the signal (SIGINT, SIGTERM, SIGHUP) that asked the run to stop, 0 if none.
inline std::atomic<int> signal_number{0};
static_assert(std::atomic<int>::is_always_lock_free, "set from a signal handler");

// When the first signal came (CLOCK_MONOTONIC, nanoseconds).
inline std::atomic<long long> first_at{0};
static_assert(std::atomic<long long>::is_always_lock_free, "set from a signal handler");
inline constexpr long long grace_ns = 3'000'000'000;

inline long long monotonic_ns() {
  timespec now{};
  ::clock_gettime(CLOCK_MONOTONIC, &now);  // async-signal-safe
  return static_cast<long long>(now.tv_sec) * 1'000'000'000 + now.tv_nsec;
}

// Async-signal-safe: lock-free atomics, clock_gettime, write and _exit only.
inline void on_interrupt(int sig) {
  const long long now = monotonic_ns();
  if (signal_number.exchange(sig) == 0) {
    first_at.store(now);
    return;
  }
  if (now - first_at.load() < grace_ns) {
    static constexpr char note[] = "smallscope: stopping: writing what was found (a signal after 3 s ends it at once)\n";
    [[maybe_unused]] const auto n = ::write(STDERR_FILENO, note, sizeof note - 1);
    return;
  }
  ::_exit(130);
}
}  // namespace detail_interrupt

// Installs the handlers of SIGINT, SIGTERM and SIGHUP (the library's forked workers ignore them:
// their supervisor stops them).
inline void install_interrupt_handlers() {
  struct sigaction action {};
  action.sa_handler = detail_interrupt::on_interrupt;
  sigemptyset(&action.sa_mask);
  action.sa_flags = SA_RESTART;
  sigaction(SIGINT, &action, nullptr);
  sigaction(SIGTERM, &action, nullptr);
  sigaction(SIGHUP, &action, nullptr);  // as SIGTERM: keep what was found
  // A file grown past `ulimit -f`: the write fails (EFBIG) and is reported as an output error,
  // instead of SIGXFSZ ending the run without a word.
  ::signal(SIGXFSZ, SIG_IGN);
}

// How every command says that it stopped early (its summary goes on: ": the findings so far").
inline constexpr const char* interrupted_note = "interrupted (SIGINT, SIGTERM or SIGHUP)";

// Whether SIGINT or SIGTERM arrived. An interruptible command that sees it returns what it has;
// cli_main maps its exit code to 130.
inline bool interrupted() { return detail_interrupt::signal_number.load(std::memory_order_relaxed) != 0; }

// The library's stop request of a command-line run: SIGINT or SIGTERM.
inline stop_request interrupt_stop() { return [] { return interrupted(); }; }

}  // namespace smallscope::cli
