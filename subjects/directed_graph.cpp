// Registers DirectedGraph (paper 002, Sec. 4: Directed Graphs) with its equivalence classes
// (eq_class). DirectedGraph n: exactly n vertices.
#include "subjects/directed_graph.hpp"

#include "smallscope/subject.hpp"
#include "subjects/registration.hpp"

using namespace subjects::registration;

SMALLSCOPE_SUBJECT(directed_graph) {
  using namespace subjects::directed_graph;
  std::vector<fin_parameter> ps = {{"nodes", "exact number of vertices (n*n adjacency entries)", 1, max_vertices}};
  auto s = korat_subject(
      "DirectedGraph", "directed graphs: a vector of vertices with sorted adjacency lists (paper 002, Sec. 4)", ps,
      [](std::int64_t n) { return params{n}; },
      [](std::span<const std::int64_t> p) {
        smallscope::subject_instance i{fin(p[0]), smallscope::make_predicate<&graph::rep_ok>(), {}};
        i.eq_class = smallscope::make_eq_class<&graph::eq_class>();
        return i;
      },
      "subjects/directed_graph.hpp");
  s.scope_min = 1;
  s.scope_max = max_vertices;
  return s;
}
