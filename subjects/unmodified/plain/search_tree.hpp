// SearchTree (subjects/search_tree.hpp) written as ordinary C++: plain members, no smallscope
// type in the classes. Tested through the build step that instruments field reads
// (smallscope_instrument in CMake, include/smallscope/rewritten/instrument.hpp); the invariant reads the
// fields in the same order as the field<T> port, so both give the same structures and the same
// explored counts. Only the registration and the finitization below name smallscope.
#pragma once

#include <cstdint>

#include "smallscope/fields.hpp"
#include "smallscope/finitization.hpp"
#include "smallscope/small_set.hpp"

namespace plain_subjects::search_tree {

struct node {
  node* left = nullptr;
  node* right = nullptr;
  int info = 0;
};

class tree {
 public:
  bool add(int info) {
    if (info == -1) return false;
    node* parent = nullptr;
    node* current = root;
    while (current != nullptr) {
      if (info == current->info) return false;
      parent = current;
      current = info < current->info ? current->left : current->right;
    }
    node* added = new node{};
    added->info = info;
    (parent == nullptr ? root : info < parent->info ? parent->left : parent->right) = added;
    ++size;
    return true;
  }

  bool remove(int info) { return remove_with(info, false); }
  // The paper's Sec. 8.3 mutant (see subjects/search_tree.hpp).
  bool remove_mutant(int info) { return remove_with(info, true); }

  bool rep_ok() const {
    if (root == nullptr) return size == 0;
    if (!is_acyclic()) return false;
    if (num_nodes(root) != size) return false;
    return is_ordered(root, -1, -1);
  }

 private:
  node* root = nullptr;
  int size = 0;

  bool remove_with(int info, bool mutant) {
    node* parent = nullptr;
    node* current = root;
    while (current != nullptr && current->info != info) {
      parent = current;
      current = info < current->info ? current->left : current->right;
    }
    if (current == nullptr) return false;
    node* change = remove_node(current, mutant);
    (parent == nullptr ? root : parent->left == current ? parent->left : parent->right) = change;
    if (change != current) delete current;
    return true;
  }

  node* remove_node(node* current, bool mutant) {
    --size;
    node* left = current->left;
    node* right = current->right;
    if (left == nullptr) return right;
    if (right == nullptr) return left;
    if (left->right == nullptr) {
      current->info = left->info;
      current->left = left->left;
      delete left;
      return current;
    }
    node* temp = left;
    while (temp->right->right != nullptr) temp = (mutant ? left : temp)->right;
    node* predecessor = temp->right;
    current->info = predecessor->info;
    temp->right = predecessor->left;
    delete predecessor;
    return current;
  }

  // Breadth first from the root, left before right, as Korat's isAcyclic.
  bool is_acyclic() const {
    smallscope::small_set<const node*> visited;
    visited.insert(root);
    for (std::size_t head = 0; head < visited.size(); ++head) {
      const node* current = visited[head];
      if (const node* l = current->left; l != nullptr && !visited.insert(l)) return false;
      if (const node* r = current->right; r != nullptr && !visited.insert(r)) return false;
    }
    return true;
  }
  static int num_nodes(const node* n) { return n == nullptr ? 0 : 1 + num_nodes(n->left) + num_nodes(n->right); }
  static bool is_ordered(const node* n, int min, int max) {
    const int info = n->info;
    if (info == -1) return false;
    if ((min != -1 && info <= min) || (max != -1 && info >= max)) return false;
    if (const node* l = n->left; l != nullptr && !is_ordered(l, min, info)) return false;
    if (const node* r = n->right; r != nullptr && !is_ordered(r, info, max)) return false;
    return true;
  }
};

SMALLSCOPE_FIELDS(node, left, right, info)
SMALLSCOPE_FIELDS(tree, root, size)

// Korat's finSearchTree(numNodes, minSize, maxSize, minInfo, maxInfo), as the field<T> port's.
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

}  // namespace plain_subjects::search_tree
