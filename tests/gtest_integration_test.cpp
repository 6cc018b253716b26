// The GoogleTest integration (include/smallscope/gtest.hpp): one TEST checks a method on every
// input of a scope; each counterexample is reported as a GoogleTest failure with its pictures
// and its reproducer.
#include "smallscope/gtest.hpp"

#include <gtest/gtest-spi.h>

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

TEST(GTestIntegration, ACorrectMethodPassesEveryInput) {
  const auto result = smallscope::testing::all_inputs_pass<tree>(fin(6, 0, 6, 1, 6), search_tree_method(false));
  EXPECT_TRUE(result);
  EXPECT_STREQ(result.message(), "remove: all 4386 inputs passed");
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

}  // namespace
