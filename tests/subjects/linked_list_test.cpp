// LinkedList (paper 000's benchmark: java.util.LinkedList): add, remove and reverse against
// std::vector on random sequences, postconditions naming the clause a wrong post-state breaks,
// `check` of every method on a small scope with the number of inputs computed by hand, and the
// input class LinkedListCall reproducing paper 000 Table 4's LinkedList count for scope 3.
#include <gtest/gtest.h>

#include <algorithm>
#include <random>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "methods_test_support.hpp"
#include "smallscope/checker.hpp"
#include "smallscope/subject.hpp"
#include "subjects/linked_list.hpp"

namespace {

using namespace methods_test;
namespace ll = subjects::linked_list;

// An empty LinkedList (the header linked to itself) that owns its entries, not its elements.
struct list_box : owned_structure<ll::linked_list> {
  ll::linked_list& l = *root;
  list_box() {
    auto* h = new ll::entry{};
    h->next = h;
    h->previous = h;
    l.header = h;
    l.size = 0;
  }
  explicit list_box(const ll::linked_list& other) : owned_structure(other) {}
};

std::vector<const ll::element*> elements(const ll::linked_list& l) { return ll::abstraction(l).elements; }

TEST(LinkedList, RandomOperationsAgreeWithStdVector) {
  std::mt19937 rng(seed);
  ll::element objects[4];
  auto object = [&](int i) { return i == 4 ? nullptr : &objects[i]; };
  list_box s;
  std::vector<const ll::element*> model;
  for (int step = 0; step < random_steps; ++step) {
    ll::element* o = object(pick(rng, 0, 4));
    const list_box old(s.l);
    smallscope::verdict v;
    if (step % 13 == 0) {
      std::reverse(model.begin(), model.end());
      s.l.reverse();
      ll::reverse_post(v, old.l, s.l);
    } else if (add_now(rng, step)) {
      model.push_back(o);
      const bool result = s.l.add(o);
      EXPECT_TRUE(result);
      ll::add_post(v, old.l, s.l, result, o);
    } else {
      const auto first = std::find(model.begin(), model.end(), o);
      const bool expected = first != model.end();
      EXPECT_EQ(s.l.contains(o), expected);
      if (expected) model.erase(first);
      const bool result = s.l.remove(o);
      EXPECT_EQ(result, expected);
      ll::remove_post(v, old.l, s.l, result, o);
    }
    ASSERT_TRUE(s.l.rep_ok()) << "step " << step;
    ASSERT_EQ(elements(s.l), model) << "step " << step;
    ASSERT_TRUE(v.passed()) << v.failed_clause() << " at step " << step;
  }
}

TEST(LinkedList, ListIteratorWalksBothWays) {
  ll::element a, b, c;
  list_box s;
  for (ll::element* o : {&a, &b, &c}) s.l.add(o);
  ll::list_iterator it(s.l, 1);
  EXPECT_TRUE(it.has_previous());
  EXPECT_EQ(it.next(), &b);
  EXPECT_EQ(it.next(), &c);
  EXPECT_FALSE(it.has_next());
  EXPECT_EQ(it.previous(), &c);
  it.set(&a);
  EXPECT_EQ(elements(s.l), (std::vector<const ll::element*>{&a, &b, &a}));
}

TEST(LinkedList, InvariantRejectsBrokenLinksAndAWrongSize) {
  ll::element a, b;
  list_box s;
  s.l.add(&a);
  s.l.add(nullptr);
  s.l.add(&b);
  EXPECT_TRUE(s.l.rep_ok());
  ll::entry* h = s.l.header;
  h->value = &a;  // the header holds no element
  EXPECT_FALSE(s.l.rep_ok());
  h->value = nullptr;
  ll::entry* second = h->next->next;
  second->previous = h;
  EXPECT_FALSE(s.l.rep_ok());
  second->previous = h->next.get();
  ll::entry* last = h->previous;
  last->next = h->next.get();  // a cycle that misses the header
  EXPECT_FALSE(s.l.rep_ok());
  last->next = h;
  s.l.size = 2;
  EXPECT_FALSE(s.l.rep_ok());
  s.l.size = 3;
  EXPECT_TRUE(s.l.rep_ok());
}

TEST(LinkedList, PostconditionsNameTheBrokenClause) {
  ll::element a, b, c;
  list_box pre;
  pre.l.add(&a);
  pre.l.add(&b);
  {
    list_box now(pre.l);
    ASSERT_TRUE(now.l.add(&c));
    auto post = [&](bool result, ll::element* o) {
      return failed_clause([&](smallscope::verdict& v) { ll::add_post(v, pre.l, now.l, result, o); });
    };
    EXPECT_EQ(post(true, &c), "");
    EXPECT_EQ(post(false, &c), "result is true");
    EXPECT_EQ(post(true, nullptr), "elements are the old elements with o appended");
    now.l.size = 2;
    EXPECT_EQ(post(true, &c), "size grows by one");
    now.l.size = 3;
    ll::entry* h = now.l.header;
    h->previous = h->next.get();  // previous no longer mirrors next
    EXPECT_EQ(post(true, &c), "next leads from the header around one cycle back to it, previous mirroring it");
    h->previous = h->next->next->next.get();
  }
  {
    list_box now(pre.l);
    ASSERT_TRUE(now.l.remove(&a));
    auto post = [&](bool result, ll::element* o) {
      return failed_clause([&](smallscope::verdict& v) { ll::remove_post(v, pre.l, now.l, result, o); });
    };
    EXPECT_EQ(post(true, &a), "");
    EXPECT_EQ(post(false, &a), "result is true iff o was in the list");
    EXPECT_EQ(post(false, &c), "elements are the old elements without the first o");
    now.l.size = 2;
    EXPECT_EQ(post(true, &a), "size shrinks by one exactly when o is removed");
  }
  {
    list_box now(pre.l);
    now.l.reverse();
    auto post = [&] { return failed_clause([&](smallscope::verdict& v) { ll::reverse_post(v, pre.l, now.l); }); };
    EXPECT_EQ(post(), "");
    now.l.reverse();  // back to a b
    EXPECT_EQ(post(), "elements are the old elements in reverse order");
    now.l.reverse();
    now.l.size = 3;
    EXPECT_EQ(post(), "size is unchanged");
  }
}

using methods_test::method_of;

using methods_test::check;

TEST(LinkedList, EveryMethodPassesCheckOnEveryInputOfASmallScope) {
  // (0, 2, 3, 2): lists of 0..2 elements, each null or one of two objects up to renaming:
  // 1 + 2 + 5 = 8; add and remove take null or either object.
  const std::vector<std::int64_t> fin = {0, 2, 3, 2};
  const struct {
    const char* method;
    std::uint64_t inputs;
  } expected[] = {{"add", 8 * 3}, {"remove", 8 * 3}, {"reverse", 8}};
  for (const auto& e : expected) {
    const auto r = check("LinkedList", e.method, fin);
    EXPECT_EQ(r.structures, 8u) << e.method;
    EXPECT_EQ(r.inputs, e.inputs) << e.method;
    EXPECT_EQ(r.failed, 0u) << e.method;
  }
}

TEST(LinkedList, TheInputClassReproducesTable4) {
  // Paper 000 Table 4, LinkedList scope 3: 169 inputs for add, remove and reverse together.
  // LinkedListCall's (list, o) pairs up to isomorphism at (0, 3, 4, 3): o is null, one of the
  // objects the list holds, or a fresh one while fewer than 3 are used: 73 (by hand: sum over the
  // 23 lists of 1 + used + [used < 3]).
  const std::vector<std::int64_t> fin = {0, 3, 4, 3};
  const auto add = check("LinkedListCall", "add", fin);
  const auto remove = check("LinkedListCall", "remove", fin);
  const auto reverse = check("LinkedList", "reverse", fin);
  EXPECT_EQ(add.inputs, 73u);
  EXPECT_EQ(remove.inputs, 73u);
  EXPECT_EQ(reverse.inputs, 23u);
  EXPECT_EQ(add.inputs + remove.inputs + reverse.inputs, 169u);
  EXPECT_EQ(add.failed + remove.failed + reverse.failed, 0u);
}

}  // namespace
