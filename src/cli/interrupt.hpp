// SIGINT and SIGTERM during gen and check: the handler only records the signal; the runs poll
// it (gen per yielded structure and at progress time, check's supervisor between its waits),
// stop, print the findings so far and exit with code 130. A second signal ends the process at
// once.
#pragma once

#include <signal.h>
#include <unistd.h>

#include "check/worker_channel.hpp"

namespace smallscope::cli {

namespace detail_interrupt {
// Async-signal-safe: one lock-free exchange, or _exit on the second signal.
inline void on_interrupt(int sig) {
  if (detail::interrupt_signal.exchange(sig) != 0) ::_exit(130);
}
}  // namespace detail_interrupt

// Installs the handlers of SIGINT and SIGTERM (inherited by check's workers, where they only
// set the flag: the supervisor kills them).
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
inline bool interrupted() { return detail::interrupt_signal.load(std::memory_order_relaxed) != 0; }

}  // namespace smallscope::cli
