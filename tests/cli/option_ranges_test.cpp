// One option, one range (issue: options declared once): --progress-interval is the search
// options table's row in every command that takes it, and --timeout and --time-limit take the
// same values wherever they appear, their own default (0) included.
#include <gtest/gtest.h>

#include <map>
#include <string>
#include <utility>
#include <vector>

#include "cli/cli.hpp"
#include "support/cli_runner.hpp"

namespace {

using cli_runner::contains;

const std::string spec = std::string(SMALLSCOPE_SOURCE_DIR) + "/examples/specs/binary_search_tree.als";

// Each command that takes --progress-interval, with the arguments it needs to parse.
const std::vector<std::vector<std::string>> progress_commands = {
    {"gen", "BinaryTree", "3"},
    {"check", "SearchTree", "remove", "3"},
    {"explore", "TreeMap", "3", "--methods", "put_key"},
    {"fe", spec},
    {"spec", spec},
    {"mutate", "SearchTree", "add", "--scopes", "1"},
};

TEST(OptionRanges, ProgressIntervalHasTheTablesRangeInEveryCommand) {
  for (auto args : progress_commands) {
    args.insert(args.end(), {"--progress-interval", "100000"});
    const auto r = cli_runner::run(args);
    EXPECT_EQ(r.exit_code, 2) << cli_runner::shown(args, r);
    EXPECT_TRUE(contains(r.err, "--progress-interval must be in [0.01, 86400], got 100000")) << cli_runner::shown(args, r);
    args.back() = "0.05";  // below explore's, fe's, spec's and mutate's old floor (0.1)
    args.insert(args.end(), {"--help"});
    const auto help = cli_runner::run(args);
    EXPECT_EQ(help.exit_code, 0) << cli_runner::shown(args, help);
    EXPECT_TRUE(contains(help.out, "allowed in [0.01, 86400]")) << cli_runner::shown(args, help);
  }
}

TEST(OptionRanges, TimeLimitAndTimeoutTakeZeroTheirDefaultWhereverTheyAppear) {
  for (const auto& args : std::vector<std::vector<std::string>>{
           {"explore", "TreeMap", "3", "--methods", "put_key", "--depth", "1", "--time-limit", "0", "--timeout", "0", "-q"},
           {"check", "SearchTree", "remove", "2", "--timeout", "0", "-q"},
       }) {
    const auto r = cli_runner::run(args);
    EXPECT_EQ(r.exit_code, 0) << cli_runner::shown(args, r);
  }
  for (const auto& [args, rule] : std::vector<std::pair<std::vector<std::string>, std::string>>{
           {{"explore", "TreeMap", "3", "--methods", "put_key", "--timeout", "100000"},
            "--timeout must be 0 (automatic) or seconds in [0.001, 86400], got '100000'"},
           {{"check", "SearchTree", "remove", "3", "--timeout", "100000"},
            "--timeout must be 0 (automatic) or seconds in [0.001, 86400], got '100000'"},
           {{"explore", "TreeMap", "3", "--methods", "put_key", "--time-limit", "-1"},
            "--time-limit must be 0 (none) or seconds in [0.001, 1000000000], got '-1'"},
           {{"fe", spec, "--time-limit", "-1"}, "--time-limit must be 0 (none) or seconds in [0.001, 1000000000], got '-1'"},
       }) {
    const auto r = cli_runner::run(args);
    EXPECT_EQ(r.exit_code, 2) << cli_runner::shown(args, r);
    EXPECT_TRUE(contains(r.err, rule)) << cli_runner::shown(args, r);
  }
}

}  // namespace

namespace {

// Every option of every command that takes a value, walked from the commands' own tables: each
// says what it allows (the text CLI11's errors end with), and an option that appears in several
// commands allows the same in each.
TEST(OptionRanges, EveryOptionAllowsTheSameInEveryCommandThatTakesIt) {
  const auto rules = smallscope::cli::option_rules();
  ASSERT_GE(rules.size(), 8u);  // every command but version takes values
  std::map<std::string, std::pair<std::string, std::string>> first;  // option -> (command, rule)
  std::size_t options = 0, shared = 0;
  for (const auto& [command, table] : rules)
    for (const auto& [flag, rule] : table) {
      ++options;
      EXPECT_FALSE(rule.empty()) << command << " " << flag << " has no rule: its errors would not say what it takes";
      const auto [at, added] = first.emplace(flag, std::pair{command, rule});
      if (added) continue;
      ++shared;
      EXPECT_EQ(rule, at->second.second) << flag << " allows otherwise in " << command << " than in " << at->second.first;
    }
  EXPECT_GT(options, 60u);  // the walk saw the commands' options
  EXPECT_GT(shared, 20u);
}

}  // namespace
