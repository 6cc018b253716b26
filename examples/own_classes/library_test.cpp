// The engines from the library alone, in GoogleTest: every sequence of calls from the empty
// list, in a worker process, so that a call that crashes is a finding and not the end of the
// test program.
#include <gtest/gtest.h>
#include <smallscope/explore.hpp>
#include <smallscope/gtest.hpp>

#include "sorted_list.hpp"

namespace {

// A helper with a bug of the kind that kills a process: it takes the first value without
// looking whether there is one (a null dereference on the empty list).
int pop_front(shop::sorted_list& l) {
  shop::node* first = l.head;
  const int v = first->value;
  l.head = first->next;
  --l.size;
  delete first;
  return v;
}

void pop_front_post(smallscope::verdict& v, const shop::sorted_list& old, const shop::sorted_list& now, int popped) {
  std::vector<int> rest = shop::values(old);
  v.require(!rest.empty() && rest.front() == popped, "returns the smallest value");
  if (!rest.empty()) rest.erase(rest.begin());
  v.require(shop::values(now) == rest, "the values are the old values but the smallest");
}

}  // namespace

TEST(SortedList, EverySequenceOfInsertAndErasePasses) {
  const auto insert = SMALLSCOPE_METHOD(shop::sorted_list::insert, shop::insert_post, smallscope::ints(0, 2));
  const auto erase = SMALLSCOPE_METHOD(shop::sorted_list::erase, shop::erase_post, smallscope::ints(0, 2));
  EXPECT_TRUE(smallscope::testing::all_sequences_pass({&insert, &erase}));
}

TEST(SortedList, ACallThatCrashesIsAFindingWithItsSequence) {
  const auto insert = SMALLSCOPE_METHOD(shop::sorted_list::insert, shop::insert_post, smallscope::ints(0, 2));
  const auto pop = SMALLSCOPE_METHOD(pop_front, pop_front_post);
  const smallscope::explore_report r = smallscope::explore_sequences(smallscope::api_calls({&insert, &pop}));
  // Every subset of {0, 1, 2} is reached; pop_front on the empty list crashed its worker.
  EXPECT_EQ(r.states, 8u);
  EXPECT_TRUE(r.complete);
  ASSERT_EQ(r.findings.size(), 1u);
  EXPECT_EQ(r.findings[0].run.kind, smallscope::outcome_kind::crash);
  EXPECT_EQ(r.findings[0].calls, std::vector<std::string>{"pop_front()"});
  EXPECT_EQ(r.worker_restarts, 1u);
}
