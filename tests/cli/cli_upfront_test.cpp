// Checks before the work (issue: never lose work): a finitization that only a later scope gets
// wrong, and an output file that cannot be written, stop the run before anything runs, with
// exit code 2 and the option named, instead of after the work, which would be lost.
#include <gtest/gtest.h>

#include <fstream>
#include <string>
#include <vector>

#include "support/cli_runner.hpp"
#include "support/temp_files.hpp"

namespace {

using cli_runner::contains;

constexpr const char* nowhere = "/nonexistent/dir/x";
const std::string no_dir = "cannot be made: its directory '/nonexistent/dir' does not exist";

void expect_refused_at_once(const std::vector<std::string>& args, const std::string& option) {
  const auto r = cli_runner::run(args);
  EXPECT_EQ(r.exit_code, 2) << cli_runner::shown(args, r);
  EXPECT_TRUE(contains(r.err, "error: " + option + ": '" + nowhere + "' " + no_dir)) << cli_runner::shown(args, r);
  EXPECT_EQ(r.out, "") << cli_runner::shown(args, r);  // nothing ran, nothing was printed
}

TEST(UpFront, OutputPathsAreCheckedBeforeTheRun) {
  expect_refused_at_once({"gen", "BinaryTree", "6", "--suite", nowhere}, "--suite");
  expect_refused_at_once({"gen", "BinaryTree", "6", "--checkpoint", nowhere}, "--checkpoint");
  const std::string spec = std::string(SMALLSCOPE_SOURCE_DIR) + "/examples/specs/binary_search_tree.als";
  expect_refused_at_once({"fe", spec, "--extensions", nowhere}, "--extensions");
  expect_refused_at_once({"fe", "BinarySearchTree", "--fin", "3,0,3,0,2", "--spec",
                          std::string(SMALLSCOPE_SOURCE_DIR) + "/examples/specs/search_tree_fe.als", "--suite", nowhere},
                         "--suite");
  const test_files::temp_file viewer(".js");
  std::ofstream(viewer.path()) << "// a viewer\n";
  for (const char* option : {"--report", "--html", "--plot", "--annotations", "--incremental"})
    expect_refused_at_once({"mutate", "SearchTree", "add", "--scopes", "1..2", "--html-viewer", viewer.path(), option,
                            nowhere},
                           option);
}

// The existing directory and the existing file are fine; a directory is not a file.
TEST(UpFront, ADirectoryIsNotAnOutputFile) {
  const std::vector<std::string> args = {"gen", "BinaryTree", "3", "--suite", "/tmp"};
  const auto r = cli_runner::run(args);
  EXPECT_EQ(r.exit_code, 2) << cli_runner::shown(args, r);
  EXPECT_TRUE(contains(r.err, "error: --suite: '/tmp' is a directory")) << cli_runner::shown(args, r);
}

// Scope 3 of this pattern is out of range: refused before scope 1 runs (no configuration line,
// which the first scope prints as it starts).
TEST(UpFront, EveryScopesFinitizationIsCheckedBeforeTheFirstRuns) {
  const std::vector<std::string> args = {"mutate", "SearchTree", "add", "--fin", "s,0,s,s+999997,1000000", "--scopes",
                                         "1..4"};
  const auto r = cli_runner::run(args);
  EXPECT_EQ(r.exit_code, 2) << cli_runner::shown(args, r);
  EXPECT_TRUE(contains(r.err, "error: ")) << cli_runner::shown(args, r);
  EXPECT_FALSE(contains(r.err, "mutants from")) << cli_runner::shown(args, r);
  EXPECT_EQ(r.out, "") << cli_runner::shown(args, r);
}

}  // namespace
