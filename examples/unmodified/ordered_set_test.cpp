// Testing ordset::ordered_set (include/ordset/ordered_set.hpp) as it is written: no change to the
// library (ordered_set_spec.hpp has the invariant, the bounds and the postconditions).
#include <gtest/gtest.h>

#include "ordered_set_spec.hpp"
#include "smallscope/gtest.hpp"

using namespace ordered_set_spec;

TEST(OrderedSet, GeneratesEverySearchTreeOnce) {
  for (std::uint32_t n = 0; n <= 5; ++n)
    EXPECT_EQ(count(int_fin(n, n), smallscope::make_predicate<&int_set_ok>()), search_trees(n, n)) << n;
  EXPECT_EQ(count(int_fin(4, 6), smallscope::make_predicate<&int_set_ok>()), search_trees(4, 6));
}

TEST(OrderedSet, StructKeysAreFieldsOfTheirOwn) {
  // Four distinct points: as many trees as over four ordered ints.
  for (std::uint32_t n = 0; n <= 4; ++n)
    EXPECT_EQ(count(point_fin(n), smallscope::make_predicate<&point_set_ok>()), search_trees(n, 4)) << n;
}

TEST(OrderedSet, EveryMethodPassesOnEveryInput) {
  for (const auto* m : {&insert_method(), &erase_method(), &erase_range_method()}) {
    const auto r = smallscope::run_check(int_fin(4, 4), smallscope::make_predicate<&int_set_ok>(), *m, {});
    EXPECT_EQ(r.failed, 0u) << m->name << ": " << (r.failures.empty() ? "" : r.failures.front().detail);
    EXPECT_EQ(r.structures, search_trees(4, 4)) << m->name;
    EXPECT_EQ(r.worker_restarts, 0u) << m->name << ": no crash, no false finding";
  }
}

TEST(OrderedSet, ClearFreesEveryNodeThroughTheOwningDestructor) {
  const auto clear = SMALLSCOPE_METHOD_WITH_INVARIANT(int_set::clear, clear_post, int_set_ok);
  const auto r = smallscope::run_check(int_fin(4, 4), smallscope::make_predicate<&int_set_ok>(), clear, {});
  EXPECT_EQ(r.failed, 0u) << (r.failures.empty() ? "" : r.failures.front().detail);
  EXPECT_EQ(r.inputs, search_trees(4, 4));
}

TEST(OrderedSet, TwoWorkersGiveTheSameReport) {
  smallscope::check_options two;
  two.threads = 2;
  const auto one = smallscope::run_check(int_fin(5, 5), smallscope::make_predicate<&int_set_ok>(), erase_range_method(), {});
  const auto both = smallscope::run_check(int_fin(5, 5), smallscope::make_predicate<&int_set_ok>(), erase_range_method(), two);
  EXPECT_EQ(one.inputs, both.inputs);
  EXPECT_EQ(one.failed, both.failed);
  EXPECT_EQ(one.structures, both.structures);
  EXPECT_EQ(both.threads, 2u);
}

TEST(OrderedSet, GoogleTestAdapter) {
  EXPECT_TRUE(smallscope::testing::all_inputs_pass(int_fin(3, 3), smallscope::make_predicate<&int_set_ok>(),
                                                   erase_method()));
}

TEST(OrderedSet, EverySequenceOfInsertAndEraseKeepsTheInvariant) {
  smallscope::explore_options options;
  options.max_depth = 4;
  EXPECT_TRUE(smallscope::testing::all_sequences_pass({&insert_method(), &erase_method()}, options));
}
