// BinarySearchTree, the second subject of paper 004's evaluation (Sec. 6, Table 1: binary search
// trees, methods add, find and remove; Fig. 1 and Fig. 2 give its classes and invariant). Its
// classes and invariant are Korat's SearchTree (subjects/search_tree.hpp: root and size; left,
// right and an int key; -1 is no key), so this file reuses them, with SearchTree's add and
// remove, and adds the one method SearchTree lacks: find.
//
// Paper 004's scope n is n nodes, size 0..n and keys 0..n-1 (Sec. 2: "for scope 10 (10 nodes,
// size within 0-10, keys within 0-9)"), i.e. SearchTree's long form (n, 0, n, 0, n-1).
#pragma once

#include <cstdint>

#include "smallscope/finitization.hpp"
#include "smallscope/oracle.hpp"
#include "subjects/search_tree.hpp"

namespace subjects::binary_search_tree {

using search_tree::node;
using search_tree::tree;

// Whether the tree holds key: the search from the root. A free function over SearchTree's
// class (a caller's view of it); the tree is not changed. Interesting arguments: the keys at
// the root, at inner nodes and at leaves, and absent keys below, between and above them.
inline bool find(tree& t, int key) {
  const node* current = t.root;
  while (current != nullptr) {
    const int info = current->info;
    if (key == info) return true;
    current = key < info ? current->left : current->right;
  }
  return false;
}

// Paper 004's scope n: n nodes, size 0..n, keys 0..n-1.
inline smallscope::finitization fin(std::int64_t n) { return search_tree::fin(n, 0, n, 0, n > 0 ? n - 1 : 0); }

// find's postcondition: the result tells whether key is among the old keys (the abstraction of
// search_tree.hpp), and the tree keeps its shape, keys and size. -1, no key, is never found.
inline void find_post(smallscope::verdict& v, const tree& old, const tree& now, bool result, int key) {
  const search_tree::abstract_tree before = search_tree::abstraction(old);
  std::size_t budget = search_tree::walk_limit;
  v.require(result == (key != -1 && before.keys.contains(key)), "result is true iff key is in the tree");
  v.require(search_tree::same_tree(old.root, now.root, budget), "the tree keeps its shape and keys");
  v.require(now.size == old.size, "the size is unchanged");
}

}  // namespace subjects::binary_search_tree
