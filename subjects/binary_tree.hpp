// BinaryTree, ported from Korat 1.0's example (examples/korat/examples/binarytree): a binary
// tree of nodes with left and right children and a size. The invariant reads the fields in the
// Java repOK's order (paper 000, Sec. 3.4: the explored count depends on that order), so the
// valid and explored counts equal Korat's.
#pragma once

#include <cstdint>

#include "smallscope/fields.hpp"
#include "smallscope/finitization.hpp"
#include "smallscope/generators.hpp"
#include "smallscope/small_set.hpp"
#include "subjects/tree_shape.hpp"

namespace subjects::binary_tree {

struct node {
  smallscope::field<node*> left;
  smallscope::field<node*> right;
};
SMALLSCOPE_FIELDS(node, left, right)

struct tree {
  smallscope::field<node*> root;
  smallscope::field<int> size;

  // Acyclic along left and right (a breadth-first walk that meets no node twice), and size
  // equals the number of reachable nodes. Reads root, then per node left and right, then size.
  bool rep_ok() const {
    if (root == nullptr) return size == 0;
    smallscope::small_set<const node*> visited;
    if (!breadth_first_tree<node>(root, visited)) return false;
    return static_cast<int>(visited.size()) == size;
  }

  // rep_ok with the dedicated generator is_tree (paper 000, Sec. 5): left and right take only
  // null or a fresh node. The same trees as rep_ok.
  bool rep_ok_generators() const {
    const node* r = root;
    if (!smallscope::is_tree(r, &node::left, &node::right)) return false;
    return count(r) == size;
  }

 private:
  static int count(const node* n) { return n == nullptr ? 0 : 1 + count(n->left) + count(n->right); }
};
SMALLSCOPE_FIELDS(tree, root, size)

// Korat's finBinaryTree(nodes, minSize, maxSize).
inline smallscope::finitization fin(std::int64_t nodes, std::int64_t min_size, std::int64_t max_size) {
  auto f = smallscope::finitization::of<tree>("BinaryTree");
  auto n = f.objects<node>("Node", static_cast<std::uint32_t>(nodes));
  f.set(&tree::root, n.or_null());
  f.set(&tree::size, smallscope::ints(min_size, max_size));
  f.set(&node::left, n.or_null());
  f.set(&node::right, n.or_null());
  return f;
}

}  // namespace subjects::binary_tree
