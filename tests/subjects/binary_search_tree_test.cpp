// BinarySearchTree (paper 004, Sec. 6; subjects/binary_search_tree.hpp, over SearchTree's
// classes): find and its postcondition (add and remove are SearchTree's, tested in
// methods_trees_test.cpp), the scope's valid count against an independent count, `check` of
// add, find and remove on every input, and paper 004's Table 1 bounded-exhaustive sizes.
#include <gtest/gtest.h>

#include <cstdint>
#include <random>
#include <set>
#include <stdexcept>
#include <string>
#include <vector>

#include "methods_test_support.hpp"
#include "paper004_test_support.hpp"
#include "smallscope/checker.hpp"
#include "smallscope/subject.hpp"
#include "subjects/binary_search_tree.hpp"

namespace {

using namespace methods_test;
namespace bst = subjects::binary_search_tree;
namespace st = subjects::search_tree;

struct tree_box : owned_structure<st::tree> {
  using owned_structure::owned_structure;
  st::tree& t = *root;
};

TEST(BinarySearchTree, RandomOperationsAgreeWithStdSet) {
  std::mt19937 rng(seed);
  tree_box s;
  std::set<int> model;
  for (int step = 0; step < random_steps; ++step) {
    const int key = pick(rng, -1, 15);
    const tree_box old(s.t);
    smallscope::verdict v;
    if (pick(rng, 0, 2) == 0) {
      const bool result = bst::find(s.t, key);
      EXPECT_EQ(result, model.contains(key)) << "find " << key << " at step " << step;
      bst::find_post(v, old.t, s.t, result, key);
    } else if (add_now(rng, step)) {
      const bool result = s.t.add(key);
      EXPECT_EQ(result, key != -1 && model.insert(key).second) << "add " << key << " at step " << step;
      st::add_post(v, old.t, s.t, result, key);
    } else {
      const bool result = s.t.remove(key);
      EXPECT_EQ(result, model.erase(key) == 1) << "remove " << key << " at step " << step;
      st::remove_post(v, old.t, s.t, result, key);
    }
    ASSERT_TRUE(s.t.rep_ok()) << "step " << step;
    const auto keys = st::abstraction(s.t).keys;
    ASSERT_EQ(std::set<int>(keys.begin(), keys.end()), model) << "step " << step;
    ASSERT_TRUE(v.passed()) << v.failed_clause() << " at step " << step;
  }
}

TEST(BinarySearchTree, FindPostconditionNamesTheBrokenClause) {
  tree_box pre;
  for (int key : {4, 2, 6, 1, 3}) ASSERT_TRUE(pre.t.add(key));
  tree_box now(pre.t);
  auto post = [&](bool result, int key) {
    return failed_clause([&](smallscope::verdict& v) { bst::find_post(v, pre.t, now.t, result, key); });
  };
  EXPECT_EQ(post(bst::find(now.t, 3), 3), "");
  EXPECT_EQ(post(bst::find(now.t, 5), 5), "");
  EXPECT_EQ(post(false, 3), "result is true iff key is in the tree");
  EXPECT_EQ(post(true, 5), "result is true iff key is in the tree");
  EXPECT_EQ(post(true, -1), "result is true iff key is in the tree");
  st::node* n3 = now.t.root->left->right;
  n3->info = 0;  // another key
  EXPECT_EQ(post(true, 3), "the tree keeps its shape and keys");
  n3->info = 3;
  st::node* n2 = now.t.root->left;
  now.t.root->left = n3;  // the same keys but 1 and 2 unlinked: another shape
  EXPECT_EQ(post(true, 3), "the tree keeps its shape and keys");
  now.t.root->left = n2;
  now.t.size = 4;
  EXPECT_EQ(post(true, 3), "the size is unchanged");
  now.t.size = 5;
  n3->left = now.t.root;  // a cycle: the comparison must still end
  EXPECT_EQ(post(true, 3), "the tree keeps its shape and keys");
  n3->left = nullptr;
  EXPECT_EQ(post(true, 3), "");
}

// Search trees with at most n nodes and distinct keys from n values, counted apart: a tree of k
// nodes is a shape (Catalan(k)) and a choice of k keys (their in-order is forced).
std::uint64_t search_trees(int n) {
  std::vector<std::uint64_t> catalan(static_cast<std::size_t>(n) + 1, 0);
  catalan[0] = 1;
  for (int k = 1; k <= n; ++k)
    for (int l = 0; l < k; ++l)
      catalan[static_cast<std::size_t>(k)] +=
          catalan[static_cast<std::size_t>(l)] * catalan[static_cast<std::size_t>(k - 1 - l)];
  std::uint64_t total = 0;
  std::uint64_t choose = 1;  // C(n, k)
  for (int k = 0; k <= n; ++k) {
    total += choose * catalan[static_cast<std::size_t>(k)];
    choose = choose * static_cast<std::uint64_t>(n - k) / static_cast<std::uint64_t>(k + 1);
  }
  return total;
}

TEST(BinarySearchTree, Scope4ValidCountAndEveryMethodPasses) {
  const auto* s = smallscope::find_subject("BinarySearchTree");
  ASSERT_NE(s, nullptr);
  EXPECT_EQ(s->scope(4), (std::vector<std::int64_t>{4, 0, 4, 0, 3}));
  const auto i = paper004_test::instance("BinarySearchTree", 4);
  const std::uint64_t valid = search_trees(4);
  ASSERT_EQ(valid, 51u);  // paper 004, Sec. 2: "only 51 are non-isomorphic"
  paper004_test::expect_valid_and_methods_pass(i, valid, 4);  // keys 0..3
}

// Paper 004, Table 1, bounded exhaustive: inputs of add, find and remove together.
TEST(BinarySearchTree, InputsEqualPaper004Table1) {
  const std::uint64_t table1[] = {135, 612, 2820, 13158};
  paper004_test::expect_table1_inputs("BinarySearchTree", table1, &search_trees);
}

}  // namespace
