// Writing to stdout and stderr without throwing: a failed write (a full disk, a closed pipe
// with SIGPIPE ignored) is remembered and ends the run with exit code 3, "output error",
// instead of an exception escaping a diagnostic or a silent exit code 0.
#pragma once

#include <fcntl.h>
#include <sys/resource.h>
#include <fmt/format.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <stdexcept>
#include <string>
#include <string_view>
#include <utility>

#include "files/output_path.hpp"

namespace smallscope::cli {

// Exit codes of the command line.
inline constexpr int exit_done = 0;
inline constexpr int exit_findings = 1;
inline constexpr int exit_bad_input = 2;
inline constexpr int exit_output_error = 3;
inline constexpr int exit_out_of_memory = 4;  // or workers killed from outside, again and again
inline constexpr int exit_interrupted = 130;

// What ran out when an allocation failed, for "error: out of memory<this>": the address-space
// limit (`ulimit -v`) when one is set, else the machine's memory.
inline std::string memory_limit_text() {
  rlimit limit{};
  if (::getrlimit(RLIMIT_AS, &limit) == 0 && limit.rlim_cur != RLIM_INFINITY)
    return fmt::format(" (the address-space limit, ulimit -v, is {} MiB)", limit.rlim_cur >> 20);
  return " (the machine's memory)";
}

// stdout could not be written: the run stops; printed as "error: <what>", exit code 3.
class output_error : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// write_out writes to stdout and flush_out flushes it; they throw output_error when that fails.
// write_err and flush_err do the same for stderr; a failure there is remembered (see
// stderr_failed), never thrown. escaped(text) is `text` with its non-printable bytes (control
// characters, bytes >= 0x7f) and backslashes as \xNN, for echoing user input in messages.

namespace detail_output {

inline bool err_failed = false;
// What stdout is, for messages: "stdout", or "--output 'PATH'" once gen sends it to a file.
inline std::string out_name = "stdout";

inline std::string out_failure(int error) {
  return fmt::format("cannot write to {}: {}", out_name, error != 0 ? std::strerror(error) : "write error");
}

}  // namespace detail_output

inline void write_out(std::string_view text) {
  if (text.empty()) return;
  errno = 0;
  if (std::fwrite(text.data(), 1, text.size(), stdout) != text.size() || std::ferror(stdout) != 0)
    throw output_error(detail_output::out_failure(errno));
}

inline void flush_out() {
  errno = 0;
  if (std::fflush(stdout) != 0 || std::ferror(stdout) != 0) throw output_error(detail_output::out_failure(errno));
}

inline void write_err(std::string_view text) {
  if (text.empty() || detail_output::err_failed) return;
  if (std::fwrite(text.data(), 1, text.size(), stderr) != text.size() || std::ferror(stderr) != 0)
    detail_output::err_failed = true;
}

inline void flush_err() {
  if (std::fflush(stderr) != 0 || std::ferror(stderr) != 0) detail_output::err_failed = true;
}

inline bool stderr_failed() { return detail_output::err_failed; }

// Writes `text` to the file at `path` (an option's output: --report, --suite, ...); a file that
// cannot be written is an output_error naming the option (exit code 3).
inline void write_file(const std::string& option, const std::string& path, const std::string& text);

// Writes `text` to `path` through PATH.partial, synced and renamed over `path`: a reader sees the
// old file or the new one, never a part (checkpoints, caches). An output_error naming the option
// when it cannot.
inline void write_file_atomically(const std::string& option, const std::string& path, const std::string& text) {
  if (!files::write_atomically(path, text)) throw output_error(fmt::format("{}: cannot write '{}'", option, path));
}

// The same, for a run that goes on after a file it could not write (check's reproducers and
// findings): prints "error: <option>: cannot write '<path>'" on stderr and returns false.
inline bool write_file_or_report(const std::string& option, const std::string& path, const std::string& text);

// `text` as one word of a POSIX shell command: as it is when it holds only characters no shell
// reads specially, else in single quotes ('it'\''s'), or as $'...' with escapes when it holds a
// control character (a newline would end a pasted command).
inline std::string shell_word(std::string_view text) {
  const auto plain = [](char c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
           std::string_view("_-./:=,+@%").find(c) != std::string_view::npos;
  };
  bool all_plain = !text.empty();
  bool control = false;
  for (const char c : text) {
    all_plain = all_plain && plain(c);
    control = control || static_cast<unsigned char>(c) < 0x20 || c == 0x7f;
  }
  if (all_plain) return std::string(text);
  std::string out;
  if (control) {
    out = "$'";
    for (const char c : text) {
      const auto b = static_cast<unsigned char>(c);
      if (c == '\\' || c == '\'') out += std::string("\\") + c;
      else if (c == '\n') out += "\\n";
      else if (c == '\t') out += "\\t";
      else if (b < 0x20 || b == 0x7f) out += fmt::format("\\x{:02x}", b);
      else out += c;
    }
    return out + "'";
  }
  out = "'";
  for (const char c : text) out += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return out + "'";
}

inline std::string escaped(std::string_view text) {
  std::string shown;
  for (const char c : text) {
    const auto b = static_cast<unsigned char>(c);
    if (b < 0x20 || b >= 0x7f || c == '\\')
      shown += fmt::format("\\x{:02x}", b);
    else
      shown += c;
  }
  return shown;
}

namespace detail_output {

// Empty when `text` was written to `path`; else what went wrong.
inline std::string write_failure(const std::string& option, const std::string& path, const std::string& text) {
  const int fd = files::open_for_writing(path);
  if (fd < 0) return fmt::format("{}: '{}' {}", option, escaped(path), files::open_failure(errno));
  errno = 0;
  bool ok = true;
  for (std::size_t at = 0; ok && at < text.size();) {
    const auto n = ::write(fd, text.data() + at, text.size() - at);
    if (n > 0) at += static_cast<std::size_t>(n);
    else if (n < 0 && errno == EINTR) continue;
    else ok = false;
  }
  const int error = errno;
  if (::close(fd) != 0 && ok) ok = false;
  if (ok) return {};
  return fmt::format("{}: cannot write '{}'{}", option, escaped(path),
                     error != 0 ? fmt::format(" ({})", std::strerror(error)) : "");
}

}  // namespace detail_output

inline void write_file(const std::string& option, const std::string& path, const std::string& text) {
  const std::string failure = detail_output::write_failure(option, path, text);
  if (!failure.empty()) throw output_error(failure);
}

inline bool write_file_or_report(const std::string& option, const std::string& path, const std::string& text) {
  const std::string failure = detail_output::write_failure(option, path, text);
  if (!failure.empty()) write_err("error: " + failure + "\n");
  return failure.empty();
}

template <class... T>
void out(fmt::format_string<T...> f, T&&... args) {
  write_out(fmt::format(f, std::forward<T>(args)...));
}

template <class... T>
void err(fmt::format_string<T...> f, T&&... args) {
  write_err(fmt::format(f, std::forward<T>(args)...));
}

}  // namespace smallscope::cli
