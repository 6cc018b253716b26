// GoogleTest checks of shop::sorted_list: every list within the bounds is generated once, and
// insert and erase are checked on every list with every argument.
#include <smallscope/gtest.hpp>
#include <smallscope/search.hpp>

#include "sorted_list.hpp"

// Sorted lists of distinct values from 0..3 with at most 3 nodes: one per subset of at most
// 3 of the 4 values, 1 + 4 + 6 + 4 = 15.
TEST(SortedList, EveryListIsGeneratedOnce) {
  int lists = 0;
  for (const smallscope::structure& s : smallscope::structures(shop::fin(3, 3), &shop::sorted_list::rep_ok)) {
    EXPECT_TRUE(s.root<shop::sorted_list>().rep_ok());
    ++lists;
  }
  EXPECT_EQ(lists, 15);
}

TEST(SortedList, InsertOnEveryList) {
  const auto insert = SMALLSCOPE_METHOD(shop::sorted_list::insert, shop::insert_post, smallscope::ints(0, 4));
  EXPECT_TRUE(smallscope::testing::all_inputs_pass<shop::sorted_list>(shop::fin(3, 3), insert));
}

TEST(SortedList, EraseOnEveryList) {
  const auto erase = SMALLSCOPE_METHOD(shop::sorted_list::erase, shop::erase_post, smallscope::ints(0, 4));
  EXPECT_TRUE(smallscope::testing::all_inputs_pass<shop::sorted_list>(shop::fin(3, 3), erase));
}
