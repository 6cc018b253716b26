// SearchTreeDelete (paper 002, Sec. 4): the paper's table (plain Korat and Korat+ counts,
// classes covered), the value's position against a model, and remove checked on every input.
#include <gtest/gtest.h>

#include <set>

#include "eq_class_test_support.hpp"
#include "methods_test_support.hpp"
#include "smallscope/checker.hpp"
#include "subjects/search_tree_delete.hpp"

namespace {

namespace std_ = subjects::search_tree_delete;
namespace st = subjects::search_tree;
using eq_class_test::expect_korat_plus;
using eq_class_test::instance;

// Paper 002's table for Search Tree (Delete): scope nodes, minSize-maxSize, keys.
TEST(SearchTreeDelete, PaperTable) {
  expect_korat_plus<std_::tree_delete>(instance("SearchTreeDelete", {3, 0, 3, 3}), {534, 45, 500, 43, 8});
  expect_korat_plus<std_::tree_delete>(instance("SearchTreeDelete", {3, 0, 3, 4}), {1152, 148, 1011, 125, 8});
  expect_korat_plus<std_::tree_delete>(instance("SearchTreeDelete", {3, 0, 3, 6}), {4290, 822, 3331, 586, 8});
}

// The position of `v` found by a walk over the whole tree (not the search path).
const st::node* find_anywhere(const st::node* n, int v) {
  if (n == nullptr) return nullptr;
  if (n->info == v) return n;
  if (const st::node* l = find_anywhere(n->left, v)) return l;
  return find_anywhere(n->right, v);
}
std::uint64_t model_class(const std_::tree_delete& p) {
  const st::node* root = p.tree.get()->root;
  const st::node* n = find_anywhere(root, p.value);
  if (n == nullptr) return std_::not_in_tree;
  const bool l = n->left != nullptr;
  const bool r = n->right != nullptr;
  return (n == root ? std::uint64_t{std_::in_root} : 0) |
         (!l && !r ? std_::in_leaf : l && r ? std_::two_subtrees : l ? std_::left_only : std_::right_only);
}

// eq_class() agrees with the model on every input; 5 nodes reach the 9th class (a non-root node
// with two subtrees).
TEST(SearchTreeDelete, ClassesAreThePositions) {
  for (const std::int64_t nodes : {3, 5}) {
    const auto inst = instance("SearchTreeDelete", {nodes, 0, nodes, 5});
    smallscope::structure_range range(inst.fin, inst.invariant, inst.eq_class);
    std::set<std::uint64_t> seen;
    for (const auto& s : range) {
      const auto& p = s.root<std_::tree_delete>();
      EXPECT_EQ(p.eq_class(), model_class(p));
      seen.insert(p.eq_class());
    }
    EXPECT_EQ(seen.size(), nodes == 3 ? 8u : 9u);
    EXPECT_EQ(seen.contains(std_::two_subtrees), nodes == 5);
  }
}

// remove on every (tree, value) pair: 45 inputs at 3, 0-3, 3 (15 trees times 3 values).
TEST(SearchTreeDelete, CheckRemovePassesOnEveryInput) {
  const auto inst = instance("SearchTreeDelete", {3, 0, 3, 3});
  ASSERT_EQ(inst.methods.size(), 1u);
  const auto r = smallscope::run_check(inst.fin, inst.invariant, inst.methods[0], {});
  EXPECT_EQ(r.inputs, 15u * 3u);
  EXPECT_EQ(r.failed, 0u);
}

// A pair built by hand: the tree {2, 1, 3} (root 2) and a value.
struct pair_box : methods_test::owned_structure<std_::tree_delete> {
  explicit pair_box(int value) {
    auto* t = new st::tree{};
    root->tree = t;
    root->value = value;
    for (int k : {2, 1, 3}) t->add(k);
  }
};

TEST(SearchTreeDelete, PostconditionRejectsWrongResults) {
  const pair_box old(1);
  pair_box now(1);
  EXPECT_TRUE(now.root->remove());
  auto post = [&](bool result) {
    return methods_test::failed_clause([&](smallscope::verdict& v) { std_::remove_post(v, *old.root, *now.root, result); });
  };
  EXPECT_EQ(post(true), "");
  EXPECT_EQ(post(false), "result is true iff info was present");
  now.root->value = 3;
  EXPECT_EQ(post(true), "the value is unchanged");
  const pair_box untouched(1);
  EXPECT_EQ(methods_test::failed_clause(
                [&](smallscope::verdict& v) { std_::remove_post(v, *old.root, *untouched.root, true); }),
            "keys are the old keys minus info");
}

}  // namespace
