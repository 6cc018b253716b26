// Support code for the end-to-end tests of the `smallscope` binary; see cli_runner.hpp.
#include "support/cli_runner.hpp"

#include <fcntl.h>
#include <gtest/gtest.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cctype>
#include <cerrno>
#include <charconv>
#include <cstddef>
#include <fstream>
#include <cstdlib>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <system_error>
#include <vector>

extern char** environ;

namespace cli_runner {

capture_file::capture_file() {
  char name[] = "/tmp/smallscope_cli_test_XXXXXX";
  fd_ = mkstemp(name);
  if (fd_ >= 0) unlink(name);
}

capture_file::~capture_file() {
  if (fd_ >= 0) close(fd_);
}

std::string capture_file::contents() const {
  std::string text;
  char buffer[4096];
  for (off_t at = 0;;) {
    const ssize_t n = pread(fd_, buffer, sizeof buffer, at);
    if (n <= 0) return text;
    text.append(buffer, static_cast<std::size_t>(n));
    at += n;
  }
}

// Runs `smallscope ARGS...` with stdin from /dev/null and returns what it printed and its exit
// code. The arguments go to the process as they are; no shell is involved.
result run(const std::vector<std::string>& args) { return run_program(SMALLSCOPE_BINARY, args); }

result run_program(const std::string& program, const std::vector<std::string>& args) {
  capture_file out, err;
  if (out.fd() < 0 || err.fd() < 0) {
    ADD_FAILURE() << "cannot create a temporary file";
    return {};
  }
  std::vector<char*> argv;
  argv.push_back(const_cast<char*>(program.c_str()));
  for (const auto& a : args) argv.push_back(const_cast<char*>(a.c_str()));
  argv.push_back(nullptr);

  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_addopen(&actions, STDIN_FILENO, "/dev/null", O_RDONLY, 0);
  posix_spawn_file_actions_adddup2(&actions, out.fd(), STDOUT_FILENO);
  posix_spawn_file_actions_adddup2(&actions, err.fd(), STDERR_FILENO);
  pid_t pid = 0;
  const int spawned = posix_spawn(&pid, program.c_str(), &actions, nullptr, argv.data(), environ);
  posix_spawn_file_actions_destroy(&actions);
  if (spawned != 0) {
    ADD_FAILURE() << "cannot run " << program << ": error " << spawned;
    return {};
  }
  int status = 0;
  while (waitpid(pid, &status, 0) < 0 && errno == EINTR) {
  }
  result r;
  r.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
  r.out = out.contents();
  r.err = err.contents();
  return r;
}

// The command and what it printed, for failure messages.
std::string shown(const std::vector<std::string>& args, const result& r) {
  std::string command = "smallscope";
  for (const auto& a : args) command += " '" + a + "'";
  return command + "\nexit code " + std::to_string(r.exit_code) + "\n--- stdout:\n" + r.out +
         "--- stderr:\n" + r.err;
}

std::vector<std::string> lines(const std::string& text) {
  std::vector<std::string> out;
  std::size_t begin = 0;
  while (begin < text.size()) {
    const auto end = text.find('\n', begin);
    out.push_back(text.substr(begin, end == std::string::npos ? std::string::npos : end - begin));
    if (end == std::string::npos) break;
    begin = end + 1;
  }
  return out;
}

bool contains(std::string_view text, std::string_view part) { return text.find(part) != std::string_view::npos; }

// The words of a line, split at spaces.
std::vector<std::string> words(const std::string& line) {
  std::vector<std::string> out;
  for (std::size_t at = line.find_first_not_of(' '); at != std::string::npos; at = line.find_first_not_of(' ', at)) {
    const auto end = line.find(' ', at);
    out.push_back(line.substr(at, end - at));
    at = end;
  }
  return out;
}

// Whether some line of `text` consists of exactly these words (extra spaces aside).
bool has_line(const std::string& text, const std::vector<std::string>& expected) {
  for (const auto& line : lines(text))
    if (words(line) == expected) return true;
  return false;
}

bool is_integer(std::string_view text) {
  long long v = 0;
  const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), v);
  return !text.empty() && ec == std::errc() && end == text.data() + text.size();
}

std::optional<json_object> parse_json_object(std::string_view text) {
  const nlohmann::json j = nlohmann::json::parse(text, nullptr, false);  // RFC 8259, strict
  if (!j.is_object()) return std::nullopt;                              // also: not JSON at all
  json_object members;
  for (const auto& [name, value] : j.items()) members[name] = value.dump();
  return members;
}

bool is_json_number(const std::string& raw) {
  return !raw.empty() && (raw[0] == '-' || std::isdigit(static_cast<unsigned char>(raw[0]))) &&
         parse_json_object("{\"n\":" + raw + "}").has_value();
}

// Runs `smallscope gen ARGS... --stats json -q`, expects exit code 0 and nothing on stderr, and
// returns the statistics object of the last line of stdout (empty if there is none).
json_object gen_stats(std::vector<std::string> args) {
  args.insert(args.begin(), "gen");
  args.insert(args.end(), {"--stats", "json", "-q"});
  const result r = run(args);
  EXPECT_EQ(r.exit_code, 0) << shown(args, r);
  EXPECT_EQ(r.err, "") << shown(args, r);
  const auto out = lines(r.out);
  const auto stats = out.empty() ? std::nullopt : parse_json_object(out.back());
  EXPECT_TRUE(stats.has_value()) << "the last line of stdout is not one JSON object\n" << shown(args, r);
  return stats.value_or(json_object{});
}

// The structure lines of `--print` in text format ("N: ..."), without the statistics line.
std::vector<std::string> text_structures(const std::vector<std::string>& gen_args) {
  std::vector<std::string> args = {"gen"};
  args.insert(args.end(), gen_args.begin(), gen_args.end());
  args.insert(args.end(), {"--print", "--stats", "json", "-q", "--threads", "1"});  // in the search's order
  const result r = run(args);
  EXPECT_EQ(r.exit_code, 0) << shown(args, r);
  auto out = lines(r.out);
  if (!out.empty()) out.pop_back();  // the --stats json line, checked elsewhere
  return out;
}

nlohmann::json last_line_json(const std::string& out) {
  const auto all = lines(out);
  if (all.empty()) return nlohmann::json(nlohmann::json::value_t::discarded);
  nlohmann::json j = nlohmann::json::parse(all.back(), nullptr, false);
  return j.is_object() ? j : nlohmann::json(nlohmann::json::value_t::discarded);
}

findings_file read_findings(const std::string& path) {
  std::ifstream in(path);
  findings_file out;
  std::string line;
  if (std::getline(in, line)) out.header = nlohmann::json::parse(line, nullptr, false);
  for (; std::getline(in, line);) out.findings.push_back(nlohmann::json::parse(line, nullptr, false));
  const auto& h = out.header;
  if (!h.is_object() || h.value("format", "") != "smallscope-findings" || !h.contains("complete") ||
      !h["complete"].is_boolean() || !h.contains("made_by") || h.value("findings", std::uint64_t{0}) != out.findings.size() ||
      !h.contains("findings"))
    out.header = nlohmann::json(nlohmann::json::value_t::discarded);
  return out;
}

}  // namespace cli_runner
