// Checks before the work (issue: never lose work): a finitization that only a later scope gets
// wrong, and an output file that cannot be written, stop the run before anything runs, with
// exit code 2 and the option named, instead of after the work, which would be lost.
#include <gtest/gtest.h>

#include <filesystem>
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

// An output that is one of the run's inputs, or another output, is refused before the run: the
// input is left as it was (same bytes), whatever path names it (a symbolic or a hard link).
TEST(UpFront, AnOutputThatIsAnInputOrAnotherOutputIsRefused) {
  const test_files::temp_dir dir;
  const std::string spec = dir.path() + "/tree.als";
  std::filesystem::copy_file(std::string(SMALLSCOPE_SOURCE_DIR) + "/examples/specs/korat/binary_tree.als", spec);
  const std::string link = dir.path() + "/link.als";
  std::filesystem::create_symlink(spec, link);
  const std::string hard = dir.path() + "/hard.als";
  std::filesystem::create_hard_link(spec, hard);
  const std::string before = test_files::file_text(spec);
  const auto refused = [&](const std::vector<std::string>& args, const std::string& why) {
    const auto r = cli_runner::run(args);
    EXPECT_EQ(r.exit_code, 2) << cli_runner::shown(args, r);
    EXPECT_TRUE(contains(r.err, why)) << cli_runner::shown(args, r);
    EXPECT_EQ(r.out, "") << cli_runner::shown(args, r);
    EXPECT_EQ(test_files::file_text(spec), before) << cli_runner::shown(args, r);
  };
  for (const std::string& out : {spec, link, hard})
    refused({"gen", "BinaryTree", "4", "--invariant", spec, "--output", out},
            "--output '" + out + "' is the same file as --invariant");
  refused({"gen", "BinaryTree", "4", "--invariant", spec, "--suite", link}, "--suite '" + link + "' is the same file");
  const std::string out = dir.path() + "/out.txt";
  refused({"gen", "BinaryTree", "4", "--output", out, "--suite", out}, "are one file");
  refused({"gen", "BinaryTree", "4", "--output", out, "--checkpoint", dir.path() + "/./out.txt"}, "are one file");
  EXPECT_FALSE(std::filesystem::exists(out));

  // check: the suite it reads, the spec it checks against.
  const std::string suite = dir.path() + "/suite.jsonl";
  ASSERT_EQ(cli_runner::run({"gen", "SearchTree", "3", "--suite", suite, "-q"}).exit_code, 0);
  const std::string suite_before = test_files::file_text(suite);
  const std::vector<std::string> check = {"check", "SearchTree", "remove", "3", "--suite", suite, "--findings", suite};
  const auto r = cli_runner::run(check);
  EXPECT_EQ(r.exit_code, 2) << cli_runner::shown(check, r);
  EXPECT_TRUE(contains(r.err, "--findings '" + suite + "' is the same file as --suite")) << cli_runner::shown(check, r);
  EXPECT_EQ(test_files::file_text(suite), suite_before);

  // fe: the spec it reads.
  const std::string fe_spec = dir.path() + "/search_tree_fe.als";
  std::filesystem::copy_file(std::string(SMALLSCOPE_SOURCE_DIR) + "/examples/specs/search_tree_fe.als", fe_spec);
  const std::string fe_before = test_files::file_text(fe_spec);
  const std::vector<std::string> fe = {"fe", "BinarySearchTree", "--fin", "3,0,3,0,2", "--spec", fe_spec, "--suite", fe_spec};
  const auto f = cli_runner::run(fe);
  EXPECT_EQ(f.exit_code, 2) << cli_runner::shown(fe, f);
  EXPECT_TRUE(contains(f.err, "is the same file as --spec")) << cli_runner::shown(fe, f);
  EXPECT_EQ(test_files::file_text(fe_spec), fe_before);

  // mutate: two outputs on one file.
  const test_files::temp_file viewer(".js");
  std::ofstream(viewer.path()) << "// a viewer\n";
  const std::string report = dir.path() + "/report.json";
  const std::vector<std::string> mutate = {"mutate", "SearchTree", "add", "--scopes", "1..2", "--html-viewer",
                                           viewer.path(), "--report", report, "--html", report};
  const auto m = cli_runner::run(mutate);
  EXPECT_EQ(m.exit_code, 2) << cli_runner::shown(mutate, m);
  EXPECT_TRUE(contains(m.err, "are one file")) << cli_runner::shown(mutate, m);
}
