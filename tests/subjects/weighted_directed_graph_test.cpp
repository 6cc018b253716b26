// WeightedDirectedGraph (paper 002, Sec. 4): plain Korat and Korat+ counts and classes covered
// (the paper's CC: 11 for n = 2, 13 for n = 3), one structure per weighted graph, and the
// classes against a model of the criterion (transitive closure by Warshall's algorithm).
#include <gtest/gtest.h>

#include <cstdint>
#include <set>
#include <vector>

#include "eq_class_test_support.hpp"
#include "graph_model.hpp"
#include "subjects/weighted_directed_graph.hpp"

namespace {

namespace wdg = subjects::weighted_directed_graph;
using eq_class_test::expect_korat_plus;
using eq_class_test::instance;
using graph_model::arcs;
using graph_model::closure;
using graph_model::matrix;
using graph_model::matrix_of;

std::uint64_t model_wdg_class(const matrix& m) {
  const auto reach = closure(m);
  bool acyclic = true;
  bool strong = true;
  for (std::size_t i = 0; i < reach.size(); ++i) {
    acyclic = acyclic && !reach[i][i];
    for (std::size_t j = 0; j < reach.size(); ++j) strong = strong && (i == j || reach[i][j]);
  }
  const int a = arcs(m);
  std::uint64_t c = 0;
  if (acyclic) c |= wdg::is_acyclic;
  if (m.negative) c |= wdg::negative_weights;
  if (strong) c |= wdg::connected;
  if (a == 0) c |= wdg::empty;
  if (2 * a >= m.n * m.n) c |= wdg::is_dense;
  if (a == m.n * m.n) c |= wdg::is_complete;
  return c;
}

TEST(WeightedDirectedGraph, KoratPlusCounts) {
  expect_korat_plus<wdg::graph>(instance("WeightedDirectedGraph", {2, 1}), {363, 256, 253, 146, 11});
  expect_korat_plus<wdg::graph>(instance("WeightedDirectedGraph", {2, 2}), {1403, 1296, 603, 496, 11});
  expect_korat_plus<wdg::graph>(instance("WeightedDirectedGraph", {3, 1}), {272773, 262144, 49483, 38854, 13});
}

// One structure per weighted graph ((2w+2)^(n*n) of them), each of the model's class.
TEST(WeightedDirectedGraph, OneStructurePerGraphAndTheModelsClasses) {
  const auto inst = instance("WeightedDirectedGraph", {2, 1});
  smallscope::structure_range range(inst.fin, inst.invariant, inst.eq_class);
  std::set<std::vector<int>> graphs;
  for (const auto& s : range) {
    const auto& g = s.root<wdg::graph>();
    EXPECT_EQ(g.eq_class(), model_wdg_class(matrix_of<wdg::graph, wdg::entry>(g)));
    std::vector<int> weights(4, 9);  // 9: no arc
    for (int i = 0; i < 2; ++i)
      for (const wdg::entry* e = g.vertices[i].get()->adj; e != nullptr; e = e->next)
        weights[static_cast<std::size_t>(2 * i + e->target)] = e->weight;
    EXPECT_TRUE(graphs.insert(weights).second);
  }
  EXPECT_EQ(graphs.size(), 256u);  // 4 choices (no arc, -1, 0, 1) per ordered pair
}

}  // namespace
