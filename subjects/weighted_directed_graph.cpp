// Registers WeightedDirectedGraph (paper 002, Sec. 4: Weighted Directed Graphs) with its
// equivalence classes (eq_class). The long form is paper 002's scope "n, -w..w";
// WeightedDirectedGraph n is (n, 1).
#include "subjects/weighted_directed_graph.hpp"

#include "smallscope/subject.hpp"
#include "subjects/registration.hpp"

using namespace subjects::registration;

SMALLSCOPE_SUBJECT(weighted_directed_graph) {
  using namespace subjects::weighted_directed_graph;
  std::vector<fin_parameter> ps = {
      {"nodes", "exact number of vertices (n*n adjacency entries)", 1, subjects::directed_graph::max_vertices},
      {"maxWeight", "weights range over -maxWeight..maxWeight", 0, 1000000}};
  auto s = korat_subject(
      "WeightedDirectedGraph",
      "directed graphs with a weight per arc: sorted adjacency lists of weighted entries (paper 002, Sec. 4)", ps,
      [](std::int64_t n) { return params{n, 1}; },
      [](std::span<const std::int64_t> p) {
        smallscope::subject_instance i{fin(p[0], p[1]), smallscope::make_predicate<&graph::rep_ok>(), {}};
        i.eq_class = smallscope::make_eq_class<&graph::eq_class>();
        return i;
      },
      "subjects/weighted_directed_graph.hpp");
  s.scope_min = 1;
  s.scope_max = subjects::directed_graph::max_vertices;
  return s;
}
