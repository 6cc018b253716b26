// DAG, ported from Korat 1.0's example (examples/korat/examples/dag, DAG.java and DAGNode.java):
// directed acyclic graphs over a fixed list of nodes, each node's out-edges in its children
// array (Korat's container arrays, one per node, over the nodes, without null). The invariant
// is Korat's default predicate, repOK7: no cycle, no two equal children of a node, children in
// non-increasing order of their weight (one plus the weights of their children, shared
// descendants counted once per path), and no node without an edge in or out. It reads the
// fields in the Java code's order, so the valid and explored counts equal Korat's.
//
// The node list is Korat's addAll of the node class domain (finitization::set_all): fixed for
// the whole search, so reading it is not part of the search (paper 000, Sec. 3.4's field
// accesses are the children only, plus size). Paper 000 gives the DAG no target method.
#pragma once

#include <cstdint>
#include <limits>
#include <string>

#include "smallscope/array.hpp"
#include "smallscope/fields.hpp"
#include "smallscope/finitization.hpp"
#include "smallscope/small_set.hpp"

namespace subjects::dag {

struct dag_node {
  smallscope::array<dag_node*> children;
};
SMALLSCOPE_FIELDS(dag_node, children)

struct dag {
  static constexpr int max_nodes = 64;  // the registry's bound on every size parameter

  smallscope::field<int> size;
  smallscope::array<dag_node*> nodes;  // every node, in index order (fixed)

  // Java's repOK7: a depth-first walk from each node not yet visited, in list order, then size
  // is the number of nodes with an edge. Allocates nothing; the path check stops it on cycles.
  bool rep_ok() const {
    const int n = nodes.length();
    if (n == 0) return size == 0;
    walk w(*this);
    for (int i = 0; i < n; ++i) {
      const dag_node* node = nodes[i];
      if (w.visited.insert(node) && w.weigh(node) == walk::broken) return false;
    }
    return size == static_cast<int>(w.not_alone.size());
  }

 private:
  // The state of repOK7's walk: Java's visited set, path stack, weight map and notAlone set.
  struct walk {
    // A weight is at most 2^(n-1) <= 2^63, so it fits; `broken` marks a violated property.
    using weight = std::uint64_t;
    static constexpr weight broken = std::numeric_limits<weight>::max();

    explicit walk(const dag& g) : graph(g) {}

    // The node's weight once its children are checked (Java's DAGNode.repOK7), or broken.
    weight weigh(const dag_node* node) {
      path[depth++] = node;
      weight heaviest = broken;  // Java's Integer.MAX_VALUE: the first child is never too heavy
      weight total = 1;
      const int k = node->children.length();
      for (int i = 0; i < k; ++i) {
        const dag_node* child = node->children[i];
        not_alone.insert(node);
        not_alone.insert(child);
        for (int j = 0; j < i; ++j)
          if (child == node->children[j]) return broken;  // an edge twice
        if (on_path(child)) return broken;                // a cycle
        weight w = 0;
        if (!visited.insert(child)) {
          w = weights[index_of(child)];
        } else {
          w = weigh(child);
          if (w == broken) return broken;
        }
        if (w > heaviest) return broken;  // children by non-increasing weight
        heaviest = w;
        total += w;
      }
      --depth;
      weights[index_of(node)] = total;
      return total;
    }

    bool on_path(const dag_node* node) const {
      for (int i = 0; i < depth; ++i)
        if (path[i] == node) return true;
      return false;
    }
    // The node's position in the (fixed) node list.
    int index_of(const dag_node* node) const {
      int i = 0;
      while (graph.nodes[i] != node) ++i;
      return i;
    }

    const dag& graph;
    smallscope::small_set<const dag_node*> visited;
    smallscope::small_set<const dag_node*> not_alone;
    const dag_node* path[max_nodes] = {};
    int depth = 0;
    weight weights[max_nodes] = {};
  };
};
SMALLSCOPE_FIELDS(dag, size, nodes)

// Korat's finDAG(n): size = n; the node list holds the n nodes; each node's children array has
// length 0..n-1 over the nodes (no null). Requires 1 <= n <= 64.
inline smallscope::finitization fin(std::int64_t n) {
  if (n < 1 || n > dag::max_nodes)
    throw smallscope::finitization_error("DAG: the number of nodes must be in 1.." + std::to_string(dag::max_nodes) +
                                         ", got " + std::to_string(n));
  auto f = smallscope::finitization::of<dag>("DAG");
  auto nodes = f.objects<dag_node>("DAGNode", static_cast<std::uint32_t>(n));
  f.set(&dag::size, smallscope::ints(n, n));
  f.set_all(&dag::nodes, nodes);
  f.set(&dag_node::children, smallscope::ints(0, n - 1), nodes.only());
  return f;
}

}  // namespace subjects::dag
