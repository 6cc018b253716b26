// TreeMap as paper 001 tests it (Sec. 5.2-5.4): red-black trees under its invariant (a black
// root, then TreeMap's rep_ok), keys symbolic (symbolic_ints: one tree per order of its keys,
// that is, keys by in-order rank), sizes 1..n. Its sizes 1..5 have 1, 2, 2, 4 and 8 trees.
//
// A test names the entry to remove by its rank and the place of a new key by its gap, as the
// paper's tests name "the node to put/remove": symbolic keys are even numbers spaced by order,
// so a new key between two neighbours is the odd number after the lower one.
#pragma once

#include <cstdint>
#include <vector>

#include "smallscope/finitization.hpp"
#include "smallscope/oracle.hpp"
#include "subjects/tree_map.hpp"

namespace subjects::tree_map_lazy {

using red_black_tree::node;
using red_black_tree::tree;

inline std::vector<int> keys_in_order(const tree& t) {
  std::vector<int> keys;
  for (const node* n : red_black_tree::abstraction(t).in_order) keys.push_back(n->key);
  return keys;
}

// The key of rank r, or -1 (no key) when the tree has r entries or fewer.
inline int key_of_rank(const tree& t, int rank) {
  const std::vector<int> keys = keys_in_order(t);
  return rank >= 0 && rank < static_cast<int>(keys.size()) ? keys[rank] : -1;
}

// A key in gap g: below the least key (g = 0), between the keys of ranks g - 1 and g, or above
// the greatest (g = size); -1 when g > size. Requires keys at least 2 apart and above 1, as
// symbolic keys are.
inline int key_in_gap(const tree& t, int gap) {
  const std::vector<int> keys = keys_in_order(t);
  const int n = static_cast<int>(keys.size());
  if (gap < 0 || gap > n) return -1;
  if (n == 0) return 1;
  return gap == 0 ? keys[0] - 1 : keys[gap - 1] + 1;
}

// TreeMap.remove of the entry of rank r (nothing when there is none); the old value or -1.
inline int remove_rank(tree& t, int rank) {
  const int key = key_of_rank(t, rank);
  return key < 0 ? tree_map::null_value : tree_map::remove(t, key);
}

// TreeMap.put(key, 0) of a new key in gap g (nothing when there is no such gap).
inline int put_gap(tree& t, int gap) {
  const int key = key_in_gap(t, gap);
  return key < 0 ? tree_map::null_value : tree_map::put_key(t, key);
}

// DELIBERATE BUG in a helper: remove_rank through fixAfterDeletion with its last case for a
// right child leaving the sibling's far child red (red_black_tree's remove_recolor_bug); only
// a removal that rebalances through that case breaks the tree.
inline int remove_rank_recolor_bug(tree& t, int rank) {
  const int key = key_of_rank(t, rank);
  if (key < 0) return tree_map::null_value;
  const node* e = tree_map::get_entry(t, key);
  const int old = e->value;
  t.remove_recolor_bug(key);
  return old;
}

inline void remove_rank_post(smallscope::verdict& v, const tree& old, const tree& now, int result, int rank) {
  tree_map::remove_post(v, old, now, result, key_of_rank(old, rank));
}

inline void put_gap_post(smallscope::verdict& v, const tree& old, const tree& now, int result, int gap) {
  const int key = key_in_gap(old, gap);
  if (key < 0) {
    tree_map::remove_post(v, old, now, result, -1);  // nothing changes
    return;
  }
  tree_map::put_key_post(v, old, now, result, key);
}

// entries Entry objects, size in [min_size, max_size], keys symbolic, one value.
inline smallscope::finitization fin(std::int64_t entries, std::int64_t min_size, std::int64_t max_size) {
  return tree_map::fin_with_keys(entries, min_size, max_size, smallscope::symbolic_ints(), 1);
}

}  // namespace subjects::tree_map_lazy
