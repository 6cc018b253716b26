// Registers DAG (Korat 1.0's dag example) with the command line: `smallscope gen DAG n` is
// Korat's finDAG(n) with its default predicate repOK7. No target method (paper 000 has none).
#include <vector>

#include "smallscope/subject.hpp"
#include "subjects/dag.hpp"
#include "subjects/registration.hpp"

using namespace subjects::registration;

SMALLSCOPE_SUBJECT(dag) {
  using namespace subjects::dag;
  std::vector<fin_parameter> ps = {{"n", "number of DAGNode objects (size = n; children arrays of length 0..n-1)", 1,
                                    dag::max_nodes}};
  auto s = korat_subject(
      "DAG", "directed acyclic graphs: a fixed node list, children arrays per node (Korat example, repOK7)", ps,
      [](std::int64_t n) { return params{n}; },
      [](std::span<const std::int64_t> p) {
        return smallscope::subject_instance{fin(p[0]), smallscope::make_predicate<&dag::rep_ok>(), {}};
      },
      "subjects/dag.hpp");
  s.scope_min = 1;
  return s;
}
