// A list whose node class allocates from a free list of its own (subjects/unmodified/plain/
// pooled_list.hpp), tested as it is written: smallscope-instrument wraps the class's operator
// new and delete (src/instrument/class_allocation.hpp), so the allocation watch sees the pool's
// nodes. A correct method is not blamed for the pool's memory, and a node a method loses is a
// leak, where an unwrapped pool leaves leaks unjudged (tests/check/own_allocation_test.cpp).
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "plain/pooled_list.hpp"
#include "sorted_list_posts.hpp"
#include "smallscope/checker.hpp"

namespace {

namespace pl = plain_subjects::pooled_list;


void lost_post(smallscope::verdict&, const pl::list&, const pl::list&, bool, int) {}

bool judges_leaks(const smallscope::check_report& r) {
  for (const auto& w : r.warnings)
    if (w.find("leaks are not judged") != std::string::npos) return false;
  return true;
}

}  // namespace

TEST(UnmodifiedPooledList, TheWrappedPoolIsSeenByTheWatch) {
  EXPECT_FALSE(smallscope::detail::has_own_allocation_v<pl::node>)
      << "smallscope-instrument marks a class whose allocation functions it wrapped";
}

TEST(UnmodifiedPooledList, CorrectMethodsPassAndLostNodesAreLeaks) {
  if (!smallscope::detail::allocation_watch_active()) GTEST_SKIP() << "another operator new is in force";
  const auto f = pl::fin(3, 3);
  const auto invariant = smallscope::make_predicate<&pl::list::rep_ok>();
  const auto pop = SMALLSCOPE_METHOD(pl::list::pop_front, sorted_list_posts::pop_post<pl::list>);
  const auto insert = SMALLSCOPE_METHOD(pl::list::insert, sorted_list_posts::insert_post<pl::list>, smallscope::ints(0, 4));
  for (const auto* m : {&pop, &insert}) {
    const auto r = smallscope::run_check(f, invariant, *m, {});
    EXPECT_TRUE(judges_leaks(r)) << m->name;
    EXPECT_GT(r.inputs, 0u) << m->name;
    for (const auto& c : r.failures)
      ADD_FAILURE() << m->name << " input " << c.input << ": " << smallscope::outcome_name(c.kind) << " " << c.detail;
  }
  // Every list with a node (15 lists, one empty) loses its first node: an input object's.
  const auto leaky = SMALLSCOPE_METHOD(pl::list::pop_front_leaky, sorted_list_posts::pop_post<pl::list>);
  const auto r = smallscope::run_check(f, invariant, leaky, {});
  EXPECT_TRUE(judges_leaks(r));
  EXPECT_EQ(r.failed, 14u);
  for (const auto& c : r.failures) {
    EXPECT_EQ(c.kind, smallscope::outcome_kind::leak) << c.detail;
    EXPECT_NE(c.detail.find("Node#"), std::string::npos) << c.detail;
  }
  // A node the method took from the pool and lost: one block of a node's size, on every input
  // whose list lacks the value.
  const auto lost = SMALLSCOPE_METHOD(pl::list::insert_lost, lost_post, smallscope::ints(0, 4));
  const auto l = smallscope::run_check(f, invariant, lost, {});
  EXPECT_GT(l.failed, 0u);
  EXPECT_LT(l.failed, l.inputs) << "a value already in the list takes no node";
  const std::string block = "1 block of " + std::to_string(sizeof(pl::node)) + " bytes";
  for (const auto& c : l.failures) {
    EXPECT_EQ(c.kind, smallscope::outcome_kind::leak) << c.detail;
    EXPECT_NE(c.detail.find(block), std::string::npos) << c.detail;
  }
}
