// Children owned through std::unique_ptr, the class written as it is
// (subjects/unmodified/plain/owned_list.hpp): generation counts equal brute force, the methods
// pass, a node unlinked and not freed is a leak, and nothing is freed twice.
#include <gtest/gtest.h>

#include <cstdint>
#include <vector>

#include "plain/owned_list.hpp"
#include "sorted_list_posts.hpp"
#include "smallscope/checker.hpp"
#include "smallscope/search.hpp"

namespace {

namespace ol = plain_subjects::owned_list;

}  // namespace

TEST(UnmodifiedOwnedList, OneListPerSetOfValues) {
  // Sorted lists of distinct values from 0..m with at most n nodes: sum of C(m + 1, k), k <= n.
  for (int n = 0; n <= 4; ++n) {
    std::uint64_t lists = 0;
    for ([[maybe_unused]] const auto& s : smallscope::structures(ol::fin(n, 3), &ol::list::rep_ok)) ++lists;
    std::uint64_t expected = 0, choose = 1;
    for (int k = 0; k <= n && k <= 4; ++k) {
      expected += choose;
      choose = choose * static_cast<std::uint64_t>(4 - k) / static_cast<std::uint64_t>(k + 1);
    }
    EXPECT_EQ(lists, expected) << "n = " << n;
  }
}

TEST(UnmodifiedOwnedList, MethodsPassAndALeakIsFound) {
  const auto f = ol::fin(3, 3);
  const auto invariant = smallscope::make_predicate<&ol::list::rep_ok>();
  const auto pop = SMALLSCOPE_METHOD(ol::list::pop_front, sorted_list_posts::pop_post<ol::list>);
  const auto insert = SMALLSCOPE_METHOD(ol::list::insert, sorted_list_posts::insert_post<ol::list>, smallscope::ints(0, 4));
  for (const auto* m : {&pop, &insert}) {
    const auto r = smallscope::run_check(f, invariant, *m, {});
    EXPECT_EQ(r.worker_restarts, 0u) << m->name;
    for (const auto& c : r.failures)
      ADD_FAILURE() << m->name << " input " << c.input << ": " << smallscope::outcome_name(c.kind) << " " << c.detail;
  }
  const auto leaky = SMALLSCOPE_METHOD(ol::list::pop_front_leaky, sorted_list_posts::pop_post<ol::list>);
  const auto r = smallscope::run_check(f, invariant, leaky, {});
  EXPECT_EQ(r.worker_restarts, 0u);
  if (smallscope::detail::allocation_watch_active()) {
    ASSERT_GT(r.failed, 0u);
    EXPECT_EQ(r.failures.front().kind, smallscope::outcome_kind::leak);
    EXPECT_EQ(r.failed, 14u) << "every list with a node (15 lists, one empty)";
  }
}
