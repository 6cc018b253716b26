// docs/ERRORS.md kept true: its table of bad inputs and faults is generated from `error_cases`
// below, each run here with its exit code and message checked (run with
// SMALLSCOPE_WRITE_ERRORS_MD=1 to rewrite the file), and a test fails when the file differs from
// what the cases produce.
#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <regex>
#include <sstream>
#include <string>
#include <vector>

#include "support/cli_child.hpp"
#include "support/cli_runner.hpp"
#include "support/temp_files.hpp"

namespace {

using cli_runner::contains;
using cli_runner::lines;
using cli_child::child;
using cli_child::describe;
using cli_child::sink;

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
    {"--limit negative", {"gen", "BinaryTree", "3", "--limit", "-1"}, sink::file, sink::file, 2, "--limit must be an integer in [0, " + u64_max},
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
    {"--max-cost with an infinite number", {"check", "SearchTree", "remove", "3", "--max-cost", "reads <= 0*1e999"},
     sink::file, sink::file, 2, "column 12: expected a number a double holds"},
    {"--max-cost not a number at some size", {"check", "SearchTree", "remove", "3", "--max-cost", "reads <= 0*2^(n*2000)"},
     sink::file, sink::file, 2, "not a number at n = 1"},
    {"--invariant with an empty name", {"gen", "SearchTree", "3", "--invariant", ""}, sink::file, sink::file, 2,
     "--invariant takes a file name, got an empty one"},
    {"--suite with an empty name", {"gen", "SearchTree", "3", "--suite", ""}, sink::file, sink::file, 2,
     "--suite takes a file name"},
    {"--checkpoint with an empty name", {"gen", "SearchTree", "3", "--checkpoint", ""}, sink::file, sink::file, 2,
     "--checkpoint takes a file name"},
    {"--findings with an empty name", {"check", "SearchTree", "remove", "3", "--findings", ""}, sink::file, sink::file,
     2, "--findings takes a file name"},
    {"--spec with an empty name", {"check", "SearchTree", "remove", "3", "--spec", ""}, sink::file, sink::file, 2,
     "--spec takes a file name"},
    {"--reproducer-dir with an empty name", {"check", "SearchTree", "remove", "3", "--reproducer-dir", ""}, sink::file,
     sink::file, 2, "--reproducer-dir takes a folder name"},
    {"spec with an empty name", {"spec", ""}, sink::file, sink::file, 2, "FILE takes a file name"},
    {"--cost with --white-box", {"check", "SearchTree", "remove", "3", "--cost", "--white-box"}, sink::file, sink::file,
     2, "do not go with --white-box"},
    {"--cost with --shard", {"check", "SearchTree", "remove", "3", "--cost", "--shard", "1/2"}, sink::file,
     sink::file, 2, "which `merge` does not join"},
    {"--cost-plot not writable", {"check", "SearchTree", "remove", "3", "--cost-plot", "/dev/null/c.svg"}, sink::file,
     sink::file, 2, "--cost-plot"},
    {"explore: --max-amortized-cost not a bound",
     {"explore", "TwoListQueue", "3", "--methods", "enqueue", "--max-amortized-cost", "reads <= n +"}, sink::file,
     sink::file, 2, "--max-amortized-cost 'reads <= n +': column 13"},
    {"explore: --sequence-length without cost", {"explore", "TwoListQueue", "3", "--methods", "enqueue",
                                                  "--sequence-length", "5"},
     sink::file, sink::file, 2, "give it with --cost"},
    {"explore: --cost-plot not writable",
     {"explore", "TwoListQueue", "3", "--methods", "enqueue", "--cost-plot", "/dev/null/c.svg"}, sink::file,
     sink::file, 2, "--cost-plot: '/dev/null/c.svg' cannot be written"},
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
    {"mutate --mutant not an id", {"mutate", "SearchTree", "add", "--scopes", "1", "--mutant", "x"}, sink::file,
     sink::file, 2, "--mutant must be a mutant id: an integer >= 1, got 'x'"},
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
  static const std::regex cores(R"(\[0, \d+\] \(4 per core this process may use: \d+ cores\))");
  return std::regex_replace(text, cores, "[0, 4 N] (4 per core this process may use: N cores)");
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
         "its checkpoint vouches for) and writes the suite, its header first, at the end. When that last write fails "
         "(a full disk), no header is left counting lines that do not follow: the lines stay in SUITE.structures and "
         "the checkpoint stays, and the same command run again finishes the suite. SUITE.structures is an output of "
         "the run like the others: a file of that name that no checkpoint goes on from is refused, never cut.\n"
         "- An output that is a FIFO no process reads fails at once (exit 3), naming it; a run never waits for a "
         "reader.\n"
         "- A worker of `check`, `explore` or `cover` killed from outside (the OOM killer, a user), during a test or "
         "between two, is replaced and the run goes on from the first test whose result did not arrive; three such "
         "deaths in a row with no progress exit 4, blaming no method.\n"
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
