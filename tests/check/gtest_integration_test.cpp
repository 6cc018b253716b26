// The GoogleTest integration (include/smallscope/gtest.hpp): one TEST checks a method on every
// input of a scope; each counterexample is reported as a GoogleTest failure with its pictures
// and its reproducer.
#include "smallscope/gtest.hpp"

#include <gtest/gtest-spi.h>

#include <algorithm>
#include <stdexcept>
#include <vector>

#include "smallscope/subject.hpp"
#include "subjects/search_tree.hpp"

namespace {

using namespace subjects::search_tree;

smallscope::target_method search_tree_method(bool mutant) {
  const std::vector<smallscope::argument_domain> key = {smallscope::argument_domain::of(smallscope::ints(1, 6))};
  if (mutant)
    return smallscope::make_method<&tree::remove_mutant, &remove_post>("remove_mutant", key, "remove_mutant",
                                                                       "remove_post");
  return smallscope::make_method<&tree::remove, &remove_post>("remove", key, "remove", "remove_post");
}

// SearchTree 6's remove in three parts; GoogleTest's sharding spreads them (tests/CMakeLists.txt
// runs this binary as three shards, each running one part).
const bool sharded_registered = (smallscope::testing::register_sharded_checks(
                                     "GTestSharded", "SearchTreeRemove6", [] { return fin(6, 0, 6, 1, 6); },
                                     smallscope::make_predicate<&tree::rep_ok>(), search_tree_method(false), 3),
                                 true);

// The shares of the search are disjoint and cover the scope; their inputs add up to the whole.
TEST(GTestIntegration, ShardsOfTheScopeCoverItOnce) {
  EXPECT_TRUE(sharded_registered);
  const auto f = fin(6, 0, 6, 1, 6);
  const auto pred = smallscope::make_predicate<&tree::rep_ok>();
  std::vector<std::vector<std::uint32_t>> whole;
  smallscope::structure_range range(f, pred);
  for (const auto& st : range) whole.emplace_back(st.values().begin(), st.values().end());
  std::sort(whole.begin(), whole.end());
  for (std::uint64_t n = 1; n <= 5; ++n) {
    std::vector<std::vector<std::uint32_t>> all;
    std::uint64_t inputs = 0;
    for (std::uint64_t i = 0; i < n; ++i) {
      smallscope::structure_source shard;
      shard.candidates = smallscope::shard_structures(f, pred, i, n);
      all.insert(all.end(), shard.candidates.begin(), shard.candidates.end());
      smallscope::check_options o;
      o.source = &shard;
      inputs += smallscope::run_check(f, pred, search_tree_method(false), o).inputs;
    }
    std::sort(all.begin(), all.end());
    EXPECT_EQ(all, whole) << n << " shards";
    EXPECT_EQ(inputs, 4386u) << n << " shards";
  }
  EXPECT_THROW((void)smallscope::shard_structures(f, pred, 3, 3), std::invalid_argument);
}

TEST(GTestIntegration, ACorrectMethodPassesEveryInput) {
  const auto result = smallscope::testing::all_inputs_pass<tree>(fin(6, 0, 6, 1, 6), search_tree_method(false));
  EXPECT_TRUE(result);
  EXPECT_STREQ(result.message(), "remove: all 4386 inputs passed");
}

// A bound on each input's cost as an oracle: SearchTree's remove reads at most a path and the
// successor's path below the removed node; a bound of one read per node is too tight.
TEST(GTestIntegration, InputsAboveACostBoundAreFailures) {
  const auto within = smallscope::testing::all_inputs_within_cost<tree>(fin(5, 0, 5, 1, 5), search_tree_method(false),
                                                                        "reads <= 8*n + 8");
  EXPECT_TRUE(within) << within.message();
  smallscope::testing::gtest_options one;
  one.show = 1;
  ::testing::AssertionResult over = ::testing::AssertionSuccess();
  EXPECT_NONFATAL_FAILURE(over = smallscope::testing::all_inputs_within_cost<tree>(
                              fin(5, 0, 5, 1, 5), search_tree_method(false), "reads <= n", one),
                          "the method costs too much: reads 1 > n = 0 at n = 0");
  EXPECT_FALSE(over);
  EXPECT_NONFATAL_FAILURE((void)smallscope::testing::all_inputs_within_cost<tree>(
                              fin(5, 0, 5, 1, 5), search_tree_method(false), "reads <= n", one),
                          "EXPECT_TRUE(cost.reads <= 0u)");
  const auto unparsed = smallscope::testing::all_inputs_within_cost<tree>(fin(2, 0, 2, 1, 2), search_tree_method(false),
                                                                          "reads < n");
  EXPECT_FALSE(unparsed);
  EXPECT_STREQ(unparsed.message(),
               "the cost bound 'reads < n' does not parse: column 7: expected '<=' after the measure, found '<'");
}

TEST(GTestIntegration, EachCounterexampleIsAFailureWithPicturesAndReproducer) {
  smallscope::testing::gtest_options options;
  options.check.timeout = 0.2;
  options.header = "subjects/search_tree.hpp";
  ::testing::AssertionResult result = ::testing::AssertionSuccess();
  EXPECT_NONFATAL_FAILURE(
      result = smallscope::testing::all_inputs_pass<tree>(fin(6, 0, 6, 1, 6), search_tree_method(true), options),
      "timeout: the method ran over its limit");
  EXPECT_FALSE(result);
  EXPECT_STREQ(result.message(), "remove_mutant: 1 of 4386 inputs failed (0 not shown)");
  EXPECT_NONFATAL_FAILURE(
      (void)smallscope::testing::all_inputs_pass<tree>(fin(6, 0, 6, 1, 6), search_tree_method(true), options),
      "pre-state:  SearchTree#0{root=Node#0 size=6}");
  EXPECT_NONFATAL_FAILURE(
      (void)smallscope::testing::all_inputs_pass<tree>(fin(6, 0, 6, 1, 6), search_tree_method(true), options),
      "const auto result = now->remove_mutant(5);");
}

TEST(GTestIntegration, EverySequenceOfCallsIsCheckedAndAFailedCallIsAFailure) {
  const auto* s = smallscope::find_subject("TreeMap");
  const auto t = s->make(s->scope(3));
  auto method = [&](const char* name) {
    for (const auto& m : t.methods)
      if (m.name == name) return &m;
    ADD_FAILURE() << name;
    return &t.methods[0];
  };
  const auto good = smallscope::testing::all_sequences_pass({method("put_key"), method("remove")});
  EXPECT_TRUE(good);
  EXPECT_STREQ(good.message(), "11 states (by depth: 1, 3, 6, 1), 66 calls, none failed");
  ::testing::AssertionResult bad = ::testing::AssertionSuccess();
  EXPECT_NONFATAL_FAILURE(
      bad = smallscope::testing::all_sequences_pass({method("put_key"), method("remove_flipped")}, {}, /*show=*/1),
      "calls:  put_key(0); put_key(1); remove_flipped(0)");
  EXPECT_FALSE(bad);
}

TEST(GTestIntegration, EverySequenceWithinItsCostBoundsOrAFailureWithTheSequence) {
  const auto* s = smallscope::find_subject("TwoListQueue");
  const auto q = s->make(std::vector<std::int64_t>{3, 1});
  auto method = [&](const char* name) {
    for (const auto& m : q.methods)
      if (m.name == name) return &m;
    ADD_FAILURE() << name;
    return &q.methods[0];
  };
  EXPECT_TRUE(smallscope::testing::all_sequences_within_cost({method("enqueue"), method("dequeue")}, "reads <= 2*n + 8",
                                                             "reads <= 6"));
  ::testing::AssertionResult bad = ::testing::AssertionSuccess();
  EXPECT_NONFATAL_FAILURE(bad = smallscope::testing::all_sequences_within_cost(
                              {method("enqueue"), method("dequeue_normalizing")}, "", "reads <= 6"),
                          "after 7 calls: the method costs too much: reads 44 over 7 calls > 42");
  EXPECT_FALSE(bad);
  const auto unparsed =
      smallscope::testing::all_sequences_within_cost({method("enqueue")}, "reads <= n +", "");
  EXPECT_FALSE(unparsed);
  EXPECT_NE(std::string(unparsed.message()).find("does not parse"), std::string::npos) << unparsed.message();
}

}  // namespace
