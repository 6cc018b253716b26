// End-to-end tests of `smallscope explore --cost`, `--max-cost`, `--max-amortized-cost`,
// `--sequence-length` and `--cost-plot`: the report on stdout, the same figures in --stats json,
// the SVG, the findings of each oracle with their sequences, and bad input refused with exit
// code 2. The counts are checked against a brute force in tests/explore/sequence_cost_test.cpp.
#include <gtest/gtest.h>

#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>
#include <string>

#include "support/cli_runner.hpp"
#include "support/temp_files.hpp"

namespace {

using cli_runner::contains;
using cli_runner::run;
using json = nlohmann::json;

TEST(ExploreCostCli, CostPrintsTheCallsBySizeAndTheWorstSequences) {
  test_files::temp_file plot(".svg");
  const auto r = run({"explore", "TwoListQueue", "3", "--methods", "enqueue,dequeue", "--cost", "--no-differential",
                      "--sequence-length", "20", "--cost-plot", plot.path(), "--stats", "json"});
  ASSERT_EQ(r.exit_code, 0) << r.err << r.out;
  EXPECT_TRUE(contains(r.out, "cost of the calls: what each call did, by the size n")) << r.out;
  EXPECT_TRUE(contains(r.out, "over every sequence of up to 20 calls:")) << r.out;
  EXPECT_TRUE(contains(r.out, "most reads per call (amortized):")) << r.out;
  const json stats = cli_runner::last_line_json(r.out);
  ASSERT_TRUE(stats.contains("cost")) << r.out;
  const json& cost = stats["cost"];
  EXPECT_EQ(cost["length"], 20);
  EXPECT_TRUE(cost["complete"].get<bool>());
  const auto totals = cost["measures"]["reads"]["worst_total"].get<std::vector<std::uint64_t>>();
  ASSERT_EQ(totals.size(), 20u);
  for (std::size_t k = 1; k < totals.size(); ++k) EXPECT_GE(totals[k], totals[k - 1]);  // a call costs >= 0
  // The amortized sequence's total over its length is the best ratio of the totals.
  const json& amortized = cost["measures"]["reads"]["worst_amortized"];
  const std::size_t k = amortized["calls"].size();
  ASSERT_GE(k, 1u);
  EXPECT_EQ(amortized["total"].get<std::uint64_t>(), totals[k - 1]);
  for (std::size_t j = 1; j <= totals.size(); ++j) EXPECT_LE(totals[j - 1] * k, totals[k - 1] * j);
  std::ifstream in(plot.path());
  std::stringstream svg;
  svg << in.rdbuf();
  EXPECT_TRUE(contains(svg.str(), "<svg")) << svg.str();
  EXPECT_TRUE(contains(svg.str(), "most reads in k calls")) << svg.str();
}

TEST(ExploreCostCli, AnAmortizedBoundFailsTheNormalizingDequeueWithItsSequence) {
  const auto correct = run({"explore", "TwoListQueue", "3", "--methods", "enqueue,dequeue", "--no-differential",
                            "--max-amortized-cost", "reads <= 6", "--max-cost", "reads <= 2*n + 8", "-q"});
  EXPECT_EQ(correct.exit_code, 0) << correct.err << correct.out;
  const auto seeded = run({"explore", "TwoListQueue", "3", "--methods", "enqueue,dequeue_normalizing",
                           "--no-differential", "--max-amortized-cost", "reads <= 6", "--max-cost", "reads <= 2*n + 8",
                           "-q"});
  EXPECT_EQ(seeded.exit_code, 1) << seeded.err << seeded.out;
  EXPECT_TRUE(contains(seeded.out, "the sum of 6 at each call's n (amortized bound")) << seeded.out;
  EXPECT_TRUE(contains(seeded.out, "calls:      enqueue(0); ")) << seeded.out;
  EXPECT_TRUE(contains(seeded.out, "1 failed")) << seeded.out;  // the per-call bound fails no call
}

TEST(ExploreCostCli, APerCallBoundFailsTheSkippedRotation) {
  const auto r = run({"explore", "AvlTree", "5", "--methods", "insert_skipping_rotation", "--no-differential",
                      "--max-cost", "reads <= 16*log2(n + 1) + 24", "-q"});
  EXPECT_EQ(r.exit_code, 1) << r.err << r.out;
  // Descending inserts build a path (the left-left case unrotated); the fifth insert walks it.
  EXPECT_TRUE(contains(r.out, "finding 1 (after 5 calls): the method costs too much: reads 62 > 16*log2(n + 1) + 24"))
      << r.out;
  EXPECT_TRUE(contains(r.out, "calls:      insert_skipping_rotation(4); insert_skipping_rotation(3); "
                              "insert_skipping_rotation(2); "))
      << r.out;
  EXPECT_TRUE(contains(r.out, "at n = 4")) << r.out;
  EXPECT_TRUE(contains(r.out, "post-state:")) << r.out;
  const auto correct = run({"explore", "AvlTree", "5", "--methods", "insert", "--no-differential", "--max-cost",
                            "reads <= 16*log2(n + 1) + 24", "-q"});
  EXPECT_EQ(correct.exit_code, 0) << correct.err << correct.out;
}

// A length past the depth limit is cut to it (calls past it were not run), and the report says
// so; an exploration stopped early says its worst sequences are over the calls it ran.
TEST(ExploreCostCli, ALengthPastWhatRanIsCutAndSaidSo) {
  const auto cut = run({"explore", "TwoListQueue", "3", "--methods", "enqueue,dequeue", "--no-differential", "--cost",
                        "--depth", "3", "--sequence-length", "10", "-q", "--stats", "json"});
  ASSERT_EQ(cut.exit_code, 0) << cut.err << cut.out;
  EXPECT_TRUE(contains(cut.out, "over every sequence of up to 3 calls (of 10 asked: every sequence was run only up to "
                                "3 calls, the exploration's depth)"))
      << cut.out;
  const json stats = cli_runner::last_line_json(cut.out);
  EXPECT_EQ(stats["cost"]["length"], 3);
  EXPECT_EQ(stats["cost"]["length_asked"], 10);
  EXPECT_TRUE(stats["cost"]["complete"].get<bool>());
  const auto stopped = run({"explore", "TwoListQueue", "3", "--methods", "enqueue,dequeue", "--no-differential",
                            "--cost", "--max-states", "2", "-q"});
  ASSERT_EQ(stopped.exit_code, 0) << stopped.err << stopped.out;
  EXPECT_TRUE(contains(stopped.out, "up to 1 call (the exploration stopped before it ran every call")) << stopped.out;
}

TEST(ExploreCostCli, BadCostOptionsAreRefusedWithTheOptionAndTheFix) {
  const auto bad_bound = run({"explore", "TwoListQueue", "3", "--methods", "enqueue", "--max-amortized-cost",
                              "reads <= n +"});
  EXPECT_EQ(bad_bound.exit_code, 2);
  EXPECT_TRUE(contains(bad_bound.err, "--max-amortized-cost 'reads <= n +'")) << bad_bound.err;
  const auto alone = run({"explore", "TwoListQueue", "3", "--methods", "enqueue", "--sequence-length", "5"});
  EXPECT_EQ(alone.exit_code, 2);
  EXPECT_TRUE(contains(alone.err, "--sequence-length")) << alone.err;
  const auto zero = run({"explore", "TwoListQueue", "3", "--methods", "enqueue", "--cost", "--sequence-length", "0"});
  EXPECT_EQ(zero.exit_code, 2);
  EXPECT_TRUE(contains(zero.err, "--sequence-length")) << zero.err;
}

}  // namespace
