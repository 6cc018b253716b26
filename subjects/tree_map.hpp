// TreeMap, paper 000's benchmark (Table 1: java.util.TreeMap, target methods put and remove;
// Sec. 8.1). Korat 1.0 has no TreeMap example, but its RedBlackTree example is a port of
// TreeMap (subjects/red_black_tree.hpp): the same entries (key, value, left, right, parent,
// colour), the same invariant and the same put/deleteEntry code with CLR's fix-ups. TreeMap
// therefore reuses that subject's classes, invariant and rebalancing code, and differs in two
// things only:
// - the finitization: paper 000's scope s is s entries, size 0..s, keys 0..s-1 and one value;
//   with put's key and value and remove's key from the same domains this gives exactly
//   Table 4's input counts (valid trees x 2s: 6, 28, 96, 328, 1150, 3924, 12754);
// - the method signatures: Map.put(key, value) and Map.remove(key) return the value the key
//   had before, or null (here -1, which no entry holds) when it had none.
#pragma once

#include <cstdint>
#include <map>

#include "smallscope/finitization.hpp"
#include "smallscope/oracle.hpp"
#include "subjects/red_black_tree.hpp"

namespace subjects::tree_map {

using red_black_tree::node;
using red_black_tree::tree;

// Java's null as a result of put, remove and get: values are never negative.
inline constexpr int null_value = -1;

// TreeMap.getEntry: the entry holding key, or null.
inline node* get_entry(const tree& t, int key) {
  node* p = t.root;
  while (p != nullptr && p->key != key) p = key < p->key ? p->left : p->right;
  return p;
}

// TreeMap.put: maps key to value; returns the key's old value, or null_value if it was absent.
// Requires key != -1 (TreeMap throws on a null key) and value >= 0. Interesting arguments: as
// red_black_tree's insert (a present key replaces the value and changes no shape; absent keys
// below, between and above the present ones exercise each fix-up case).
inline int put(tree& t, int key, int value) {
  if (node* e = get_entry(t, key); e != nullptr) {
    const int old = e->value;
    e->value = value;
    return old;
  }
  t.insert(key);
  get_entry(t, key)->value = value;
  return null_value;
}

// TreeMap.remove: unmaps key; returns its old value, or null_value if it was absent.
inline int remove(tree& t, int key) {
  const node* e = get_entry(t, key);
  if (e == nullptr) return null_value;
  const int old = e->value;
  t.remove(key);
  return old;
}

// TreeMap.put(key, 0): the key with the finitization's one stored value, as paper 001's call
// sequences put keys (Sec. 5.1), so that `explore TreeMap N --methods put_key,remove` reaches
// the very structures gen enumerates.
inline int put_key(tree& t, int key) { return put(t, key, 0); }

// DELIBERATE BUG: remove without the absent-key check: it reads the entry's value through a null
// pointer when the key is absent (a crash, which check and explore report with their input).
inline int remove_unchecked(tree& t, int key) {
  node* e = get_entry(t, key);
  const int old = *reinterpret_cast<volatile int*>(&e->value);  // null when the key is absent
  t.remove(key);
  return old;
}

// DELIBERATE BUG (paper 003, Sec. 6.1): remove with deleteEntry's replacement test flipped
// (red_black_tree's remove_flipped); TestEra's seeded bug, checked against the spec
// examples/specs/red_black_tree.als.
inline int remove_flipped(tree& t, int key) {
  const node* e = get_entry(t, key);
  if (e == nullptr) return null_value;
  const int old = e->value;
  t.remove_flipped(key);
  return old;
}

// TreeMap's finitization with the keys' domain given: ints(...), or symbolic_ints().
inline smallscope::finitization fin_with_keys(std::int64_t entries, std::int64_t min_size, std::int64_t max_size,
                                              const smallscope::int_set& keys, std::int64_t values) {
  auto f = smallscope::finitization::of<tree>("TreeMap");
  auto n = f.objects<node>("Entry", static_cast<std::uint32_t>(entries));
  f.set(&tree::root, n.or_null());
  f.set(&tree::size, smallscope::ints(min_size, max_size));
  f.set(&node::left, n.or_null());
  f.set(&node::right, n.or_null());
  f.set(&node::parent, n.or_null());
  f.set(&node::color, smallscope::ints(0, 1));
  f.set(&node::key, keys);
  f.set(&node::value, smallscope::ints(0, values - 1));
  return f;
}

// Paper 000's TreeMap finitization: `entries` Node objects, size in [minSize, maxSize], keys in
// [0, keys-1] (TreeMap holds no null key, so Korat's -1 is left out), values in [0, values-1].
// fin(s) = (s, 0, s, s, 1).
inline smallscope::finitization fin(std::int64_t entries, std::int64_t min_size, std::int64_t max_size,
                                    std::int64_t keys, std::int64_t values) {
  return fin_with_keys(entries, min_size, max_size, smallscope::ints(0, keys - 1), values);
}

// Postconditions (paper 000, Sec. 6.1). The abstract value is the map from keys to values
// (Sec. 6.3); the red-black clauses are RedBlackTree's. A walk that meets a node twice makes the
// map unknown (acyclic false), so the postconditions end on a broken post-state too.
struct abstract_map {
  std::map<int, int> entries;
  bool acyclic = true;
  bool distinct_keys = true;
};

inline abstract_map map_abstraction(const tree& t) {
  const red_black_tree::abstract_tree a = red_black_tree::abstraction(t);
  abstract_map m;
  m.acyclic = a.acyclic;
  for (const node* n : a.in_order)
    if (!m.entries.emplace(n->key, n->value).second) m.distinct_keys = false;
  return m;
}

inline int value_of(const abstract_map& m, int key) {
  const auto it = m.entries.find(key);
  return it == m.entries.end() ? null_value : it->second;
}

inline void require_map(smallscope::verdict& v, const tree& old, const tree& now, const abstract_map& after,
                        const std::map<int, int>& expected) {
  v.require(after.acyclic, "structure is acyclic");
  v.require(after.distinct_keys, "no key is held twice");
  v.require(after.entries == expected, "the map is the old map with the change");
  v.require(now.size == static_cast<int>(after.entries.size()), "size is the number of entries");
  if (after.acyclic) red_black_tree::require_red_black(v, old, now, red_black_tree::abstraction(now));
}

inline void put_post(smallscope::verdict& v, const tree& old, const tree& now, int result, int key, int value) {
  const abstract_map before = map_abstraction(old);
  std::map<int, int> expected = before.entries;
  expected[key] = value;
  v.require(result == value_of(before, key), "result is the key's old value, or null if it was absent");
  require_map(v, old, now, map_abstraction(now), expected);
}

inline void put_key_post(smallscope::verdict& v, const tree& old, const tree& now, int result, int key) {
  put_post(v, old, now, result, key, 0);
}

inline void remove_post(smallscope::verdict& v, const tree& old, const tree& now, int result, int key) {
  const abstract_map before = map_abstraction(old);
  std::map<int, int> expected = before.entries;
  expected.erase(key);
  v.require(result == value_of(before, key), "result is the key's old value, or null if it was absent");
  require_map(v, old, now, map_abstraction(now), expected);
}

}  // namespace subjects::tree_map
