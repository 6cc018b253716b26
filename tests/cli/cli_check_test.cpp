// End-to-end tests of `smallscope check` (the style of cli_test.cpp): every test runs the real
// executable with fixed arguments and checks its exit code, its stdout and its stderr. The
// oracles are independent of the code under test where they can be: counts derived by hand
// (SearchTree 5 has Catalan(5) = 42 trees, each with 5 keys to remove; SinglyLinkedList 3 has
// Bell(3) = 5 lists of 3 elements over 4 objects, and remove_null_deref crashes exactly when its
// argument is not in the list: 15 of the 25 inputs), and cross-checks between runs that must
// agree (a counterexample and its `reproduce:` command, a sample and the full run, --stop-after
// and the full run, the printed reproducer and the one written by --reproducer-dir).
// The only slow case is SearchTree remove_mutant at scope 6 (a timeout, about 1 s; its
// reproduction another 1 s).
#include <gtest/gtest.h>
#include <stdlib.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <map>
#include <nlohmann/json.hpp>
#include <ostream>
#include <set>
#include <sstream>
#include <string>
#include <system_error>
#include <utility>
#include <vector>

#include "support/check_args.hpp"
#include "support/cli_runner.hpp"
#include "support/temp_files.hpp"

namespace {

using cli_runner::contains;
using cli_runner::lines;
using cli_runner::result;
using cli_runner::run;
using cli_runner::shown;
using cli_runner::words;
using json = nlohmann::json;
using test_files::file_text;
using test_files::temp_dir;
using test_files::temp_file;

using check_cli::check_args;
using check_cli::starts_with;

// The statistics object of the last stdout line of `r` (a discarded value if it is not one).
json last_line_json(const result& r) { return cli_runner::last_line_json(r.out); }

// Whether these tests, and so the binary (same flags), are built with AddressSanitizer: its
// report of a crashing worker (remove_null_deref) then goes to stderr, even with -q.
#if defined(__SANITIZE_ADDRESS__)
constexpr bool sanitized = true;
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
constexpr bool sanitized = true;
#else
constexpr bool sanitized = false;
#endif
#else
constexpr bool sanitized = false;
#endif

// Runs `smallscope check ARGS... --findings FILE` and returns what it printed, with the
// findings of FILE in `findings`.
result run_with_findings(std::vector<std::string> args, json& findings) {
  const temp_file file(".jsonl");
  args.insert(args.end(), {"--findings", file.path()});
  const result r = run(args);
  const cli_runner::findings_file f = cli_runner::read_findings(file.path());
  EXPECT_FALSE(f.header.is_discarded()) << "--findings wrote no header, or a count that is not its lines\n"
                                        << shown(args, r);
  findings = json::array();
  for (const auto& row : f.findings) {
    if (!row.is_object()) {
      ADD_FAILURE() << "--findings wrote a line that is not a JSON object\n" << shown(args, r);
      findings = json(json::value_t::discarded);
      return r;
    }
    findings.push_back(row);
  }
  return r;
}

// Runs `smallscope check ARGS... --stats json -q --findings FILE` and returns its statistics,
// with the failures of FILE added as "failures"; expects nothing on stderr (unless sanitized)
// and the exit code that the failures call for (0 none, 1 some).
json check_stats(const std::vector<std::string>& args) {
  auto full = check_args(args);
  full.insert(full.end(), {"--stats", "json", "-q"});
  json findings;
  const result r = run_with_findings(full, findings);
  if (!sanitized) {
    EXPECT_EQ(r.err, "") << shown(full, r);
  }
  const json j = last_line_json(r);
  EXPECT_FALSE(j.is_discarded()) << "the last line of stdout is not a JSON object\n" << shown(full, r);
  if (j.is_discarded()) return json::object();
  EXPECT_EQ(r.exit_code, j.value("failed", 0) > 0 ? 1 : 0) << shown(full, r);
  json with = j;
  with["failures"] = findings.is_discarded() ? json::array() : findings;
  return with;
}

// The summary line without its times: "X m 3,3: 25 inputs, 10 passed, 15 failed".
std::string summary_counts(const std::string& summary) { return summary.substr(0, summary.find(" in ")); }

// The input numbers of the failures of a statistics object, in the order given.
std::vector<std::uint64_t> failure_inputs(const json& stats) {
  std::vector<std::uint64_t> inputs;
  for (const auto& f : stats.value("failures", json::array())) inputs.push_back(f.value("input", std::uint64_t{0}));
  return inputs;
}

// One printed counterexample: its header line, and the text after each label ("call:",
// "pre-state:", ...). A picture in --format dot follows its label on lines of its own, up to the
// line "}"; it is kept with its lines joined by '\n'.
struct printed_counterexample {
  std::string header;  // "counterexample 1 (input 994, 6 objects): the invariant fails ..."
  std::map<std::string, std::string> parts;  // "call" -> "insert_unbalanced(3) returned true"
  bool has_reproducer_code = false;          // "  GoogleTest reproducer:" follows

  std::uint64_t input() const {  // the N of "(input N, "
    const auto at = header.find("(input ");
    return at == std::string::npos ? 0 : std::stoull(header.substr(at + 7));
  }
  std::uint64_t objects() const {  // the K of ", K objects)"
    const auto end = header.find(" objects)");
    const auto begin = header.rfind(", ", end);
    return end == std::string::npos || begin == std::string::npos ? 0 : std::stoull(header.substr(begin + 2));
  }
  std::string failed_check() const {  // the text after "objects): "
    const auto at = header.find("objects): ");
    return at == std::string::npos ? "" : header.substr(at + 10);
  }
  // The program of the `reproduce:` command: the program that ran, as it was invoked.
  std::string reproduce_program() const {
    const auto w = words(parts.count("reproduce") != 0 ? parts.at("reproduce") : "");
    return w.empty() ? "" : w.front();
  }
  // The arguments of the `reproduce:` command, without the program.
  std::vector<std::string> reproduce_args() const {
    auto w = words(parts.count("reproduce") != 0 ? parts.at("reproduce") : "");
    if (!w.empty()) w.erase(w.begin());
    return w;
  }
};

std::vector<printed_counterexample> counterexamples(const std::string& out) {
  std::vector<printed_counterexample> found;
  const auto all = lines(out);
  for (std::size_t i = 0; i < all.size(); ++i) {
    const std::string& line = all[i];
    if (starts_with(line, "counterexample ")) {
      found.push_back({line, {}, false});
      continue;
    }
    if (found.empty()) continue;
    if (line == "  GoogleTest reproducer:") {
      found.back().has_reproducer_code = true;
      continue;
    }
    for (const char* label : {"call", "pre-state", "post-state", "reproduce"}) {
      const std::string prefix = std::string("  ") + label + ":";
      if (!starts_with(line, prefix) || found.back().parts.count(label) != 0) continue;
      std::string value = line.substr(prefix.size());
      value.erase(0, value.find_first_not_of(' ') == std::string::npos ? value.size() : value.find_first_not_of(' '));
      if (value.empty()) {  // a picture on the lines that follow
        for (++i; i < all.size(); ++i) {
          value += (value.empty() ? "" : "\n") + all[i];
          if (all[i] == "}") break;
        }
      }
      found.back().parts[label] = value;
      break;
    }
  }
  return found;
}

// ---------------------------------------------------------------------------------------------
// Exit codes, the summary line and --stats json

TEST(CheckCli, AllInputsPassExitsZero) {
  const auto args = check_args({"SearchTree", "remove", "5"});
  const result r = run(args);
  ASSERT_EQ(r.exit_code, 0) << shown(args, r);
  EXPECT_FALSE(contains(r.out, "counterexample")) << shown(args, r);
  const auto out = lines(r.out);
  ASSERT_FALSE(out.empty()) << shown(args, r);
  // SCOPE 5 is --fin 5,5,5,0,4: the 42 binary trees of 5 nodes, one key assignment each (keys
  // 0..4), and remove(0..4): 5 inputs per tree.
  EXPECT_TRUE(starts_with(out.back(), "SearchTree remove 5,5,5,0,4: 210 inputs, 210 passed, 0 failed in "))
      << out.back();
  EXPECT_TRUE(starts_with(r.err, std::string(SMALLSCOPE_BINARY) + " check SearchTree remove --fin 5,5,5,0,4\n")) << r.err;
  EXPECT_TRUE(contains(r.err, "method: remove(")) << r.err;
}

TEST(CheckCli, FailingInputsExitOneAndTheRunGoesOn) {
  const auto args = check_args({"SinglyLinkedList", "remove_null_deref", "3"});
  const result r = run(args);
  ASSERT_EQ(r.exit_code, 1) << shown(args, r);
  const auto out = lines(r.out);
  ASSERT_FALSE(out.empty()) << shown(args, r);
  // 5 lists times 5 arguments (null and 4 objects); the 15 whose argument is not in the list
  // crash, and every input is still checked.
  EXPECT_TRUE(starts_with(out.back(), "SinglyLinkedList remove_null_deref 3,3,4,4: 25 inputs, 10 passed, 15 failed in "))
      << out.back();
  EXPECT_TRUE(contains(out.back(), "15 worker restarts")) << out.back();
  EXPECT_EQ(counterexamples(r.out).size(), 3u) << "--show defaults to 3\n" << r.out;
  EXPECT_TRUE(contains(r.out, "(12 more counterexamples; --show N prints more)\n")) << r.out;
}

TEST(CheckCli, StatsJsonIsTheLastLineOfStdout) {
  const auto args = check_args({"SinglyLinkedList", "remove_null_deref", "3", "--show", "0", "--stats", "json"});
  json findings;
  const result r = run_with_findings(args, findings);
  ASSERT_EQ(r.exit_code, 1) << shown(args, r);
  const json stats = last_line_json(r);
  ASSERT_FALSE(stats.is_discarded()) << shown(args, r);
  EXPECT_EQ(stats.value("subject", ""), "SinglyLinkedList");
  EXPECT_EQ(stats.value("method", ""), "remove_null_deref");
  EXPECT_EQ(stats.value("fin", json()), json({3, 3, 4, 4}));
  EXPECT_EQ(stats.value("inputs", json()), 25);
  EXPECT_EQ(stats.value("passed", json()), 10);
  EXPECT_EQ(stats.value("failed", json()), 15);
  ASSERT_TRUE(stats.contains("seconds") && stats["seconds"].is_number()) << stats.dump();
  EXPECT_GE(stats["seconds"].get<double>(), 0.0);

  // The statistics line holds counts and the first failures' inputs, not the failures (a line
  // of hundreds of kilobytes otherwise); --findings FILE lists every failure (not only the
  // shown ones), each a crash on its own input, smallest first as printed.
  EXPECT_FALSE(stats.contains("failures")) << stats.dump();
  EXPECT_EQ(stats.value("interrupted", json()), false) << stats.dump();
  EXPECT_EQ(stats.value("mode", json()), "black-box") << stats.dump();
  EXPECT_EQ(stats.value("total_inputs", json()), 25) << stats.dump();
  ASSERT_EQ(findings.size(), 15u) << findings.dump();
  for (const auto& f : findings) {
    EXPECT_EQ(f.value("kind", ""), "crash") << f.dump();
    EXPECT_TRUE(f.value("pre_state", "").rfind("SinglyLinkedList#0{", 0) == 0) << f.dump();
    EXPECT_TRUE(f.contains("post_state") && f.contains("detail") && f.contains("arguments")) << f.dump();
  }
  const auto inputs = failure_inputs(json{{"failures", findings}});
  std::vector<std::uint64_t> first_ten(inputs.begin(), inputs.begin() + 10);
  EXPECT_EQ(stats.value("first_failed_inputs", json()), json(first_ten)) << stats.dump();
  EXPECT_EQ(std::set<std::uint64_t>(inputs.begin(), inputs.end()).size(), inputs.size()) << "an input repeats";
  for (const auto input : inputs) {
    EXPECT_GE(input, 1u);
    EXPECT_LE(input, 25u);
  }
  // The summary moves to stderr, with the same counts.
  EXPECT_TRUE(contains(r.err, "25 inputs, 10 passed, 15 failed")) << r.err;

  const json passing = check_stats({"SearchTree", "remove", "5"});
  EXPECT_EQ(passing.value("inputs", json()), 210);
  EXPECT_EQ(passing.value("failed", json()), 0);
  EXPECT_EQ(passing.value("failures", json()), json::array());
}

// --eq-class (paper 002) narrows the inputs to Korat+'s structures: 43 of SearchTreeDelete's 45
// at 3,0-3,3 (the paper's 500 (43)); --one-per-class to one per class, 8 here.
TEST(CheckCli, EqClassAndOnePerClassNarrowTheInputs) {
  const json plain = check_stats({"SearchTreeDelete", "remove", "--fin", "3,0,3,3"});
  const json pruned = check_stats({"SearchTreeDelete", "remove", "--fin", "3,0,3,3", "--eq-class"});
  const json one = check_stats({"SearchTreeDelete", "remove", "--fin", "3,0,3,3", "--one-per-class"});
  EXPECT_EQ(plain.value("inputs", json()), 45);
  EXPECT_EQ(pruned.value("inputs", json()), 43);
  EXPECT_EQ(pruned.value("explored", json()), 500);
  EXPECT_EQ(one.value("inputs", json()), 8);
  EXPECT_EQ(one.value("failed", json()), 0);
}

TEST(CheckCli, CounterexamplesAreSmallestFirst) {
  const auto args = check_args({"SinglyLinkedList", "remove_null_deref", "3", "--show", "15", "--no-reproducers"});
  const result r = run(args);
  ASSERT_EQ(r.exit_code, 1) << shown(args, r);
  const auto found = counterexamples(r.out);
  ASSERT_EQ(found.size(), 15u) << r.out;
  for (std::size_t i = 0; i < found.size(); ++i) {
    EXPECT_TRUE(starts_with(found[i].header, "counterexample " + std::to_string(i + 1) + " (input ")) << found[i].header;
    if (i == 0) continue;
    const auto before = std::make_pair(found[i - 1].objects(), found[i - 1].input());
    const auto now = std::make_pair(found[i].objects(), found[i].input());
    EXPECT_LT(before, now) << "fewest objects first, then input order:\n" << found[i - 1].header << "\n" << found[i].header;
  }
  EXPECT_FALSE(contains(r.out, "more counterexamples")) << r.out;
}

// ---------------------------------------------------------------------------------------------
// A counterexample: the failed check, the pictures, and a reproduce command that reproduces it

struct failing_case {
  std::string name;
  std::vector<std::string> args;   // after "check"
  std::string kind;                // the "kind" of the failure in --stats json
  std::string failed_check;        // the start of the header's failed check
  std::string subject;             // the root object is SUBJECT#0
  std::string method;
  bool returns = true;             // whether the method returned (else no post-state)
  std::string post_state_part;     // when it returned: a part of the post-state picture
};

const std::vector<failing_case> failing_cases = {
    {"Crash", {"SinglyLinkedList", "remove_null_deref", "3"}, "crash", "the method crashed: ",
     "SinglyLinkedList", "remove_null_deref", false, ""},
    {"InvariantClause", {"RedBlackTree", "insert_unbalanced", "--fin", "5,0,5,6"}, "invariant",
     "the invariant fails in the post-state; the postcondition names the clause: \"every path has the same number of black nodes\"",
     "RedBlackTree", "insert_unbalanced", true, "new Node#0{"},
    // The one slow case: an automatic timeout of about 1 s, and again when reproduced.
    {"Timeout", {"SearchTree", "remove_mutant", "--fin", "6,0,6,1,6"}, "timeout", "timeout: the method ran over ",
     "SearchTree", "remove_mutant", false, ""},
};

void PrintTo(const failing_case& c, std::ostream* os) { *os << c.name; }

class check_counterexample_test : public testing::TestWithParam<failing_case> {};

TEST_P(check_counterexample_test, NamesTheCheckShowsTheStatesAndReproduces) {
  const auto& c = GetParam();
  auto args = check_args(c.args);
  args.insert(args.end(), {"--show", "1", "--stats", "json", "-q"});
  json findings;
  const result r = run_with_findings(args, findings);
  ASSERT_EQ(r.exit_code, 1) << shown(args, r);
  const json stats = last_line_json(r);
  ASSERT_FALSE(stats.is_discarded()) << shown(args, r);
  ASSERT_FALSE(findings.is_discarded() || findings.empty()) << findings.dump();
  const json first = findings[0];  // smallest first, as printed
  EXPECT_EQ(first.value("kind", ""), c.kind) << first.dump();

  const auto found = counterexamples(r.out);
  ASSERT_EQ(found.size(), 1u) << shown(args, r);
  auto ce = found[0];
  EXPECT_EQ(ce.input(), first.value("input", std::uint64_t{0})) << ce.header;
  EXPECT_TRUE(starts_with(ce.failed_check(), c.failed_check)) << ce.header;
  EXPECT_TRUE(starts_with(ce.parts.count("call") ? ce.parts.at("call") : "", c.method + "(")) << r.out;
  EXPECT_TRUE(starts_with(ce.parts.count("pre-state") ? ce.parts.at("pre-state") : "", c.subject + "#0{")) << r.out;
  ASSERT_EQ(ce.parts.count("post-state"), 1u) << r.out;
  if (c.returns) {
    EXPECT_TRUE(starts_with(ce.parts.at("post-state"), c.subject + "#0{")) << r.out;
    EXPECT_TRUE(contains(ce.parts.at("post-state"), c.post_state_part)) << r.out;
    EXPECT_NE(ce.parts.at("post-state"), ce.parts.at("pre-state")) << r.out;
    EXPECT_TRUE(contains(ce.parts.at("call"), ") returned ")) << r.out;
  } else {
    EXPECT_EQ(ce.parts.at("post-state"), "(none: the method did not return)") << r.out;
  }
  EXPECT_TRUE(ce.has_reproducer_code) << r.out;
  EXPECT_TRUE(contains(r.out, "#include <gtest/gtest.h>")) << r.out;
  EXPECT_TRUE(contains(r.out, "\nTEST(")) << r.out;

  // The reproduce command names the program that ran, checks exactly that input, and it fails
  // the same way.
  EXPECT_EQ(ce.reproduce_program(), SMALLSCOPE_BINARY) << ce.parts["reproduce"];
  auto again_args = ce.reproduce_args();
  ASSERT_GE(again_args.size(), 3u) << ce.parts["reproduce"];
  EXPECT_EQ(again_args[0], "check") << ce.parts["reproduce"];
  EXPECT_EQ(again_args[1], c.subject) << ce.parts["reproduce"];
  EXPECT_EQ(again_args[2], c.method) << ce.parts["reproduce"];
  EXPECT_TRUE(contains(ce.parts["reproduce"] + " ", " --input " + std::to_string(ce.input()) + " "))
      << ce.parts["reproduce"];
  again_args.insert(again_args.end(), {"--stats", "json", "-q"});
  json again_findings;
  const result again = run_with_findings(again_args, again_findings);
  ASSERT_EQ(again.exit_code, 1) << shown(again_args, again);
  const json again_stats = last_line_json(again);
  ASSERT_FALSE(again_stats.is_discarded()) << shown(again_args, again);
  EXPECT_EQ(again_stats.value("inputs", json()), 1) << again_stats.dump();
  EXPECT_EQ(again_stats.value("failed", json()), 1) << again_stats.dump();
  EXPECT_EQ(again_stats.value("passed", json()), 0) << again_stats.dump();
  ASSERT_EQ(again_findings.size(), 1u) << again_findings.dump();
  const json& same = again_findings[0];
  EXPECT_EQ(same.value("kind", ""), c.kind) << same.dump();
  EXPECT_EQ(same.value("input", json()), first.value("input", json())) << same.dump();
  EXPECT_EQ(same.value("arguments", json()), first.value("arguments", json())) << same.dump();
  EXPECT_EQ(same.value("objects", json()), first.value("objects", json())) << same.dump();
  if (c.kind != "timeout") {  // a timeout's limit may differ
    EXPECT_EQ(same.value("detail", json()), first.value("detail", json())) << same.dump();
  }

  auto reproduced = counterexamples(again.out);
  ASSERT_EQ(reproduced.size(), 1u) << shown(again_args, again);
  for (const char* part : {"call", "pre-state", "post-state", "reproduce"})
    EXPECT_EQ(reproduced[0].parts[part], ce.parts.at(part)) << part;
  if (c.kind != "timeout") {
    EXPECT_EQ(reproduced[0].header, ce.header);
  }
}

INSTANTIATE_TEST_SUITE_P(CheckCli, check_counterexample_test, testing::ValuesIn(failing_cases),
                         [](const auto& test) { return test.param.name; });

// ---------------------------------------------------------------------------------------------
// Options: --stop-after, --sample, --format dot, --no-reproducers, --reproducer-dir, -q

TEST(CheckCli, StopAfterStopsAtTheGivenNumberOfFailures) {
  const json all = check_stats({"SinglyLinkedList", "remove_null_deref", "3"});
  auto all_inputs = failure_inputs(all);
  std::sort(all_inputs.begin(), all_inputs.end());
  ASSERT_GE(all_inputs.size(), 2u) << all.dump();

  const json stopped = check_stats({"SinglyLinkedList", "remove_null_deref", "3", "--stop-after", "2"});
  EXPECT_EQ(stopped.value("failed", json()), 2) << stopped.dump();
  EXPECT_EQ(stopped.value("stopped", json()), true) << stopped.dump();
  auto inputs = failure_inputs(stopped);
  std::sort(inputs.begin(), inputs.end());
  // The first two failures in input order, and no input checked after the second.
  EXPECT_EQ(inputs, std::vector<std::uint64_t>(all_inputs.begin(), all_inputs.begin() + 2)) << stopped.dump();
  EXPECT_EQ(stopped.value("inputs", json()), all_inputs[1]) << stopped.dump();
  EXPECT_EQ(stopped.value("passed", 0) + stopped.value("failed", 0), stopped.value("inputs", -1)) << stopped.dump();

  const auto args = check_args({"SinglyLinkedList", "remove_null_deref", "3", "--stop-after", "2", "-q"});
  const result r = run(args);
  EXPECT_EQ(r.exit_code, 1) << shown(args, r);
  const auto out = lines(r.out);
  ASSERT_FALSE(out.empty());
  EXPECT_TRUE(contains(out.back(), ", 2 failed in ")) << out.back();
  EXPECT_TRUE(contains(out.back(), "stopped at --stop-after")) << out.back();
  EXPECT_EQ(counterexamples(r.out).size(), 2u) << r.out;
}

// A findings file says what made it and whether its run covered every input: a run stopped
// early is marked incomplete, so that no one takes its findings for all of them.
TEST(CheckCli, AFindingsFileSaysWhatMadeItAndWhetherItIsComplete) {
  for (const bool stop : {false, true}) {
    const temp_file file(".jsonl");
    std::vector<std::string> args =
        check_args({"SinglyLinkedList", "remove_null_deref", "3", "-q", "--show", "0", "--findings", file.path()});
    if (stop) args.insert(args.end(), {"--stop-after", "2"});
    const result r = run(args);
    EXPECT_EQ(r.exit_code, 1) << shown(args, r);
    const auto f = cli_runner::read_findings(file.path());
    ASSERT_FALSE(f.header.is_discarded()) << file_text(file.path());
    EXPECT_EQ(f.header["complete"], !stop) << f.header.dump();
    EXPECT_TRUE(contains(f.header["made_by"].get<std::string>(), "check SinglyLinkedList remove_null_deref --fin "))
        << f.header.dump();
    if (stop) {
      EXPECT_EQ(f.findings.size(), 2u);
    }
  }
}

// The printed `reproduce:` command and a findings file's made_by run as pasted into a shell,
// whatever the paths hold (a space, a quote), and made_by names the sample that chose the inputs.
TEST(CheckCli, TheCommandsItPrintsRunAsPastedIntoAShell) {
  const test_files::temp_dir dir;
  const std::string spec = dir.path() + "/it's a spec.als";
  std::filesystem::copy_file(std::string(SMALLSCOPE_SOURCE_DIR) + "/examples/specs/korat/singly_linked_list.als", spec);
  const auto rerun = [](const std::string& command) {
    const int status = std::system((command + " -q > /dev/null 2>&1").c_str());
    return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  };
  const std::vector<std::string> args =
      check_args({"SinglyLinkedList", "remove_null_deref", "3", "--invariant", spec, "--show", "1"});
  const result r = run(args);
  ASSERT_EQ(r.exit_code, 1) << shown(args, r);
  const auto printed = counterexamples(r.out);
  ASSERT_FALSE(printed.empty()) << r.out;
  const std::string reproduce = printed.front().parts.at("reproduce");
  EXPECT_TRUE(contains(reproduce, "'")) << reproduce;
  EXPECT_EQ(rerun(reproduce), 1) << reproduce;  // the failure again, not a bad argument (2)
  // A sample's findings say which sample: running made_by again checks the same inputs.
  const temp_file findings(".jsonl");
  const std::vector<std::string> sampled = check_args({"SinglyLinkedList", "remove_null_deref", "3", "--invariant", spec,
                                                       "--sample", "9", "--seed", "2", "--findings", findings.path()});
  const result s = run(sampled);
  ASSERT_LE(s.exit_code, 1) << shown(sampled, s);
  const auto f = cli_runner::read_findings(findings.path());
  const std::string made_by = f.header.value("made_by", std::string());
  EXPECT_TRUE(contains(made_by, " --sample 9 --seed 2")) << made_by;
  EXPECT_EQ(rerun(made_by), s.exit_code) << made_by;
}

TEST(CheckCli, SampleChecksKInputsReproducibly) {
  const std::vector<std::string> args = {"SinglyLinkedList", "remove_null_deref", "3", "--sample", "5", "--seed", "3"};
  const json first = check_stats(args);
  const json second = check_stats(args);
  EXPECT_EQ(first.value("inputs", json()), 5) << first.dump();
  EXPECT_EQ(first.value("passed", 0) + first.value("failed", 0), 5) << first.dump();
  EXPECT_EQ(first.value("failures", json()), second.value("failures", json())) << "the same seed, other failures";
  EXPECT_EQ(first.value("passed", json()), second.value("passed", json()));

  // Every sampled failure is a failure of the full run, with the same arguments.
  const json all = check_stats({"SinglyLinkedList", "remove_null_deref", "3"});
  std::map<std::uint64_t, json> by_input;
  for (const auto& f : all.value("failures", json::array())) by_input[f.value("input", std::uint64_t{0})] = f;
  for (const auto& f : first.value("failures", json::array())) {
    const auto input = f.value("input", std::uint64_t{0});
    ASSERT_EQ(by_input.count(input), 1u) << "input " << input << " fails only in the sample: " << f.dump();
    EXPECT_EQ(f.value("arguments", json()), by_input[input].value("arguments", json())) << f.dump();
    EXPECT_EQ(f.value("kind", json()), by_input[input].value("kind", json())) << f.dump();
  }

  const auto text_args = check_args({"SinglyLinkedList", "remove_null_deref", "3", "--sample", "5", "--seed", "3", "-q"});
  const result r = run(text_args);
  EXPECT_EQ(r.exit_code, first.value("failed", 0) > 0 ? 1 : 0) << shown(text_args, r);
  const auto out = lines(r.out);
  ASSERT_FALSE(out.empty());
  EXPECT_TRUE(contains(out.back(), ": 5 inputs, ")) << out.back();
}

// Splits `text` into the digraphs it holds ("digraph NAME {" ... "}"), each as its text.
std::vector<std::string> digraphs(const std::string& text) {
  std::vector<std::string> found;
  bool open = false;
  for (const auto& line : lines(text)) {
    if (starts_with(line, "digraph ")) {
      EXPECT_FALSE(open) << "digraph inside a digraph: " << line;
      open = true;
      found.emplace_back();
    }
    if (open) found.back() += line + "\n";
    if (open && line == "}") open = false;
  }
  EXPECT_FALSE(open) << "a digraph is not closed";
  return found;
}

TEST(CheckCli, FormatDotPrintsTheStatesAsDigraphs) {
  const auto args = check_args(
      {"RedBlackTree", "insert_unbalanced", "--fin", "5,0,5,6", "--show", "1", "--format", "dot", "--no-reproducers", "-q"});
  const result r = run(args);
  ASSERT_EQ(r.exit_code, 1) << shown(args, r);
  auto found = counterexamples(r.out);
  ASSERT_EQ(found.size(), 1u) << r.out;
  const std::string input = std::to_string(found[0].input());
  const auto graphs = digraphs(r.out);
  ASSERT_EQ(graphs.size(), 2u) << "a pre-state and a post-state\n" << r.out;
  EXPECT_TRUE(starts_with(graphs[0], "digraph pre_state_" + input + " {\n")) << graphs[0];
  EXPECT_TRUE(starts_with(graphs[1], "digraph post_state_" + input + " {\n")) << graphs[1];
  EXPECT_EQ(found[0].parts["pre-state"], graphs[0].substr(0, graphs[0].size() - 1)) << "the picture after pre-state:";
  EXPECT_EQ(found[0].parts["post-state"], graphs[1].substr(0, graphs[1].size() - 1)) << "the picture after post-state:";
  for (const auto& graph : graphs)
    EXPECT_TRUE(contains(graph, "\"RedBlackTree#0\" -> \"Node#0\" [label=\"root\"]")) << graph;
  EXPECT_TRUE(contains(graphs[1], "\"new Node#0\"")) << "the inserted node\n" << graphs[1];
  EXPECT_FALSE(contains(r.out, "RedBlackTree#0{")) << "a text picture in --format dot\n" << r.out;
}

TEST(CheckCli, NoReproducersOmitsTheGoogleTestCode) {
  const std::vector<std::string> base = {"SinglyLinkedList", "remove_null_deref", "3", "--show", "2", "-q"};
  const result with = run(check_args(base));
  auto without_args = base;
  without_args.push_back("--no-reproducers");
  const result without = run(check_args(without_args));
  ASSERT_EQ(with.exit_code, 1) << shown(check_args(base), with);
  ASSERT_EQ(without.exit_code, 1) << shown(check_args(without_args), without);

  for (const char* code : {"GoogleTest reproducer:", "#include <gtest/gtest.h>", "TEST(SinglyLinkedListRemoveNullDeref, "}) {
    EXPECT_TRUE(contains(with.out, code)) << code << "\n" << with.out;
    EXPECT_FALSE(contains(without.out, code)) << code << "\n" << without.out;
  }
  const auto with_found = counterexamples(with.out);
  const auto without_found = counterexamples(without.out);
  ASSERT_EQ(with_found.size(), 2u) << with.out;
  ASSERT_EQ(without_found.size(), 2u) << without.out;
  for (std::size_t i = 0; i < 2; ++i) {
    EXPECT_TRUE(with_found[i].has_reproducer_code);
    EXPECT_FALSE(without_found[i].has_reproducer_code);
    EXPECT_EQ(without_found[i].header, with_found[i].header);
    EXPECT_EQ(without_found[i].parts, with_found[i].parts) << "the rest of the report is the same";
  }
  EXPECT_EQ(summary_counts(lines(without.out).back()), summary_counts(lines(with.out).back()));
}

TEST(CheckCli, ReproducerDirWritesEachPrintedReproducer) {
  const temp_dir dir;
  ASSERT_FALSE(dir.path().empty());
  const auto args =
      check_args({"RedBlackTree", "insert_unbalanced", "--fin", "5,0,5,6", "--show", "2", "--reproducer-dir", dir.path()});
  const result r = run(args);
  ASSERT_EQ(r.exit_code, 1) << shown(args, r);
  const auto found = counterexamples(r.out);
  ASSERT_EQ(found.size(), 2u) << r.out;

  std::vector<std::filesystem::path> files;
  for (const auto& entry : std::filesystem::directory_iterator(dir.path())) files.push_back(entry.path());
  ASSERT_EQ(files.size(), 2u) << "one file per printed counterexample\n" << shown(args, r);
  for (const auto& ce : found) {
    const std::string suffix = "_" + std::to_string(ce.input()) + ".cpp";
    const auto file = std::find_if(files.begin(), files.end(), [&](const auto& f) {
      const std::string name = f.filename().string();
      return name.size() > suffix.size() && name.compare(name.size() - suffix.size(), suffix.size(), suffix) == 0;
    });
    ASSERT_NE(file, files.end()) << "no file for input " << ce.input() << " (*" << suffix << ")";
    const std::string code = file_text(*file);
    EXPECT_TRUE(contains(code, "TEST(")) << code;
    EXPECT_TRUE(contains(r.out, "  GoogleTest reproducer:\n" + code + "\n")) << "the file is not the printed code\n"
                                                                               << code;
    EXPECT_TRUE(contains(r.err, "wrote " + file->string() + "\n")) << r.err;
  }

  // --no-reproducers only leaves the code out of stdout; -q leaves out the "wrote" lines.
  const temp_dir quiet_dir;
  const auto quiet_args = check_args({"RedBlackTree", "insert_unbalanced", "--fin", "5,0,5,6", "--show", "1",
                                      "--no-reproducers", "--reproducer-dir", quiet_dir.path(), "-q"});
  const result quiet = run(quiet_args);
  EXPECT_EQ(quiet.exit_code, 1) << shown(quiet_args, quiet);
  EXPECT_EQ(quiet.err, "");
  EXPECT_EQ(std::distance(std::filesystem::directory_iterator(quiet_dir.path()), std::filesystem::directory_iterator()),
            1);
}

TEST(CheckCli, QuietPrintsNothingOnStderr) {
  const auto args = check_args({"SearchTree", "remove", "3", "-q"});
  const result r = run(args);
  EXPECT_EQ(r.exit_code, 0) << shown(args, r);
  EXPECT_EQ(r.err, "") << shown(args, r);
  EXPECT_TRUE(contains(r.out, "15 inputs, 15 passed, 0 failed")) << r.out;
}

}  // namespace
