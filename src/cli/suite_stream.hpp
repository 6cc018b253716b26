// gen --suite, streamed (issue: never lose work): the structure lines go to a file beside the
// suite (SUITE.structures) as the search finds them, a chunk at a time, so the run holds one
// chunk per worker in memory however large the suite. At the end the suite is written in place,
// its header (which counts the lines, so it comes last) and the lines, and the file beside
// removed. A checkpoint records the lines so far (count, bytes and a hash of their tail): a
// resumed run cuts the file beside back to them and goes on. A suite that is not a regular file
// (a device, a FIFO) gets nothing beside it: its lines wait in an anonymous temporary file.
#pragma once

#include <cstdint>
#include <cstdio>
#include <optional>
#include <string>

#include "cli/numbered_text.hpp"

namespace smallscope::cli {

struct suite_lines_point {
  std::uint64_t count = 0;  // structure lines
  std::uint64_t bytes = 0;
  std::uint64_t tail = 0;   // output_tail_hash of those bytes
};

// Where the lines of `--suite path` wait while the run goes: path + ".structures", or empty when
// the suite is not a regular file. An output of the run as much as the suite itself.
std::string suite_lines_path(const std::string& path);

class suite_stream {
 public:
  // Opens SUITE.structures: empty, or cut back to `resume` (a usage_error when it holds less, or
  // other bytes, than the checkpoint says).
  suite_stream(std::string path, const std::optional<suite_lines_point>& resume);
  ~suite_stream();
  suite_stream(const suite_stream&) = delete;
  suite_stream& operator=(const suite_stream&) = delete;

  // Numbers the lines on from the count so far and writes them; empties `lines`. An
  // output_error naming --suite when the write fails.
  void append(numbered_text& lines);
  // Flushed and synced: what a checkpoint records.
  suite_lines_point sync();
  std::uint64_t count() const { return count_; }
  // Writes the suite: `header` (its line, newline included) and the lines. `keep_lines`: the
  // file beside stays (a checkpoint goes on from it); otherwise it is removed once the suite is
  // whole. When the write fails, the suite is cut to nothing (no header claims lines that do
  // not follow) and the file beside stays: an output_error that names it.
  void finish(const std::string& header, bool keep_lines);

 private:
  std::string path_;
  std::string lines_path_;
  std::FILE* file_ = nullptr;
  std::uint64_t count_ = 0;
  std::string buffer_;
};

}  // namespace smallscope::cli
