// What the self-adjusting search trees (AvlTree, SplayTree) share: a binary search tree of int
// keys with a size, its invariant's order and size clauses, and postconditions over its
// abstract value, the set of its keys (paper 000, Sec. 6.3). Their invariants are those of a
// plain search tree: balance is what cost measures (docs/COST.md), not what the invariant says.
#pragma once

#include <set>
#include <vector>

#include "smallscope/oracle.hpp"
#include "smallscope/small_set.hpp"
#include "subjects/tree_shape.hpp"

namespace subjects::key_tree {

template <class Node>
int count_nodes(const Node* n) {
  return n == nullptr ? 0 : 1 + count_nodes<Node>(n->left) + count_nodes<Node>(n->right);
}

// Keys strictly between min and max (exclusive; `bounded_*` false: no bound on that side).
template <class Node>
bool ordered(const Node* n, int min, bool bounded_min, int max, bool bounded_max) {
  if (n == nullptr) return true;
  const int key = n->key;
  if ((bounded_min && key <= min) || (bounded_max && key >= max)) return false;
  return ordered<Node>(n->left, min, bounded_min, key, true) && ordered<Node>(n->right, key, true, max, bounded_max);
}

// A tree along left and right from root, holding `size` nodes with strictly ordered keys.
template <class Node>
bool search_tree_ok(const Node* root, int size) {
  if (root == nullptr) return size == 0;
  smallscope::small_set<const Node*> visited;
  if (!breadth_first_tree<Node>(root, visited)) return false;
  if (count_nodes(root) != size) return false;
  return ordered(root, 0, false, 0, false);
}

// The abstract value: the keys, read by a walk that stops at a node met twice (so it ends on a
// broken post-state too; then acyclic is false).
struct keys {
  std::multiset<int> values;
  bool acyclic = true;
};

template <class Node>
keys keys_of(const Node* root) {
  keys k;
  smallscope::small_set<const Node*> visited;
  std::vector<const Node*> work{root};
  while (!work.empty()) {
    const Node* n = work.back();
    work.pop_back();
    if (n == nullptr) continue;
    if (!visited.insert(n)) {
      k.acyclic = false;
      return k;
    }
    k.values.insert(n->key);
    work.push_back(n->left);
    work.push_back(n->right);
  }
  return k;
}

// insert(key): true iff key was absent; the keys are the old ones plus key; size follows.
template <class Tree>
void insert_post(smallscope::verdict& v, const Tree& old, const Tree& now, bool result, int key) {
  const keys before = keys_of<typename Tree::node_type>(old.root);
  const keys after = keys_of<typename Tree::node_type>(now.root);
  const bool added = !before.values.contains(key);
  std::multiset<int> expected = before.values;
  if (added) expected.insert(key);
  v.require(after.acyclic, "structure is acyclic");
  v.require(result == added, "result is true iff key was absent");
  v.require(after.values == expected, "keys are the old keys plus key");
  v.require(now.size == old.size + (added ? 1 : 0), "size grows by one exactly when key is added");
}

// find(key): true iff key is present; the keys and the size are unchanged (the shape may
// change: a splay tree moves the key to the root).
template <class Tree>
void find_post(smallscope::verdict& v, const Tree& old, const Tree& now, bool result, int key) {
  const keys before = keys_of<typename Tree::node_type>(old.root);
  const keys after = keys_of<typename Tree::node_type>(now.root);
  v.require(after.acyclic, "structure is acyclic");
  v.require(result == before.values.contains(key), "result is true iff key is present");
  v.require(after.values == before.values, "keys are unchanged");
  v.require(now.size == old.size, "size is unchanged");
}

}  // namespace subjects::key_tree
