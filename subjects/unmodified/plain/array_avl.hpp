// A fixed-capacity AVL tree stored in arrays, written the way embedded containers are: keys,
// balance factors and parent indices in C arrays, the links as an array of a struct {left,
// right}, all counted by size_; nodes are indices, Size stands for none. A class template over
// the key and the capacity; nothing past size_ is cleared. No smallscope type in it: the build
// step observes its field reads (include/smallscope/rewritten/instrument.hpp).
#pragma once

#include <cstddef>

namespace plain_subjects::avl {

template <class Key, int Size>
class array_tree {
 public:
  using index_type = int;
  static const index_type INVALID_IDX = Size;  // no out-of-class definition: never odr-used

  std::size_t size() const { return static_cast<std::size_t>(size_); }

  bool contains(const Key& k) const {
    index_type i = root_;
    while (i != INVALID_IDX) {
      if (k < key_[i])
        i = child_[i].left;
      else if (key_[i] < k)
        i = child_[i].right;
      else
        return true;
    }
    return false;
  }

  // The invariant: size_ nodes, each reached once from root_ through the links, parents that
  // point back, keys in search-tree order, and balance factors that are the heights' difference
  // and within one.
  bool check() const {
    if (size_ < 0 || size_ > Size) return false;
    if (size_ == 0) return root_ == INVALID_IDX;
    if (root_ < 0 || root_ >= size_) return false;
    bool seen[Size] = {};
    index_type reached = 0;
    int height = 0;
    return check_node(root_, INVALID_IDX, nullptr, nullptr, seen, reached, height) && reached == size_;
  }

 private:
  struct child_type {
    index_type left, right;
  };

  bool check_node(index_type i, index_type parent, const Key* low, const Key* high, bool* seen, index_type& reached,
                  int& height) const {
    if (i < 0 || i >= size_ || seen[i]) return false;
    seen[i] = true;
    ++reached;
    if (parent_[i] != parent) return false;
    if ((low != nullptr && !(*low < key_[i])) || (high != nullptr && !(key_[i] < *high))) return false;
    int lh = 0, rh = 0;
    if (child_[i].left != INVALID_IDX && !check_node(child_[i].left, i, low, &key_[i], seen, reached, lh)) return false;
    if (child_[i].right != INVALID_IDX && !check_node(child_[i].right, i, &key_[i], high, seen, reached, rh))
      return false;
    if (balance_[i] != rh - lh || balance_[i] < -1 || balance_[i] > 1) return false;
    height = 1 + (lh > rh ? lh : rh);
    return true;
  }

  Key key_[Size];
  signed char balance_[Size];
  index_type parent_[Size];
  child_type child_[Size];
  index_type size_ = 0;
  index_type root_ = INVALID_IDX;
};

}  // namespace plain_subjects::avl
