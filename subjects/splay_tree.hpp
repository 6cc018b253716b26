// SplayTree: Sleator and Tarjan's self-adjusting search tree of int keys with a size, for
// amortized cost (docs/COST.md). Every access splays the node it reaches to the root (zig,
// zig-zig, zig-zag), so any sequence of m calls on trees of up to n nodes costs
// O(m log n + n log n), though one call may cost linear time. Its invariant is a plain search
// tree's. The seeded performance bugs find_without_splay and insert_without_splay search and
// insert as a plain search tree does: every postcondition holds, and a single call costs no
// more than a splaying one, but a sequence can repeat a linear-time call forever; only the
// amortized cost over sequences (`explore ... --max-amortized-cost`) shows it.
#pragma once

#include <cstdint>

#include "smallscope/fields.hpp"
#include "smallscope/finitization.hpp"
#include "subjects/key_tree.hpp"

namespace subjects::splay_tree {

struct node {
  smallscope::field<node*> left;
  smallscope::field<node*> right;
  smallscope::field<int> key;
};
SMALLSCOPE_FIELDS(node, left, right, key)

struct tree {
  using node_type = node;
  smallscope::field<node*> root;
  smallscope::field<int> size;

  // Splays key's place to the root; true iff key is there.
  bool find(int key) {
    root = splay(root, key);
    const node* r = root;
    return r != nullptr && r->key == key;
  }

  // Splays key's place to the root and, when key is absent, puts a new root above it.
  bool insert(int key) {
    node* r = splay(root, key);
    if (r != nullptr && r->key == key) {
      root = r;
      return false;
    }
    node* fresh = new node{};
    fresh->key = key;
    if (r != nullptr) {
      if (key < r->key) {
        fresh->left = r->left;
        fresh->right = r;
        r->left = nullptr;
      } else {
        fresh->right = r->right;
        fresh->left = r;
        r->right = nullptr;
      }
    }
    root = fresh;
    ++size;
    return true;
  }

  // DELIBERATE BUG (a performance bug): searches without splaying.
  bool find_without_splay(int key) const {
    for (const node* n = root; n != nullptr;) {
      const int k = n->key;
      if (key == k) return true;
      n = key < k ? n->left : n->right;
    }
    return false;
  }

  // DELIBERATE BUG (a performance bug): inserts as a plain search tree, at a leaf, without splaying.
  bool insert_without_splay(int key) {
    node* parent = nullptr;
    for (node* n = root; n != nullptr;) {
      const int k = n->key;
      if (key == k) return false;
      parent = n;
      n = key < k ? n->left : n->right;
    }
    node* fresh = new node{};
    fresh->key = key;
    if (parent == nullptr) root = fresh;
    else if (key < parent->key) parent->left = fresh;
    else parent->right = fresh;
    ++size;
    return true;
  }

  bool rep_ok() const { return key_tree::search_tree_ok<node>(root, size); }

 private:
  static node* rotate_right(node* n) {
    node* l = n->left;
    n->left = l->right;
    l->right = n;
    return l;
  }
  static node* rotate_left(node* n) {
    node* r = n->right;
    n->right = r->left;
    r->left = n;
    return r;
  }

  // The subtree at n with the node holding key, or the last node on key's search path, at its
  // root (recursive bottom-up splaying: a zig-zig or zig-zag step per two levels, a zig last).
  static node* splay(node* n, int key) {
    if (n == nullptr) return nullptr;
    const int k = n->key;
    if (key == k) return n;
    if (key < k) {
      node* l = n->left;
      if (l == nullptr) return n;
      const int lk = l->key;
      if (key < lk) {  // zig-zig
        l->left = splay(l->left, key);
        n = rotate_right(n);
      } else if (key > lk) {  // zig-zag
        l->right = splay(l->right, key);
        if (l->right != nullptr) n->left = rotate_left(l);
      }
      return n->left == nullptr ? n : rotate_right(n);
    }
    node* r = n->right;
    if (r == nullptr) return n;
    const int rk = r->key;
    if (key > rk) {  // zig-zig
      r->right = splay(r->right, key);
      n = rotate_left(n);
    } else if (key < rk) {  // zig-zag
      r->left = splay(r->left, key);
      if (r->left != nullptr) n->right = rotate_right(r);
    }
    return n->right == nullptr ? n : rotate_left(n);
  }
};
SMALLSCOPE_FIELDS(tree, root, size)

// Up to `nodes` nodes with keys 0..keys-1 (the methods' argument domain too).
inline smallscope::finitization fin(std::int64_t nodes, std::int64_t keys) {
  auto f = smallscope::finitization::of<tree>("SplayTree");
  auto n = f.objects<node>("Node", static_cast<std::uint32_t>(nodes));
  f.set(&tree::root, n.or_null());
  f.set(&tree::size, smallscope::ints(0, nodes));
  f.set(&node::left, n.or_null());
  f.set(&node::right, n.or_null());
  f.set(&node::key, smallscope::ints(0, keys - 1));
  return f;
}

inline void insert_post(smallscope::verdict& v, const tree& old, const tree& now, bool result, int key) {
  key_tree::insert_post(v, old, now, result, key);
}
inline void find_post(smallscope::verdict& v, const tree& old, const tree& now, bool result, int key) {
  key_tree::find_post(v, old, now, result, key);
}

}  // namespace subjects::splay_tree
