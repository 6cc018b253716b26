// gen --suite, streamed. See suite_stream.hpp.
#include "cli/suite_stream.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <fmt/format.h>

#include <cerrno>
#include <cstdio>
#include <cstring>

#include "cli/output.hpp"
#include "cli/scale.hpp"
#include "isolate/child.hpp"

namespace smallscope::cli {

namespace {

// Whether `path` names something other than a regular file (a device, a FIFO): nothing is put
// beside it, and it is written in place.
bool special(const std::string& path) {
  struct stat info {};
  return ::stat(path.c_str(), &info) == 0 && !S_ISREG(info.st_mode);
}

}  // namespace

std::string suite_lines_path(const std::string& path) {
  return path.empty() || special(path) ? std::string() : path + ".structures";
}

suite_stream::suite_stream(std::string path, const std::optional<suite_lines_point>& resume)
    : path_(std::move(path)), lines_path_(suite_lines_path(path_)) {
  if (lines_path_.empty()) {
    // /dev/stdout, a FIFO: the lines wait in an anonymous file, which no checkpoint can name.
    if (resume)
      throw usage_error(fmt::format("--suite: '{}' is not a regular file, so the lines of the checkpoint's run were "
                                    "not kept beside it; give a file, or delete the checkpoint to start afresh",
                                    path_));
    file_ = std::tmpfile();
  } else if (resume) {
    struct stat info {};
    if (::stat(lines_path_.c_str(), &info) != 0 || static_cast<std::uint64_t>(info.st_size) < resume->bytes ||
        output_tail_hash(lines_path_, resume->bytes) != resume->tail)
      throw usage_error(fmt::format("--suite: '{}' does not hold the {} structures the checkpoint's run wrote to it; "
                                    "give that run's --suite, or delete the checkpoint to start afresh",
                                    lines_path_, resume->count));
    file_ = std::fopen(lines_path_.c_str(), "r+");
    if (file_ != nullptr &&
        (::ftruncate(::fileno(file_), static_cast<off_t>(resume->bytes)) != 0 || std::fseek(file_, 0, SEEK_END) != 0)) {
      std::fclose(file_);
      file_ = nullptr;
    }
    count_ = resume->count;
  } else {
    file_ = std::fopen(lines_path_.c_str(), "w+");
  }
  if (file_ == nullptr)
    throw output_error(fmt::format("--suite: cannot write '{}'", lines_path_.empty() ? path_ : lines_path_));
}

suite_stream::~suite_stream() {
  if (file_ != nullptr) std::fclose(file_);
}

void suite_stream::append(numbered_text& lines) {
  buffer_.clear();
  lines.move_to(buffer_, count_);
  if (!buffer_.empty() && std::fwrite(buffer_.data(), 1, buffer_.size(), file_) != buffer_.size())
    throw output_error(fmt::format("--suite: cannot write '{}'", lines_path_.empty() ? path_ : lines_path_));
}

suite_lines_point suite_stream::sync() {
  if (std::fflush(file_) != 0 || ::fsync(::fileno(file_)) != 0)
    throw output_error(fmt::format("--suite: cannot write '{}'", lines_path_.empty() ? path_ : lines_path_));
  const long at = std::ftell(file_);
  const std::uint64_t bytes = at > 0 ? static_cast<std::uint64_t>(at) : 0;
  return {count_, bytes, lines_path_.empty() ? 0 : output_tail_hash(lines_path_, bytes)};
}

void suite_stream::finish(const std::string& header, bool keep_lines) {
  const suite_lines_point end = sync();
  // Written in place, as every output of a run: a device or a FIFO stays what it is.
  errno = 0;
  const int out = files::open_for_writing(path_);
  bool ok = out >= 0 && detail::write_whole(out, header.data(), header.size());
  char chunk[1 << 16];
  for (std::uint64_t at = 0; ok && at < end.bytes;) {
    const auto n = ::pread(::fileno(file_), chunk, sizeof chunk, static_cast<off_t>(at));
    if (n <= 0) {
      ok = false;
      break;
    }
    ok = detail::write_whole(out, chunk, static_cast<std::size_t>(n));
    at += static_cast<std::uint64_t>(n);
  }
  if (ok && ::fsync(out) != 0 && errno != EINVAL && errno != EROFS) ok = false;
  const int error = ok ? 0 : errno;
  // A header that counts lines which do not follow would be read as a whole suite: cut it.
  if (!ok && out >= 0 && !special(path_)) (void)::ftruncate(out, 0);
  if (out >= 0 && ::close(out) != 0 && ok) ok = false;
  if (!ok)
    throw output_error(fmt::format("--suite: {}{}", out < 0 ? fmt::format("'{}' {}", escaped(path_), files::open_failure(error))
                                   : fmt::format("cannot write '{}'{}", escaped(path_),
                                                 error != 0 ? fmt::format(" ({})", std::strerror(error)) : ""),
                                   lines_path_.empty()
                                       ? std::string()
                                       : fmt::format("; its {} structures are kept in '{}'", end.count,
                                                     escaped(lines_path_))));
  if (!keep_lines) {
    std::fclose(file_);
    file_ = nullptr;
    if (!lines_path_.empty()) ::unlink(lines_path_.c_str());
  }
}

}  // namespace smallscope::cli
