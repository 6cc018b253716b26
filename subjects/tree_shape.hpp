// The breadth-first acyclicity walk shared by Korat's BinaryTree and SearchTree invariants
// (their Java repOK/isAcyclic): from the root, along left then right of each node, no node is
// met twice. Reads root's children in the Java order, so the explored counts stay Korat's.
#pragma once

#include "smallscope/small_set.hpp"

namespace subjects {

// Adds every node reachable from `root` to `visited` in breadth-first order; false as soon as a
// node is met twice. Requires root != nullptr.
template <class Node>
bool breadth_first_tree(const Node* root, smallscope::small_set<const Node*>& visited) {
  visited.insert(root);
  for (std::size_t head = 0; head < visited.size(); ++head) {
    const Node* current = visited[head];
    if (const Node* left = current->left; left != nullptr && !visited.insert(left)) return false;
    if (const Node* right = current->right; right != nullptr && !visited.insert(right)) return false;
  }
  return true;
}

}  // namespace subjects
