// A running `smallscope ARGS...` for the end-to-end tests that signal it, kill it or watch its
// output as it runs (cli_faults_test.cpp, cli_scale_test.cpp).
#pragma once

#include <fcntl.h>
#include <gtest/gtest.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <fstream>
#include <optional>
#include <string>
#include <thread>
#include <vector>

#include "support/cli_runner.hpp"

namespace cli_child {

// The children of `pid` (its only thread's children).
inline std::vector<pid_t> children_of(pid_t pid) {
  std::ifstream in("/proc/" + std::to_string(pid) + "/task/" + std::to_string(pid) + "/children");
  std::vector<pid_t> found;
  for (pid_t c; in >> c;) found.push_back(c);
  return found;
}


// Where the child's stdout goes.
enum class sink {
  file,          // a temporary file (captured)
  full,          // /dev/full: every write fails with ENOSPC
  closed_pipe,   // a pipe whose reader is gone, with SIGPIPE ignored: writes fail with EPIPE
};

using capture = cli_runner::capture_file;

// Whether the child leads a process group of its own (as a shell's job does), so that a signal
// can go to it and every process it forks, as a terminal's Ctrl-C or `timeout` sends it.
enum class group { parent, own };

// A running `smallscope ARGS...` (stdin /dev/null), its stdout and stderr captured or redirected.
class child {
 public:
  child(const std::vector<std::string>& args, sink out = sink::file, sink err = sink::file,
        group g = group::parent) {
    std::vector<char*> argv;
    argv.push_back(const_cast<char*>(SMALLSCOPE_BINARY));
    for (const auto& a : args) argv.push_back(const_cast<char*>(a.c_str()));
    argv.push_back(nullptr);
    int pipe_fds[2] = {-1, -1};
    if (out == sink::closed_pipe && pipe(pipe_fds) != 0) ADD_FAILURE() << "pipe failed";
    const auto target = [&](sink s, const capture& c) {
      if (s == sink::full) return open("/dev/full", O_WRONLY);
      if (s == sink::closed_pipe) return pipe_fds[1];
      return c.fd();
    };
    const int out_fd = target(out, out_);
    const int err_fd = target(err, err_);
    pid_ = fork();
    if (pid_ == 0) {
      if (g == group::own) setpgid(0, 0);
      const int in = open("/dev/null", O_RDONLY);
      dup2(in, STDIN_FILENO);
      dup2(out_fd, STDOUT_FILENO);
      dup2(err_fd, STDERR_FILENO);
      if (out == sink::closed_pipe) {
        close(pipe_fds[0]);
        signal(SIGPIPE, SIG_IGN);  // inherited through exec
      }
      execv(SMALLSCOPE_BINARY, argv.data());
      _exit(127);
    }
    if (g == group::own) setpgid(pid_, pid_);  // either side may run first
    if (out == sink::full) close(out_fd);
    if (err == sink::full) close(err_fd);
    if (out == sink::closed_pipe) {
      close(pipe_fds[0]);  // no reader: the child's writes fail
      close(pipe_fds[1]);
    }
  }
  child(const child&) = delete;
  child& operator=(const child&) = delete;
  ~child() {
    if (pid_ > 0 && !exit_code_) {
      kill(pid_, SIGKILL);
      waitpid(pid_, nullptr, 0);
    }
  }

  pid_t pid() const { return pid_; }
  std::string out() const { return out_.contents(); }
  std::string err() const { return err_.contents(); }

  // Waits for the exit code (128 + signal if killed); kills the child after `seconds`.
  int wait(double seconds = 60) {
    if (exit_code_) return *exit_code_;
    const auto until = std::chrono::steady_clock::now() + std::chrono::duration<double>(seconds);
    int status = 0;
    while (waitpid(pid_, &status, WNOHANG) == 0) {
      if (std::chrono::steady_clock::now() > until) {
        ADD_FAILURE() << "the child did not end within " << seconds << " s; killed";
        kill(pid_, SIGKILL);
        waitpid(pid_, &status, 0);
        break;
      }
      std::this_thread::sleep_for(std::chrono::milliseconds(10));
    }
    exit_code_ = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
    return *exit_code_;
  }

  // Waits until `ready(stderr so far)` holds; false if the child ended first or after `seconds`.
  template <class F>
  bool wait_for_err(F ready, double seconds = 60) {
    return wait_for([&] { return ready(err()); }, seconds);
  }
  // The same for stdout.
  template <class F>
  bool wait_for_out(F ready, double seconds = 60) {
    return wait_for([&] { return ready(out()); }, seconds);
  }

 private:
  template <class F>
  bool wait_for(F ready, double seconds) {
    const auto until = std::chrono::steady_clock::now() + std::chrono::duration<double>(seconds);
    while (std::chrono::steady_clock::now() < until) {
      if (ready()) return true;
      int status = 0;
      if (waitpid(pid_, &status, WNOHANG) == pid_) {
        exit_code_ = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
        return ready();
      }
      std::this_thread::sleep_for(std::chrono::milliseconds(10));
    }
    return false;
  }

  capture out_, err_;
  pid_t pid_ = -1;
  std::optional<int> exit_code_;
};

inline std::string describe(const std::vector<std::string>& args, child& c) {
  std::string command = "smallscope";
  for (const auto& a : args) command += " '" + a + "'";
  return command + "\n--- stdout:\n" + c.out() + "--- stderr:\n" + c.err();
}

}  // namespace cli_child
