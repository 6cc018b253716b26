// Progress looks the same for every long command, in a terminal and in a log file: each command
// runs twice with --progress-interval 0.1, once with stderr to a file and once with stderr on a
// pseudo-terminal. In the file every update is a line of its own with no control characters; in
// the terminal every update rewrites one line in place and the line is cleared before the
// summary. In both, each update reads "[label] what, S s" (and the share done and time left
// where the work is known), with the same label.
#include <gtest/gtest.h>
#include <pty.h>
#include <sys/wait.h>
#include <fcntl.h>
#include <unistd.h>

#include <cerrno>
#include <fstream>
#include <cctype>
#include <string>
#include <vector>

#include "support/cli_runner.hpp"
#include "support/temp_files.hpp"

namespace {

using cli_runner::result;

struct long_command {
  const char* name;
  std::string program;
  std::vector<std::string> args;
  std::string label;  // what every progress line of the command starts with
};

// What `program args...` wrote on a pseudo-terminal (stdout to /dev/null), with the terminal's
// "\r\n" for "\n" undone, and its exit code.
result run_on_terminal(const std::string& program, const std::vector<std::string>& args) {
  result r;
  int master = -1;
  const pid_t pid = forkpty(&master, nullptr, nullptr, nullptr);
  if (pid < 0) {
    ADD_FAILURE() << "forkpty failed: " << std::strerror(errno);
    return r;
  }
  if (pid == 0) {
    const int null = ::open("/dev/null", O_WRONLY);
    ::dup2(null, STDOUT_FILENO);
    std::vector<char*> argv{const_cast<char*>(program.c_str())};
    for (const auto& a : args) argv.push_back(const_cast<char*>(a.c_str()));
    argv.push_back(nullptr);
    ::execv(program.c_str(), argv.data());
    ::_exit(127);
  }
  char buffer[4096];
  while (true) {
    const ssize_t n = ::read(master, buffer, sizeof buffer);
    if (n > 0) r.err.append(buffer, static_cast<std::size_t>(n));
    else if (n < 0 && errno == EINTR) continue;
    else break;  // EIO once the child's side is closed
  }
  ::close(master);
  int status = 0;
  ::waitpid(pid, &status, 0);
  r.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
  for (std::size_t at; (at = r.err.find("\r\n")) != std::string::npos;) r.err.erase(at, 1);
  return r;
}

// Whether `t` is digits, a point, one digit and " s" ("3.0 s").
bool is_seconds(const std::string& t) {
  const std::size_t point = t.find('.');
  if (point == 0 || point == std::string::npos || t.size() != point + 4 || t.compare(point + 2, 2, " s") != 0)
    return false;
  for (std::size_t i = 0; i < point; ++i)
    if (std::isdigit(static_cast<unsigned char>(t[i])) == 0) return false;
  return std::isdigit(static_cast<unsigned char>(t[point + 1])) != 0;
}

// "[label] what, S s" with optional ", ~P% <of what>, ~T left" (an estimate's range: "~P-Q%" and
// "~T to ~U left" or "time left not yet known"), on one line without control characters. (Read
// from the end: `what` has commas of its own.)
bool is_progress(const std::string& text, const std::string& label) {
  const std::string head = "[" + label + "] ";
  if (text.rfind(head, 0) != 0 || text.find_first_of("\r\n\x1b") != std::string::npos) return false;
  std::string rest = text.substr(head.size());
  const auto last_part = [&rest]() {
    const std::size_t at = rest.rfind(", ");
    if (at == std::string::npos) return std::string();
    std::string part = rest.substr(at + 2);
    rest.resize(at);
    return part;
  };
  std::string part = last_part();
  if ((part.size() > 6 && part[0] == '~' && part.ends_with(" left")) || part == "time left not yet known") {
    const std::string share = last_part();
    const std::size_t percent = share.find("% ");
    if (share.size() < 4 || share[0] != '~' || percent == std::string::npos || percent == 1 || share.size() == percent + 2)
      return false;
    for (std::size_t i = 1; i < percent; ++i)
      if (std::isdigit(static_cast<unsigned char>(share[i])) == 0 && !(share[i] == '-' && i > 1 && i + 1 < percent))
        return false;
    part = last_part();
  }
  return is_seconds(part) && !rest.empty();
}

std::string spec_of_eight_nodes() {
  std::string text = test_files::file_text(SMALLSCOPE_SOURCE_DIR "/examples/specs/korat/binary_tree.als");
  const std::string run = "run inputs for exactly 1 BinaryTree, exactly 4 Node, 4 Int";
  const auto at = text.find(run);
  if (at == std::string::npos) return {};
  text.replace(at, run.size(), "run inputs for exactly 1 BinaryTree, exactly 8 Node, 4 Int");
  // A name of this process's own: ctest runs the cases side by side, and each writes the file
  // (a name shared between them was once read while another case rewrote it).
  return test_files::write_temp("progress_binary_tree_8_" + std::to_string(getpid()) + ".als", text);
}

std::vector<long_command> long_commands() {
  std::vector<long_command> commands{
      {"gen", SMALLSCOPE_BINARY, {"gen", "BinaryTree", "12"}, "BinaryTree 12,12,12"},
      {"check", SMALLSCOPE_BINARY, {"check", "SearchTree", "remove", "9"}, "SearchTree remove 9,9,9,0,8"},
      {"explore", SMALLSCOPE_BINARY, {"explore", "TreeMap", "9", "--methods", "put_key,remove"},
       "TreeMap put_key,remove 9,0,9,9,1"},
      {"fe", SMALLSCOPE_BINARY, {"fe", "BinarySearchTree", "8"}, "BinarySearchTree 8,0,8,0,7"},
  };
  const std::string spec = spec_of_eight_nodes();
  commands.push_back({"spec", SMALLSCOPE_BINARY, {"spec", spec}, spec + " run inputs"});
#ifdef SMALLSCOPE_SCHEMATA_BINARY
  const std::string schemata = SMALLSCOPE_SCHEMATA_BINARY;
  commands.push_back({"mutate",
                      schemata,
                      {"mutate", "SearchTree", "remove", "--fin", "s,0,s,1,s", "--scopes", "4..4", "--mutants",
                       schemata.substr(0, schemata.rfind('/')) + "/mutants/search_tree.jsonl"},
                      "SearchTree scope 4"});
#endif
  return commands;
}

class progress_test : public ::testing::TestWithParam<std::string> {};

TEST_P(progress_test, SameLinesInALogFileAndOnATerminal) {
  long_command c;
  for (auto& each : long_commands())
    if (each.name == GetParam()) c = each;
  ASSERT_FALSE(c.args.empty());
  c.args.insert(c.args.end(), {"--progress-interval", "0.1"});

  // stderr to a file: a line per update, no control characters.
  const result logged = cli_runner::run_program(c.program, c.args);
  ASSERT_LE(logged.exit_code, 1) << cli_runner::shown(c.args, logged);
  EXPECT_EQ(logged.err.find_first_of("\r\x1b"), std::string::npos) << logged.err;
  std::size_t logged_updates = 0;
  for (const auto& line : cli_runner::lines(logged.err))
    if (line.rfind("[", 0) == 0) {
      EXPECT_TRUE(is_progress(line, c.label)) << line;
      ++logged_updates;
    }
  EXPECT_GE(logged_updates, 1u) << logged.err;

  // stderr on a terminal: each update rewrites the line ("\r\x1b[K" first), which is cleared
  // before anything else is printed.
  const result shown = run_on_terminal(c.program, c.args);
  ASSERT_LE(shown.exit_code, 1) << shown.err;
  const std::string rewrite = "\r\x1b[K";
  std::size_t updates = 0;
  for (std::size_t at = shown.err.find(rewrite + "["); at != std::string::npos;
       at = shown.err.find(rewrite + "[", at + 1)) {
    const std::size_t from = at + rewrite.size();
    const std::size_t to = shown.err.find(rewrite, from);
    ASSERT_NE(to, std::string::npos) << "the last progress line is never cleared: " << shown.err.substr(from);
    EXPECT_TRUE(is_progress(shown.err.substr(from, to - from), c.label)) << shown.err.substr(from, to - from);
    ++updates;
  }
  EXPECT_GE(updates, 1u) << shown.err;
  // Outside the progress lines, the terminal gets the same lines as the file (the summary, say).
  std::string rest = shown.err;
  for (std::size_t at; (at = rest.find(rewrite)) != std::string::npos;) {
    const std::size_t to = rest.find(rewrite, at + rewrite.size());
    const bool progress = rest.compare(at + rewrite.size(), 1, "[") == 0 && to != std::string::npos;
    rest.erase(at, progress ? to - at : rewrite.size());
  }
  EXPECT_EQ(rest.find_first_of("\r\x1b"), std::string::npos) << rest;
  std::size_t other_lines = 0;
  for (const auto& line : cli_runner::lines(logged.err))
    if (line.rfind("[", 0) != 0) ++other_lines;
  EXPECT_EQ(cli_runner::lines(rest).size(), other_lines) << "terminal:\n" << rest << "\nfile:\n" << logged.err;
}

std::vector<std::string> command_names() {
  std::vector<std::string> names;
  for (const auto& c : long_commands()) names.emplace_back(c.name);
  return names;
}

// A large scope translates to SAT for seconds before the first instance: the progress line says
// so meanwhile, in the same form.
TEST(SpecProgress, TheTranslationOfALargeScopeShowsProgress) {
  const std::string spec = test_files::write_temp("progress_lone_300.als", "sig Node { next: lone Node }\nrun {} for 300\n");
  const std::vector<std::string> args = {"spec", spec, "--limit", "1", "--progress-interval", "0.1"};
  const result r = cli_runner::run_program(SMALLSCOPE_BINARY, args);
  ASSERT_EQ(r.exit_code, 0) << cli_runner::shown(args, r);
  std::size_t translating = 0;
  for (const auto& line : cli_runner::lines(r.err)) {
    if (line.find("translating to SAT (no instance yet)") == std::string::npos) continue;
    EXPECT_TRUE(is_progress(line, spec + " run {...}")) << line;
    ++translating;
  }
  EXPECT_GE(translating, 1u) << r.err;
}

INSTANTIATE_TEST_SUITE_P(EveryLongCommand, progress_test, ::testing::ValuesIn(command_names()),
                         [](const auto& param) { return param.param; });

}  // namespace
