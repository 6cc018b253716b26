// Output paths checked before the run. See output_path.hpp.
#include "files/output_path.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cstdio>

#include <cerrno>
#include <cstring>
#include <filesystem>

namespace smallscope::files {

namespace {

// What makes two paths one file: its device and inode when it exists, else its resolved path.
struct file_identity {
  bool exists = false;
  dev_t device = 0;
  ino_t inode = 0;
  std::string path;
  bool operator==(const file_identity& o) const {
    return exists == o.exists && (exists ? device == o.device && inode == o.inode : path == o.path);
  }
};

file_identity identity_of(const std::string& path) {
  file_identity id;
  struct stat info {};
  if (::stat(path.c_str(), &info) == 0) {
    id.exists = true;
    id.device = info.st_dev;
    id.inode = info.st_ino;
    return id;
  }
  std::error_code ec;
  id.path = std::filesystem::weakly_canonical(std::filesystem::absolute(path, ec), ec).string();
  if (ec) id.path = path;
  return id;
}

bool named(const named_file& f) { return !f.path.empty() && f.path != "-"; }

}  // namespace

std::string clashing_files(const std::vector<named_file>& inputs, const std::vector<named_file>& outputs) {
  for (std::size_t i = 0; i < outputs.size(); ++i) {
    if (!named(outputs[i])) continue;
    const file_identity out = identity_of(outputs[i].path);
    for (const named_file& in : inputs)
      if (named(in) && identity_of(in.path) == out)
        return outputs[i].option + " '" + outputs[i].path + "' is the same file as " + in.option + " '" + in.path +
               "', which the run reads: writing it would destroy the input; give the output another path";
    for (std::size_t j = 0; j < i; ++j)
      if (named(outputs[j]) && identity_of(outputs[j].path) == out)
        return outputs[j].option + " '" + outputs[j].path + "' and " + outputs[i].option + " '" + outputs[i].path +
               "' are one file: one output would overwrite the other; give each its own path";
  }
  return {};
}

std::string unwritable(const std::string& path) {
  if (path.empty()) return "is empty: give a file name";
  struct stat info {};
  if (::stat(path.c_str(), &info) == 0) {
    if (S_ISDIR(info.st_mode)) return "is a directory";
    if (::access(path.c_str(), W_OK) != 0) return std::string("cannot be written: ") + std::strerror(errno);
    return {};
  }
  if (errno != ENOENT) return std::string("cannot be written: ") + std::strerror(errno);
  std::filesystem::path dir = std::filesystem::path(path).parent_path();
  if (dir.empty()) dir = ".";
  if (::stat(dir.c_str(), &info) != 0 || !S_ISDIR(info.st_mode))
    return "cannot be made: its directory '" + dir.string() + "' does not exist";
  if (::access(dir.c_str(), W_OK | X_OK) != 0)
    return "cannot be made in '" + dir.string() + "': " + std::strerror(errno);
  return {};
}

int open_for_writing(const std::string& path, bool truncate) {
  const int fd = ::open(path.c_str(), O_WRONLY | O_CREAT | O_CLOEXEC | O_NONBLOCK | (truncate ? O_TRUNC : 0), 0644);
  if (fd < 0) return -1;
  const int flags = ::fcntl(fd, F_GETFL);
  if (flags < 0 || ::fcntl(fd, F_SETFL, flags & ~O_NONBLOCK) != 0) {
    const int error = errno;
    ::close(fd);
    errno = error;
    return -1;
  }
  return fd;
}

std::string open_failure(int error) {
  if (error == ENXIO) return "is a FIFO that no process reads: start its reader first, or give a file";
  return std::string("cannot be written: ") + std::strerror(error);
}

bool write_atomically(const std::string& path, const std::string& text) {
  const std::string beside = path + ".partial";
  const int fd = ::open(beside.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
  bool ok = fd >= 0;
  for (std::size_t at = 0; ok && at < text.size();) {
    const auto n = ::write(fd, text.data() + at, text.size() - at);
    if (n <= 0) ok = false;
    else at += static_cast<std::size_t>(n);
  }
  if (ok) ok = ::fsync(fd) == 0;
  if (fd >= 0) ::close(fd);
  if (ok && std::rename(beside.c_str(), path.c_str()) == 0) return true;
  ::unlink(beside.c_str());
  return false;
}

}  // namespace smallscope::files
