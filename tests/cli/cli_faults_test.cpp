// End-to-end tests of the command line under faults and at its edges: signals (the worker of a
// check dies with its parent; SIGINT and SIGTERM print the findings so far and exit 130),
// unwritable stdout and stderr (exit code 3, never an abort), --reproducer-dir checked before
// the run, the SCOPE ranges that `list` advertises, numbers at their limits, and the figures of
// --stats json. docs/ERRORS.md's table of bad inputs is cli_errors_test.cpp's.
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

// An output that is a FIFO no process reads: the run neither waits for a reader (deaf to
// SIGINT and SIGTERM while it waits) nor loses its work: the output fails at once, naming it,
// exit 3. With a reader, the output goes through the FIFO.
TEST(Faults, AnOutputFifoWithNoReaderIsAnOutputErrorNotAHang) {
  const std::string fifo = test_files::temp_path("output.fifo");
  std::filesystem::remove(fifo);
  ASSERT_EQ(mkfifo(fifo.c_str(), 0600), 0);
  const std::vector<std::vector<std::string>> runs = {
      {"check", "SearchTree", "remove", "3", "--findings", fifo, "-q"},
      {"check", "SearchTree", "remove", "3", "--cost-plot", fifo, "-q"},
      {"gen", "SearchTree", "3", "--print", "--output", fifo, "-q"},
      {"gen", "SearchTree", "3", "--suite", fifo, "-q"},
      {"explore", "TwoListQueue", "2", "--methods", "enqueue", "--cost-plot", fifo, "-q"}};
  for (const auto& args : runs) {
    child c(args);
    EXPECT_EQ(c.wait(20), 3) << describe(args, c);
    EXPECT_TRUE(contains(c.err(), "'" + fifo + "' is a FIFO that no process reads")) << describe(args, c);
  }
  // A reader, there first (its end open before the run starts): the findings arrive through the
  // FIFO (fewer bytes than its buffer, so they wait there until read).
  const int reader = open(fifo.c_str(), O_RDONLY | O_NONBLOCK);
  ASSERT_GE(reader, 0);
  const std::vector<std::string> args = {"check", "SinglyLinkedList", "remove_null_deref", "2", "--findings", fifo, "-q"};
  child c(args);
  EXPECT_EQ(c.wait(20), 1) << describe(args, c);
  std::string read;
  char chunk[4096];
  for (ssize_t n; (n = ::read(reader, chunk, sizeof chunk)) > 0;) read.append(chunk, static_cast<std::size_t>(n));
  close(reader);
  EXPECT_TRUE(contains(read, "\"format\":\"smallscope-findings\"")) << read;
  std::filesystem::remove(fifo);
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

}  // namespace
