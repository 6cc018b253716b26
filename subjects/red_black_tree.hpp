// RedBlackTree, ported from Korat 1.0's example (examples/korat/examples/redblacktree): a
// red-black tree of int keys with parent pointers and a size. The invariant reads the fields in
// the Java repOK's order (tree shape and parents, then colours, then black heights, then key
// order), so the counts equal Korat's.
#pragma once

#include <cstdint>

#include "smallscope/fields.hpp"
#include "smallscope/finitization.hpp"
#include "smallscope/small_set.hpp"

namespace subjects::red_black_tree {

inline constexpr int red = 0;
inline constexpr int black = 1;

struct node {
  smallscope::field<node*> left;
  smallscope::field<node*> right;
  smallscope::field<node*> parent;
  smallscope::field<int> color;
  smallscope::field<int> key;
  smallscope::field<int> value;
};
SMALLSCOPE_FIELDS(node, left, right, parent, color, key, value)

struct tree {
  smallscope::field<node*> root;
  smallscope::field<int> size;

  bool rep_ok() const {
    const node* r = root;
    if (r == nullptr) return size == 0;
    if (r->parent != nullptr) return false;  // RootHasNoParent
    if (!shape_ok(r)) return false;          // Acyclic, parent_Input, SizeOk
    if (!colors_ok(r)) return false;         // RedHasOnlyBlackChildren, same black height
    return ordered_keys(r, nullptr, nullptr);  // BST; -1 is no key
  }

 private:
  bool shape_ok(const node* r) const {
    smallscope::small_set<const node*> visited;  // also the breadth-first work list
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
    // Every path from the root to a null child has the same number of black nodes.
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
SMALLSCOPE_FIELDS(tree, root, size)

// Korat's finRedBlackTree(numEntries, minSize, maxSize, numKeys): keys in [-1, numKeys-1],
// value in {0}, color in {0 red, 1 black}.
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

}  // namespace subjects::red_black_tree
