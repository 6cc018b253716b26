// A B+ tree written the way such libraries are (after tlx's btree): a base node class with the
// level and the number of used slots, derived leaf and inner node classes holding C arrays of
// keys and children whose live length is that count, leaves linked left to right, a class
// template over the key and the number of slots, an owning destructor. No smallscope type in
// it: the build step observes its field reads (include/smallscope/rewritten/instrument.hpp).
//
// Defining BPLUS_SEEDED_BUG compiles a deliberate bug into contains().
#pragma once

#include <cstddef>

namespace plain_subjects::bplus {

template <class Key, int Slots = 2>
class tree {
 public:
  tree() = default;
  tree(const tree&) = delete;
  tree& operator=(const tree&) = delete;
  ~tree() { destroy(root_); }

  std::size_t size() const { return size_; }

  bool contains(const Key& k) const {
    const node* n = root_;
    if (n == nullptr) return false;
    while (!n->is_leaf()) {
      const auto* inner = static_cast<const inner_node*>(n);
      int slot = 0;
#ifdef BPLUS_SEEDED_BUG
      while (slot < inner->slotuse - 1 && inner->slotkey[slot] < k) ++slot;  // DELIBERATE BUG: never the last child
#else
      while (slot < inner->slotuse && inner->slotkey[slot] < k) ++slot;
#endif
      n = inner->childid[slot];
    }
    const auto* leaf = static_cast<const leaf_node*>(n);
    for (int i = 0; i < leaf->slotuse; ++i)
      if (!(leaf->slotkey[i] < k) && !(k < leaf->slotkey[i])) return true;
    return false;
  }

  // The invariant: the nodes form a tree whose leaves all lie at level 0 and are linked in
  // order, each node uses 1..Slots slots, keys strictly increase, each separator is at least
  // every key of its child and below every key right of it, and size_ counts the keys.
  bool verify() const {
    if (root_ == nullptr) return size_ == 0;
    std::size_t keys = 0;
    const leaf_node* last_leaf = nullptr;
    if (!verify_node(root_, root_->level, nullptr, nullptr, keys, last_leaf)) return false;
    return last_leaf->next_leaf == nullptr && keys == size_;
  }

 private:
  struct node {
    unsigned short level = 0;
    unsigned short slotuse = 0;
    bool is_leaf() const { return level == 0; }
  };
  struct inner_node : node {
    Key slotkey[Slots];
    node* childid[Slots + 1];
  };
  struct leaf_node : node {
    leaf_node* next_leaf = nullptr;
    Key slotkey[Slots];
  };

  // Keys in (low, high], children one level down; leaves met in order, each the previous one's
  // next. A node met twice would break the level or the order, or the leaf chain.
  bool verify_node(const node* n, unsigned level, const Key* low, const Key* high, std::size_t& keys,
                   const leaf_node*& last_leaf) const {
    if (n->level != level || n->slotuse < 1 || n->slotuse > Slots) return false;
    if (n->is_leaf()) {
      const auto* leaf = static_cast<const leaf_node*>(n);
      for (int i = 0; i < leaf->slotuse; ++i) {
        if (low != nullptr && !(*low < leaf->slotkey[i])) return false;
        if (high != nullptr && *high < leaf->slotkey[i]) return false;
        if (i > 0 && !(leaf->slotkey[i - 1] < leaf->slotkey[i])) return false;
      }
      if (last_leaf != nullptr && last_leaf->next_leaf != leaf) return false;
      last_leaf = leaf;
      keys += leaf->slotuse;
      return true;
    }
    const auto* inner = static_cast<const inner_node*>(n);
    for (int i = 0; i < inner->slotuse; ++i) {
      if (low != nullptr && !(*low < inner->slotkey[i])) return false;
      if (high != nullptr && *high < inner->slotkey[i]) return false;
      if (i > 0 && !(inner->slotkey[i - 1] < inner->slotkey[i])) return false;
    }
    for (int i = 0; i <= inner->slotuse; ++i) {
      const node* child = inner->childid[i];
      if (child == nullptr) return false;
      if (!verify_node(child, level - 1, i == 0 ? low : &inner->slotkey[i - 1],
                       i == inner->slotuse ? high : &inner->slotkey[i], keys, last_leaf))
        return false;
    }
    return true;
  }

  static void destroy(node* n) {
    if (n == nullptr) return;
    if (n->is_leaf()) {
      delete static_cast<leaf_node*>(n);
      return;
    }
    auto* inner = static_cast<inner_node*>(n);
    for (int i = 0; i <= inner->slotuse; ++i) destroy(inner->childid[i]);
    delete inner;
  }

  node* root_ = nullptr;
  std::size_t size_ = 0;
};

}  // namespace plain_subjects::bplus
