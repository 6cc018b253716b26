// One run per output file. See file_lock.hpp.
#include "cli/file_lock.hpp"

#include <fcntl.h>
#include <sys/file.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <fmt/format.h>

#include "cli/commands.hpp"
#include "cli/output.hpp"

namespace smallscope::cli {

file_lock::file_lock(const std::string& option, const std::string& path) {
  if (path.empty() || path == "-") return;
  lock_path_ = path + ".lock";
  fd_ = ::open(lock_path_.c_str(), O_RDWR | O_CREAT | O_CLOEXEC, 0644);
  if (fd_ < 0)
    throw usage_error(fmt::format("{}: cannot make the lock file '{}' ({}); give a file in a directory that can be written",
                                  option, escaped(lock_path_), std::strerror(errno)));
  if (::flock(fd_, LOCK_EX | LOCK_NB) != 0) {
    char text[32] = {};
    const auto n = ::pread(fd_, text, sizeof text - 1, 0);
    ::close(fd_);
    fd_ = -1;
    std::string holder(text, n > 0 ? static_cast<std::size_t>(n) : 0);
    while (!holder.empty() && (holder.back() == '\n' || holder.back() == ' ')) holder.pop_back();
    lock_path_.clear();
    throw usage_error(fmt::format("{}: '{}' is in use by process {} (another run writes it); wait for that run to end, "
                                  "or give another file",
                                  option, escaped(path), holder.empty() ? std::string("unknown") : holder));
  }
  const std::string pid = std::to_string(::getpid()) + "\n";
  if (::ftruncate(fd_, 0) != 0 || ::pwrite(fd_, pid.data(), pid.size(), 0) != static_cast<ssize_t>(pid.size())) {
    // The lock holds without the PID; a second run then names no holder.
  }
}

file_lock::~file_lock() {
  if (fd_ < 0) return;
  ::unlink(lock_path_.c_str());  // while still held: a run that opened it before sees it taken
  ::close(fd_);
}

}  // namespace smallscope::cli
