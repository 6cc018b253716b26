// End-to-end tests of the command line under faults and at its edges: signals (the worker of a
// check dies with its parent; SIGINT and SIGTERM print the findings so far and exit 130),
// unwritable stdout and stderr (exit code 3, never an abort), --reproducer-dir checked before
// the run, the SCOPE ranges that `list` advertises, numbers at their limits, and the figures of
// --stats json. It also keeps docs/ERRORS.md true: the table of bad inputs and faults there is
// generated from `error_cases` below (run with SMALLSCOPE_WRITE_ERRORS_MD=1 to rewrite it), and
// a test fails when the file differs from what the cases produce.
#include <fcntl.h>
#include <gtest/gtest.h>

#include <cctype>
#include <signal.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cstdint>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <optional>
#include <regex>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include "support/cli_child.hpp"
#include "support/cli_runner.hpp"
#include "support/temp_files.hpp"

namespace {

using cli_runner::contains;
using cli_runner::lines;
using json = nlohmann::json;
using cli_child::child;
using cli_child::describe;
using cli_child::sink;
using cli_child::group;

// The state letter of /proc/PID/stat ('Z' zombie), and the parent's pid; nullopt if no process.
std::optional<std::pair<char, pid_t>> proc_state(pid_t pid) {
  std::ifstream in("/proc/" + std::to_string(pid) + "/stat");
  std::string stat;
  if (!std::getline(in, stat)) return std::nullopt;
  const auto close_paren = stat.rfind(')');
  if (close_paren == std::string::npos) return std::nullopt;
  std::istringstream rest(stat.substr(close_paren + 2));
  char state = '?';
  pid_t ppid = 0;
  rest >> state >> ppid;
  return std::make_pair(state, ppid);
}

bool gone(pid_t pid) {
  const auto s = proc_state(pid);
  return !s || s->first == 'Z' || s->first == 'X';
}

using cli_child::children_of;

using cli_runner::last_line_json;

// ---------------------------------------------------------------------------------------------
// Point 10: the worker of a check dies with its parent, whatever signal ends the parent.

class worker_death_test : public testing::TestWithParam<int> {};

TEST_P(worker_death_test, WorkerDiesWithItsParent) {
  const int sig = GetParam();
  // Input 3809 loops forever in remove_mutant; --timeout 60 keeps the worker on it.
  const std::vector<std::string> args = {"check", "SearchTree", "remove_mutant", "--fin", "6,0,6,1,6",
                                         "--input", "3809", "--timeout", "60", "-q"};
  child c(args);
  std::vector<pid_t> workers;
  const auto until = std::chrono::steady_clock::now() + std::chrono::seconds(60);
  while (workers.empty() && std::chrono::steady_clock::now() < until) {
    workers = children_of(c.pid());
    if (workers.empty()) std::this_thread::sleep_for(std::chrono::milliseconds(20));
  }
  ASSERT_EQ(workers.size(), 1u) << "no worker appeared\n" << describe(args, c);
  const pid_t worker = workers.front();
  const auto before = proc_state(worker);
  ASSERT_TRUE(before.has_value());
  EXPECT_EQ(before->second, c.pid());
  std::this_thread::sleep_for(std::chrono::milliseconds(200));  // let it run into the loop
  ASSERT_EQ(kill(c.pid(), sig), 0);
  const int code = c.wait();
  if (sig == SIGKILL) {
    EXPECT_EQ(code, 128 + SIGKILL);
  } else {
    EXPECT_EQ(code, 130) << describe(args, c);
  }
  bool dead = false;
  for (int i = 0; i < 500 && !dead; ++i) {
    dead = gone(worker);
    if (!dead) std::this_thread::sleep_for(std::chrono::milliseconds(10));
  }
  EXPECT_TRUE(dead) << "worker " << worker << " outlived its parent (killed by signal " << sig << ")";
  if (!dead) kill(worker, SIGKILL);
}

INSTANTIATE_TEST_SUITE_P(Faults, worker_death_test, testing::Values(SIGTERM, SIGKILL, SIGINT),
                         [](const auto& test) {
                           return test.param == SIGTERM ? "Sigterm" : test.param == SIGKILL ? "Sigkill" : "Sigint";
                         });

// ---------------------------------------------------------------------------------------------
// Point 11: SIGINT or SIGTERM prints the summary and the findings so far, and exits 130.

// The number of failed inputs of the last progress report of check on stderr ("..., N failed").
std::uint64_t failed_so_far(const std::string& err) {
  static const std::string before = "inputs checked, ";
  std::uint64_t failed = 0;
  for (std::size_t at = err.find(before); at != std::string::npos; at = err.find(before, at + 1)) {
    std::string digits;
    std::size_t i = at + before.size();
    for (; i < err.size() && (std::isdigit(static_cast<unsigned char>(err[i])) != 0 || err[i] == ','); ++i)
      if (err[i] != ',') digits += err[i];
    if (!digits.empty() && err.compare(i, 7, " failed") == 0) failed = std::stoull(digits);
  }
  return failed;
}

TEST(Faults, SigintDuringCheckPrintsTheFindingsSoFar) {
  // 20,650 inputs with 16 timeouts of 0.5 s each: several seconds, findings from early on.
  const std::vector<std::string> args = {"check", "SearchTree", "remove_mutant", "--fin", "7,0,7,1,7",
                                         "--timeout", "0.5", "--progress-interval", "0.02", "--show", "1",
                                         "--no-reproducers", "--stats", "json"};
  child c(args);
  ASSERT_TRUE(c.wait_for_err([](const std::string& err) { return failed_so_far(err) >= 1; }))
      << "no progress report with a failure\n" << describe(args, c);
  ASSERT_EQ(kill(c.pid(), SIGINT), 0);
  ASSERT_EQ(c.wait(), 130) << describe(args, c);
  const std::string out = c.out();
  EXPECT_TRUE(contains(out, "counterexample 1 (input ")) << describe(args, c);
  EXPECT_TRUE(contains(out, "timeout: the method ran over its limit")) << describe(args, c);
  const json stats = last_line_json(out);
  ASSERT_FALSE(stats.is_discarded()) << describe(args, c);
  EXPECT_EQ(stats.value("interrupted", json()), true) << stats.dump();
  EXPECT_GE(stats.value("failed", 0), 1) << stats.dump();
  EXPECT_LT(stats.value("inputs", 0), 20650) << stats.dump();
  EXPECT_FALSE(stats.value("first_failed_inputs", json::array()).empty()) << stats.dump();
  EXPECT_TRUE(contains(c.err(), "interrupted")) << describe(args, c);
}

// A double Ctrl-C (two signals in quick succession) still prints what was found: a second
// signal within three seconds of the first is ignored while the run writes its output.
TEST(Faults, TwoQuickSignalsKeepTheOutput) {
  const std::vector<std::string> gen_args = {"gen", "HeapArray", "13", "--stats", "json", "--progress-interval", "0.05"};
  const std::vector<std::string> check_args = {"check", "SinglyLinkedList", "remove_null_deref", "9", "--stats", "json",
                                               "--progress-interval", "0.05", "--no-reproducers", "--show", "1"};
  for (const auto& args : {gen_args, check_args}) {
    child c(args);
    ASSERT_TRUE(c.wait_for_err([](const std::string& err) { return contains(err, "] "); }))
        << "no progress line\n" << describe(args, c);
    ASSERT_EQ(kill(c.pid(), SIGTERM), 0);
    ASSERT_EQ(kill(c.pid(), SIGTERM), 0);
    ASSERT_EQ(c.wait(), 130) << describe(args, c);
    const json stats = last_line_json(c.out());
    ASSERT_FALSE(stats.is_discarded()) << describe(args, c);
    EXPECT_EQ(stats.value("interrupted", json()), true) << stats.dump();
  }
}

TEST(Faults, SigintDuringSpecPrintsTheInstancesSoFar) {
  // Paper 004's binary search trees at k = 8: 12,235 instances, several seconds.
  const std::string spec = std::string(SMALLSCOPE_SOURCE_DIR) + "/examples/specs/binary_search_tree.als";
  const std::string text = test_files::file_text(spec);
  const std::string text_path = test_files::write_temp(
      "bst8.als", text.substr(0, text.rfind("\nrun ")) + "\nrun inputs for exactly 1 BinaryTree, exactly 8 Node, 5 Int\n");
  const std::vector<std::string> args = {"spec", text_path, "--format", "jsonl", "--stats", "json"};
  child c(args);
  ASSERT_TRUE(c.wait_for_out([](const std::string& out) { return out.find("\"instance\":100,") != std::string::npos; }))
      << "no instances\n" << describe(args, c);
  ASSERT_EQ(kill(c.pid(), SIGINT), 0);
  ASSERT_EQ(c.wait(), 130) << describe(args, c);
  const json stats = last_line_json(c.out());
  ASSERT_FALSE(stats.is_discarded()) << describe(args, c);
  EXPECT_EQ(stats.value("interrupted", json()), true) << stats.dump();
  const auto instances = stats.value("instances", 0);
  EXPECT_GE(instances, 100) << stats.dump();
  EXPECT_LT(instances, 12235) << stats.dump();
}

// A large scope translates to SAT for seconds before the first instance: SIGINT stops the
// translation itself (the translator and the CNF encoder poll the stop request).
TEST(Faults, SigintDuringTheTranslationToSatStopsIt) {
  const std::string path = test_files::write_temp(
      "next1000.als", "sig Node { next: lone Node }\npred p { some Node }\nrun p for 1000\n");
  const std::vector<std::string> args = {"spec", path, "--progress-interval", "0.1"};
  child c(args);
  ASSERT_TRUE(c.wait_for_err([](const std::string& err) { return contains(err, "translating to SAT"); }))
      << "no progress line\n" << describe(args, c);
  ASSERT_EQ(kill(c.pid(), SIGINT), 0);
  ASSERT_EQ(c.wait(), 130) << describe(args, c);
  EXPECT_TRUE(contains(c.err(), "interrupted while translating to SAT")) << describe(args, c);
  EXPECT_TRUE(contains(c.out(), "0 instances")) << describe(args, c);
}

// explore's supervisor asks its worker to stop (through shared memory); it stops between two calls and reports
// the states and findings so far.
TEST(Faults, SigintDuringExploreReportsTheStatesSoFar) {
  const std::vector<std::string> args = {"explore", "TreeMap", "12", "--methods", "put_key,remove", "--no-differential",
                                         "--stats", "json", "--progress-interval", "0.1"};
  child c(args);
  ASSERT_TRUE(c.wait_for_err([](const std::string& err) { return contains(err, " states, "); }))
      << "no progress line\n" << describe(args, c);
  ASSERT_EQ(kill(c.pid(), SIGINT), 0);
  ASSERT_EQ(c.wait(), 130) << describe(args, c);
  const json stats = last_line_json(c.out());
  ASSERT_FALSE(stats.is_discarded()) << describe(args, c);
  EXPECT_EQ(stats.value("interrupted", json()), true) << stats.dump();
  EXPECT_EQ(stats.value("complete", json()), false) << stats.dump();
  EXPECT_EQ(stats.value("stopped_by", json()), "an interrupt") << stats.dump();
  EXPECT_GT(stats.value("states", std::uint64_t{0}), 12u) << stats.dump();
}

// A signal to the whole process group (a terminal's Ctrl-C, `timeout`, a batch scheduler's
// cancel) reaches the workers too: they leave stopping to their supervisor, which reports what
// was found so far, as for a signal to it alone.
TEST(Faults, SignalToTheProcessGroupDuringExploreReportsTheStatesSoFar) {
  const std::vector<std::string> args = {"explore", "TreeMap", "12", "--methods", "put_key,remove", "--no-differential",
                                         "--stats", "json", "--progress-interval", "0.1"};
  for (const int sig : {SIGTERM, SIGINT}) {
    child c(args, sink::file, sink::file, group::own);
    ASSERT_TRUE(c.wait_for_err([](const std::string& err) { return contains(err, " states, "); }))
        << "no progress line\n" << describe(args, c);
    ASSERT_EQ(kill(-c.pid(), sig), 0);
    ASSERT_EQ(c.wait(), 130) << describe(args, c);
    const json stats = last_line_json(c.out());
    ASSERT_FALSE(stats.is_discarded()) << describe(args, c);
    EXPECT_EQ(stats.value("stopped_by", json()), "an interrupt") << stats.dump();
    EXPECT_GT(stats.value("states", std::uint64_t{0}), 12u) << stats.dump();
    EXPECT_GT(stats.value("calls", std::uint64_t{0}), 0u) << stats.dump();
  }
}

TEST(Faults, SignalToTheProcessGroupDuringCheckKeepsTheFindingsSoFar) {
  const std::vector<std::string> args = {"check", "SinglyLinkedList", "remove_null_deref", "9", "--stats", "json",
                                         "--progress-interval", "0.1"};
  child c(args, sink::file, sink::file, group::own);
  ASSERT_TRUE(c.wait_for_err([](const std::string& err) { return failed_so_far(err) >= 1; }))
      << "no progress line with a failure\n" << describe(args, c);
  ASSERT_EQ(kill(-c.pid(), SIGTERM), 0);
  ASSERT_EQ(c.wait(), 130) << describe(args, c);
  const json stats = last_line_json(c.out());
  ASSERT_FALSE(stats.is_discarded()) << describe(args, c);
  EXPECT_EQ(stats.value("interrupted", json()), true) << stats.dump();
  EXPECT_GT(stats.value("failed", std::uint64_t{0}), 0u) << stats.dump();
  EXPECT_FALSE(contains(c.out(), "SIGTERM")) << "a worker's death by the signal taken for a finding\n" << c.out();
}

// An --output that cannot grow (`ulimit -f`): the write fails and the error names --output and
// its file (not stdout), exit 3; SIGXFSZ does not end the run without a word.
TEST(Faults, AnOutputFileThatCannotGrowIsAnOutputErrorNamingIt) {
  const test_files::temp_file out(".txt");
  const std::string err = out.path() + ".err";
  const std::string command = "ulimit -f 1; exec '" + std::string(SMALLSCOPE_BINARY) + "' gen BinaryTree 9 --print --output '" +
                              out.path() + "' -q 2> '" + err + "'";
  const int status = std::system(("bash -c \"" + command + "\"").c_str());
  ASSERT_TRUE(WIFEXITED(status)) << "ended by a signal: " << (WIFSIGNALED(status) ? WTERMSIG(status) : 0);
  EXPECT_EQ(WEXITSTATUS(status), 3) << test_files::file_text(err);
  EXPECT_TRUE(contains(test_files::file_text(err), "cannot write to --output '" + out.path() + "': File too large"))
      << test_files::file_text(err);
  std::filesystem::remove(err);
}

// A closed terminal or a dropped ssh session sends SIGHUP to the whole process group: taken as
// SIGTERM, so the findings so far are written and the workers are not blamed.
TEST(Faults, SighupToTheProcessGroupKeepsTheFindingsSoFar) {
  const test_files::temp_file findings(".jsonl");
  const std::vector<std::string> args = {"check", "SinglyLinkedList", "remove_null_deref", "9", "--stats", "json",
                                         "--progress-interval", "0.1", "--findings", findings.path()};
  child c(args, sink::file, sink::file, group::own);
  ASSERT_TRUE(c.wait_for_err([](const std::string& err) { return failed_so_far(err) >= 1; }))
      << "no progress line with a failure\n" << describe(args, c);
  ASSERT_EQ(kill(-c.pid(), SIGHUP), 0);
  ASSERT_EQ(c.wait(), 130) << describe(args, c);
  const json stats = last_line_json(c.out());
  ASSERT_FALSE(stats.is_discarded()) << describe(args, c);
  EXPECT_EQ(stats.value("interrupted", json()), true) << stats.dump();
  const auto failed = stats.value("failed", std::uint64_t{0});
  EXPECT_GT(failed, 0u) << stats.dump();
  EXPECT_FALSE(contains(c.out(), "SIGHUP")) << "a worker's death by the signal taken for a finding\n" << c.out();
  // The findings file: its header line, then one line per failure.
  EXPECT_EQ(lines(test_files::file_text(findings.path())).size(), failed + 1) << describe(args, c);
}

// Regular files that are not what they should be: an empty shard output, a checkpoint that is
// not one.
TEST(Faults, EmptyOrForeignFilesAreRefusedWithWhatTheyAre) {
  const test_files::temp_file empty;
  std::ofstream(empty.path()).flush();
  const std::vector<std::string> merge_args = {"merge", empty.path()};
  child m(merge_args);
  EXPECT_EQ(m.wait(), 2) << describe(merge_args, m);
  EXPECT_TRUE(contains(m.err(), "the file is empty")) << describe(merge_args, m);
  const test_files::temp_file foreign;
  std::ofstream(foreign.path()) << "{\"a\": 1}\n";
  const std::vector<std::string> gen_args = {"gen", "BinaryTree", "3", "--checkpoint", foreign.path()};
  child g(gen_args);
  EXPECT_EQ(g.wait(), 2) << describe(gen_args, g);
  EXPECT_TRUE(contains(g.err(), "is not a smallscope checkpoint")) << describe(gen_args, g);
}

TEST(Faults, SigtermDuringGenPrintsTheStructuresSoFar) {
  const std::vector<std::string> args = {"gen", "BinaryTree", "16", "--format", "jsonl", "--stats", "json",
                                         "--progress-interval", "0.02"};
  child c(args);
  ASSERT_TRUE(c.wait_for_err([](const std::string& err) { return contains(err, " explored ("); }))
      << "no progress line\n" << describe(args, c);
  ASSERT_EQ(kill(c.pid(), SIGTERM), 0);
  ASSERT_EQ(c.wait(), 130) << describe(args, c);
  const std::string out = c.out();
  const json stats = last_line_json(out);
  ASSERT_FALSE(stats.is_discarded()) << c.err();
  EXPECT_EQ(stats.value("interrupted", json()), true) << stats.dump();
  // Every structure yielded before the signal is printed, and no other.
  EXPECT_EQ(stats.value("yielded", std::uint64_t{0}), lines(out).size() - 1) << stats.dump();
  EXPECT_TRUE(contains(c.err(), "interrupted")) << c.err();
}

// ---------------------------------------------------------------------------------------------
// Point 12: write errors are exit code 3 with a message, never 0, 2 or an abort.

TEST(Faults, StdoutFullIsAnOutputError) {
  const std::vector<std::string> args = {"gen", "BinaryTree", "8", "--print"};
  child c(args, sink::full);
  EXPECT_EQ(c.wait(), 3) << describe(args, c);
  EXPECT_TRUE(contains(c.err(), "error: cannot write to stdout: No space left on device")) << describe(args, c);

  const std::vector<std::string> check = {"check", "SinglyLinkedList", "remove_null_deref", "3", "-q"};
  child d(check, sink::full);
  EXPECT_EQ(d.wait(), 3) << describe(check, d);
  EXPECT_TRUE(contains(d.err(), "error: cannot write to stdout")) << describe(check, d);

  const std::vector<std::string> spec = {"spec", std::string(SMALLSCOPE_SOURCE_DIR) + "/examples/specs/merge_sort.als",
                                         "--print", "-q"};
  child e(spec, sink::full);
  EXPECT_EQ(e.wait(), 3) << describe(spec, e);
  EXPECT_TRUE(contains(e.err(), "error: cannot write to stdout")) << describe(spec, e);

  const std::vector<std::string> explore = {"explore", "TreeMap", "3", "--methods", "put_key,remove", "-q"};
  child f(explore, sink::full);
  EXPECT_EQ(f.wait(), 3) << describe(explore, f);
  EXPECT_TRUE(contains(f.err(), "error: cannot write to stdout")) << describe(explore, f);
}

TEST(Faults, ClosedPipeWithSigpipeIgnoredIsAnOutputError) {
  const std::vector<std::string> args = {"gen", "BinaryTree", "8", "--print", "-q"};
  child c(args, sink::closed_pipe);
  EXPECT_EQ(c.wait(), 3) << describe(args, c);
  EXPECT_TRUE(contains(c.err(), "error: cannot write to stdout: Broken pipe")) << describe(args, c);
}

TEST(Faults, StderrFullIsAnOutputErrorNotAnAbort) {
  const std::vector<std::string> args = {"gen", "BinaryTree", "3"};
  child c(args, sink::file, sink::full);
  EXPECT_EQ(c.wait(), 3) << c.out();
  EXPECT_TRUE(contains(c.out(), "BinaryTree 3,3,3: 5 valid")) << "stdout is still written\n" << c.out();

  const std::vector<std::string> bad = {"gen", "BinaryTree", "x"};
  child d(bad, sink::file, sink::full);
  EXPECT_EQ(d.wait(), 3) << d.out();
}

// ---------------------------------------------------------------------------------------------
// Point 13: --reproducer-dir is checked, or created, before the run.

TEST(Faults, ReproducerDirIsCreatedWhenMissing) {
  const test_files::temp_dir base;
  const auto dir = std::filesystem::path(base.path()) / "a" / "b";
  const std::vector<std::string> args = {"check", "SinglyLinkedList", "remove_null_deref", "3", "--show", "1",
                                         "-q", "--reproducer-dir", dir.string()};
  child c(args);
  EXPECT_EQ(c.wait(), 1) << describe(args, c);
  ASSERT_TRUE(std::filesystem::is_directory(dir)) << describe(args, c);
  std::size_t files = 0;
  for (const auto& entry : std::filesystem::directory_iterator(dir)) {
    EXPECT_EQ(entry.path().extension(), ".cpp") << entry.path() << ": the probe file is left behind?";
    ++files;
  }
  EXPECT_EQ(files, 1u);
}

TEST(Faults, UnwritableReproducerDirIsRefusedBeforeTheRun) {
  // Tests may run as root, whom chmod does not stop: a directory under a regular file cannot be.
  const test_files::temp_file regular;
  const std::filesystem::path file = regular.path();
  std::ofstream(file) << "a regular file\n";
  const std::vector<std::string> args = {"check", "SinglyLinkedList", "remove_null_deref", "3",
                                         "--reproducer-dir", (file / "sub").string()};
  child c(args);
  EXPECT_EQ(c.wait(), 2) << describe(args, c);
  EXPECT_EQ(c.out(), "") << "work was done before the check\n" << describe(args, c);
  EXPECT_TRUE(contains(c.err(), "error: --reproducer-dir: '" + (file / "sub").string() + "'")) << describe(args, c);
  EXPECT_FALSE(contains(c.err(), "smallscope check")) << "the configuration line came first\n" << describe(args, c);
}

// ---------------------------------------------------------------------------------------------
// Point 14: edges and numbers.

// Every subject's advertised SCOPE range is what parameter validation accepts: `check SUBJECT
// METHOD SCOPE` with an unknown METHOD gets past SCOPE (its error names METHOD) exactly for the
// scopes in the range.
TEST(Faults, ListedScopeRangesAreAccepted) {
  const cli_runner::result listed = cli_runner::run({"list"});
  ASSERT_EQ(listed.exit_code, 0);
  static const std::string scope_line = "  SCOPE in [";
  std::string subject;
  std::size_t checked = 0;
  for (const auto& line : lines(listed.out)) {
    if (!line.empty() && line[0] != ' ') subject = line;
    // "  SCOPE in [LO, HI]; ..."
    if (line.rfind(scope_line, 0) != 0) continue;
    const std::size_t comma = line.find(", ", scope_line.size());
    ASSERT_NE(comma, std::string::npos) << line;
    const long long lo = std::stoll(line.substr(scope_line.size(), comma - scope_line.size()));
    const long long hi = std::stoll(line.substr(comma + 2));
    for (const long long scope : {lo, hi, hi + 1, lo - 1}) {
      const bool inside = scope >= lo && scope <= hi;
      const std::vector<std::string> args = {"check", subject, "no_such_method", std::to_string(scope)};
      const cli_runner::result r = cli_runner::run(args);
      EXPECT_EQ(r.exit_code, 2) << cli_runner::shown(args, r);
      EXPECT_EQ(contains(r.err, "error: METHOD:"), inside) << cli_runner::shown(args, r);
      EXPECT_EQ(contains(r.err, "error: SCOPE"), !inside) << cli_runner::shown(args, r);
    }
    ++checked;
  }
  EXPECT_GE(checked, 20u) << listed.out;
}

TEST(Faults, SampleAtLeastTheInputsChecksAllAndSaysSo) {
  const std::vector<std::string> args = {"check", "SinglyLinkedList", "remove_null_deref", "3", "--sample",
                                         "18446744073709551615", "--stats", "json", "-q"};
  child c(args);
  EXPECT_EQ(c.wait(), 1) << describe(args, c);
  const json stats = last_line_json(c.out());
  EXPECT_EQ(stats.value("inputs", 0), 25) << describe(args, c);
  const std::vector<std::string> text = {"check", "SinglyLinkedList", "remove_null_deref", "3", "--sample", "25", "-q"};
  child d(text);
  EXPECT_EQ(d.wait(), 1) << describe(text, d);
  EXPECT_TRUE(contains(d.out(), "every input: --sample 25 is at least the 25 inputs")) << describe(text, d);
}

// check honours --progress-interval: none in a run of over 1.5 s with an interval of a day (the
// old fixed interval of 1 s would show one), some with 0.02 s.
TEST(Faults, CheckHonoursTheProgressInterval) {
  const std::vector<std::string> base = {"check", "SearchTree", "remove_mutant", "--fin", "6,0,6,1,6", "--timeout",
                                         "1.5", "--no-reproducers", "--show", "0"};
  auto slow = base;
  slow.insert(slow.end(), {"--progress-interval", "86400"});
  child c(slow);
  EXPECT_EQ(c.wait(), 1) << describe(slow, c);
  EXPECT_FALSE(contains(c.err(), "inputs checked")) << describe(slow, c);
  auto fast = base;
  fast.insert(fast.end(), {"--progress-interval", "0.02"});
  child d(fast);
  EXPECT_EQ(d.wait(), 1) << describe(fast, d);
  EXPECT_TRUE(contains(d.err(), "inputs checked")) << describe(fast, d);
}

TEST(Faults, ReproduceLineCarriesTheTimeoutAndTheConfigurationTheSample) {
  const std::vector<std::string> args = {"check", "SearchTree", "remove_mutant", "--fin", "6,0,6,1,6",
                                         "--timeout", "0.5", "--show", "1", "--no-reproducers"};
  child c(args);
  EXPECT_EQ(c.wait(), 1) << describe(args, c);
  EXPECT_TRUE(contains(c.out(), std::string("  reproduce:  ") + SMALLSCOPE_BINARY +
                                    " check SearchTree remove_mutant --fin 6,0,6,1,6 --timeout 0.5 --input 3809\n"))
      << describe(args, c);

  const std::vector<std::string> sampled = {"check", "SinglyLinkedList", "remove_null_deref", "3", "--sample", "5",
                                            "--seed", "3", "--show", "1", "--no-reproducers"};
  child d(sampled);
  EXPECT_EQ(d.wait(), 1) << describe(sampled, d);
  EXPECT_EQ(lines(d.err()).front(),
            std::string(SMALLSCOPE_BINARY) + " check SinglyLinkedList remove_null_deref --fin 3,3,4,4 --sample 5 --seed 3")
      << describe(sampled, d);
  EXPECT_TRUE(contains(d.out(), "  reproduce:  ")) << describe(sampled, d);
  EXPECT_FALSE(contains(d.out(), "--sample")) << "--input N names the input alone\n" << describe(sampled, d);
}

TEST(Faults, HelpShowsFlagsWithoutDefaultsAndTheExitCodes) {
  for (const std::vector<std::string>& args : {std::vector<std::string>{"--help"}, {"gen", "--help"}, {"check", "--help"}}) {
    const cli_runner::result r = cli_runner::run(args);
    EXPECT_EQ(r.exit_code, 0);
    EXPECT_FALSE(contains(r.out, "{false}")) << r.out;
    for (const char* code : {"0 done", "1 findings", "2 bad input", "3 output error", "130 interrupted"})
      EXPECT_TRUE(contains(r.out, code)) << code << "\n" << r.out;
  }
}

// ---------------------------------------------------------------------------------------------
// Point 15: the figures mean what their names say.

TEST(Faults, OnePerClassReportsWhatItYielded) {
  const std::vector<std::string> args = {"gen", "BinomialHeapPairReplicated", "3", "--one-per-class",
                                         "--format", "jsonl", "--stats", "json"};
  child c(args);
  EXPECT_EQ(c.wait(), 0) << describe(args, c);
  const auto out = lines(c.out());
  const json stats = last_line_json(c.out());
  ASSERT_FALSE(stats.is_discarded()) << describe(args, c);
  EXPECT_EQ(stats.value("yielded", std::uint64_t{0}), out.size() - 1) << stats.dump();
  EXPECT_EQ(stats.value("yielded", 0), 10) << stats.dump();
  EXPECT_EQ(stats.value("valid", 0), 784) << "valid: what the invariant accepted\n" << stats.dump();
  EXPECT_TRUE(contains(c.err(), "784 valid")) << c.err();
  EXPECT_TRUE(contains(c.err(), "10 yielded")) << c.err();
}

TEST(Faults, WhiteBoxStatsLeaveOutStructuresAndTotalInputs) {
  const std::vector<std::string> args = {"check", "RedBlackTree", "insert_unbalanced", "--fin", "5,0,5,6",
                                         "--white-box", "--stats", "json", "-q", "--show", "0"};
  child c(args);
  EXPECT_EQ(c.wait(), 1) << describe(args, c);
  const json stats = last_line_json(c.out());
  ASSERT_FALSE(stats.is_discarded()) << describe(args, c);
  EXPECT_EQ(stats.value("mode", ""), "white-box") << stats.dump();
  EXPECT_FALSE(stats.contains("structures")) << stats.dump();
  EXPECT_FALSE(stats.contains("total_inputs")) << stats.dump();
  EXPECT_EQ(stats.value("failed", 0), 6) << stats.dump();
}

// ---------------------------------------------------------------------------------------------
// docs/ERRORS.md: every bad input and fault below, with its message and exit code.

struct error_case {
  std::string what;
  std::vector<std::string> args;
  sink out = sink::file;
  sink err = sink::file;
  int exit_code = 2;
  std::string message_part;  // must appear in stderr's first "error:" line (empty: no message)
};

const std::string u64_max = "18446744073709551615";

const std::vector<error_case> error_cases = {
    {"unknown subcommand", {"bogus"}, sink::file, sink::file, 2, "bogus"},
    {"unknown subject, escape bytes escaped", {"gen", "Foo\x1b[31m", "3"}, sink::file, sink::file, 2, "'Foo\\x1b[31m'"},
    {"SCOPE not an integer", {"gen", "BinaryTree", "x"}, sink::file, sink::file, 2, "[0, 64]"},
    {"SCOPE beyond the listed range", {"gen", "SinglyLinkedList", "64"}, sink::file, sink::file, 2, "[0, 63]"},
    {"SCOPE below the listed range", {"gen", "SearchTree", "0"}, sink::file, sink::file, 2, "[1, 64]"},
    {"--fin with too few parameters", {"gen", "BinaryTree", "--fin", "3,3"}, sink::file, sink::file, 2, "3 integers"},
    {"--fin parameter out of range", {"gen", "BinaryTree", "--fin", "3,3,100"}, sink::file, sink::file, 2, "[0, 64]"},
    {"--format unknown", {"gen", "BinaryTree", "3", "--format", "xml"}, sink::file, sink::file, 2, "text, jsonl or dot"},
    {"--stats without its value", {"gen", "BinaryTree", "3", "--stats"}, sink::file, sink::file, 2, "json or text"},
    {"--format without its value", {"check", "SearchTree", "remove", "3", "--format"}, sink::file, sink::file, 2,
     "text or dot"},
    {"--limit negative", {"gen", "BinaryTree", "3", "--limit", "-1"}, sink::file, sink::file, 2, ">= 0"},
    {"--progress-interval 0", {"gen", "BinaryTree", "3", "--progress-interval", "0"}, sink::file, sink::file, 2,
     "[0.01, 86400]"},
    {"--eq-class on a subject without eq_class()", {"gen", "BinaryTree", "3", "--eq-class"}, sink::file, sink::file, 2,
     "--eq-class"},
    {"unknown METHOD", {"check", "SearchTree", "frob", "3"}, sink::file, sink::file, 2, "'frob'"},
    {"--input 0", {"check", "SearchTree", "remove", "3", "--input", "0"}, sink::file, sink::file, 2,
     "[1, " + u64_max + "]"},
    {"--input beyond 2^64-1", {"check", "SearchTree", "remove", "3", "--input", "18446744073709551616"}, sink::file,
     sink::file, 2, "[1, " + u64_max + "]"},
    {"--input beyond the scope", {"check", "SearchTree", "remove", "3", "--input", "16"}, sink::file, sink::file, 2,
     "1..15"},
    {"--sample 0", {"check", "SearchTree", "remove", "3", "--sample", "0"}, sink::file, sink::file, 2,
     "[1, " + u64_max + "]"},
    {"--seed not a number", {"check", "SearchTree", "remove", "3", "--sample", "2", "--seed", "junk"}, sink::file,
     sink::file, 2, "[0, " + u64_max + "]"},
    {"--seed beyond 2^64-1", {"check", "SearchTree", "remove", "3", "--sample", "2", "--seed", "99999999999999999999"},
     sink::file, sink::file, 2, "[0, " + u64_max + "]"},
    {"--stop-after beyond 2^64-1", {"check", "SearchTree", "remove", "3", "--stop-after", "18446744073709551616"},
     sink::file, sink::file, 2, "[0, " + u64_max + "]"},
    {"--timeout empty", {"check", "SearchTree", "remove", "3", "--timeout", ""}, sink::file, sink::file, 2,
     "[0.001, 86400]"},
    {"--timeout below a millisecond", {"check", "SearchTree", "remove", "3", "--timeout", "1e-10"}, sink::file,
     sink::file, 2, "[0.001, 86400]"},
    {"--timeout negative", {"check", "SearchTree", "remove", "3", "--timeout", "-1"}, sink::file, sink::file, 2,
     "0 (automatic)"},
    {"--seed without --sample", {"check", "SearchTree", "remove", "3", "--seed", "4"}, sink::file, sink::file, 2,
     "--sample"},
    {"--reproducer-dir under a regular file", {"check", "SearchTree", "remove", "3", "--reproducer-dir", "/dev/null/dir"},
     sink::file, sink::file, 2, "--reproducer-dir"},
    {"--findings not writable", {"check", "SearchTree", "remove", "3", "--findings", "/dev/null/f.jsonl"}, sink::file,
     sink::file, 2, "--findings"},
    {"--max-cost not a bound", {"check", "SearchTree", "remove", "3", "--max-cost", "reads < 2"}, sink::file,
     sink::file, 2, "--max-cost 'reads < 2': column 7: expected '<=' after the measure"},
    {"--max-cost of an unknown name", {"check", "SearchTree", "remove", "3", "--max-cost", "reads <= 2*depth"},
     sink::file, sink::file, 2, "unknown name 'depth'; the names are n, nodes, minSize, maxSize, minInfo, maxInfo"},
    {"--cost with --white-box", {"check", "SearchTree", "remove", "3", "--cost", "--white-box"}, sink::file, sink::file,
     2, "do not go with --white-box"},
    {"--cost with --shard", {"check", "SearchTree", "remove", "3", "--cost", "--shard", "1/2"}, sink::file,
     sink::file, 2, "which `merge` does not join"},
    {"--cost-plot not writable", {"check", "SearchTree", "remove", "3", "--cost-plot", "/dev/null/c.svg"}, sink::file,
     sink::file, 2, "--cost-plot"},
    {"two outputs on one file", {"gen", "BinaryTree", "3", "--output", "/tmp/same.txt", "--suite", "/tmp/same.txt"},
     sink::file, sink::file, 2, "are one file"},
    {"fe: --suite with a spec alone", {"fe", "tree.als", "--suite", "tree.suite"}, sink::file, sink::file, 2,
     "--suite needs a subject"},
    {"fe: --probe-conflicts below -1", {"fe", "BinarySearchTree", "3", "--probe-conflicts", "-5"}, sink::file, sink::file, 2,
     "[-1, 1000000000]"},
    {"fe: --batches given a value", {"fe", "BinarySearchTree", "3", "--batches=often"}, sink::file, sink::file, 2,
     "--batches = often"},
    {"check --suite of a missing file", {"check", "SearchTree", "remove", "--suite", "/nonexistent/x.suite"}, sink::file,
     sink::file, 2, "the suite file does not exist"},
    // Files that never end, or are not files: refused at once, saying what they are.
    {"check --suite of a device", {"check", "SearchTree", "remove", "--suite", "/dev/zero"}, sink::file, sink::file, 2,
     "/dev/zero: the suite file is not a regular file"},
    {"merge of a device", {"merge", "/dev/zero", "/dev/zero"}, sink::file, sink::file, 2,
     "merge: '/dev/zero' is not a regular file"},
    {"gen --checkpoint of a device", {"gen", "SearchTree", "3", "--checkpoint", "/dev/zero", "--output", "/dev/null"},
     sink::file, sink::file, 2, "--checkpoint: '/dev/zero' is not a regular file"},
    {"gen --sample without --suite", {"gen", "SearchTree", "3", "--sample", "2"}, sink::file, sink::file, 2,
     "--sample K chooses"},
    {"gen --threads 0", {"gen", "BinaryTree", "3", "--threads", "0"}, sink::file, sink::file, 2,
     "(4 per core this process may use: "},
    {"gen --threads more than 4 per core", {"gen", "BinaryTree", "3", "--threads", "100000"}, sink::file, sink::file, 2,
     "(4 per core this process may use: "},
    {"gen --shard not I/N", {"gen", "BinaryTree", "3", "--shard", "2"}, sink::file, sink::file, 2, "I/N with 1 <= I <= N"},
    {"gen --shard I beyond N", {"gen", "BinaryTree", "3", "--shard", "3/2"}, sink::file, sink::file, 2,
     "I/N with 1 <= I <= N"},
    {"gen --limit on two threads", {"gen", "BinaryTree", "3", "--limit", "2", "--threads", "2"}, sink::file, sink::file,
     2, "--limit follows the search's order"},
    {"check --stop-after on two workers", {"check", "SearchTree", "remove", "3", "--stop-after", "1", "--threads", "2"},
     sink::file, sink::file, 2, "--stop-after runs on one worker"},
    {"cover without branch probes", {"cover", "TreeMapLazy", "3", "--methods", "remove_rank"}, sink::file, sink::file,
     2, "has no branch probes"},
    {"symbolic keys for too many objects", {"gen", "TreeMapLazy", "--fin", "11,1,11"}, sink::file, sink::file, 2,
     "entries"},
    {"explore without --methods", {"explore", "TreeMap", "3"}, sink::file, sink::file, 2, "--methods is required"},
    {"explore: an unknown method", {"explore", "TreeMap", "3", "--methods", "put_key,nope"}, sink::file, sink::file, 2,
     "--methods: TreeMap has no method 'nope'"},
    {"explore: a method with object arguments", {"explore", "SinglyLinkedList", "3", "--methods", "remove"}, sink::file,
     sink::file, 2, "sequences take integer arguments"},
    {"explore --depth 0", {"explore", "TreeMap", "3", "--methods", "remove", "--depth", "0"}, sink::file, sink::file, 2,
     "[1, " + u64_max + "]"},
    {"explore --max-states 0", {"explore", "TreeMap", "3", "--methods", "remove", "--max-states", "0"}, sink::file,
     sink::file, 2, "[1, " + u64_max + "]"},
    {"explore --timeout above a day", {"explore", "TreeMap", "3", "--methods", "remove", "--timeout", "100000"},
     sink::file, sink::file, 2, "0 (automatic) or seconds in [0.001, 86400]"},
    {"explore --time-limit not a number", {"explore", "TreeMap", "3", "--methods", "remove", "--time-limit", "soon"},
     sink::file, sink::file, 2, "0 (none) or seconds in [0.001, 1000000000]"},
    // CLI11's own message quotes the option's rule, the same in explore and in fe.
    {"explore --time-limit without a value", {"explore", "TreeMap", "3", "--methods", "remove", "--time-limit"},
     sink::file, sink::file, 2, "--time-limit takes 0 (none) or seconds in [0.001, 1000000000]"},
    {"fe --time-limit without a value", {"fe", "examples/specs/binary_search_tree.als", "--time-limit"}, sink::file,
     sink::file, 2, "--time-limit takes 0 (none) or seconds in [0.001, 1000000000]"},
    {"fe --scope with a second run command",
     {"fe", "examples/specs/binary_search_tree.als", "--scope", "3 run inputs for 5"}, sink::file, sink::file, 2,
     "--scope '3 run inputs for 5' is not a scope: it adds to the spec"},
    {"fe --scope with a fact", {"fe", "examples/specs/binary_search_tree.als", "--scope", "3 fact { no Node }"},
     sink::file, sink::file, 2, "is not a scope: it adds to the spec"},
    {"explore --format jsonl", {"explore", "TreeMap", "3", "--methods", "remove", "--format", "jsonl"}, sink::file,
     sink::file, 2, "--format must be text or dot"},
    {"explore --stats xml", {"explore", "TreeMap", "3", "--methods", "remove", "--stats", "xml"}, sink::file, sink::file,
     2, "--stats must be json or text"},
    {"explore --methods empty", {"explore", "TreeMap", "3", "--methods", ","}, sink::file, sink::file, 2,
     "--methods: give the methods to call"},
    {"check --threads 0", {"check", "SearchTree", "remove", "3", "--threads", "0"}, sink::file, sink::file, 2,
     "(4 per core this process may use: "},
    {"gen --checkpoint with --print to stdout", {"gen", "BinaryTree", "3", "--print", "--checkpoint", "bt3.checkpoint"},
     sink::file, sink::file, 2, "needs --output FILE"},
    {"gen --checkpoint-every 0", {"gen", "BinaryTree", "3", "--checkpoint-every", "0"}, sink::file, sink::file, 2,
     "[0.1, 1000000000]"},
    {"gen --checkpoint of a device", {"gen", "BinaryTree", "3", "--checkpoint", "/dev/null"}, sink::file,
     sink::file, 2, "--checkpoint: '/dev/null' is not a regular file"},
    {"gen --generators on a subject without them", {"gen", "DoublyLinkedList", "3", "--generators"}, sink::file, sink::file, 2,
     "Subjects with one: "},
    {"gen --shard-units 0", {"gen", "BinaryTree", "3", "--shard", "1/2", "--shard-units", "0"}, sink::file, sink::file, 2,
     "[1, " + u64_max + "]"},
    {"gen --output in a missing directory", {"gen", "BinaryTree", "3", "--output", "/nonexistent/dir/out.txt"},
     sink::file, sink::file, 2, "--output: '/nonexistent/dir/out.txt' cannot be made: its directory '/nonexistent/dir' does not exist"},
    {"gen --checkpoint in a missing directory",
     {"gen", "SearchTree", "9", "--checkpoint", "/nonexistent/dir/st9.checkpoint", "--checkpoint-every", "0.1", "-q"},
     sink::file, sink::file, 2, "--checkpoint: '/nonexistent/dir/st9.checkpoint' cannot be made: its directory"},
    {"gen --suite in a missing directory (checked before the run)", {"gen", "BinaryTree", "3", "--suite", "/nonexistent/dir/x"},
     sink::file, sink::file, 2, "--suite: '/nonexistent/dir/x' cannot be made: its directory '/nonexistent/dir' does not exist"},
    {"fe --extensions naming a directory", {"fe", "examples/specs/binary_search_tree.als", "--extensions", "/tmp"},
     sink::file, sink::file, 2, "--extensions: '/tmp' is a directory"},
    {"mutate: a later scope's finitization out of range (checked before scope 1)",
     {"mutate", "SearchTree", "add", "--fin", "s,0,s,s+999997,1000000", "--scopes", "1..4"}, sink::file, sink::file, 2,
     "must be in"},
    {"merge of a missing file", {"merge", "/nonexistent/shard1.out"}, sink::file, sink::file, 2,
     "merge: '/nonexistent/shard1.out' does not exist"},
    {"stdout full (gen)", {"gen", "BinaryTree", "8", "--print", "-q"}, sink::full, sink::file, 3,
     "cannot write to stdout: No space left on device"},
    {"stdout full (check)", {"check", "SinglyLinkedList", "remove_null_deref", "3", "-q"}, sink::full, sink::file, 3,
     "cannot write to stdout: No space left on device"},
    {"stdout a closed pipe, SIGPIPE ignored", {"gen", "BinaryTree", "8", "--print", "-q"}, sink::closed_pipe,
     sink::file, 3, "cannot write to stdout: Broken pipe"},
    {"stderr full", {"gen", "BinaryTree", "3"}, sink::file, sink::full, 3, ""},
    {"stderr full and bad input", {"gen", "BinaryTree", "x"}, sink::file, sink::full, 3, ""},
};

std::string redirections(const error_case& c) {
  std::string r;
  if (c.out == sink::full) r += " > /dev/full";
  if (c.out == sink::closed_pipe) r += " | (closed), SIGPIPE ignored";
  if (c.err == sink::full) r += " 2> /dev/full";
  return r;
}

std::string table_cell(std::string text) {
  std::string cell;
  for (const char ch : text) {
    if (ch == '|') cell += "\\|";
    else if (ch == '`') cell += "'";
    else cell += ch;
  }
  return cell;
}

// Replaces the binary's path, which differs between builds, by "smallscope".
// A message as the document shows it: the binary by its name, and the limit of --threads in
// this machine's cores (4 per core) as a formula.
std::string without_path(std::string text) {
  const std::string path = SMALLSCOPE_BINARY;
  for (auto at = text.find(path); at != std::string::npos; at = text.find(path, at)) text.replace(at, path.size(), "smallscope");
  static const std::regex cores(R"(\[1, \d+\] \(4 per core this process may use: \d+ cores\))");
  return std::regex_replace(text, cores, "[1, 4 N] (4 per core this process may use: N cores)");
}

// Runs every case from the source tree (the table's paths are relative to it), checks its exit
// code and message, and returns the markdown table.
std::string error_table() {
  struct in_source_tree {
    std::filesystem::path before = std::filesystem::current_path();
    in_source_tree() { std::filesystem::current_path(SMALLSCOPE_SOURCE_DIR); }
    ~in_source_tree() { std::filesystem::current_path(before); }
  } here;
  std::string table =
      "| Case | Command | Exit code | Message on stderr |\n"
      "| --- | --- | --- | --- |\n";
  for (const auto& c : error_cases) {
    child run(c.args, c.out, c.err);
    const int code = run.wait();
    std::string command = "smallscope";
    for (const auto& a : c.args) {
      const std::string shown = cli_runner::words(a).size() == 1 && a.find('\x1b') == std::string::npos
                                    ? a
                                    : "'" + a + "'";
      command += " " + (a.empty() ? std::string("''") : shown);
    }
    std::string message = "(none: stderr is the stream that failed)";
    if (c.err == sink::file) {
      message = "";
      for (const auto& line : lines(run.err()))
        if (line.rfind("error: ", 0) == 0) {
          message = without_path(line);
          break;
        }
      EXPECT_TRUE(contains(message, c.message_part)) << c.what << ": " << message << "\n" << run.err();
    }
    EXPECT_EQ(code, c.exit_code) << c.what << "\n" << run.err();
    if (c.out == sink::file && c.exit_code == 2) {
      EXPECT_EQ(run.out(), "") << c.what << ": output besides the error";
    }
    std::string shown_command;
    for (const char ch : command) shown_command += ch == '\x1b' ? std::string("\\x1b") : std::string(1, ch);
    table += "| " + table_cell(c.what) + " | `" + table_cell(shown_command + redirections(c)) + "` | " + std::to_string(code) + " | " +
             (message.empty() ? "" : "`" + table_cell(message) + "`") + " |\n";
  }
  return table;
}

std::string errors_md(const std::string& table) {
  return "# Errors and exit codes\n\n"
         "<!-- Generated by tests/cli/cli_faults_test.cpp (Faults.ErrorsDocumentIsCurrent) from its error_cases;\n"
         "     rewrite with: SMALLSCOPE_WRITE_ERRORS_MD=1 build/release/tests/smallscope_cli_tests\n"
         "     --gtest_filter=Faults.ErrorsDocumentIsCurrent -->\n\n"
         "Exit codes of `smallscope` (and of a binary that calls `smallscope::cli_main`):\n\n"
         "| Code | Meaning |\n"
         "| --- | --- |\n"
         "| 0 | done, nothing found |\n"
         "| 1 | findings: a failed input of `check`, an invariant call of `gen` stopped by `--read-budget` or that threw |\n"
         "| 2 | bad input: the message names the argument or option and what it allows; nothing was run |\n"
         "| 3 | output error: stdout, stderr, a `--reproducer-dir` file or the `--findings` file could not be written |\n"
         "| 4 | the environment: out of memory (more than the machine or `ulimit -v` gives), or a check's workers killed from outside three times on one input (the OOM killer); never blamed on the method |\n"
         "| 130 | interrupted by SIGINT, SIGTERM or SIGHUP: the summary and the findings so far are printed |\n\n"
         "## What you can rely on after a signal, a crash or a second run\n\n"
         "- SIGINT, SIGTERM and SIGHUP (a closed terminal, a dropped ssh session) stop a run between two units of "
         "work; it prints its summary, writes `--findings`, `--report`, `--suite` and its other outputs with what it "
         "found so far (marked interrupted), saves gen's `--checkpoint`, and exits 130. Workers ignore these signals: "
         "their supervisor stops them, and never blames the method for them. A second signal within three seconds is "
         "ignored; a later one ends the process at once.\n"
         "- SIGKILL, an out-of-memory kill or a power cut of the whole run: `--checkpoint` and `--incremental` are "
         "written beside their path and renamed, so they are the last complete version; gen started again with the same "
         "`--checkpoint` goes on from it, with `--output` cut back to the bytes the checkpoint vouches for. gen's `--suite` "
         "streams its structures to SUITE.structures beside it as they are found (a resumed run goes on from the lines "
         "its checkpoint vouches for) and writes the suite, its header first, at the end.\n"
         "- A run never writes over its own inputs, and no two of its outputs are one file: checked before the run by "
         "device and inode (a symbolic or hard link is caught), exit 2.\n"
         "- A checkpoint, a mutation cache and a shard's output say what judged them (a spec by its file and a hash of "
         "its text; the C++ invariant by the binary's build id): a checkpoint is not resumed, and shards are not merged, "
         "under another judge. A checkpoint or cache changed after its run wrote it (its content hash) is refused.\n"
         "- A second run on a file that a first run writes (`--output`, `--checkpoint`, `--suite`, `--findings`, "
         "`--incremental`, `--report`, `--html`, `--plot`, `--annotations`), under any name (a symbolic or hard link), is "
         "refused while the first runs, naming its process.\n"
         "- A shard's statistics carry a content hash: merge refuses a shard edited after its run (a failure deleted "
         "by hand).\n"
         "- SIGINT while a spec translates to SAT stops the translation itself.\n"
         "- The commands smallscope prints (`reproduce:`, `made_by`) quote their words for a POSIX shell: they run as "
         "pasted, whatever the paths hold.\n\n"
         "Every bad input and fault below is run by the test, which checks the exit code and the message.\n\n" +
         table;
}

TEST(Faults, ErrorsDocumentIsCurrent) {
  const std::string expected = errors_md(error_table());
  const std::string path = std::string(SMALLSCOPE_SOURCE_DIR) + "/docs/ERRORS.md";
  if (const char* write = std::getenv("SMALLSCOPE_WRITE_ERRORS_MD"); write != nullptr && std::string(write) == "1") {
    std::ofstream(path) << expected;
  }
  std::ifstream in(path);
  std::stringstream actual;
  actual << in.rdbuf();
  EXPECT_EQ(actual.str(), expected) << path
                                    << " is stale; rewrite it with SMALLSCOPE_WRITE_ERRORS_MD=1 "
                                       "smallscope_cli_tests --gtest_filter=Faults.ErrorsDocumentIsCurrent";
}

}  // namespace
