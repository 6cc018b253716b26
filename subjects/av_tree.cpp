// Registers AVTree (paper 000's benchmark, INS's attribute-value trees, subjects/av_tree.hpp)
// with the command line. `smallscope gen AVTree s` is fin(s, s, 2, 2, 2).
#include <vector>

#include "smallscope/subject.hpp"
#include "subjects/av_tree.hpp"
#include "subjects/registration.hpp"

using namespace subjects::registration;

SMALLSCOPE_SUBJECT(av_tree) {
  using namespace subjects::av_tree;
  std::vector<fin_parameter> ps = {size_bound("attrNodes", "number of attribute nodes (database and query)"),
                                   size_bound("valueNodes", "number of value nodes (database and query)"),
                                   {"attributes", "number of attribute names", 1, 1000},
                                   {"values", "number of value names (values range over -1..values-1, -1 = *)", 1,
                                    1000},
                                   {"services", "number of services (records range over 0..2^services-1)", 1, 8}};
  return korat_subject(
      "AVTree", "INS intentional-name trees: a name-tree database and a query (paper 000 benchmark, paper 003 6.2)",
      ps, [](std::int64_t n) { return params{n, n, 2, 2, 2}; },
      [](std::span<const std::int64_t> p) {
        return smallscope::subject_instance{
            fin(p[0], p[1], p[2], p[3], p[4]), smallscope::make_predicate<&av_tree::rep_ok>(),
            {smallscope::make_method<&av_tree::lookup, &lookup_post>(
                 "lookup", {}, "lookup", "lookup_post", "the services whose name the query embeds in (Lookup-Name)"),
             smallscope::make_method<&av_tree::lookup_original, &lookup_post>(
                 "lookup_original", {}, "lookup_original", "lookup_post",
                 "seeded bug: INS's original lookup, a missing attribute taken as a wildcard")}};
      },
      "subjects/av_tree.hpp");
}
