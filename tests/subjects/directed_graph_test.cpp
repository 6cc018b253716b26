// DirectedGraph (paper 002, Sec. 4): plain Korat and Korat+ counts and classes covered (the
// paper's CC: 4), one structure per graph, and the classes against a model of the criterion.
#include <gtest/gtest.h>

#include <cstdint>
#include <map>
#include <set>
#include <vector>

#include "eq_class_test_support.hpp"
#include "graph_model.hpp"
#include "subjects/directed_graph.hpp"

namespace {

namespace dg = subjects::directed_graph;
using eq_class_test::expect_korat_plus;
using eq_class_test::instance;
using graph_model::arcs;
using graph_model::matrix;
using graph_model::matrix_of;

std::uint64_t model_dg_class(const matrix& m) {
  const int a = arcs(m);
  std::uint64_t c = 0;
  if (a == 0) c |= dg::empty;
  if (2 * a >= m.n * m.n) c |= dg::is_dense;
  if (a == m.n * m.n) c |= dg::is_complete;
  return c;
}
TEST(DirectedGraph, KoratPlusCounts) {
  expect_korat_plus<dg::graph>(instance("DirectedGraph", {2}), {123, 16, 101, 9, 4});
  expect_korat_plus<dg::graph>(instance("DirectedGraph", {3}), {11141, 512, 8645, 64, 4});
}

// Every graph on n vertices is exactly one valid structure, and its class is the model's: for
// n = 2, 1 empty graph, 4 with one arc (sparse), 10 with two or three (dense), 1 complete.
TEST(DirectedGraph, OneStructurePerGraphAndTheModelsClasses) {
  for (const std::int64_t n : {1, 2, 3}) {
    const auto inst = instance("DirectedGraph", {n});
    smallscope::structure_range range(inst.fin, inst.invariant, inst.eq_class);
    std::set<std::vector<std::vector<bool>>> graphs;
    std::map<std::uint64_t, int> per_class;
    for (const auto& s : range) {
      const auto& g = s.root<dg::graph>();
      const matrix m = matrix_of<dg::graph, dg::entry>(g);
      EXPECT_TRUE(graphs.insert(m.arc).second);
      EXPECT_EQ(g.eq_class(), model_dg_class(m));
      ++per_class[g.eq_class()];
    }
    EXPECT_EQ(graphs.size(), std::size_t{1} << (n * n));
    if (n == 2) {
      const std::map<std::uint64_t, int> expected = {
          {dg::empty, 1}, {0, 4}, {dg::is_dense, 10}, {dg::is_dense | dg::is_complete, 1}};
      EXPECT_EQ(per_class, expected);
    }
  }
}

}  // namespace
