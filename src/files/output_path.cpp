// Output paths checked before the run. See output_path.hpp.
#include "files/output_path.hpp"

#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <filesystem>

namespace smallscope::files {

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

}  // namespace smallscope::files
