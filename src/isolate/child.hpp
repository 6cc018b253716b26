// Isolation of the code under test (paper 000, Sec. 7.2: a method that crashes, hangs, leaks or
// exits is a finding and the run goes on): one way to fork a worker process for check, mutation
// analysis and API-sequence exploration, the pipe it reports through, the reaping of workers a
// supervisor leaves behind, and the names of the signals that end them.
#pragma once

#include <sys/types.h>

#include <functional>
#include <string>
#include <vector>

namespace smallscope::detail {

struct child_options {
  bool pipe = true;         // the child writes to a pipe (body's argument); the parent reads it
  bool silent = false;      // the child's stdout and stderr go to /dev/null
  bool leak_check = true;   // under LeakSanitizer, the child checks for leaks before it exits
  int error_code = 4;       // the exit code when body throws or the parent is already gone
};

struct child {
  pid_t pid = -1;
  int fd = -1;  // the non-blocking read end of its pipe (-1 without one)
};

// Forks a child that dies with this process, however it ends (PR_SET_PDEATHSIG; a parent gone
// before that is caught too) and ignores SIGINT, SIGTERM and SIGHUP (stopping it is the supervisor's),
// runs body(the pipe's write end, or -1), and exits with its result after LeakSanitizer's check
// and gcov's dump (a coverage build keeps the child's counts).
// Throws std::runtime_error when pipe or fork fail.
child fork_child(const child_options& options, const std::function<int(int fd)>& body);

// Children a supervisor has running: the ones left when it goes out of scope (an exception, a
// stop) are killed and reaped, and their pipes closed.
class child_reaper {
 public:
  child_reaper() = default;
  child_reaper(const child_reaper&) = delete;
  child_reaper& operator=(const child_reaper&) = delete;
  ~child_reaper();
  void add(const child& c) { children_.push_back(c); }
  // The child ended and was reaped by the caller (its pipe stays the caller's to close).
  void forget(pid_t pid);
  void kill_all() const;

 private:
  std::vector<child> children_;
};

// "SIGSEGV (Segmentation fault)".
std::string signal_text(int sig);

// Whether a worker that died of `sig` (and did not run over its time limit) was ended from
// outside: SIGKILL (the kernel's out-of-memory killer), SIGTERM, SIGINT or SIGHUP (a user, a
// scheduler). Code under test crashes with SIGSEGV, SIGABRT, SIGBUS or SIGFPE instead.
bool outside_signal(int sig);

// Reads what the pipe `fd` (non-blocking) holds now into `buffer`, or with `until_eof` all of it.
void drain_pipe(int fd, std::string& buffer, bool until_eof);

// Writes all `size` bytes to `fd` (a pipe to the supervisor, a file), again after EINTR; false when
// a write fails (the supervisor is gone, the disk is full).
bool write_whole(int fd, const void* data, std::size_t size);

}  // namespace smallscope::detail
