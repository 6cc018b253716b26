// The isolation of the code under test (src/isolate/child.*): a child's exit code and pipe reach
// the parent; a child that throws exits with the error code; a child ignores SIGINT and SIGTERM
// (its supervisor stops it); it dies with its parent; and a reaper leaves no child behind.
#include <gtest/gtest.h>

#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <atomic>
#include <cerrno>
#include <chrono>
#include <fstream>
#include <stdexcept>
#include <string>
#include <thread>

#include "isolate/child.hpp"
#include "isolate/shared_memory.hpp"

namespace {

using smallscope::detail::child;
using smallscope::detail::child_options;
using smallscope::detail::fork_child;

int exit_code_of(pid_t pid) {
  int status = 0;
  ::waitpid(pid, &status, 0);
  return WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
}

bool alive(pid_t pid) { return ::kill(pid, 0) == 0 || errno != ESRCH; }

TEST(Isolate, ExitCodeAndPipeReachTheParent) {
  const child c = fork_child({}, [](int fd) {
    const std::string text = "from the worker";
    return ::write(fd, text.data(), text.size()) == static_cast<ssize_t>(text.size()) ? 7 : 1;
  });
  std::string text;
  smallscope::detail::drain_pipe(c.fd, text, true);
  ::close(c.fd);
  EXPECT_EQ(text, "from the worker");
  EXPECT_EQ(exit_code_of(c.pid), 7);
}

TEST(Isolate, AThrowingChildExitsWithTheErrorCode) {
  child_options o;
  o.pipe = false;
  o.error_code = 9;
  const child c = fork_child(o, [](int) -> int { throw std::runtime_error("no"); });
  EXPECT_EQ(c.fd, -1);
  EXPECT_EQ(exit_code_of(c.pid), 9);
}

TEST(Isolate, AChildIgnoresInterruptsAndSharesMemory) {
  smallscope::detail::shared_mapping<std::atomic<int>> step;
  child_options o;
  o.pipe = false;
  const child c = fork_child(o, [&](int) {
    ::raise(SIGINT);
    ::raise(SIGTERM);
    step->store(1);
    while (step->load() != 2) std::this_thread::sleep_for(std::chrono::milliseconds(1));
    return 5;
  });
  while (step->load() != 1) std::this_thread::sleep_for(std::chrono::milliseconds(1));
  ASSERT_EQ(::kill(c.pid, SIGINT), 0);
  ASSERT_EQ(::kill(c.pid, SIGTERM), 0);
  step->store(2);
  EXPECT_EQ(exit_code_of(c.pid), 5);
}

TEST(Isolate, TheReaperLeavesNoChildBehind) {
  pid_t pid = -1;
  {
    smallscope::detail::child_reaper reaper;
    const child c = fork_child({}, [](int) {
      std::this_thread::sleep_for(std::chrono::seconds(60));
      return 0;
    });
    reaper.add(c);
    pid = c.pid;
    EXPECT_TRUE(alive(pid));
  }
  EXPECT_FALSE(alive(pid));  // killed and reaped: no zombie either
}

TEST(Isolate, AChildDiesWithItsParent) {
  // A middle process forks a sleeping worker and exits; the worker must not outlive it.
  smallscope::detail::shared_mapping<std::atomic<pid_t>> worker;
  const pid_t middle = ::fork();
  ASSERT_GE(middle, 0);
  if (middle == 0) {
    child_options o;
    o.pipe = false;
    const child c = fork_child(o, [](int) {
      std::this_thread::sleep_for(std::chrono::seconds(60));
      return 0;
    });
    worker->store(c.pid);
    ::_exit(0);
  }
  EXPECT_EQ(exit_code_of(middle), 0);
  const pid_t orphan = worker->load();
  ASSERT_GT(orphan, 0);
  const auto until = std::chrono::steady_clock::now() + std::chrono::seconds(10);
  // It is not our child: it is gone once kill(pid, 0) fails (it may linger as a zombie of init).
  while (::kill(orphan, 0) == 0 && std::chrono::steady_clock::now() < until) {
    std::ifstream stat("/proc/" + std::to_string(orphan) + "/stat");
    std::string text;
    std::getline(stat, text);
    if (text.find(") Z ") != std::string::npos) break;
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  }
  std::ifstream stat("/proc/" + std::to_string(orphan) + "/stat");
  std::string text;
  std::getline(stat, text);
  EXPECT_TRUE(text.empty() || text.find(") Z ") != std::string::npos) << text;
}

}  // namespace
