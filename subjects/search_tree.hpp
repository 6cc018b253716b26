// SearchTree, ported from Korat 1.0's example (examples/korat/examples/searchtree) and paper
// 000's running example (Fig. 1, Fig. 4): a binary search tree of int keys with a size. The
// invariant reads the fields in the Java repOK's order, so the counts equal Korat's.
#pragma once

#include <cstdint>

#include "smallscope/fields.hpp"
#include "smallscope/finitization.hpp"
#include "smallscope/small_set.hpp"
#include "subjects/tree_shape.hpp"

namespace subjects::search_tree {

struct node {
  smallscope::field<node*> left;
  smallscope::field<node*> right;
  smallscope::field<int> info;
};
SMALLSCOPE_FIELDS(node, left, right, info)

struct tree {
  smallscope::field<node*> root;
  smallscope::field<int> size;

  // A tree (acyclic along left and right) whose node count is size and whose keys are
  // strictly ordered; -1 is no key (Korat's sentinel for null).
  bool rep_ok() const {
    if (root == nullptr) return size == 0;
    if (!is_acyclic()) return false;
    if (num_nodes(root) != size) return false;
    return is_ordered(root, -1, -1);
  }

 private:
  bool is_acyclic() const {
    smallscope::small_set<const node*> visited;
    return breadth_first_tree<node>(root, visited);
  }
  static int num_nodes(const node* n) {
    if (n == nullptr) return 0;
    return 1 + num_nodes(n->left) + num_nodes(n->right);
  }
  static bool is_ordered(const node* n, int min, int max) {
    const int info = n->info;
    if (info == -1) return false;
    if ((min != -1 && info <= min) || (max != -1 && info >= max)) return false;
    if (const node* left = n->left; left != nullptr && !is_ordered(left, min, info)) return false;
    if (const node* right = n->right; right != nullptr && !is_ordered(right, info, max)) return false;
    return true;
  }
};
SMALLSCOPE_FIELDS(tree, root, size)

// Korat's finSearchTree(numNodes, minSize, maxSize, minInfo, maxInfo).
inline smallscope::finitization fin(std::int64_t nodes, std::int64_t min_size, std::int64_t max_size,
                                    std::int64_t min_info, std::int64_t max_info) {
  auto f = smallscope::finitization::of<tree>("SearchTree");
  auto n = f.objects<node>("Node", static_cast<std::uint32_t>(nodes));
  f.set(&tree::root, n.or_null());
  f.set(&tree::size, smallscope::ints(min_size, max_size));
  f.set(&node::left, n.or_null());
  f.set(&node::right, n.or_null());
  f.set(&node::info, smallscope::ints(min_info, max_info));
  return f;
}

}  // namespace subjects::search_tree
