// Input files, regular ones only. See input_file.hpp.
#include "files/input_file.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <stdexcept>

namespace smallscope::files {

std::string unreadable(const std::string& path) {
  struct stat info {};
  if (::stat(path.c_str(), &info) != 0)
    return errno == ENOENT ? "does not exist" : std::string("cannot be read: ") + std::strerror(errno);
  if (S_ISDIR(info.st_mode)) return "is a directory";
  if (!S_ISREG(info.st_mode)) return "is not a regular file (a device, a FIFO or a socket)";
  if (::access(path.c_str(), R_OK) != 0) return std::string("cannot be read: ") + std::strerror(errno);
  return {};
}

void require_readable(const std::string& path) {
  const std::string why = unreadable(path);
  if (!why.empty()) throw std::invalid_argument(path + ": " + why);
}

std::string read_all(const std::string& path) {
  require_readable(path);
  const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) throw std::invalid_argument(path + ": cannot be read: " + std::strerror(errno));
  struct stat info {};
  if (::fstat(fd, &info) != 0 || !S_ISREG(info.st_mode)) {  // replaced since the check
    ::close(fd);
    throw std::invalid_argument(path + ": is not a regular file (a device, a FIFO or a socket)");
  }
  std::string text;
  text.reserve(static_cast<std::size_t>(info.st_size));
  char chunk[1 << 16];
  while (true) {
    const ssize_t n = ::read(fd, chunk, sizeof chunk);
    if (n > 0) {
      text.append(chunk, static_cast<std::size_t>(n));
      continue;
    }
    if (n < 0 && errno == EINTR) continue;
    const int error = errno;
    ::close(fd);
    if (n < 0) throw std::invalid_argument(path + ": cannot be read: " + std::strerror(error));
    return text;
  }
}

}  // namespace smallscope::files
