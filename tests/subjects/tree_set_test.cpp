// TreeSet (paper 004, Sec. 6; subjects/tree_set.hpp, over RedBlackTree's classes): contains and
// its postcondition (add and remove are RedBlackTree's insert and remove, tested in
// methods_trees_test.cpp), the scope's valid count against an independent count of red-black
// trees, `check` of add, remove and contains on every input, and paper 004's Table 1
// bounded-exhaustive sizes.
#include <gtest/gtest.h>

#include <cstdint>
#include <random>
#include <set>
#include <vector>

#include "methods_test_support.hpp"
#include "paper004_test_support.hpp"
#include "smallscope/checker.hpp"
#include "smallscope/subject.hpp"
#include "subjects/tree_set.hpp"

namespace {

using namespace methods_test;
namespace ts = subjects::tree_set;
namespace rbt = subjects::red_black_tree;

struct set_box : owned_structure<rbt::tree> {
  using owned_structure::owned_structure;
  rbt::tree& t = *root;
};

TEST(TreeSet, RandomOperationsAgreeWithStdSet) {
  std::mt19937 rng(seed);
  set_box s;
  std::set<int> model;
  for (int step = 0; step < random_steps; ++step) {
    const int key = pick(rng, 0, 31);
    const set_box old(s.t);
    smallscope::verdict v;
    if (pick(rng, 0, 2) == 0) {
      const bool result = ts::contains(s.t, key);
      EXPECT_EQ(result, model.contains(key)) << "contains " << key << " at step " << step;
      ts::contains_post(v, old.t, s.t, result, key);
    } else if (add_now(rng, step)) {
      const bool result = s.t.insert(key);
      EXPECT_EQ(result, model.insert(key).second) << "add " << key << " at step " << step;
      rbt::insert_post(v, old.t, s.t, result, key);
    } else {
      const bool result = s.t.remove(key);
      EXPECT_EQ(result, model.erase(key) == 1) << "remove " << key << " at step " << step;
      rbt::remove_post(v, old.t, s.t, result, key);
    }
    ASSERT_TRUE(s.t.rep_ok()) << "step " << step;
    const auto keys = rbt::abstraction(s.t).keys();
    ASSERT_EQ(std::set<int>(keys.begin(), keys.end()), model) << "step " << step;
    ASSERT_TRUE(v.passed()) << v.failed_clause() << " at step " << step;
  }
}

TEST(TreeSet, ContainsPostconditionNamesTheBrokenClause) {
  set_box pre;
  for (int key : {1, 0, 2, 3}) ASSERT_TRUE(pre.t.insert(key));  // 1 black; 0, 2 black; 3 red
  set_box now(pre.t);
  auto post = [&](bool result, int key) {
    return failed_clause([&](smallscope::verdict& v) { ts::contains_post(v, pre.t, now.t, result, key); });
  };
  EXPECT_EQ(post(ts::contains(now.t, 3), 3), "");
  EXPECT_EQ(post(ts::contains(now.t, 4), 4), "");
  EXPECT_EQ(post(false, 3), "result is true iff key is in the set");
  EXPECT_EQ(post(true, 4), "result is true iff key is in the set");
  rbt::node* n3 = now.t.root->right->right;
  ASSERT_EQ(n3->key, 3);
  n3->key = 5;
  EXPECT_EQ(post(true, 3), "the keys are unchanged");
  n3->key = 3;
  now.t.size = 5;
  EXPECT_EQ(post(true, 3), "the size is unchanged");
  now.t.size = 4;
  n3->color = rbt::black;  // one more black node on the paths through 3
  EXPECT_EQ(post(true, 3), "every path has the same number of black nodes");
  n3->color = rbt::red;
  n3->left = now.t.root;  // a cycle: the walk must still end
  EXPECT_EQ(post(true, 3), "structure is acyclic");
  n3->left = nullptr;
  EXPECT_EQ(post(true, 3), "");
}

// Red-black trees of k nodes, counted apart by their shape and colours (a red root allowed, as
// in Korat's invariant): trees[k][h][c] counts trees of k nodes whose paths hold h black nodes
// each and whose root has colour c (an empty tree: h = 0, black).
std::vector<std::uint64_t> red_black_trees(int n) {
  const int heights = n + 2;
  const auto index = [&](int k, int h, int c) { return (static_cast<std::size_t>(k) * heights + h) * 2 + c; };
  std::vector<std::uint64_t> trees(static_cast<std::size_t>(n + 1) * heights * 2, 0);
  trees[index(0, 0, rbt::black)] = 1;
  for (int k = 1; k <= n; ++k)
    for (int h = 0; h < heights; ++h)
      for (int c : {rbt::red, rbt::black}) {
        const int below = h - (c == rbt::black ? 1 : 0);
        if (below < 0) continue;
        std::uint64_t sum = 0;
        for (int l = 0; l < k; ++l)
          for (int cl : {rbt::red, rbt::black})
            for (int cr : {rbt::red, rbt::black}) {
              if (c == rbt::red && (cl == rbt::red || cr == rbt::red)) continue;
              sum += trees[index(l, below, cl)] * trees[index(k - 1 - l, below, cr)];
            }
        trees[index(k, h, c)] = sum;
      }
  std::vector<std::uint64_t> by_size(static_cast<std::size_t>(n) + 1, 0);
  for (int k = 0; k <= n; ++k)
    for (int h = 0; h < heights; ++h)
      for (int c : {rbt::red, rbt::black}) by_size[static_cast<std::size_t>(k)] += trees[index(k, h, c)];
  return by_size;
}

// finTreeSet(n)'s valid sets: a red-black tree of k <= n nodes and k of the n keys.
std::uint64_t tree_sets(int n) {
  const auto rb = red_black_trees(n);
  std::uint64_t total = 0;
  std::uint64_t choose = 1;  // C(n, k)
  for (int k = 0; k <= n; ++k) {
    total += choose * rb[static_cast<std::size_t>(k)];
    choose = choose * static_cast<std::uint64_t>(n - k) / static_cast<std::uint64_t>(k + 1);
  }
  return total;
}

TEST(TreeSet, Scope4ValidCountAndEveryMethodPasses) {
  const auto* s = smallscope::find_subject("TreeSet");
  ASSERT_NE(s, nullptr);
  EXPECT_EQ(s->scope(4), (std::vector<std::int64_t>{4, 4, 0, 3}));
  EXPECT_EQ(red_black_trees(4), (std::vector<std::uint64_t>{1, 2, 2, 3, 8}));
  const auto i = paper004_test::instance("TreeSet", 4);
  const std::uint64_t valid = tree_sets(4);
  ASSERT_EQ(valid, 41u);
  paper004_test::expect_valid_and_methods_pass(i, valid, 4);  // keys 0..3
}

// Paper 004, Table 1, bounded exhaustive: inputs of add, remove and contains together.
TEST(TreeSet, InputsEqualPaper004Table1) {
  const std::uint64_t table1[] = {144, 492, 1725, 5886};
  paper004_test::expect_table1_inputs("TreeSet", table1, &tree_sets);
}

}  // namespace
