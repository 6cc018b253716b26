// A list whose node class allocates from a free list of its own (subjects/unmodified/plain/
// pooled_list.hpp), tested as it is written: smallscope-instrument wraps the class's operator
// new and delete (src/instrument/class_allocation.hpp), so the allocation watch sees the pool's
// nodes. A correct method is not blamed for the pool's memory, and a node a method loses is a
// leak, where an unwrapped pool leaves leaks unjudged (tests/check/own_allocation_test.cpp).
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "plain/pooled_list.hpp"
#include "smallscope/checker.hpp"

namespace {

namespace pl = plain_subjects::pooled_list;

std::vector<int> values(const pl::list& l) {
  std::vector<int> out;
  for (const pl::node* x = l.head(); x != nullptr && out.size() < 64; x = x->next) out.push_back(x->value);
  return out;
}

void pop_post(smallscope::verdict& v, const pl::list& old, const pl::list& now, bool popped) {
  std::vector<int> expected = values(old);
  v.require(popped == !expected.empty(), "returns whether the list had a node");
  if (!expected.empty()) expected.erase(expected.begin());
  v.require(values(now) == expected, "the first value is gone");
}

void insert_post(smallscope::verdict& v, const pl::list& old, const pl::list& now, bool inserted, int x) {
  std::vector<int> expected = values(old);
  bool present = false;
  for (int e : expected) present = present || e == x;
  v.require(inserted == !present, "returns whether x was absent");
  if (!present) {
    auto at = expected.begin();
    while (at != expected.end() && *at < x) ++at;
    expected.insert(at, x);
  }
  v.require(values(now) == expected, "x is in its place");
}

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
  const auto pop = SMALLSCOPE_METHOD(pl::list::pop_front, pop_post);
  const auto insert = SMALLSCOPE_METHOD(pl::list::insert, insert_post, smallscope::ints(0, 4));
  for (const auto* m : {&pop, &insert}) {
    const auto r = smallscope::run_check(f, invariant, *m, {});
    EXPECT_TRUE(judges_leaks(r)) << m->name;
    EXPECT_GT(r.inputs, 0u) << m->name;
    for (const auto& c : r.failures)
      ADD_FAILURE() << m->name << " input " << c.input << ": " << smallscope::outcome_name(c.kind) << " " << c.detail;
  }
  // Every list with a node (15 lists, one empty) loses its first node: an input object's.
  const auto leaky = SMALLSCOPE_METHOD(pl::list::pop_front_leaky, pop_post);
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
