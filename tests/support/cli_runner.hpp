// Support code for the end-to-end tests of the `smallscope` binary (tests/cli/): running the
// binary named by SMALLSCOPE_BINARY with fixed arguments and capturing its exit code, stdout and
// stderr; splitting its output into lines and words; one JSON object per line (what the output
// promises), read with nlohmann::json, as members' texts or as the last stdout line's document.
// Failures to run the binary and unexpected exit codes are reported through GoogleTest
// (ADD_FAILURE, EXPECT_*).
#pragma once

#include <nlohmann/json.hpp>

#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace cli_runner {

// An unnamed temporary file that receives one output stream of a child process.
class capture_file {
 public:
  capture_file();
  capture_file(const capture_file&) = delete;
  capture_file& operator=(const capture_file&) = delete;
  ~capture_file();
  int fd() const { return fd_; }
  // Everything written to it so far.
  std::string contents() const;

 private:
  int fd_ = -1;
};

// What one run of the binary did.
struct result {
  int exit_code = -1;  // the exit status, or 128 + signal number if the process was killed
  std::string out;
  std::string err;
};

// The top-level members of a JSON object, each as its JSON text with the whitespace outside
// strings removed: {"fin": [3, 3]} gives fin -> "[3,3]", {"subject":"X"} gives subject -> "\"X\"".
using json_object = std::map<std::string, std::string>;

// Returns what `smallscope ARGS...` (stdin from /dev/null, no shell) printed and its exit code.
result run(const std::vector<std::string>& args);
// The same for another program (smallscope-branches).
result run_program(const std::string& program, const std::vector<std::string>& args);

// Returns the command and what it printed, for failure messages.
std::string shown(const std::vector<std::string>& args, const result& r);

// Returns the lines of `text`, without their '\n'.
std::vector<std::string> lines(const std::string& text);

// Returns whether `part` occurs in `text`.
bool contains(std::string_view text, std::string_view part);

// Returns the words of a line, split at spaces.
std::vector<std::string> words(const std::string& line);

// Returns whether some line of `text` consists of exactly these words (extra spaces aside).
bool has_line(const std::string& text, const std::vector<std::string>& expected);

// Returns whether `text` is exactly one decimal integer that fits in a long long.
bool is_integer(std::string_view text);

// Returns the members of `text` if it is exactly one JSON object (RFC 8259), else nothing.
std::optional<json_object> parse_json_object(std::string_view text);

// The last line of `out` (a command's --stats json line) as JSON; a discarded value unless it is
// one JSON object.
nlohmann::json last_line_json(const std::string& out);

// Returns whether `raw` is one JSON number.
bool is_json_number(const std::string& raw);

// Returns the statistics object of the last stdout line of `smallscope gen ARGS... --stats json
// -q` (empty if there is none); expects exit code 0 and nothing on stderr.
json_object gen_stats(std::vector<std::string> args);

// Returns the structure lines ("N: ...") of `smallscope gen GEN_ARGS... --print --threads 1`
// (in the search's order), without the statistics line; expects exit code 0.
std::vector<std::string> text_structures(const std::vector<std::string>& gen_args);

// A --findings file of check or merge: its header line (what made it, whether complete, how many
// findings) and the findings. The header is a discarded value when the first line is not a
// findings header or its count is not the number of findings that follow.
struct findings_file {
  nlohmann::json header;
  std::vector<nlohmann::json> findings;
};
findings_file read_findings(const std::string& path);

}  // namespace cli_runner
