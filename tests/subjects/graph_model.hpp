// The graphs of DirectedGraph and WeightedDirectedGraph as adjacency matrices, for the model
// classes of their tests (tests/subjects/*directed_graph_test.cpp).
#pragma once

#include <cstdint>
#include <vector>

namespace graph_model {

// A graph as an adjacency matrix, and whether some arc has a negative weight, read from a structure.
struct matrix {
  int n = 0;
  std::vector<std::vector<bool>> arc;
  bool negative = false;
};
template <class Graph, class Entry>
matrix matrix_of(const Graph& g) {
  matrix m;
  m.n = g.vertices.length();
  m.arc.assign(static_cast<std::size_t>(m.n), std::vector<bool>(static_cast<std::size_t>(m.n), false));
  for (int i = 0; i < m.n; ++i)
    for (const Entry* e = g.vertices[i].get()->adj; e != nullptr; e = e->next) {
      m.arc[static_cast<std::size_t>(i)][static_cast<std::size_t>(e->target.get())] = true;
      if constexpr (requires { e->weight; }) m.negative = m.negative || e->weight < 0;
    }
  return m;
}
inline int arcs(const matrix& m) {
  int a = 0;
  for (const auto& row : m.arc)
    for (bool b : row) a += b ? 1 : 0;
  return a;
}
// Transitive closure (Warshall): reach[i][j] iff a nonempty path leads from i to j.
inline std::vector<std::vector<bool>> closure(const matrix& m) {
  auto reach = m.arc;
  const auto n = static_cast<std::size_t>(m.n);
  for (std::size_t k = 0; k < n; ++k)
    for (std::size_t i = 0; i < n; ++i)
      for (std::size_t j = 0; j < n; ++j)
        if (reach[i][k] && reach[k][j]) reach[i][j] = true;
  return reach;
}
}  // namespace graph_model
