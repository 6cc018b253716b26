// SearchTreeDelete: paper 002's last case study (Sec. 4, "Search Tree (Delete)"): the input of a
// deletion, a search tree (Korat 1.0's SearchTree example, subjects/search_tree.hpp) together
// with the value to delete, as one root object. The invariant is SearchTree's, read in its Java
// order; the value is not constrained (any key), so the search enumerates it last.
//
// eq_class() is the paper's criterion, the "position" of the value in the tree, one bit per
// predicate: not in the tree, in the root, in a leaf, in a node with two (nonempty) subtrees,
// with a left subtree only, with a right subtree only (the root's bit combines with the node's
// shape). It finds the value by the usual search from the root, so it reads the search path and
// the found node's children. The target method is SearchTree's remove, with its postcondition.
#pragma once

#include <cstdint>

#include "smallscope/fields.hpp"
#include "smallscope/finitization.hpp"
#include "smallscope/oracle.hpp"
#include "subjects/search_tree.hpp"

namespace subjects::search_tree_delete {

namespace st = subjects::search_tree;

enum class_bit : std::uint64_t {
  not_in_tree = 1,
  in_root = 2,
  in_leaf = 4,
  two_subtrees = 8,
  left_only = 16,
  right_only = 32,
};

struct tree_delete {
  smallscope::field<st::tree*> tree;
  smallscope::field<int> value;

  // The value is a key (not -1, SearchTree's null key), and the tree is a SearchTree. The value
  // is read first (the Java pair's repOK checks its Integer before the tree), so the search
  // enumerates it outermost: this reproduces paper 002's explored counts exactly.
  bool rep_ok() const {
    if (value == -1) return false;
    const st::tree* t = tree;
    return t != nullptr && t->rep_ok();
  }

  std::uint64_t eq_class() const {
    const int v = value;
    const st::node* root = tree.get()->root;
    const st::node* n = root;
    while (n != nullptr && n->info != v) n = v < n->info ? n->left.get() : n->right.get();
    if (n == nullptr) return not_in_tree;
    std::uint64_t c = n == root ? std::uint64_t{in_root} : 0;
    const bool has_left = n->left != nullptr;
    const bool has_right = n->right != nullptr;
    if (!has_left && !has_right) c |= in_leaf;
    else if (has_left && has_right) c |= two_subtrees;
    else if (has_left) c |= left_only;
    else c |= right_only;
    return c;
  }

  // The case study's method under test: delete value from the tree (SearchTree's remove).
  bool remove() { return tree.get()->remove(value); }
};
SMALLSCOPE_FIELDS(tree_delete, tree, value)

// Paper 002's scope "nodes, minSize-maxSize, keys": SearchTree's finitization with keys 1..keys
// (paper 000's evaluation), and the value to delete over the same keys.
inline smallscope::finitization fin(std::int64_t nodes, std::int64_t min_size, std::int64_t max_size,
                                    std::int64_t keys) {
  auto f = smallscope::finitization::of<tree_delete>("SearchTreeDelete");
  auto t = f.objects<st::tree>("SearchTree", 1);
  auto n = f.objects<st::node>("Node", static_cast<std::uint32_t>(nodes));
  f.set(&tree_delete::tree, t.only());
  f.set(&tree_delete::value, smallscope::ints(1, keys));
  f.set(&st::tree::root, n.or_null());
  f.set(&st::tree::size, smallscope::ints(min_size, max_size));
  f.set(&st::node::left, n.or_null());
  f.set(&st::node::right, n.or_null());
  f.set(&st::node::info, smallscope::ints(1, keys));
  return f;
}

// remove's postcondition (SearchTree's), on the tree and the value of the pair.
inline void remove_post(smallscope::verdict& v, const tree_delete& old, const tree_delete& now, bool result) {
  v.require(now.value == old.value, "the value is unchanged");
  st::remove_post(v, *old.tree.get(), *now.tree.get(), result, old.value);
}

}  // namespace subjects::search_tree_delete
