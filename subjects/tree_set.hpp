// TreeSet, the third subject of paper 004's evaluation (Sec. 6, Table 1: "red-black trees",
// methods add, remove and contains). The paper's TreeSet is the red-black tree of TACO/FAJITA's
// benchmarks: java.util.TreeMap's algorithms on entries with key, left, right, parent and color,
// root and size, checked by Korat's RedBlackTree invariant (a red root allowed), with the
// finitization finTreeSet(n) = n entries, size 0..n, keys 0..n-1.
//
// That is Korat's RedBlackTree (subjects/red_black_tree.hpp) without the map's value, just as
// java.util.TreeSet is a TreeMap whose values are one constant. So this file reuses those
// classes, invariant, insert (as add) and remove, and gives the value field the single value 0:
// it adds no candidate, and a structure that holds an entry also covers that entry's value (its
// field extension, paper 004 Sec. 3). It adds the finitization and the one method the class
// lacks: contains.
#pragma once

#include <cstdint>

#include "smallscope/finitization.hpp"
#include "smallscope/oracle.hpp"
#include "subjects/red_black_tree.hpp"

namespace subjects::tree_set {

using red_black_tree::node;
using red_black_tree::tree;

// Whether the set holds key: TreeMap.getEntry's search from the root. A free function over the
// red-black tree class; the tree is not changed. Interesting arguments: the keys of red and
// black nodes at every depth, and absent keys below, between and above them.
inline bool contains(tree& t, int key) {
  const node* p = t.root;
  while (p != nullptr) {
    const int k = p->key;
    if (key == k) return true;
    p = key < k ? p->left : p->right;
  }
  return false;
}

// FAJITA's finTreeSet(numEntries, maxSize, minKey, maxKey): size in [0, maxSize], keys in
// [minKey, maxKey] (requires minKey >= 0: the shared invariant reads -1 as no key), color in
// {0 red, 1 black}, value in {0}. finTreeSet(n) = (n, n, 0, n-1).
inline smallscope::finitization fin(std::int64_t entries, std::int64_t max_size, std::int64_t min_key,
                                    std::int64_t max_key) {
  auto f = smallscope::finitization::of<tree>("TreeSet");
  auto n = f.objects<node>("TreeSetEntry", static_cast<std::uint32_t>(entries));
  f.set(&tree::root, n.or_null());
  f.set(&tree::size, smallscope::ints(0, max_size));
  f.set(&node::left, n.or_null());
  f.set(&node::right, n.or_null());
  f.set(&node::parent, n.or_null());
  f.set(&node::color, smallscope::ints(red_black_tree::red, red_black_tree::black));
  f.set(&node::key, smallscope::ints(min_key, max_key));
  f.set(&node::value, smallscope::ints(0, 0));
  return f;
}

// contains's postcondition: the result tells whether key is among the old keys, and the tree
// keeps its keys, size and red-black properties (red_black_tree.hpp's clauses).
inline void contains_post(smallscope::verdict& v, const tree& old, const tree& now, bool result, int key) {
  const red_black_tree::abstract_tree before = red_black_tree::abstraction(old);
  const red_black_tree::abstract_tree after = red_black_tree::abstraction(now);
  v.require(after.acyclic, "structure is acyclic");
  v.require(result == before.keys().contains(key), "result is true iff key is in the set");
  v.require(after.keys() == before.keys(), "the keys are unchanged");
  v.require(now.size == old.size, "the size is unchanged");
  if (after.acyclic) red_black_tree::require_red_black(v, old, now, after);
}

}  // namespace subjects::tree_set
