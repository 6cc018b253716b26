// ordset::ordered_set: a sorted set of keys as a binary search tree, written the way standard
// containers are: a class template with a comparator and an allocator, a private nested node
// type allocated through the allocator, an owning destructor, `const Key&` parameters, an
// overloaded erase and free function templates over the nodes. Nothing in it knows about
// smallscope: examples/unmodified/ordered_set_test.cpp tests it as it is.
//
// Defining ORDSET_SEEDED_BUG compiles a deliberate bug into erase(lo, hi), for the example's
// demonstration of a finding and its reproducer.
#pragma once

#include <cstddef>
#include <functional>
#include <memory>

namespace ordset {

namespace detail {

// The node holding a key equivalent to k, or null.
template <class Node, class Key, class Compare>
Node* find(Node* t, const Key& k, const Compare& less) {
  while (t != nullptr) {
    if (less(k, t->key)) t = t->left;
    else if (less(t->key, k)) t = t->right;
    else return t;
  }
  return nullptr;
}

// The leftmost node below t (t not null).
template <class Node>
Node* leftmost(Node* t) {
  while (t->left != nullptr) t = t->left;
  return t;
}

}  // namespace detail

template <class Key, class Compare = std::less<Key>, class Allocator = std::allocator<Key>>
class ordered_set {
 public:
  using key_type = Key;
  using size_type = std::size_t;

  ordered_set() = default;
  explicit ordered_set(const Compare& less) : less_(less) {}
  ordered_set(const ordered_set&) = delete;
  ordered_set& operator=(const ordered_set&) = delete;
  ~ordered_set() { clear(); }

  size_type size() const noexcept { return size_; }
  bool empty() const noexcept { return size_ == 0; }
  bool contains(const Key& k) const { return detail::find(root_, k, less_) != nullptr; }

  // The least key, or null when empty.
  const Key* min() const { return root_ == nullptr ? nullptr : &detail::leftmost(root_)->key; }

  // Adds k; false when an equivalent key is present.
  bool insert(const Key& k) {
    node* parent = nullptr;
    bool left = false;
    for (node* t = root_; t != nullptr; t = left ? t->left : t->right) {
      if (!less_(k, t->key) && !less_(t->key, k)) return false;
      parent = t;
      left = less_(k, t->key);
    }
    (parent == nullptr ? root_ : left ? parent->left : parent->right) = make_node(k);
    ++size_;
    return true;
  }

  // Removes the key equivalent to k; the number removed (0 or 1).
  size_type erase(const Key& k) {
    node* parent = nullptr;
    node* t = root_;
    while (t != nullptr && (less_(k, t->key) || less_(t->key, k))) {
      parent = t;
      t = less_(k, t->key) ? t->left : t->right;
    }
    if (t == nullptr) return 0;
    unlink(parent, t);
    return 1;
  }

  // Removes every key in [lo, hi); the number removed.
  size_type erase(const Key& lo, const Key& hi) {
    size_type removed = 0;
    for (;;) {
      node* parent = nullptr;
      node* t = root_;
      // The first node found in range, searching from the root.
      while (t != nullptr && !(in_range(t->key, lo, hi))) {
        parent = t;
        t = less_(t->key, lo) ? t->right : t->left;
      }
      if (t == nullptr) return removed;
      unlink(parent, t);
      ++removed;
#ifdef ORDSET_SEEDED_BUG
      if (removed == 2) return removed;  // DELIBERATE BUG: stops after two keys
#endif
    }
  }

  void clear() noexcept {
    destroy(root_);
    root_ = nullptr;
    size_ = 0;
  }

 private:
  struct node {
    Key key;
    node* left;
    node* right;
    explicit node(const Key& k) : key(k), left(nullptr), right(nullptr) {}
  };
  using node_allocator = typename std::allocator_traits<Allocator>::template rebind_alloc<node>;
  using node_traits = std::allocator_traits<node_allocator>;

  bool in_range(const Key& k, const Key& lo, const Key& hi) const { return !less_(k, lo) && less_(k, hi); }

  node* make_node(const Key& k) {
    node* n = node_traits::allocate(alloc_, 1);
    node_traits::construct(alloc_, n, k);
    return n;
  }
  void drop_node(node* n) {
    node_traits::destroy(alloc_, n);
    node_traits::deallocate(alloc_, n, 1);
  }
  void destroy(node* n) {
    while (n != nullptr) {
      destroy(n->right);
      node* left = n->left;
      drop_node(n);
      n = left;
    }
  }

  // Takes t (the child of parent, or the root) out of the tree and frees it.
  void unlink(node* parent, node* t) {
    node* replacement;
    if (t->left == nullptr) {
      replacement = t->right;
    } else if (t->right == nullptr) {
      replacement = t->left;
    } else {
      // Two children: the successor takes t's place.
      node* successor_parent = t;
      node* successor = t->right;
      while (successor->left != nullptr) {
        successor_parent = successor;
        successor = successor->left;
      }
      if (successor_parent != t) {
        successor_parent->left = successor->right;
        successor->right = t->right;
      }
      successor->left = t->left;
      replacement = successor;
    }
    (parent == nullptr ? root_ : parent->left == t ? parent->left : parent->right) = replacement;
    drop_node(t);
    --size_;
  }

  node* root_ = nullptr;
  size_type size_ = 0;
  [[no_unique_address]] Compare less_;
  [[no_unique_address]] node_allocator alloc_;
};

}  // namespace ordset
