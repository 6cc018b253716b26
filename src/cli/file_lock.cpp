// One run per output file. See file_lock.hpp.
#include "cli/file_lock.hpp"

#include <fcntl.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fmt/format.h>

#include "cli/commands.hpp"
#include "cli/output.hpp"

namespace smallscope::cli {

namespace {

namespace fs = std::filesystem;

// The file `path` names, symbolic links followed (a link to a file not made yet too), as an
// absolute path: two names of one file get one lock file.
std::string resolved(const std::string& path) {
  std::error_code ec;
  fs::path p = path;
  for (int i = 0; i < 40 && fs::is_symlink(fs::symlink_status(p, ec)); ++i) {
    const fs::path target = fs::read_symlink(p, ec);
    if (ec) break;
    p = target.is_absolute() ? target : p.parent_path() / target;
  }
  const fs::path whole = fs::weakly_canonical(fs::absolute(p, ec), ec);
  return ec ? path : whole.string();
}

}  // namespace

file_lock::file_lock(const std::string& option, const std::string& path, kind k) {
  if (path.empty() || path == "-") return;
  // A device, a FIFO or a pipe (/dev/stdout, /dev/null): a stream, not a file a run could spoil
  // for another; nothing to lock, and no lock file beside it.
  if (struct stat named {}; ::stat(path.c_str(), &named) == 0 && !S_ISREG(named.st_mode) && !S_ISDIR(named.st_mode))
    return;
  const std::string file = resolved(path);
  file_path_ = file;
  lock_path_ = file + ".lock";
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
  // The file itself: a hard link (another name of the same inode) is caught. An output not there
  // yet is made now, so that a link made to it while the run writes it finds its lock.
  file_fd_ = ::open(file.c_str(), O_RDONLY | O_CLOEXEC | O_NONBLOCK);  // never waits on a FIFO
  if (file_fd_ < 0 && errno == ENOENT && k == kind::written) {
    file_fd_ = ::open(file.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0644);
    made_ = file_fd_ >= 0;
  }
  struct stat info {};
  if (file_fd_ >= 0 && (::fstat(file_fd_, &info) != 0 || !S_ISREG(info.st_mode))) {
    ::close(file_fd_);  // a device or a FIFO (/dev/stdout): nothing to lock
    file_fd_ = -1;
  }
  if (file_fd_ >= 0 && ::flock(file_fd_, LOCK_EX | LOCK_NB) != 0) {
    ::close(file_fd_);
    file_fd_ = -1;
    if (made_) ::unlink(file.c_str());
    made_ = false;
    ::unlink(lock_path_.c_str());  // this name's lock file, made just now: give it back
    ::close(fd_);
    fd_ = -1;
    lock_path_.clear();
    throw usage_error(fmt::format("{}: '{}' is in use by another run (the same file under another name); wait for "
                                  "that run to end, or give another file",
                                  option, escaped(path)));
  }
  const std::string pid = std::to_string(::getpid()) + "\n";
  if (::ftruncate(fd_, 0) != 0 || ::pwrite(fd_, pid.data(), pid.size(), 0) != static_cast<ssize_t>(pid.size())) {
    // The lock holds without the PID; a second run then names no holder.
  }
}

file_lock::~file_lock() {
  // Made by the lock and never written (the run stopped before its output): not left behind.
  if (struct stat info {}; made_ && ::fstat(file_fd_, &info) == 0 && info.st_size == 0 && info.st_nlink > 0)
    ::unlink(file_path_.c_str());
  if (file_fd_ >= 0) ::close(file_fd_);
  if (fd_ < 0) return;
  ::unlink(lock_path_.c_str());  // while still held: a run that opened it before sees it taken
  ::close(fd_);
}

}  // namespace smallscope::cli
