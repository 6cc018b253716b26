// The reports' tables of figures (smallscope/figures.hpp), walked: each figure has one name and
// one rule in every table it appears in; gen's and check's --stats carry every figure of their
// table; `merge` makes each figure of the shards' by its rule.
#include <gtest/gtest.h>

#include <map>
#include <set>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "cli/stats.hpp"
#include "support/cli_runner.hpp"
#include "support/temp_files.hpp"

namespace {

using cli_runner::result;
using cli_runner::run;
using cli_runner::shown;
using smallscope::figure_rule;
using smallscope::cli::figure_row;
using json = nlohmann::json;

std::map<std::string, std::span<const figure_row>> tables() {
  return {{"gen", smallscope::cli::gen_figure_rows()}, {"check", smallscope::cli::check_figure_rows()}};
}

TEST(Figures, EachFigureHasOneNameAndOneRuleInEveryTable) {
  std::map<std::string, std::pair<std::string, figure_row>> first;  // name -> (table, row)
  std::size_t shared = 0;
  for (const auto& [table, rows] : tables()) {
    std::set<std::string> names;
    for (const figure_row& row : rows) {
      EXPECT_TRUE(names.insert(row.name).second) << table << " names " << row.name << " twice";
      const auto [at, added] = first.emplace(row.name, std::pair{table, row});
      if (added) continue;
      ++shared;
      EXPECT_EQ(row.rule, at->second.second.rule) << row.name << " combines otherwise in " << table << " than in "
                                                  << at->second.first;
      EXPECT_EQ(row.integral, at->second.second.integral) << row.name << " counts otherwise in " << table;
    }
  }
  EXPECT_GE(shared, 3u);  // explored, seconds, interrupted at least: the walk saw both tables
}

// The figures of a command's --stats json that its table names, all of them there.
void expect_every_row(const json& stats, std::span<const figure_row> rows, const std::string& what) {
  ASSERT_TRUE(stats.is_object()) << what;
  for (const figure_row& row : rows) {
    if (row.rule == figure_rule::distinct) continue;  // classes: only with an eq_class function
    EXPECT_TRUE(stats.contains(row.name)) << what << " has no " << row.name;
  }
}

// What `merge` gives each figure of the shards, by the figure's rule.
void expect_merged_by_rule(const json& merged, const std::vector<json>& shards, std::span<const figure_row> rows,
                           const std::string& what) {
  for (const figure_row& row : rows) {
    json expected;
    switch (row.rule) {
      case figure_rule::sum:
        expected = row.integral ? json(std::uint64_t{0}) : json(0.0);
        for (const auto& s : shards)
          expected = row.integral ? json(expected.get<std::uint64_t>() + s[row.name].get<std::uint64_t>())
                                  : json(expected.get<double>() + s[row.name].get<double>());
        break;
      case figure_rule::any:
        expected = false;
        for (const auto& s : shards) expected = expected.get<bool>() || s[row.name].get<bool>();
        break;
      case figure_rule::elapsed:
        expected = 0.0;
        for (const auto& s : shards) expected = std::max(expected.get<double>(), s[row.name].get<double>());
        break;
      case figure_rule::same: expected = shards.front()[row.name]; break;
      case figure_rule::distinct:
        EXPECT_FALSE(merged.contains(row.name)) << what << ": " << row.name << " is no sum of the shards'";
        continue;
    }
    ASSERT_TRUE(merged.contains(row.name)) << what << " has no " << row.name;
    if (row.integral)
      EXPECT_EQ(merged[row.name], expected) << what << ": " << row.name << " by " << figure_rule_name(row.rule);
    else
      EXPECT_NEAR(merged[row.name].get<double>(), expected.get<double>(), 1e-9)
          << what << ": " << row.name << " by " << figure_rule_name(row.rule);
  }
}

// Runs `command` as shard i of `n` for each i, checks each shard's --stats against `rows`, merges
// the shards and returns the merged --stats with the shards'.
std::pair<json, std::vector<json>> merged_shards(const std::vector<std::string>& command, int n, int exit_code,
                                                 std::span<const figure_row> rows) {
  std::vector<std::string> merge_args = {"merge", "-q"};
  std::vector<json> shards;
  for (int i = 1; i <= n; ++i) {
    std::vector<std::string> args = command;
    args.insert(args.end(), {"--shard", std::to_string(i) + "/" + std::to_string(n), "--stats", "json", "-q"});
    const result r = run(args);
    EXPECT_EQ(r.exit_code, exit_code) << shown(args, r);
    shards.push_back(cli_runner::last_line_json(r.out));
    expect_every_row(shards.back(), rows, command.front() + "'s --stats");
    merge_args.push_back(test_files::write_temp("figures_" + command.front() + "_shard" + std::to_string(i), r.out));
  }
  const result m = run(merge_args);
  EXPECT_EQ(m.exit_code, exit_code) << shown(merge_args, m);
  return {cli_runner::last_line_json(m.out), shards};
}

TEST(Figures, GenShardsMergeEachFigureByItsRule) {
  const auto rows = smallscope::cli::gen_figure_rows();
  const auto [merged, shards] = merged_shards({"gen", "BinaryTree", "6"}, 3, 0, rows);
  expect_merged_by_rule(merged, shards, rows, "merged gen");
  EXPECT_GT(merged["explored"].get<std::uint64_t>(), shards[0]["explored"].get<std::uint64_t>());
}

TEST(Figures, CheckShardsMergeEachFigureByItsRule) {
  const auto rows = smallscope::cli::check_figure_rows();
  const auto [merged, shards] =
      merged_shards({"check", "SinglyLinkedList", "remove_null_deref", "4", "--shard-units", "16"}, 2, 1, rows);
  expect_merged_by_rule(merged, shards, rows, "merged check");
  EXPECT_GT(merged["failed"].get<std::uint64_t>(), shards[0]["failed"].get<std::uint64_t>());
}

}  // namespace
