// End-to-end tests of `smallscope check --cost`, `--max-cost` and `--cost-plot`: the report on
// stdout (the table, the growth, the worst input and the command that runs it alone), the same
// figures in --stats json, the SVG, and a bound's failures. The counts themselves are checked
// against a hand count in tests/check/cost_test.cpp; here the command line must carry them.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "support/cli_runner.hpp"
#include "support/temp_files.hpp"

namespace {

using cli_runner::contains;
using cli_runner::run;
using json = nlohmann::json;

// The words after `prefix` in `text`, up to the end of its line.
std::string rest_of_line(const std::string& text, const std::string& prefix) {
  const auto at = text.find(prefix);
  if (at == std::string::npos) return {};
  const auto from = at + prefix.size();
  return text.substr(from, text.find('\n', from) - from);
}

TEST(CostCli, CostPrintsTheWorstCaseBySizeItsGrowthAndTheWorstInput) {
  test_files::temp_file plot(".svg");
  const auto r = run({"check", "BinarySearchTree", "find", "6", "--cost", "--cost-plot", plot.path(), "--stats",
                      "json", "--no-reproducers"});
  ASSERT_EQ(r.exit_code, 0) << r.err << r.out;
  EXPECT_TRUE(contains(r.out, "cost of find: what the method did on each input, by size")) << r.out;
  EXPECT_TRUE(contains(r.out, "worst reads by size: grows as n:")) << r.out;
  const json stats = cli_runner::last_line_json(r.out);
  ASSERT_TRUE(stats.contains("cost")) << r.out;
  const json& cost = stats["cost"];
  EXPECT_EQ(cost["growth"]["reads"]["growth"], "n");
  // One row per size 0..6, each worst case 2 reads per level of a chain (plus the root pointer
  // and, below 6 nodes, the step past the deepest leaf to an absent key).
  ASSERT_EQ(cost["by_size"].size(), 7u) << cost.dump();
  for (const json& row : cost["by_size"]) {
    const auto n = row["size"].get<std::uint64_t>();
    EXPECT_EQ(row["reads"]["max"].get<std::uint64_t>(), n < 6 ? 2 * n + 1 : 2 * n) << row.dump();
    EXPECT_EQ(row["writes"]["max"].get<std::uint64_t>(), 0u) << row.dump();
  }
  std::uint64_t inputs = 0;
  for (const json& bucket : cost["distribution"]["reads"]) inputs += bucket["inputs"].get<std::uint64_t>();
  EXPECT_EQ(inputs, stats["inputs"].get<std::uint64_t>());
  // The worst input: printed with its size and cost, and the command that runs it alone passes.
  const json& worst = cost["worst"]["reads"];
  const std::string input = std::to_string(worst["input"].get<std::uint64_t>());
  EXPECT_EQ(worst["cost"]["reads"], 12);
  EXPECT_TRUE(contains(r.out, "most reads: input " + input + ", find(")) << r.out;
  const std::string alone = rest_of_line(r.out, "  run it alone: ");
  ASSERT_TRUE(contains(alone, "--input " + input)) << r.out;
  auto args = cli_runner::words(alone + " --cost --stats json -q --no-reproducers");
  args.erase(args.begin());  // the program, which run() gives
  const auto again = run(args);
  ASSERT_EQ(again.exit_code, 0) << again.err;
  const json one = cli_runner::last_line_json(again.out);
  EXPECT_EQ(one["inputs"], 1);
  EXPECT_EQ(one["cost"]["all"]["reads"]["max"], 12) << one.dump();
  // The plot: one line per measure that is not 0 everywhere, against the size.
  const std::string svg = test_files::file_text(plot.path());
  EXPECT_TRUE(contains(svg, "<svg")) << svg;
  EXPECT_TRUE(contains(svg, "most reads")) << svg;
  EXPECT_FALSE(contains(svg, "most writes")) << svg;
  EXPECT_TRUE(contains(svg, "size n (objects besides the root)")) << svg;
}

TEST(CostCli, ABoundFailsTheInputsAboveItAndPrintsNoTableUnlessAsked) {
  const auto r = run({"check", "BinarySearchTree", "find", "5", "--max-cost", "reads <= 2*n + 1", "--max-cost",
                      "writes <= 0", "--stats", "json", "-q", "--show", "1"});
  // 2n + 1 is the worst case below 5 nodes: nothing fails.
  EXPECT_EQ(r.exit_code, 0) << r.out;
  EXPECT_FALSE(contains(r.out, "cost of find")) << r.out;
  const auto over = run({"check", "BinarySearchTree", "find", "5", "--max-cost", "reads <= 2*n", "--stats", "json",
                         "-q", "--show", "1"});
  EXPECT_EQ(over.exit_code, 1) << over.out;
  EXPECT_TRUE(contains(over.out, "the method costs too much: reads ")) << over.out;
  EXPECT_TRUE(contains(over.out, " > 2*n = ")) << over.out;
  EXPECT_TRUE(contains(over.out, "EXPECT_TRUE(cost.reads <= ")) << over.out;
  // The line that reproduces a finding carries the bound that made it one.
  EXPECT_TRUE(contains(over.out, "--input 1 --max-cost 'reads <= 2*n'") ||
              contains(over.out, "--max-cost 'reads <= 2*n' --input")) << over.out;
  const json stats = cli_runner::last_line_json(over.out);
  EXPECT_GT(stats["failed"].get<std::uint64_t>(), 0u);
}

}  // namespace
