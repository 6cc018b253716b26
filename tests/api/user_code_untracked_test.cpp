// Built with SMALLSCOPE_NO_TRACKING: the idioms of user_code_test.cpp compile and run on the
// production form of the fields too (conditional expressions over fields, fields bound to `T*&`,
// constructor arguments, smallscope::vector).
#ifndef SMALLSCOPE_NO_TRACKING
#error "this file is built with SMALLSCOPE_NO_TRACKING"
#endif

#include <gtest/gtest.h>

#include "smallscope/heap.hpp"
#include "smallscope/search.hpp"
#include "smallscope/vector.hpp"

namespace user_code_untracked_test {

struct node {
  explicit node(int k) : key(k) {}
  smallscope::field<node*> left;
  smallscope::field<node*> right;
  smallscope::field<int> key;
  smallscope::field<int> height = 1;
  smallscope::vector<node*> extra;
};
SMALLSCOPE_FIELDS(node, left, right, key, height, extra)
SMALLSCOPE_CONSTRUCTOR_ARGS(node, 0)

struct tree {
  smallscope::field<node*> root;
  smallscope::field<int> size = 0;

  static bool insert(node*& t, int k) {
    if (t == nullptr) {
      t = new node(k);
      return true;
    }
    if (k == t->key) return false;
    return insert(k < t->key ? t->left : t->right, k);
  }
  bool add(int k) { return insert(root, k) && (++size, true); }
  int min_key() const {
    const node* x = root;
    for (const node* next = x ? x->left : nullptr; next != nullptr; next = x ? x->left : nullptr) x = next;
    return x != nullptr ? static_cast<int>(x->key) : -1;
  }
  bool rep_ok() const { return size >= 0; }
};
SMALLSCOPE_FIELDS(tree, root, size)
bool rep_ok(const tree& t) { return t.rep_ok(); }

static_assert(std::is_same_v<smallscope::vector<int>, smallscope::untracked::vector<int>>);

TEST(UserCodeUntracked, IdiomsCompileAndRun) {
  tree t;
  for (int k : {3, 1, 4, 2}) EXPECT_TRUE(t.add(k));
  EXPECT_FALSE(t.add(4));
  EXPECT_EQ(t.size.get(), 4);
  EXPECT_EQ(t.min_key(), 1);
  t.root->extra.push_back(t.root->left);
  t.root->extra.resize(3);
  EXPECT_EQ(t.root->extra.size(), 3u);
  tree* copy = smallscope::deep_copy(t);
  EXPECT_EQ(copy->min_key(), 1);
  EXPECT_EQ(copy->root->extra.size(), 3u);
  EXPECT_TRUE(copy->root->extra[0] == copy->root->left);
  smallscope::release(copy);
  t.root->extra.clear();
  smallscope::release(static_cast<node*>(t.root));

  // A free invariant over a class without a default constructor, in a search.
  auto f = smallscope::finitization::of<tree>("Tree");
  auto n = f.objects<node>("Node", 1);
  f.set(&tree::root, n.or_null());
  f.set(&tree::size, smallscope::ints(0, 1));
  f.set(&node::left, smallscope::null_only<node>());
  f.set(&node::right, smallscope::null_only<node>());
  f.set(&node::key, smallscope::ints(0, 1));
  f.set(&node::height, smallscope::ints(1, 1));
  f.set(&node::extra, smallscope::ints(0, 1), n.or_null());
  smallscope::structure_range range = smallscope::structures(f, &rep_ok);
  std::uint64_t found = 0;
  for ([[maybe_unused]] const auto& s : range) ++found;
  EXPECT_GT(found, 0u);  // reads are invisible; the walk of each valid structure still steers
}

}  // namespace user_code_untracked_test
