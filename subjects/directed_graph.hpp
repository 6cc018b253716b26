// DirectedGraph: paper 002's third case study (Sec. 4, "Directed Graphs"): "a vector of
// vertices, each of which has a corresponding strictly sorted linked list, its adjacency list".
// No Korat 1.0 example; our reading:
// - the vector is a tracked array of exactly n vertex references (the scope: the exact number of
//   nodes), all distinct, so the i-th vertex is vertex i;
// - an adjacency entry holds the index of its target in the vector (0..n-1) and the next entry;
//   the entries come from one pool of n*n objects, and no entry is in two lists (or twice in
//   one), so every list is acyclic;
// - a list is strictly sorted by target index, so a graph has no parallel arcs; self-loops are
//   arcs like any other (n*n possible arcs).
// Each graph on n vertices is then exactly one valid structure (2^(n*n) of them). The paper's
// valid counts are far higher (382 for n = 2, 47,672,840 for n = 3, against our 16 and 512): its
// representation, which it does not describe further, admits many structures per graph. (Shared
// adjacency lists, as in weighted_directed_graph.hpp's note, with targets over 0..n*n-1 and
// n+n*n entries give 382 for n = 2 but 161,825,099 for n = 3; we found no reading for both.)
//
// The invariant reads the shape (the lists' links) before the data (their targets), like
// ListAsSet's set and Korat's SortedList: the targets are then the last fields on Korat's stack,
// and eqClass pruning, whose classes depend on the links only, skips them. Reading each target
// with its link instead explores fewer candidates plain (76 instead of 123 for n = 2) but leaves
// Korat+ nothing to prune.
//
// eq_class() is the paper's criterion over emptiness, density and completeness, which the paper
// does not define; ours: empty = no arc; dense = 2*arcs >= n*n (at least half the possible arcs,
// self-loops included); complete = every ordered pair (i, j), i == j included, is an arc. This
// gives the paper's 4 classes (empty, sparse, dense but not complete, complete) from n = 2.
//
// The helpers are templates over the vertex and entry classes, so WeightedDirectedGraph
// (weighted_directed_graph.hpp) shares them.
#pragma once

#include <array>
#include <cstdint>

#include "smallscope/array.hpp"
#include "smallscope/fields.hpp"
#include "smallscope/finitization.hpp"
#include "smallscope/small_set.hpp"

namespace subjects::directed_graph {

inline constexpr int max_vertices = 8;  // n*n entries stay within the registry's 64 objects

// The invariant of a vector of vertices with sorted adjacency lists: exactly `n` distinct
// vertices; no entry reached twice (so the lists are acyclic and disjoint); every entry's target
// is a vertex index, each list strictly increasing. Reads the vector, then the shape (every
// list's links, in vector order), then the data (every list's targets): shape before data, like
// Korat's SortedList repOK, so the targets are read last.
template <class Vertex, class Entry>
bool graph_ok(const smallscope::array<Vertex*>& vertices, int n) {
  if (vertices.length() != n) return false;
  smallscope::small_set<const Vertex*> seen_vertices;
  for (int i = 0; i < n; ++i) {
    const Vertex* v = vertices[i];
    if (v == nullptr || !seen_vertices.insert(v)) return false;
  }
  smallscope::small_set<const Entry*> seen_entries;
  for (int i = 0; i < n; ++i)
    for (const Entry* e = vertices[i].get()->adj; e != nullptr; e = e->next)
      if (!seen_entries.insert(e)) return false;
  for (int i = 0; i < n; ++i) {
    int previous = -1;
    for (const Entry* e = vertices[i].get()->adj; e != nullptr; e = e->next) {
      const int target = e->target;
      if (target < 0 || target >= n || target <= previous) return false;
      previous = target;
    }
  }
  return true;
}

// The number of arcs (reads the vector and every list's links, not the targets).
template <class Vertex, class Entry>
int arc_count(const smallscope::array<Vertex*>& vertices) {
  int arcs = 0;
  const int n = vertices.length();
  for (int i = 0; i < n; ++i)
    for (const Entry* e = vertices[i].get()->adj; e != nullptr; e = e->next) ++arcs;
  return arcs;
}

// The arcs as bit masks: bit j of out[i] is the arc i -> j.
using arc_masks = std::array<std::uint64_t, max_vertices>;
template <class Vertex, class Entry>
arc_masks arcs_of(const smallscope::array<Vertex*>& vertices) {
  arc_masks out{};
  const int n = vertices.length();
  for (int i = 0; i < n; ++i)
    for (const Entry* e = vertices[i].get()->adj; e != nullptr; e = e->next) {
      const int target = e->target;
      out[i] |= std::uint64_t{1} << target;
    }
  return out;
}

// The predicates over arc masks (n vertices).
inline bool acyclic(const arc_masks& out, int n) {  // a self-loop is a cycle
  std::uint64_t left = n == 64 ? ~std::uint64_t{0} : (std::uint64_t{1} << n) - 1;
  for (bool removed = true; removed && left != 0;) {  // drop the vertices with no arc into `left`
    removed = false;
    for (int i = 0; i < n; ++i)
      if ((left >> i & 1) != 0 && (out[i] & left) == 0) {
        left &= ~(std::uint64_t{1} << i);
        removed = true;
      }
  }
  return left == 0;
}
inline std::uint64_t reachable_from(const arc_masks& out, int n, int start, bool backwards) {
  std::uint64_t reached = std::uint64_t{1} << start;
  for (bool grew = true; grew;) {
    grew = false;
    for (int i = 0; i < n; ++i)
      for (int j = 0; j < n; ++j) {
        const bool arc = backwards ? (out[j] >> i & 1) != 0 : (out[i] >> j & 1) != 0;
        if (arc && (reached >> i & 1) != 0 && (reached >> j & 1) == 0) {
          reached |= std::uint64_t{1} << j;
          grew = true;
        }
      }
  }
  return reached;
}
inline bool strongly_connected(const arc_masks& out, int n) {
  if (n == 0) return true;
  const std::uint64_t all = n == 64 ? ~std::uint64_t{0} : (std::uint64_t{1} << n) - 1;
  return reachable_from(out, n, 0, false) == all && reachable_from(out, n, 0, true) == all;
}
inline bool dense(int arcs, int n) { return 2 * arcs >= n * n; }
inline bool complete(int arcs, int n) { return arcs == n * n; }  // lists are strictly sorted

// The classes, one bit per predicate.
enum class_bit : std::uint64_t { empty = 1, is_dense = 2, is_complete = 4 };

struct entry {
  smallscope::field<int> target;  // index of the target vertex in the vector
  smallscope::field<entry*> next;
};
SMALLSCOPE_FIELDS(entry, target, next)

struct vertex {
  smallscope::field<entry*> adj;
};
SMALLSCOPE_FIELDS(vertex, adj)

struct graph {
  smallscope::array<vertex*> vertices;
  // The vector's capacity is the finitization's n (its length's only value).
  bool rep_ok() const { return graph_ok<vertex, entry>(vertices, vertices.capacity()); }

  // Emptiness, density and completeness. Reads the vector and the lists' links only.
  std::uint64_t eq_class() const {
    const int count = vertices.length();
    const int arcs = arc_count<vertex, entry>(vertices);
    std::uint64_t c = 0;
    if (arcs == 0) c |= empty;
    if (dense(arcs, count)) c |= is_dense;
    if (complete(arcs, count)) c |= is_complete;
    return c;
  }
};
SMALLSCOPE_FIELDS(graph, vertices)

// The scope: exactly n vertices, n*n adjacency entries (enough for the complete graph).
inline smallscope::finitization fin(std::int64_t n) {
  auto f = smallscope::finitization::of<graph>("DirectedGraph");
  auto v = f.objects<vertex>("Vertex", static_cast<std::uint32_t>(n));
  auto e = f.objects<entry>("Entry", static_cast<std::uint32_t>(n * n));
  f.set(&graph::vertices, smallscope::ints(n, n), v.only());
  f.set(&vertex::adj, e.or_null());
  f.set(&entry::target, smallscope::ints(0, n == 0 ? 0 : n - 1));
  f.set(&entry::next, e.or_null());
  return f;
}

}  // namespace subjects::directed_graph
