// The tree subjects' target methods, postconditions and seeded mutants (paper 000, Sec. 6.1:
// the oracle of black-box testing; Sec. 7 and 8.3: mutants). Structures are built by hand with
// `new` (no search runs, so tracked fields behave like plain values):
// - random operation sequences agree with a std model, keep rep_ok and pass the postcondition;
// - each postcondition rejects a wrong post-state by the expected clause;
// - the mutants behave like the originals where they should, and fail where they should.
#include <gtest/gtest.h>

#include <algorithm>
#include <csignal>
#include <numeric>
#include <random>
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include <unistd.h>

#include "methods_test_support.hpp"
#include "subjects/red_black_tree.hpp"
#include "subjects/search_tree.hpp"

namespace {

using namespace methods_test;

// ---------------------------------------------------------------------------------------------
// SearchTree

namespace st = subjects::search_tree;

// A search tree that owns its nodes.
struct search_tree_box : owned_structure<st::tree> {
  using owned_structure::owned_structure;
  st::tree& t = *root;
};

void in_order(const st::node* n, std::vector<int>& out) {
  if (n == nullptr) return;
  in_order(n->left, out);
  out.push_back(n->info);
  in_order(n->right, out);
}
std::vector<int> keys(const st::tree& t) {
  std::vector<int> out;
  in_order(t.root, out);
  return out;
}
// The shape and keys, pre-order, with -2 for null.
void shape(const st::node* n, std::vector<int>& out) {
  out.push_back(n == nullptr ? -2 : n->info.get());
  if (n == nullptr) return;
  shape(n->left, out);
  shape(n->right, out);
}
std::vector<int> shape(const st::tree& t) {
  std::vector<int> out{t.size};
  shape(t.root, out);
  return out;
}

void build(st::tree& t, const std::vector<int>& infos) {
  for (int info : infos) ASSERT_TRUE(t.add(info));
}

TEST(MethodsSearchTree, RandomOperationsAgreeWithStdSet) {
  std::mt19937 rng(seed);
  search_tree_box s;
  std::set<int> model;
  for (int step = 0; step < random_steps; ++step) {
    const int info = pick(rng, -1, 15);
    const search_tree_box old(s.t);
    smallscope::verdict v;
    if (add_now(rng, step)) {
      const bool expected = info != -1 && model.insert(info).second;
      const bool result = s.t.add(info);
      EXPECT_EQ(result, expected) << "add " << info << " at step " << step;
      st::add_post(v, old.t, s.t, result, info);
    } else {
      const bool expected = model.erase(info) == 1;
      const bool result = s.t.remove(info);
      EXPECT_EQ(result, expected) << "remove " << info << " at step " << step;
      st::remove_post(v, old.t, s.t, result, info);
    }
    ASSERT_TRUE(s.t.rep_ok()) << "step " << step;
    ASSERT_EQ(keys(s.t), std::vector<int>(model.begin(), model.end())) << "step " << step;
    ASSERT_TRUE(v.passed()) << v.failed_clause() << " at step " << step;
  }
}

TEST(MethodsSearchTree, PostconditionsNameTheBrokenClause) {
  search_tree_box pre;
  build(pre.t, {4, 2, 6, 1, 3});
  {
    search_tree_box now(pre.t);
    ASSERT_TRUE(now.t.add(5));
    auto post = [&](bool result, int info) {
      return failed_clause([&](smallscope::verdict& v) { st::add_post(v, pre.t, now.t, result, info); });
    };
    EXPECT_EQ(post(true, 5), "");
    EXPECT_EQ(post(false, 5), "result is true iff info was absent (and not -1)");
    EXPECT_EQ(post(true, 3), "result is true iff info was absent (and not -1)");
    now.t.root->right->left->info = 7;  // the added node holds another key
    EXPECT_EQ(post(true, 5), "keys are the old keys plus info");
    now.t.root->right->left->info = 5;
    ++now.t.size;
    EXPECT_EQ(post(true, 5), "size grows by one exactly when info is added");
    --now.t.size;
    st::node* leaf = now.t.root->right->left;
    leaf->left = now.t.root;  // a cycle: the walk must still end
    EXPECT_EQ(post(true, 5), "structure is acyclic");
    leaf->left = nullptr;
  }
  {
    search_tree_box now(pre.t);
    ASSERT_TRUE(now.t.remove(4));  // the root, with two children
    auto post = [&](bool result, int info) {
      return failed_clause([&](smallscope::verdict& v) { st::remove_post(v, pre.t, now.t, result, info); });
    };
    EXPECT_EQ(post(true, 4), "");
    EXPECT_EQ(post(false, 4), "result is true iff info was present");
    now.t.root->info = 4;  // the removed key is back
    EXPECT_EQ(post(true, 4), "keys are the old keys minus info");
    now.t.root->info = 3;
    now.t.size = 5;
    EXPECT_EQ(post(true, 4), "size shrinks by one exactly when info is removed");
    now.t.size = 4;
    now.t.root->right->right = now.t.root->left;  // shared: not a tree
    EXPECT_EQ(post(true, 4), "structure is acyclic");
    now.t.root->right->right = nullptr;
  }
}

// The Sec. 8.3 mutant agrees with remove on every tree of at most five nodes (every shape
// comes from some insertion order) and every argument, present or absent.
TEST(MethodsSearchTree, RemoveMutantBehavesLikeRemoveUpToFiveNodes) {
  std::vector<int> order = {0, 2, 4, 6, 8};
  int cases = 0;
  do {
    for (std::size_t n = 0; n <= order.size(); ++n) {
      search_tree_box pre;
      build(pre.t, std::vector<int>(order.begin(), order.begin() + static_cast<std::ptrdiff_t>(n)));
      for (int info = -1; info <= 9; ++info) {
        search_tree_box expected(pre.t);
        search_tree_box mutant(pre.t);
        const bool r = expected.t.remove(info);
        const bool m = mutant.t.remove_mutant(info);
        ASSERT_EQ(m, r);
        ASSERT_EQ(shape(mutant.t), shape(expected.t));
        ASSERT_EQ(failed_clause([&](smallscope::verdict& v) { st::remove_post(v, pre.t, mutant.t, m, info); }), "");
        ++cases;
      }
    }
  } while (std::next_permutation(order.begin(), order.end()));
  EXPECT_EQ(cases, 120 * 6 * 11);
}

// Five nodes where removeNode's loop runs once: 4 with left 0, whose right spine is 0, 1, 2.
TEST(MethodsSearchTree, RemoveMutantEndsOnTheFiveNodeSpine) {
  search_tree_box pre;
  build(pre.t, {4, 0, 5, 1, 2});
  search_tree_box now(pre.t);
  const bool result = now.t.remove_mutant(4);
  EXPECT_TRUE(result);
  EXPECT_EQ(keys(now.t), (std::vector<int>{0, 1, 2, 5}));
  EXPECT_EQ(now.t.root->info, 2);
  EXPECT_TRUE(now.t.rep_ok());
  EXPECT_EQ(failed_clause([&](smallscope::verdict& v) { st::remove_post(v, pre.t, now.t, result, 4); }), "");
}

// Six nodes, the left child's right spine four long: the loop runs twice in remove and never
// ends in the mutant (checked in a child process stopped by an alarm).
TEST(MethodsSearchTreeDeathTest, RemoveMutantLoopsOnTheSixNodeSpine) {
  search_tree_box pre;
  build(pre.t, {5, 0, 6, 1, 2, 3});
  {
    search_tree_box now(pre.t);
    ASSERT_TRUE(now.t.remove(5));
    EXPECT_EQ(now.t.root->info, 3);
  }
  EXPECT_EXIT(
      {
        alarm(1);
        pre.t.remove_mutant(5);
        std::_Exit(0);
      },
      testing::KilledBySignal(SIGALRM), "");
}

// ---------------------------------------------------------------------------------------------
// RedBlackTree

namespace rbt = subjects::red_black_tree;

// A red-black tree that owns its nodes.
struct red_black_box : owned_structure<rbt::tree> {
  using owned_structure::owned_structure;
  rbt::tree& t = *root;
};

void in_order(const rbt::node* n, std::vector<int>& out) {
  if (n == nullptr) return;
  in_order(n->left, out);
  out.push_back(n->key);
  in_order(n->right, out);
}
std::vector<int> keys(const rbt::tree& t) {
  std::vector<int> out;
  in_order(t.root, out);
  return out;
}
rbt::node* find(const rbt::tree& t, int key) {
  rbt::node* n = t.root;
  while (n != nullptr && n->key != key) n = key < n->key ? n->left : n->right;
  return n;
}

TEST(MethodsRedBlackTree, RandomOperationsAgreeWithStdSet) {
  std::mt19937 rng(seed);
  red_black_box s;
  std::set<int> model;
  for (int step = 0; step < random_steps; ++step) {
    const int key = pick(rng, -1, 31);
    const red_black_box old(s.t);
    smallscope::verdict v;
    if (add_now(rng, step)) {
      const bool expected = key != -1 && model.insert(key).second;
      const bool result = s.t.insert(key);
      EXPECT_EQ(result, expected) << "insert " << key << " at step " << step;
      rbt::insert_post(v, old.t, s.t, result, key);
    } else {
      const bool expected = model.erase(key) == 1;
      const bool result = s.t.remove(key);
      EXPECT_EQ(result, expected) << "remove " << key << " at step " << step;
      rbt::remove_post(v, old.t, s.t, result, key);
    }
    ASSERT_TRUE(s.t.rep_ok()) << "step " << step;
    ASSERT_EQ(keys(s.t), std::vector<int>(model.begin(), model.end())) << "step " << step;
    ASSERT_TRUE(v.passed()) << v.failed_clause() << " at step " << step;
  }
}

// Every tree built by inserting 0..6 in any order, and every removal from it.
TEST(MethodsRedBlackTree, EveryRemovalFromSmallTreesPasses) {
  std::vector<int> order(7);
  std::iota(order.begin(), order.end(), 0);
  do {
    red_black_box pre;
    for (int key : order) ASSERT_TRUE(pre.t.insert(key));
    ASSERT_TRUE(pre.t.rep_ok());
    for (int key = -1; key <= 7; ++key) {
      red_black_box now(pre.t);
      const bool result = now.t.remove(key);
      ASSERT_TRUE(now.t.rep_ok());
      ASSERT_EQ(failed_clause([&](smallscope::verdict& v) { rbt::remove_post(v, pre.t, now.t, result, key); }), "");
    }
  } while (std::next_permutation(order.begin(), order.end()));
}

TEST(MethodsRedBlackTree, PostconditionsNameTheBrokenClause) {
  red_black_box pre;
  for (int key : {1, 0, 2}) pre.t.insert(key);  // 1 black, 0 and 2 red
  {
    red_black_box now(pre.t);
    ASSERT_TRUE(now.t.insert(3));  // recolours: 1 black, 0 and 2 black, 3 red
    auto post = [&](bool result, int key) {
      return failed_clause([&](smallscope::verdict& v) { rbt::insert_post(v, pre.t, now.t, result, key); });
    };
    EXPECT_EQ(post(true, 3), "");
    EXPECT_EQ(post(false, 3), "result is true iff key was absent (and not -1)");
    EXPECT_EQ(post(true, 1), "result is true iff key was absent (and not -1)");
    rbt::node* n3 = find(now.t, 3);
    rbt::node* n2 = find(now.t, 2);
    rbt::node* n1 = now.t.root;
    n3->key = 4;
    EXPECT_EQ(post(true, 3), "keys are the old keys plus key");
    n3->key = 3;
    now.t.size = 5;
    EXPECT_EQ(post(true, 3), "size grows by one exactly when key is inserted");
    now.t.size = 4;
    n3->parent = n1;
    EXPECT_EQ(post(true, 3), "each node's parent is the node above it");
    n3->parent = n2;
    n1->color = rbt::red;
    EXPECT_EQ(post(true, 3), "a black root stays black");
    n1->color = rbt::black;
    n2->color = rbt::red;  // red 2 over red 3
    EXPECT_EQ(post(true, 3), "no red node has a red child");
    n2->color = rbt::black;
    n3->color = rbt::black;  // one more black node on the paths through 3
    EXPECT_EQ(post(true, 3), "every path has the same number of black nodes");
    n3->color = rbt::red;
    n1->key = 2;  // swap the keys of 1 and 2: the same keys, out of order
    n2->key = 1;
    EXPECT_EQ(post(true, 3), "keys are in search-tree order");
    n1->key = 1;
    n2->key = 2;
    n3->left = n1;  // a cycle: the walk must still end
    EXPECT_EQ(post(true, 3), "structure is acyclic");
    n3->left = nullptr;
    EXPECT_EQ(post(true, 3), "");
  }
  {
    red_black_box now(pre.t);
    ASSERT_TRUE(now.t.remove(1));
    auto post = [&](bool result, int key) {
      return failed_clause([&](smallscope::verdict& v) { rbt::remove_post(v, pre.t, now.t, result, key); });
    };
    EXPECT_EQ(post(true, 1), "");
    EXPECT_EQ(post(false, 1), "result is true iff key was present");
    now.t.root->key = 1;
    EXPECT_EQ(post(true, 1), "keys are the old keys minus key");
    now.t.root->key = 2;
    now.t.size = 3;
    EXPECT_EQ(post(true, 1), "size shrinks by one exactly when key is removed");
    now.t.size = 2;
    now.t.root->color = rbt::red;
    EXPECT_EQ(post(true, 1), "a black root stays black");
    now.t.root->color = rbt::black;
  }
}

// insert_unbalanced: over every insertion order of 0..n-1, insert the last key with the mutant
// into the tree the others built. It passes up to five nodes and fails from six, always by the
// black-height clause (the keys, the size and the other properties stay right).
TEST(MethodsRedBlackTree, InsertUnbalancedFailsTheBlackHeightClauseFromSixNodes) {
  int smallest_failure = 0;
  std::vector<int> witness;
  for (int n = 1; n <= 7; ++n) {
    std::vector<int> order(static_cast<std::size_t>(n));
    std::iota(order.begin(), order.end(), 0);
    int failures = 0;
    do {
      red_black_box pre;
      for (std::size_t i = 0; i + 1 < order.size(); ++i) pre.t.insert(order[i]);
      red_black_box now(pre.t);
      const int key = order.back();
      const bool result = now.t.insert_unbalanced(key);
      const std::string_view clause =
          failed_clause([&](smallscope::verdict& v) { rbt::insert_post(v, pre.t, now.t, result, key); });
      EXPECT_EQ(clause.empty(), now.t.rep_ok());
      if (clause.empty()) continue;
      EXPECT_EQ(clause, "every path has the same number of black nodes");
      ++failures;
      if (smallest_failure == 0) {
        smallest_failure = n;
        witness = order;
      }
    } while (std::next_permutation(order.begin(), order.end()));
    if (n <= 5) EXPECT_EQ(failures, 0) << n << " nodes";
    else EXPECT_GT(failures, 0) << n << " nodes";
  }
  EXPECT_EQ(smallest_failure, 6);
  // The first order found: 0 1 2 4 5 builds 1 (0, 4 (2, 5)) with 2 and 5 red; inserting 3 under
  // 2 recolours below 4, not the root.
  EXPECT_EQ(witness, (std::vector<int>{0, 1, 2, 4, 5, 3}));
}

}  // namespace
