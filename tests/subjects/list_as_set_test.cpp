// ListAsSet (paper 002, Sec. 3-4): the paper's table (plain Korat and Korat+ counts, classes
// covered), the classes against a model of the criterion, and the target methods list_as_set
// and to_set against std::set, with their postconditions and a check of every input.
#include <gtest/gtest.h>

#include <algorithm>
#include <random>
#include <set>
#include <vector>

#include "eq_class_test_support.hpp"
#include "methods_test_support.hpp"
#include "smallscope/checker.hpp"
#include "subjects/list_as_set.hpp"

namespace {

namespace las = subjects::list_as_set;
using eq_class_test::expect_korat_plus;
using eq_class_test::instance;

// Paper 002's table for listAsSet: explored(valid) for Korat and Korat+, and CC.
TEST(ListAsSet, PaperTableSmallScopes) {
  expect_korat_plus<las::list_as_set>(instance("ListAsSet", {0, 2, 0, 2, 3, 3, 3}), {1121, 91, 185, 26, 8});
  expect_korat_plus<las::list_as_set>(instance("ListAsSet", {0, 4, 0, 4, 3, 3, 3}), {1485, 91, 211, 26, 8});
  expect_korat_plus<las::list_as_set>(instance("ListAsSet", {0, 4, 0, 4, 4, 4, 3}), {14679, 320, 679, 80, 10});
}

// The criterion's predicates computed from the abstract value.
std::uint64_t model_class(const las::abstract_pair& a) {
  std::uint64_t c = 0;
  if (a.l.empty()) c |= las::l_empty;
  if (std::set<int>(a.l.begin(), a.l.end()).size() != a.l.size()) c |= las::l_repeats;
  if (std::is_sorted(a.l.begin(), a.l.end())) c |= las::l_sorted;
  if (a.s.empty()) c |= las::s_empty;
  return c;
}

// Every valid pair's eq_class() is the model's class; the 8 classes of lists of at most two
// elements are covered (a repeated element out of order needs three).
TEST(ListAsSet, ClassesAreTheCriterions) {
  const auto inst = instance("ListAsSet", {0, 2, 0, 2, 3, 3, 3});
  smallscope::structure_range range(inst.fin, inst.invariant, inst.eq_class);
  std::set<std::uint64_t> seen;
  for (const auto& s : range) {
    const auto& p = s.root<las::list_as_set>();
    const auto a = las::abstraction(p);
    EXPECT_EQ(p.eq_class(), model_class(a));
    EXPECT_EQ(a.s, las::set_of(a.s));  // s is strictly sorted
    seen.insert(p.eq_class());
  }
  using enum las::class_bit;
  const std::set<std::uint64_t> expected = {
      l_empty | l_sorted,         l_empty | l_sorted | s_empty,  // l empty
      l_sorted,                   l_sorted | s_empty,            // [1], [1,2]
      0,                          s_empty,                       // [2,1]
      l_repeats | l_sorted,       l_repeats | l_sorted | s_empty};  // [1,1]
  EXPECT_EQ(seen, expected);
}

using owned = methods_test::owned_structure<las::list_as_set>;

// A pair built by hand, owning its nodes.
struct pair_box : methods_test::owned_structure<las::list_as_set> {
  pair_box(const std::vector<int>& l, const std::vector<int>& s) {
    las::list_as_set& p = *root;
    las::node* last = new las::node{};
    p.header = last;
    for (int e : l) {
      auto* n = new las::node{};
      n->elem = e;
      last->next = n;
      last = n;
    }
    p.size = static_cast<int>(l.size());
    las::set_node* set_last = new las::set_node{};
    p.set_header = set_last;
    for (int e : s) {
      auto* n = new las::set_node{};
      n->elem = e;
      set_last->next = n;
      set_last = n;
    }
    p.set_size = static_cast<int>(s.size());
  }
};

std::vector<int> random_list(std::mt19937& rng, int max_length, int values) {
  std::vector<int> l(static_cast<std::size_t>(methods_test::pick(rng, 0, max_length)));
  for (int& e : l) e = methods_test::pick(rng, 1, values);
  return l;
}

// On random pairs (s the set of l, or an unrelated set), list_as_set answers as std::set does and
// to_set builds std::set's set; both keep the invariant and pass their postconditions.
TEST(ListAsSet, MethodsAgreeWithStdSet) {
  std::mt19937 rng(methods_test::seed);
  for (int step = 0; step < 2000; ++step) {
    const std::vector<int> l = random_list(rng, 8, 5);
    const std::vector<int> s = step % 2 == 0 ? las::set_of(l) : las::set_of(random_list(rng, 5, 5));
    pair_box box(l, s);
    ASSERT_TRUE(box.root->rep_ok());
    const owned old(*box.root);
    const bool result = box.root->is_set_of_list();
    EXPECT_EQ(result, las::set_of(l) == s);
    EXPECT_EQ(methods_test::failed_clause([&](smallscope::verdict& v) {
                las::is_set_of_list_post(v, *old.root, *box.root, result);
              }),
              "");
    box.root->to_set();
    EXPECT_TRUE(box.root->rep_ok());
    EXPECT_EQ(las::abstraction(*box.root).s, las::set_of(l));
    EXPECT_EQ(las::abstraction(*box.root).l, l);
    EXPECT_EQ(methods_test::failed_clause([&](smallscope::verdict& v) { las::to_set_post(v, *old.root, *box.root); }),
              "");
    EXPECT_TRUE(box.root->is_set_of_list());
  }
}

TEST(ListAsSet, PostconditionsRejectWrongResults) {
  const pair_box old({3, 1, 3}, {1, 2});
  const owned now(*old.root);
  EXPECT_EQ(methods_test::failed_clause([&](smallscope::verdict& v) {
              las::is_set_of_list_post(v, *old.root, *now.root, true);  // {1,3} != {1,2}
            }),
            "result is true iff s is the set of l's elements");
  const pair_box changed({3, 1, 3}, {1, 3});
  EXPECT_EQ(methods_test::failed_clause([&](smallscope::verdict& v) {
              las::is_set_of_list_post(v, *old.root, *changed.root, false);
            }),
            "l and s are unchanged");
  // to_set that leaves s as it was, or loses l, or miscounts.
  EXPECT_EQ(methods_test::failed_clause([&](smallscope::verdict& v) { las::to_set_post(v, *old.root, *now.root); }),
            "s is the set of l's elements, strictly sorted");
  const pair_box lost({3, 1}, {1, 3});
  EXPECT_EQ(methods_test::failed_clause([&](smallscope::verdict& v) { las::to_set_post(v, *old.root, *lost.root); }),
            "l is unchanged");
  pair_box miscounted({3, 1, 3}, {1, 3});
  miscounted.root->set_size = 3;
  EXPECT_EQ(
      methods_test::failed_clause([&](smallscope::verdict& v) { las::to_set_post(v, *old.root, *miscounted.root); }),
      "s's size is its number of elements");
}

// check runs both methods (no arguments) on every valid pair: 91 inputs at 0-2,0-2,3,3,3.
TEST(ListAsSet, CheckPassesOnEveryInput) {
  const auto inst = instance("ListAsSet", {0, 2, 0, 2, 3, 3, 3});
  for (const auto& m : inst.methods) {
    const auto r = smallscope::run_check(inst.fin, inst.invariant, m, {});
    EXPECT_EQ(r.inputs, 13u * 7u) << m.name;  // 13 lists of <= 2 elements over 3 values, 7 sets
    EXPECT_EQ(r.failed, 0u) << m.name;
  }
}

}  // namespace
