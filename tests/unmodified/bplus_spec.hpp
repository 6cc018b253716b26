// Registration, finitization and postcondition of the B+ tree (subjects/unmodified/plain/
// bplus_tree.hpp), tested as it is: a base node class, derived leaf and inner classes, C arrays
// counted by the base's slotuse. Shared by bplus_tree_test.cpp and the seeded bug's test.
#pragma once

#include <cstdint>
#include <vector>

#include "plain/bplus_tree.hpp"
#include "smallscope/check.hpp"
#include "smallscope/fields.hpp"
#include "smallscope/finitization.hpp"

namespace plain_subjects::bplus {
using int_tree = tree<int, 2>;
SMALLSCOPE_FIELDS(int_tree, root_, size_)
SMALLSCOPE_FIELDS(int_tree::leaf_node, level, slotuse, next_leaf, slotkey)
SMALLSCOPE_FIELDS(int_tree::inner_node, level, slotuse, slotkey, childid)
SMALLSCOPE_SUBCLASSES(int_tree::node, self->level == 0 ? 0 : 1, int_tree::leaf_node, int_tree::inner_node)
}  // namespace plain_subjects::bplus

namespace bplus_spec {

using plain_subjects::bplus::int_tree;
using node_t = int_tree::node;
using leaf_t = int_tree::leaf_node;
using inner_t = int_tree::inner_node;

inline bool verified(const int_tree& t) { return t.verify(); }

// Up to `leaves` leaves and one inner node, keys 0..keys-1: trees of height 1 or 2. Each class
// has its own level domain, so an object's level always agrees with its class.
inline smallscope::finitization fin(std::uint32_t leaves, std::int64_t keys) {
  auto f = smallscope::finitization::of<int_tree>("BPlusTree");
  auto ls = f.objects<leaf_t>("Leaf", leaves);
  auto is = f.objects<inner_t>("Inner", 1);
  const smallscope::object_set<node_t> nodes = smallscope::object_set<node_t>(ls.or_null()) | is;
  f.set(&int_tree::root_, nodes);
  f.set(&int_tree::size_, smallscope::ints(0, 2 * leaves));
  f.set<leaf_t>(&node_t::level, smallscope::ints(0, 0));
  f.set<leaf_t>(&node_t::slotuse, smallscope::ints(0, 2));
  f.set(&leaf_t::next_leaf, ls.or_null());
  f.set_counted(&leaf_t::slotkey, &node_t::slotuse, smallscope::ints(0, keys - 1));
  f.set<inner_t>(&node_t::level, smallscope::ints(1, 1));
  f.set<inner_t>(&node_t::slotuse, smallscope::ints(0, 2));
  f.set_counted(&inner_t::slotkey, &node_t::slotuse, smallscope::ints(0, keys - 1));
  f.set_counted(&inner_t::childid, &node_t::slotuse, nodes, 1);
  return f;
}

// The keys, from the leaf chain (at most 64 leaves, so a broken chain ends too).
inline std::vector<int> keys(const int_tree& t) {
  std::vector<int> out;
  const node_t* n = t.root_;
  while (n != nullptr && !n->is_leaf()) n = static_cast<const inner_t*>(n)->childid[0];
  int leaves = 0;
  for (const leaf_t* l = static_cast<const leaf_t*>(n); l != nullptr && ++leaves < 64; l = l->next_leaf)
    for (int i = 0; i < l->slotuse && i < 2; ++i) out.push_back(l->slotkey[i]);
  return out;
}

inline void contains_post(smallscope::verdict& v, const int_tree& old, const int_tree& now, bool found, int k) {
  bool present = false;
  for (int key : keys(old)) present = present || key == k;
  v.require(found == present, "returns whether k is a key");
  v.require(keys(now) == keys(old), "the keys are unchanged");
}

inline const smallscope::target_method& contains_method(std::int64_t keys) {
  static const auto m = SMALLSCOPE_METHOD_WITH_INVARIANT(int_tree::contains, bplus_spec::contains_post,
                                                         bplus_spec::verified, smallscope::ints(-1, keys));
  return m;
}

}  // namespace bplus_spec
