// Korat's BinaryTree, RedBlackTree and HeapArray invariants written as ordinary C++ (plain
// members, no smallscope type in the classes), for bench/unmodified_speed.cpp: compiled from the
// copy smallscope-instrument rewrites, they are timed beside the field<T> ports of subjects/.
// Each invariant reads the fields in the order of its field<T> port, so the searches explore the
// same candidates.
#pragma once

#include <cstdint>

#include "smallscope/array.hpp"
#include "smallscope/fields.hpp"
#include "smallscope/finitization.hpp"
#include "smallscope/small_set.hpp"
#include "smallscope/small_vector.hpp"

namespace plain_korat {

namespace binary_tree {

struct node {
  node* left = nullptr;
  node* right = nullptr;
};

struct tree {
  node* root = nullptr;
  int size = 0;

  bool rep_ok() const {
    if (root == nullptr) return size == 0;
    smallscope::small_set<const node*> visited;
    visited.insert(root);
    for (std::size_t head = 0; head < visited.size(); ++head) {
      const node* current = visited[head];
      if (const node* l = current->left; l != nullptr && !visited.insert(l)) return false;
      if (const node* r = current->right; r != nullptr && !visited.insert(r)) return false;
    }
    return static_cast<int>(visited.size()) == size;
  }
};
SMALLSCOPE_FIELDS(node, left, right)
SMALLSCOPE_FIELDS(tree, root, size)

inline smallscope::finitization fin(std::int64_t nodes, std::int64_t min_size, std::int64_t max_size) {
  auto f = smallscope::finitization::of<tree>("BinaryTree");
  auto n = f.objects<node>("Node", static_cast<std::uint32_t>(nodes));
  f.set(&tree::root, n.or_null());
  f.set(&tree::size, smallscope::ints(min_size, max_size));
  f.set(&node::left, n.or_null());
  f.set(&node::right, n.or_null());
  return f;
}

}  // namespace binary_tree

namespace red_black_tree {

inline constexpr int red = 0;
inline constexpr int black = 1;

struct node {
  node* left = nullptr;
  node* right = nullptr;
  node* parent = nullptr;
  int color = 0;
  int key = 0;
  int value = 0;
};

struct tree {
  node* root = nullptr;
  int size = 0;

  bool rep_ok() const {
    const node* r = root;
    if (r == nullptr) return size == 0;
    if (r->parent != nullptr) return false;
    if (!shape_ok(r)) return false;
    if (!colors_ok(r)) return false;
    return ordered_keys(r, nullptr, nullptr);
  }

 private:
  bool shape_ok(const node* r) const {
    smallscope::small_set<const node*> visited;
    visited.insert(r);
    for (std::size_t head = 0; head < visited.size(); ++head) {
      const node* current = visited[head];
      if (const node* cl = current->left; cl != nullptr) {
        if (!visited.insert(cl)) return false;
        if (cl->parent != current) return false;
      }
      if (const node* cr = current->right; cr != nullptr) {
        if (!visited.insert(cr)) return false;
        if (cr->parent != current) return false;
      }
    }
    return static_cast<int>(visited.size()) == size;
  }

  static bool colors_ok(const node* r) {
    smallscope::small_vector<const node*> work;
    work.push_back(r);
    for (std::size_t head = 0; head < work.size(); ++head) {
      const node* current = work[head];
      const node* cl = current->left;
      const node* cr = current->right;
      if (current->color == red) {
        if (cl != nullptr && cl->color == red) return false;
        if (cr != nullptr && cr->color == red) return false;
      }
      if (cl != nullptr) work.push_back(cl);
      if (cr != nullptr) work.push_back(cr);
    }
    struct pair {
      const node* e;
      int n;
    };
    smallscope::small_vector<pair, 128> paths;
    paths.push_back({r, 0});
    int number_of_black = -1;
    for (std::size_t head = 0; head < paths.size(); ++head) {
      const node* e = paths[head].e;
      int n = paths[head].n;
      if (e != nullptr && e->color == black) ++n;
      if (e == nullptr) {
        if (number_of_black == -1) number_of_black = n;
        else if (number_of_black != n) return false;
      } else {
        paths.push_back({e->left, n});
        paths.push_back({e->right, n});
      }
    }
    return true;
  }

  static bool ordered_keys(const node* e, const int* min, const int* max) {
    const int key = e->key;
    if (key == -1) return false;
    if ((min != nullptr && key <= *min) || (max != nullptr && key >= *max)) return false;
    if (const node* l = e->left; l != nullptr && !ordered_keys(l, min, &key)) return false;
    if (const node* r = e->right; r != nullptr && !ordered_keys(r, &key, max)) return false;
    return true;
  }
};
SMALLSCOPE_FIELDS(node, left, right, parent, color, key, value)
SMALLSCOPE_FIELDS(tree, root, size)

inline smallscope::finitization fin(std::int64_t entries, std::int64_t min_size, std::int64_t max_size,
                                    std::int64_t keys) {
  auto f = smallscope::finitization::of<tree>("RedBlackTree");
  auto n = f.objects<node>("Node", static_cast<std::uint32_t>(entries));
  f.set(&tree::root, n.or_null());
  f.set(&tree::size, smallscope::ints(min_size, max_size));
  f.set(&node::left, n.or_null());
  f.set(&node::right, n.or_null());
  f.set(&node::parent, n.or_null());
  f.set(&node::color, smallscope::ints(0, 1));
  f.set(&node::key, smallscope::ints(-1, keys - 1));
  f.set(&node::value, smallscope::ints(0, 0));
  return f;
}

}  // namespace red_black_tree

namespace heap_array {

// The array is smallscope::array<int>, Korat's bounded array (its elements are tracked by the
// array itself); the size is a plain int.
struct heap {
  static constexpr int max_length = 64;
  int size = 0;
  smallscope::array<int> array;

  bool rep_ok() const {
    const int n = size;
    const int length = array.length();
    if (n < 0 || n > length) return false;
    int cell[max_length];
    if (n > 0 && (cell[0] = array[0]) == -1) return false;
    for (unsigned i = 1; i < static_cast<unsigned>(n); ++i) {
      const int element = cell[i] = array[static_cast<int>(i)];
      if (element == -1 || element > cell[(i - 1) >> 1]) return false;
    }
    for (int i = n; i < length; ++i)
      if (array[i] != -1) return false;
    return true;
  }
};
SMALLSCOPE_FIELDS(heap, size, array)

inline smallscope::finitization fin(std::int64_t max_size, std::int64_t max_length, std::int64_t max_value) {
  auto f = smallscope::finitization::of<heap>("HeapArray");
  f.set(&heap::size, smallscope::ints(0, max_size));
  f.set(&heap::array, smallscope::ints(0, max_length), smallscope::ints(-1, max_value));
  return f;
}

}  // namespace heap_array

}  // namespace plain_korat
