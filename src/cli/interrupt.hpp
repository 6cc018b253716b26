// SIGINT and SIGTERM on the command line: the handler only records the signal; the library's
// runs poll it through their options' stop request (interrupt_stop(); gen at progress time and
// per structure), stop, and the command prints what it found so far and exits with code 130. A
// second signal ends the process at once.
#pragma once

#include <signal.h>
#include <unistd.h>

#include <atomic>

#include "smallscope/stop.hpp"

namespace smallscope::cli {

namespace detail_interrupt {
// The number of the signal (SIGINT, SIGTERM) that asked the run to stop, 0 if none.
inline std::atomic<int> signal_number{0};
static_assert(std::atomic<int>::is_always_lock_free, "set from a signal handler");

// Async-signal-safe: one lock-free exchange, or _exit on the second signal.
inline void on_interrupt(int sig) {
  if (signal_number.exchange(sig) != 0) ::_exit(130);
}
}  // namespace detail_interrupt

// Installs the handlers of SIGINT and SIGTERM (the library's forked workers ignore both: their
// supervisor stops them).
inline void install_interrupt_handlers() {
  struct sigaction action {};
  action.sa_handler = detail_interrupt::on_interrupt;
  sigemptyset(&action.sa_mask);
  action.sa_flags = SA_RESTART;
  sigaction(SIGINT, &action, nullptr);
  sigaction(SIGTERM, &action, nullptr);
}

// How every command says that it stopped early (its summary goes on: ": the findings so far").
inline constexpr const char* interrupted_note = "interrupted (SIGINT or SIGTERM)";

// Whether SIGINT or SIGTERM arrived. An interruptible command that sees it returns what it has;
// cli_main maps its exit code to 130.
inline bool interrupted() { return detail_interrupt::signal_number.load(std::memory_order_relaxed) != 0; }

// The library's stop request of a command-line run: SIGINT or SIGTERM.
inline stop_request interrupt_stop() { return [] { return interrupted(); }; }

}  // namespace smallscope::cli
