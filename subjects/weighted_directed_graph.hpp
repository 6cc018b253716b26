// WeightedDirectedGraph: paper 002's fourth case study (Sec. 4, "Weighted Directed Graphs"):
// DirectedGraph (directed_graph.hpp, whose reading and invariant this shares) with a weight in
// -w..w on every adjacency entry. The invariant does not constrain the weights (it does not read
// them), so the search enumerates each valid shape's weights last.
//
// eq_class() is the paper's criterion: acyclicity (a self-loop is a cycle), presence of negative
// weights, connectedness, emptiness, density and completeness, one bit each. The paper does not
// define connectedness or density; ours: strongly connected (every vertex reaches every other
// along arcs), and density as DirectedGraph's (2*arcs >= n*n). With self-loops counted as arcs,
// these readings give exactly the paper's class counts, 11 for n = 2 and 13 for n = 3 (weak
// connectivity would give 15 for n = 3). Reads every list's links and targets, and the weights
// up to the first negative one.
//
// The paper's valid counts (332, 1,542 and 493,232 for (2, 1), (2, 2), (3, 1)) are those of a
// weaker invariant: each vertex refers to an adjacency-list object, vertices may share a list
// object and lists may share a suffix of entries (each list acyclic and strictly sorted, n*n
// entries, weights never read). In the paper's table, explored minus valid (730 for n = 2,
// 17,510,188 for n = 3) does not depend on w, so its invariant never reads a weight. We keep lists disjoint: a
// shared entry would be one weight on two arcs, and a method that changes one list would change
// another.
#pragma once

#include <cstdint>

#include "smallscope/array.hpp"
#include "smallscope/fields.hpp"
#include "smallscope/finitization.hpp"
#include "subjects/directed_graph.hpp"

namespace subjects::weighted_directed_graph {

namespace dg = subjects::directed_graph;

enum class_bit : std::uint64_t {
  is_acyclic = 1,
  negative_weights = 2,
  connected = 4,
  empty = 8,
  is_dense = 16,
  is_complete = 32,
};

struct entry {
  smallscope::field<int> target;  // index of the target vertex in the vector
  smallscope::field<int> weight;
  smallscope::field<entry*> next;
};
SMALLSCOPE_FIELDS(entry, target, weight, next)

struct vertex {
  smallscope::field<entry*> adj;
};
SMALLSCOPE_FIELDS(vertex, adj)

struct graph {
  smallscope::array<vertex*> vertices;

  // DirectedGraph's invariant; the vector's capacity is the finitization's n.
  bool rep_ok() const { return dg::graph_ok<vertex, entry>(vertices, vertices.capacity()); }

  std::uint64_t eq_class() const {
    const int n = vertices.length();
    const int arcs = dg::arc_count<vertex, entry>(vertices);
    const dg::arc_masks out = dg::arcs_of<vertex, entry>(vertices);
    std::uint64_t c = 0;
    if (dg::acyclic(out, n)) c |= is_acyclic;
    if (has_negative_weight()) c |= negative_weights;
    if (dg::strongly_connected(out, n)) c |= connected;
    if (arcs == 0) c |= empty;
    if (dg::dense(arcs, n)) c |= is_dense;
    if (dg::complete(arcs, n)) c |= is_complete;
    return c;
  }

 private:
  bool has_negative_weight() const {
    const int n = vertices.length();
    for (int i = 0; i < n; ++i)
      for (const entry* e = vertices[i].get()->adj; e != nullptr; e = e->next)
        if (e->weight < 0) return true;
    return false;
  }
};
SMALLSCOPE_FIELDS(graph, vertices)

// Paper 002's scope "n, -w..w": exactly n vertices, n*n adjacency entries, weights -w..w.
inline smallscope::finitization fin(std::int64_t n, std::int64_t w) {
  auto f = smallscope::finitization::of<graph>("WeightedDirectedGraph");
  auto v = f.objects<vertex>("Vertex", static_cast<std::uint32_t>(n));
  auto e = f.objects<entry>("Entry", static_cast<std::uint32_t>(n * n));
  f.set(&graph::vertices, smallscope::ints(n, n), v.only());
  f.set(&vertex::adj, e.or_null());
  f.set(&entry::target, smallscope::ints(0, n == 0 ? 0 : n - 1));
  f.set(&entry::weight, smallscope::ints(-w, w));
  f.set(&entry::next, e.or_null());
  return f;
}

}  // namespace subjects::weighted_directed_graph
