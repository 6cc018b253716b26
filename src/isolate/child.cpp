// Forked workers. See child.hpp.
#include "isolate/child.hpp"

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <stdexcept>

#if defined(__SANITIZE_ADDRESS__)
#include <sanitizer/lsan_interface.h>
#endif

// Defined in a build with --coverage (smallscope-coverage): a child's counts are written
// before _exit, which skips the atexit handler that would.
extern "C" void __gcov_dump(void) __attribute__((weak));

namespace smallscope::detail {

child fork_child(const child_options& options, const std::function<int(int fd)>& body) {
  int fds[2] = {-1, -1};
  if (options.pipe && ::pipe(fds) != 0) throw std::runtime_error(std::string("pipe: ") + std::strerror(errno));
  const pid_t parent = ::getpid();
  std::fflush(nullptr);
  const pid_t pid = ::fork();
  if (pid < 0) {
    const int error = errno;
    if (options.pipe) {
      ::close(fds[0]);
      ::close(fds[1]);
    }
    throw std::runtime_error(std::string("fork: ") + std::strerror(error));
  }
  if (pid == 0) {
    ::prctl(PR_SET_PDEATHSIG, SIGKILL);
    if (::getppid() != parent) ::_exit(options.error_code);
    // Stopping is the supervisor's (a Ctrl-C reaches the whole process group): it stops or
    // kills its workers itself, and a worker killed by an interrupt would be taken for a crash.
    ::signal(SIGINT, SIG_IGN);
    ::signal(SIGTERM, SIG_IGN);
    ::signal(SIGHUP, SIG_IGN);
    if (options.pipe) ::close(fds[0]);
    if (options.silent) {
      if (const int null = ::open("/dev/null", O_WRONLY); null >= 0) {
        ::dup2(null, STDOUT_FILENO);
        ::dup2(null, STDERR_FILENO);
        ::close(null);
      }
    }
    int code = options.error_code;
    try {
      code = body(fds[1]);
    } catch (...) {
    }
    if (options.pipe) ::close(fds[1]);
#if defined(__SANITIZE_ADDRESS__)
    // _exit skips LeakSanitizer's exit check: run it, so a method that leaks is reported.
    if (options.leak_check) __lsan_do_recoverable_leak_check();
#endif
    if (__gcov_dump != nullptr) __gcov_dump();
    ::_exit(code);
  }
  child c{pid, -1};
  if (options.pipe) {
    ::close(fds[1]);
    ::fcntl(fds[0], F_SETFL, O_NONBLOCK);
    c.fd = fds[0];
  }
  return c;
}

child_reaper::~child_reaper() {
  kill_all();
  for (const auto& c : children_) {
    ::waitpid(c.pid, nullptr, 0);
    if (c.fd >= 0) ::close(c.fd);
  }
}

void child_reaper::forget(pid_t pid) {
  std::erase_if(children_, [pid](const child& c) { return c.pid == pid; });
}

void child_reaper::kill_all() const {
  for (const auto& c : children_) ::kill(c.pid, SIGKILL);
}

bool outside_signal(int sig) { return sig == SIGKILL || sig == SIGTERM || sig == SIGINT || sig == SIGHUP; }

std::string signal_text(int sig) {
  const char* name = sigabbrev_np(sig);
  const char* what = strsignal(sig);
  return std::string("SIG") + (name != nullptr ? name : std::to_string(sig)) + " (" + (what != nullptr ? what : "") + ")";
}

bool write_whole(int fd, const void* data, std::size_t size) {
  const auto* p = static_cast<const char*>(data);
  while (size > 0) {
    const auto n = ::write(fd, p, size);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return false;
    p += n;
    size -= static_cast<std::size_t>(n);
  }
  return true;
}

void drain_pipe(int fd, std::string& buffer, bool until_eof) {
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

}  // namespace smallscope::detail
