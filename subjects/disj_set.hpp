// DisjSet, ported from Korat 1.0's example (examples/korat/examples/disjset): the array-based
// union-find structure of paper 000, Sec. 8.1 ("fast union-find ... uses both path compression
// and rank estimation heuristics"). The set holds the elements 0..size-1; element i is the
// record elements[i], whose parent is the index of its parent (itself for a root) and whose rank
// bounds the height of its subtree. The array is Korat's container array (createArraySet): a
// length slot plus element slots over the records. The invariant reads the fields in the Java
// repOK's order, so the valid and explored counts equal Korat's.
//
// The target methods are those of paper 000, Table 1: union (here `unite`, as `union` is a C++
// keyword) and find, whose helper compress_path is the path compression. Their postconditions
// are the oracle of black-box testing (Sec. 6.1): the abstract value is the partition of
// 0..size-1 into sets, each named by its representative.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "smallscope/array.hpp"
#include "smallscope/fields.hpp"
#include "smallscope/finitization.hpp"
#include "smallscope/oracle.hpp"

namespace subjects::disj_set {

struct record {
  smallscope::field<int> parent;
  smallscope::field<int> rank;
};
SMALLSCOPE_FIELDS(record, parent, rank)

struct disj_set {
  static constexpr int max_elements = 64;  // the registry's bound on every size parameter

  smallscope::field<int> size;
  smallscope::array<record*> elements;

  // The representative (root) of element x's set, after pointing every record on the path from
  // x to it straight at it (path compression); -1, changing nothing, when x is not an element
  // (outside 0..size-1). Interesting arguments: a root, a child of a root, an element two or
  // more steps below its root (the only case where compression changes parents), a non-element.
  int find(int x) {
    if (x < 0 || x >= size) return -1;
    int root = x;
    while (elements[root]->parent != root) root = elements[root]->parent;
    compress_path(x, root);
    return root;
  }

  // Merges the sets of x and y (union by rank): the root of smaller rank goes under the other;
  // on equal ranks y's root goes under x's, whose rank grows by one. Returns whether two sets
  // were merged: false, with only the paths of x and y compressed, when they were already in one
  // set; false, changing nothing, when x or y is not an element.
  bool unite(int x, int y) {
    if (x < 0 || x >= size || y < 0 || y >= size) return false;
    const int rx = find(x);
    const int ry = find(y);
    if (rx == ry) return false;
    record* a = elements[rx];
    record* b = elements[ry];
    if (a->rank < b->rank) {
      a->parent = ry;
    } else if (a->rank > b->rank) {
      b->parent = rx;
    } else {
      b->parent = rx;
      ++a->rank;
    }
    return true;
  }

  // length == size; the records are pairwise distinct; every parent is an element; a non-root's
  // rank is below its parent's; there are no more roots than records of rank 0 that no child of
  // rank one less points to. The same reads in the same order as Java's repOK and allDifferent.
  bool rep_ok() const {
    if (elements.length() != size) return false;
    if (!all_different()) return false;
    const int n = size;
    int roots = 0;
    bool seen_parent[max_elements] = {};
    for (int i = 0; i < n; ++i) {
      const record* r = elements[i];
      const int p = r->parent;
      if (p < 0 || p >= n) return false;
      if (p != i) {
        const int parent_rank = elements[p]->rank;
        if (parent_rank <= r->rank) return false;
        if (r->rank == parent_rank - 1) seen_parent[p] = true;
      } else {
        ++roots;
      }
    }
    int rank_zero = 0;
    for (int i = 0; i < n; ++i)
      if (!seen_parent[i] && elements[i]->rank == 0) ++rank_zero;
    return roots <= rank_zero;
  }

 private:
  // Java's pairwise loop: records 0..size-1 are distinct objects (reads elements[0], [1], ...).
  bool all_different() const {
    const int last = size - 1;
    for (int i = 0; i < last; ++i)
      for (int j = i + 1; j <= last; ++j)
        if (elements[i] == elements[j]) return false;
    return true;
  }

  // Points every record from x up to (not including) root at root.
  void compress_path(int x, int root) {
    while (x != root) {
      record* r = elements[x];
      x = r->parent;
      r->parent = root;
    }
  }
};
SMALLSCOPE_FIELDS(disj_set, size, elements)

// Korat's finDisjSet(n): n records (no null), one record array of length 0..n, size in 0..n,
// parent and rank in 0..n-1. Requires 1 <= n <= 64 (the array's elements need a record).
inline smallscope::finitization fin(std::int64_t n) {
  if (n < 1 || n > disj_set::max_elements)
    throw smallscope::finitization_error("DisjSet: the number of records must be in 1.." +
                                         std::to_string(disj_set::max_elements) + ", got " + std::to_string(n));
  auto f = smallscope::finitization::of<disj_set>("DisjSet");
  auto records = f.objects<record>("Record", static_cast<std::uint32_t>(n));
  f.set(&disj_set::size, smallscope::ints(0, n));
  f.set(&record::parent, smallscope::ints(0, n - 1));
  f.set(&record::rank, smallscope::ints(0, n - 1));
  f.set(&disj_set::elements, smallscope::ints(0, n), records.only());
  return f;
}

// Postconditions (paper 000, Sec. 6.1): `old` is a deep copy of the pre-state, `now` the
// post-state. They never write fields, and their walks stop on cyclic parents.

// The abstract value: for each element, its representative (-1 where the parent chain leaves
// 0..size-1 or cycles), plus each record's parent and rank. `well_formed` says whether size,
// length and the array agree, so that the per-element vectors are meaningful.
struct abstract_set {
  bool well_formed = true;
  std::vector<int> parent;
  std::vector<int> rank;
  std::vector<int> representative;
};

// v[i] for an int index.
inline int& at(std::vector<int>& v, int i) { return v[static_cast<std::size_t>(i)]; }
inline int at(const std::vector<int>& v, int i) { return v[static_cast<std::size_t>(i)]; }

inline abstract_set abstraction(const disj_set& s) {
  abstract_set a;
  const int n = s.size;
  a.well_formed = 0 <= n && n == s.elements.length() && n <= s.elements.capacity();
  for (int i = 0; a.well_formed && i < n; ++i) a.well_formed = s.elements[i] != nullptr;
  if (!a.well_formed) return a;
  for (int i = 0; i < n; ++i) {
    a.parent.push_back(s.elements[i]->parent);
    a.rank.push_back(s.elements[i]->rank);
  }
  const auto element = [n](int x) { return x >= 0 && x < n; };
  for (int i = 0; i < n; ++i) {
    int x = i;
    for (int steps = 0; element(x) && at(a.parent, x) != x && steps <= n; ++steps) x = at(a.parent, x);
    a.representative.push_back(element(x) && at(a.parent, x) == x ? x : -1);
  }
  return a;
}

inline bool is_element(const abstract_set& a, int x) {
  return x >= 0 && x < static_cast<int>(a.parent.size());
}

// Whether i and j are in one set of `a` (by representative).
inline bool together(const abstract_set& a, int i, int j) {
  return at(a.representative, i) >= 0 && at(a.representative, i) == at(a.representative, j);
}

// The elements on the path from x to its root in `a`, x first, the root excluded.
inline std::vector<int> path_below_root(const abstract_set& a, int x) {
  std::vector<int> path;
  for (int steps = 0; is_element(a, x) && at(a.parent, x) != x && steps < static_cast<int>(a.parent.size()); ++steps) {
    path.push_back(x);
    x = at(a.parent, x);
  }
  return path;
}

inline void find_post(smallscope::verdict& v, const disj_set& old, const disj_set& now, int result, int x) {
  const abstract_set before = abstraction(old);
  const abstract_set after = abstraction(now);
  v.require(now.size == old.size && now.elements.length() == old.elements.length(),
            "size and the array's length are unchanged");
  if (!after.well_formed || after.parent.size() != before.parent.size()) return;
  if (!is_element(before, x)) {
    v.require(result == -1, "result is -1 for a non-element");
    v.require(after.parent == before.parent && after.rank == before.rank, "a non-element changes nothing");
    return;
  }
  const int root = at(before.representative, x);
  v.require(result == root, "result is x's representative");
  v.require(after.representative == before.representative, "every element keeps its representative");
  v.require(after.rank == before.rank, "ranks are unchanged");
  std::vector<int> expected_parent = before.parent;
  bool compressed = true;
  for (int p : path_below_root(before, x)) {
    at(expected_parent, p) = root;
    compressed = compressed && at(after.parent, p) == root;
  }
  v.require(compressed, "every element on x's path points at the root");
  v.require(after.parent == expected_parent, "elements off x's path keep their parents");
}

inline void unite_post(smallscope::verdict& v, const disj_set& old, const disj_set& now, bool result, int x, int y) {
  const abstract_set before = abstraction(old);
  const abstract_set after = abstraction(now);
  v.require(now.size == old.size && now.elements.length() == old.elements.length(),
            "size and the array's length are unchanged");
  if (!after.well_formed || after.parent.size() != before.parent.size()) return;
  const int n = static_cast<int>(before.parent.size());
  if (!is_element(before, x) || !is_element(before, y)) {
    v.require(!result, "result is false when x or y is not an element");
    v.require(after.parent == before.parent && after.rank == before.rank, "a non-element changes nothing");
    return;
  }
  const int rx = at(before.representative, x);
  const int ry = at(before.representative, y);
  const bool merged = rx != ry;
  v.require(result == merged, "result is true iff x and y were in different sets");
  // The partition: the old one, with the sets of x and y joined.
  bool partition = true;
  for (int i = 0; i < n; ++i)
    for (int j = 0; j < n; ++j) {
      const bool joined = (together(before, i, x) || together(before, i, y)) &&
                          (together(before, j, x) || together(before, j, y));
      partition = partition && together(after, i, j) == (together(before, i, j) || (merged && joined));
    }
  v.require(partition, "the sets are the old ones with x's and y's joined");
  // The other sets keep their representatives; the joined set's is rx or ry by rank.
  int expected_root = rx;
  if (merged && at(before.rank, rx) < at(before.rank, ry)) expected_root = ry;
  bool representatives = true;
  for (int i = 0; i < n; ++i) {
    const bool in_joined = together(before, i, x) || together(before, i, y);
    const int expected = in_joined ? expected_root : at(before.representative, i);
    representatives = representatives && at(after.representative, i) == expected;
  }
  v.require(representatives, "the root of greater rank (x's on a tie) represents the joined set");
  bool ranks = true;
  for (int i = 0; i < n; ++i) {
    const bool grows = merged && i == rx && at(before.rank, rx) == at(before.rank, ry);
    ranks = ranks && at(after.rank, i) == at(before.rank, i) + (grows ? 1 : 0);
  }
  v.require(ranks, "ranks are unchanged but for the new root's on a tie, which grows by one");
  // Parents: x's and y's paths point at their old roots; the root that is not the new one
  // points at it; every other element keeps its parent.
  std::vector<int> expected_parent = before.parent;
  for (int p : path_below_root(before, x)) at(expected_parent, p) = rx;
  for (int p : path_below_root(before, y)) at(expected_parent, p) = ry;
  if (merged) at(expected_parent, expected_root == rx ? ry : rx) = expected_root;
  v.require(after.parent == expected_parent, "parents change only by compressing x's and y's paths and linking the roots");
}

}  // namespace subjects::disj_set
