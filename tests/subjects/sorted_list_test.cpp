// SortedList (paper 000's benchmark, Korat 1.0's example): insert, remove, sort and merge
// against a std model on random sequences, postconditions naming the clause a wrong post-state
// breaks, and `check` of every method on a small scope with the number of inputs computed by
// hand.
#include <gtest/gtest.h>

#include <algorithm>
#include <iterator>
#include <random>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "methods_test_support.hpp"
#include "smallscope/checker.hpp"
#include "smallscope/subject.hpp"
#include "subjects/sorted_list.hpp"

namespace {

using namespace methods_test;
namespace sl = subjects::sorted_list;

// Integers 1..6: one array, so their address order is their value order (as in the arena).
sl::integer numbers[6];
sl::integer* number(int value) { return &numbers[value - 1]; }

sl::entry* empty_header() {
  auto* h = new sl::entry{};
  h->next = h;
  h->previous = h;
  return h;
}

// A sorted list that owns its entries (not its integers).
struct sorted_box : owned_structure<sl::sorted_list> {
  sl::sorted_list& l = *root;
  explicit sorted_box(std::initializer_list<int> values = {}) {
    l.header = empty_header();
    l.size = 0;
    for (int x : values) l.insert(number(x));
  }
  explicit sorted_box(const sl::sorted_list& other) : owned_structure(other) {}
};

// Two lists as merge's input; `aliased` makes other the same list as self.
struct pair_box : owned_structure<sl::sorted_list_pair> {
  sl::sorted_list_pair& p = *root;
  pair_box(const std::vector<int>& a, const std::vector<int>& b, bool aliased = false) {
    for (int i = 0; i < (aliased ? 1 : 2); ++i) {
      auto* l = new sl::sorted_list{};
      l->header = empty_header();
      l->size = 0;
      for (int x : i == 0 ? a : b) l->insert(number(x));
      (i == 0 ? p.self : p.other) = l;
    }
    if (aliased) p.other = p.self.get();
  }
  explicit pair_box(const sl::sorted_list_pair& other) : owned_structure(other) {}
};

std::vector<const sl::integer*> elements(const sl::sorted_list& l) { return sl::abstraction(l).elements; }

std::vector<const sl::integer*> numbers_of(const std::vector<int>& values) {
  std::vector<const sl::integer*> out;
  for (int x : values) out.push_back(number(x));
  return out;
}

TEST(SortedList, RandomOperationsAgreeWithASortedVector) {
  std::mt19937 rng(seed);
  sorted_box s;
  std::vector<int> model;
  for (int step = 0; step < random_steps; ++step) {
    const int x = pick(rng, 1, 6);
    const sorted_box old(s.l);
    smallscope::verdict v;
    if (step % 17 == 0) {
      s.l.sort();
      sl::sort_post(v, old.l, s.l);
    } else if (add_now(rng, step)) {
      model.insert(std::upper_bound(model.begin(), model.end(), x), x);
      s.l.insert(number(x));
      sl::insert_post(v, old.l, s.l, number(x));
    } else {
      const bool null = pick(rng, 0, 9) == 0;
      const auto at = std::find(model.begin(), model.end(), x);
      const bool expected = !null && at != model.end();
      if (expected) model.erase(at);
      const bool result = s.l.remove(null ? nullptr : number(x));
      EXPECT_EQ(result, expected);
      sl::remove_post(v, old.l, s.l, result, null ? nullptr : number(x));
    }
    ASSERT_TRUE(s.l.rep_ok()) << "step " << step;
    ASSERT_EQ(elements(s.l), numbers_of(model)) << "step " << step;
    ASSERT_TRUE(v.passed()) << v.failed_clause() << " at step " << step;
  }
}

TEST(SortedList, SortSortsAnUnsortedListStably) {
  // Links entries by hand in the order 3 1 2 1 (no longer a valid SortedList).
  sorted_box s;
  sl::entry* h = s.l.header;
  std::vector<sl::entry*> made;
  for (int x : {3, 1, 2, 1}) {
    auto* e = new sl::entry{};
    e->element = number(x);
    e->next = h;
    e->previous = h->previous;
    h->previous->next = e;
    h->previous = e;
    made.push_back(e);
  }
  s.l.size = 4;
  ASSERT_FALSE(s.l.rep_ok());
  const sorted_box old(s.l);
  s.l.sort();
  EXPECT_TRUE(s.l.rep_ok());
  EXPECT_EQ(elements(s.l), numbers_of({1, 1, 2, 3}));
  EXPECT_EQ(h->next.get(), made[1]);  // the first 1 stays before the second
  EXPECT_EQ(h->next->next.get(), made[3]);
  smallscope::verdict v;
  sl::sort_post(v, old.l, s.l);
  EXPECT_TRUE(v.passed()) << v.failed_clause();
}

TEST(SortedList, MergeAgreesWithStdMerge) {
  std::mt19937 rng(seed);
  for (int round = 0; round < 300; ++round) {
    std::vector<int> a(static_cast<std::size_t>(pick(rng, 0, 5))), b(static_cast<std::size_t>(pick(rng, 0, 5)));
    for (int& x : a) x = pick(rng, 1, 6);
    for (int& x : b) x = pick(rng, 1, 6);
    const bool aliased = round % 10 == 0;
    pair_box in(a, b, aliased);
    const pair_box old(in.p);
    sl::merge(in.p);
    std::sort(a.begin(), a.end());
    std::sort(b.begin(), b.end());
    std::vector<int> merged;
    std::merge(a.begin(), a.end(), b.begin(), b.end(), std::back_inserter(merged));
    ASSERT_EQ(in.p.rep_ok(), !aliased);  // the input class takes two different lists
    ASSERT_TRUE(in.p.self->rep_ok());
    EXPECT_EQ(elements(*in.p.self), numbers_of(aliased ? a : merged));
    if (!aliased) {
      EXPECT_EQ(elements(*in.p.other), numbers_of({}));
    }
    smallscope::verdict v;
    sl::merge_post(v, old.p, in.p);
    ASSERT_TRUE(v.passed()) << v.failed_clause() << " in round " << round;
  }
}

TEST(SortedList, InvariantRejectsUnsortedNullAndBrokenLinks) {
  sorted_box s({1, 2, 3});
  EXPECT_TRUE(s.l.rep_ok());
  sl::entry* first = s.l.header->next;
  first->element = number(3);  // 3 2 3
  EXPECT_FALSE(s.l.rep_ok());
  first->element = nullptr;
  EXPECT_FALSE(s.l.rep_ok());
  first->element = number(1);
  first->next->previous = s.l.header.get();
  EXPECT_FALSE(s.l.rep_ok());
  first->next->previous = first;
  s.l.size = 2;
  EXPECT_FALSE(s.l.rep_ok());
  s.l.size = 3;
  EXPECT_TRUE(s.l.rep_ok());
}

TEST(SortedList, PostconditionsNameTheBrokenClause) {
  const sorted_box pre({1, 3});
  {
    sorted_box now(pre.l);
    now.l.insert(number(2));
    auto post = [&](sl::integer* x) {
      return failed_clause([&](smallscope::verdict& v) { sl::insert_post(v, pre.l, now.l, x); });
    };
    EXPECT_EQ(post(number(2)), "");
    EXPECT_EQ(post(number(4)), "elements are the old elements with x added");
    sl::entry* middle = now.l.header->next->next;
    middle->element = number(5);  // 1 5 3
    EXPECT_EQ(post(number(2)), "elements are sorted");
    middle->element = number(2);
    now.l.size = 2;
    EXPECT_EQ(post(number(2)), "size grows by one");
    now.l.size = 3;
    middle->previous = middle;  // previous no longer mirrors next
    EXPECT_EQ(post(number(2)), "next leads from the header around one cycle back to it, previous mirroring it");
    middle->previous = now.l.header->next.get();
  }
  {
    sorted_box now(pre.l);
    ASSERT_TRUE(now.l.remove(number(1)));
    auto post = [&](bool result, sl::integer* x) {
      return failed_clause([&](smallscope::verdict& v) { sl::remove_post(v, pre.l, now.l, result, x); });
    };
    EXPECT_EQ(post(true, number(1)), "");
    EXPECT_EQ(post(false, number(1)), "result is true iff x was in the list");
    EXPECT_EQ(post(true, number(3)), "elements are the old elements without one x");
    now.l.size = 2;
    EXPECT_EQ(post(true, number(1)), "size shrinks by one exactly when x is removed");
  }
  {
    sorted_box now(pre.l);
    now.l.sort();
    auto post = [&] { return failed_clause([&](smallscope::verdict& v) { sl::sort_post(v, pre.l, now.l); }); };
    EXPECT_EQ(post(), "");
    now.l.header->next->element = number(2);
    EXPECT_EQ(post(), "elements are the old elements, sorted");
    now.l.header->next->element = number(1);
    now.l.size = 5;
    EXPECT_EQ(post(), "size is unchanged");
  }
  {
    const pair_box before({1, 3}, {2});
    pair_box now(before.p);
    sl::merge(now.p);
    auto post = [&] { return failed_clause([&](smallscope::verdict& v) { sl::merge_post(v, before.p, now.p); }); };
    EXPECT_EQ(post(), "");
    now.p.self->size = 2;
    EXPECT_EQ(post(), "size is the number of elements");
    now.p.self->size = 3;
    now.p.other->size = 1;
    EXPECT_EQ(post(), "other is left empty");
    now.p.other->size = 0;
    now.p.self->header->next->element = number(3);
    EXPECT_EQ(post(), "elements are the merge of both lists' elements (this unchanged if other is this)");
    now.p.self->header->next->element = number(1);
    sl::sorted_list* other = now.p.other;
    now.p.other = now.p.self.get();
    EXPECT_EQ(post(), "this and other stay the lists they were");
    now.p.other = other;
  }
}

using methods_test::method_of;

using methods_test::check;

TEST(SortedList, EveryMethodPassesCheckOnEveryInputOfASmallScope) {
  // (0, 3, 4, 3): sorted lists of 0..3 elements over 1..3, i.e. multisets: 1 + 3 + 6 + 10 = 20;
  // insert and remove take x in 1..3.
  const std::vector<std::int64_t> fin = {0, 3, 4, 3};
  for (const char* method : {"insert", "remove", "sort"}) {
    const auto r = check("SortedList", method, fin);
    EXPECT_EQ(r.structures, 20u) << method;
    EXPECT_EQ(r.inputs, std::string_view(method) == "sort" ? 20u : 60u) << method;
    EXPECT_EQ(r.failed, 0u) << method;
  }
  // sort's inputs in any order: sequences of 0..3 elements over 1..3, 1 + 3 + 9 + 27.
  const auto sort = check("SortedListSort", "sort", fin);
  EXPECT_EQ(sort.inputs, 40u);
  EXPECT_EQ(sort.failed, 0u);
  // merge on (0, 2, 4, 2): two headers and two entries, so two different lists holding at most
  // two elements together: multisets of 0..2 over the 4 (list, value) pairs, 1 + 4 + 10.
  const auto merge = check("SortedListPair", "merge", {0, 2, 4, 2});
  EXPECT_EQ(merge.inputs, 15u);
  EXPECT_EQ(merge.failed, 0u);
}

TEST(SortedList, TheInputClassesReproduceTable4) {
  // Paper 000 Table 4, SortedList scope 3: 188 inputs for insert, remove, sort and merge
  // together, each at (0, 3, 4, 3): 60 + 60 as above, sort 40, and merge's pairs holding at most
  // two elements together, multisets of 0..2 over 6 (list, value) pairs: 1 + 6 + 21 = 28.
  const std::vector<std::int64_t> fin = {0, 3, 4, 3};
  const std::uint64_t total = check("SortedList", "insert", fin).inputs + check("SortedList", "remove", fin).inputs +
                              check("SortedListSort", "sort", fin).inputs +
                              check("SortedListPair", "merge", fin).inputs;
  EXPECT_EQ(total, 188u);
}

}  // namespace
