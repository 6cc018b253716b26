// AvlTree: an AVL tree of int keys (Adelson-Velsky and Landis's height-balanced search tree)
// with a height per node and a size, for worst-case cost (docs/COST.md). Its invariant is a
// plain search tree's with consistent heights, not balance: insert_skipping_rotation, a seeded
// performance bug that leaves the left-left case unrotated, keeps the invariant and every
// postcondition, and only the cost of its calls over sequences of inserts shows it
// (`explore AvlTree 7 --methods insert_skipping_rotation --max-cost ...`).
#pragma once

#include <algorithm>
#include <cstdint>

#include "smallscope/fields.hpp"
#include "smallscope/finitization.hpp"
#include "subjects/key_tree.hpp"

namespace subjects::avl_tree {

struct node {
  smallscope::field<node*> left;
  smallscope::field<node*> right;
  smallscope::field<int> key;
  smallscope::field<int> height;  // of the subtree: 1 for a leaf
};
SMALLSCOPE_FIELDS(node, left, right, key, height)

struct tree {
  using node_type = node;
  smallscope::field<node*> root;
  smallscope::field<int> size;

  // Adds key unless present (returns whether it did), rebalancing on the way back up.
  bool insert(int key) { return insert_with(key, /*skip=*/false); }

  // DELIBERATE BUG (a performance bug): the left-left case of rebalancing is not rotated. The
  // keys stay ordered and the heights right, so the invariant and the postcondition hold; keys
  // inserted in descending order build a path, and an insert then costs linear time.
  bool insert_skipping_rotation(int key) { return insert_with(key, /*skip=*/true); }

  bool find(int key) const {
    for (const node* n = root; n != nullptr;) {
      const int k = n->key;
      if (key == k) return true;
      n = key < k ? n->left : n->right;
    }
    return false;
  }

  // A search tree of `size` nodes with ordered keys, each height one more than its taller child's.
  bool rep_ok() const {
    if (!key_tree::search_tree_ok<node>(root, size)) return false;
    return heights_right(root);
  }

 private:
  bool insert_with(int key, bool skip) {
    bool added = false;
    root = insert_at(root, key, added, skip);
    if (added) ++size;
    return added;
  }

  static node* insert_at(node* n, int key, bool& added, bool skip) {
    if (n == nullptr) {
      added = true;
      node* fresh = new node{};
      fresh->key = key;
      fresh->height = 1;
      return fresh;
    }
    const int k = n->key;
    if (key < k) n->left = insert_at(n->left, key, added, skip);
    else if (key > k) n->right = insert_at(n->right, key, added, skip);
    return added ? rebalance(n, skip) : n;
  }

  static int height_of(const node* n) { return n == nullptr ? 0 : static_cast<int>(n->height); }
  static void update(node* n) { n->height = 1 + std::max(height_of(n->left), height_of(n->right)); }

  static node* rotate_right(node* n) {
    node* l = n->left;
    n->left = l->right;
    l->right = n;
    update(n);
    update(l);
    return l;
  }
  static node* rotate_left(node* n) {
    node* r = n->right;
    n->right = r->left;
    r->left = n;
    update(n);
    update(r);
    return r;
  }

  static node* rebalance(node* n, bool skip) {
    update(n);
    const int balance = height_of(n->left) - height_of(n->right);
    if (balance > 1) {
      node* l = n->left;
      if (height_of(l->left) < height_of(l->right)) n->left = rotate_left(l);  // left-right
      else if (skip) return n;                                                  // the seeded bug
      return rotate_right(n);
    }
    if (balance < -1) {
      node* r = n->right;
      if (height_of(r->right) < height_of(r->left)) n->right = rotate_right(r);  // right-left
      return rotate_left(n);
    }
    return n;
  }

  static bool heights_right(const node* n) {
    if (n == nullptr) return true;
    const node* l = n->left;
    const node* r = n->right;
    if (!heights_right(l) || !heights_right(r)) return false;
    return n->height == 1 + std::max(height_of(l), height_of(r));
  }
};
SMALLSCOPE_FIELDS(tree, root, size)

// Up to `nodes` nodes, keys 0..keys-1 (the methods' argument domain too), heights 1..nodes.
inline smallscope::finitization fin(std::int64_t nodes, std::int64_t keys) {
  auto f = smallscope::finitization::of<tree>("AvlTree");
  auto n = f.objects<node>("Node", static_cast<std::uint32_t>(nodes));
  f.set(&tree::root, n.or_null());
  f.set(&tree::size, smallscope::ints(0, nodes));
  f.set(&node::left, n.or_null());
  f.set(&node::right, n.or_null());
  f.set(&node::key, smallscope::ints(0, std::max<std::int64_t>(0, keys - 1)));
  f.set(&node::height, smallscope::ints(1, std::max<std::int64_t>(1, nodes)));
  return f;
}

inline void insert_post(smallscope::verdict& v, const tree& old, const tree& now, bool result, int key) {
  key_tree::insert_post(v, old, now, result, key);
}
inline void find_post(smallscope::verdict& v, const tree& old, const tree& now, bool result, int key) {
  key_tree::find_post(v, old, now, result, key);
}

}  // namespace subjects::avl_tree
