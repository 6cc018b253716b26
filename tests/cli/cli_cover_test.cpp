// End-to-end tests of `smallscope-branches cover` (paper 001, Sec. 5.2-5.4) and of the symbolic
// TreeMap on the command line: gen's counts by size, the white-box suite written as a suite
// file and `smallscope check --suite` finding the seeded helper bug on it with a reproducer.
#include <gtest/gtest.h>

#include <unistd.h>

#include <cstdio>
#include <fstream>
#include <map>
#include <nlohmann/json.hpp>
#include <string>

#include "support/cli_runner.hpp"
#include "support/temp_files.hpp"

// smallscope-branches is built with the Clang tools (SMALLSCOPE_CLANG_TOOLS).
#ifdef SMALLSCOPE_BRANCHES_BINARY
namespace {

using cli_runner::contains;
using cli_runner::run;
using cli_runner::run_program;
using cli_runner::shown;

TEST(CliCover, GenCountsPaper001sTreesBySize) {
  const std::vector<std::string> expected = {"1", "2", "2", "4", "8", "16"};
  for (int n = 1; n <= 6; ++n) {
    const std::string f = std::to_string(n);
    const auto stats = cli_runner::gen_stats({"TreeMapLazy", "--fin", f + "," + f + "," + f});
    EXPECT_EQ(stats.at("valid"), expected[n - 1]) << "size " << n;
  }
  EXPECT_EQ(cli_runner::gen_stats({"TreeMapLazy", "5"}).at("valid"), "17");
}

TEST(CliCover, WhiteBoxSuiteOfElevenTreesFindsTheSeededBug) {
  const test_files::temp_file suite(".suite");
  const std::string& path = suite.path();
  const std::vector<std::string> args = {"cover", "TreeMapLazy", "5", "--methods", "remove_rank,put_gap",
                                         "--suite", path, "--stats", "json", "-q"};
  const auto r = run_program(SMALLSCOPE_BRANCHES_BINARY, args);
  EXPECT_EQ(r.exit_code, 0) << shown(args, r);
  EXPECT_TRUE(contains(r.out, "17 inputs")) << r.out;
  // All 9 trees of sizes 1..4 and 2 of the 8 of size 5, as paper 001's white-box suite.
  EXPECT_TRUE(contains(r.out, "on 11 of the 17 inputs (1 of 1, 2 of 2, 2 of 2, 4 of 4, 2 of 8 by objects)")) << r.out;
  EXPECT_TRUE(contains(r.out, "fix_after_deletion")) << r.out;
  const auto json = cli_runner::parse_json_object(cli_runner::lines(r.out).back());
  ASSERT_TRUE(json.has_value()) << r.out;
  EXPECT_EQ(json->at("suite_inputs"), "11");
  EXPECT_EQ(json->at("inputs"), "17");

  // The suite file runs in the plain binary: the correct removal passes, the seeded one fails.
  const auto good = run({"check", "TreeMapLazy", "remove_rank", "--suite", path, "-q"});
  EXPECT_EQ(good.exit_code, 0) << good.out << good.err;
  const std::vector<std::string> bad_args = {"check", "TreeMapLazy", "remove_rank_recolor_bug", "--suite", path, "-q"};
  const auto bad = run(bad_args);
  EXPECT_EQ(bad.exit_code, 1) << shown(bad_args, bad);
  EXPECT_TRUE(contains(bad.out, "every path has the same number of black nodes")) << bad.out;
  EXPECT_TRUE(contains(bad.out, "TEST(")) << bad.out;  // the GoogleTest reproducer
}

// A method that crashes is a failed test and the run goes on (cover used to die with exit 139
// and no output); the outcomes not taken are those of the table's functions only (another
// file's `add` was listed too), and the advice names the plain binary beside this one.
TEST(CliCover, AMethodThatCrashesIsAFailedTestAndTheReportIsWhole) {
  const std::vector<std::string> args = {"cover", "SinglyLinkedList", "3", "--methods", "remove_null_deref,add",
                                         "--show", "100", "--stats", "json", "-q"};
  const auto r = run_program(SMALLSCOPE_BRANCHES_BINARY, args);
  EXPECT_EQ(r.exit_code, 1) << shown(args, r);
  EXPECT_TRUE(contains(r.out, "FAILED remove_null_deref(null) on input 1: the method crashed: ")) << r.out;
  const auto json = cli_runner::parse_json_object(cli_runner::lines(r.out).back());
  ASSERT_TRUE(json.has_value()) << r.out;
  EXPECT_EQ(json->at("tests"), "50");  // 5 lists, 5 arguments, 2 methods
  EXPECT_EQ(json->at("failures"), "15");  // as `check SinglyLinkedList remove_null_deref 3`
  const auto branches = std::stoul(json->at("branches")), covered = std::stoul(json->at("covered"));
  ASSERT_LT(covered, branches);
  std::size_t listed = 0;
  bool in_list = false;
  for (const auto& line : cli_runner::lines(r.out)) {
    if (line.starts_with("outcomes not taken")) in_list = true;
    else if (in_list && line.starts_with("  ")) ++listed;
    else in_list = false;
  }
  EXPECT_EQ(listed, branches - covered) << r.out;
  EXPECT_TRUE(contains(r.out, "smallscope check SinglyLinkedList METHOD")) << r.out;
  const auto checked = run({"check", "SinglyLinkedList", "remove_null_deref", "3", "--stats", "json", "-q"});
  EXPECT_EQ(cli_runner::parse_json_object(cli_runner::lines(checked.out).back())->at("failed"), "15") << checked.out;
}

// Paper 001's Table 1: model checking put and remove with N keys, and the branch coverage of
// the helpers it reaches; fixAfterDeletion jumps from N = 3 to N = 4.
TEST(CliCover, ExploreReportsTheBranchCoverageOfItsCalls) {
  auto covered = [](int n) {
    const std::vector<std::string> args = {"explore", "TreeMap", std::to_string(n), "--methods", "put_key,remove",
                                           "--stats", "json", "-q", "--show", "0"};
    const auto r = run_program(SMALLSCOPE_BRANCHES_BINARY, args);
    EXPECT_EQ(r.exit_code, 0) << shown(args, r);
    std::map<std::string, int> out;
    const auto json = cli_runner::last_line_json(r.out);
    for (const auto& f : json.at("functions")) {
      const std::string name = f.at("function");
      out[name.substr(name.rfind("::") + 2)] = f.at("covered");
    }
    return out;
  };
  const auto three = covered(3);
  EXPECT_EQ(three.at("fix_after_deletion"), 1);   // paper 001: 1 of 20 (5 %)
  EXPECT_EQ(three.at("fix_after_insertion"), 12);  // paper 001: 12 of 16 (75 %)
  const auto four = covered(4);
  EXPECT_GT(four.at("fix_after_deletion"), 10);
  EXPECT_GE(four.at("delete_entry"), three.at("delete_entry"));
  // The plain binary has no probes: no coverage in its report.
  const auto plain = run({"explore", "TreeMap", "3", "--methods", "put_key,remove", "--stats", "json", "-q"});
  EXPECT_FALSE(contains(plain.out, "\"functions\"")) << plain.out;
}

TEST(CliCover, BadInputIsNamed) {
  const auto plain = run({"cover", "TreeMapLazy", "3", "--methods", "remove_rank"});
  EXPECT_EQ(plain.exit_code, 2);
  EXPECT_TRUE(contains(plain.err, "has no branch probes")) << plain.err;
  const auto unknown = run_program(SMALLSCOPE_BRANCHES_BINARY, {"cover", "TreeMapLazy", "3", "--methods", "nope"});
  EXPECT_EQ(unknown.exit_code, 2);
  EXPECT_TRUE(contains(unknown.err, "--methods: TreeMapLazy has no method 'nope'")) << unknown.err;
  const auto xml = run_program(SMALLSCOPE_BRANCHES_BINARY, {"cover", "TreeMapLazy", "3", "--methods", "remove_rank", "--stats", "xml"});
  EXPECT_EQ(xml.exit_code, 2);
  EXPECT_TRUE(contains(xml.err, "--stats must be json or text, got 'xml'")) << xml.err;
  const auto text = run_program(SMALLSCOPE_BRANCHES_BINARY,
                                {"cover", "TreeMapLazy", "4", "--methods", "remove_rank,put_gap", "--stats", "text", "-q"});
  EXPECT_EQ(text.exit_code, 0);
  EXPECT_TRUE(cli_runner::has_line(text.out, {"suite", "inputs:", "9"})) << text.out;
  const auto big = run({"gen", "TreeMapLazy", "--fin", "11,1,11"});
  EXPECT_EQ(big.exit_code, 2);
  EXPECT_TRUE(contains(big.err, "entries")) << big.err;
}

}  // namespace
#endif
