// Registers DisjSet (Korat 1.0's disjset example; paper 000, Table 1's union and find) with the
// command line: `smallscope gen DisjSet n` is Korat's finDisjSet(n), and both methods take their
// element arguments from 0..n-1, the domains that reproduce Table 4's input counts.
#include <vector>

#include "smallscope/subject.hpp"
#include "subjects/disj_set.hpp"
#include "subjects/registration.hpp"

using namespace subjects::registration;

SMALLSCOPE_SUBJECT(disj_set) {
  using namespace subjects::disj_set;
  std::vector<fin_parameter> ps = {
      {"n", "number of Record objects (size, length 0..n; parent, rank 0..n-1)", 1, max_objects}};
  auto s = korat_subject(
      "DisjSet", "union-find in an array of records with path compression and union by rank (Korat example)", ps,
      [](std::int64_t n) { return params{n}; },
      [](std::span<const std::int64_t> p) {
        const std::vector<smallscope::argument_domain> element = {
            smallscope::argument_domain::of(smallscope::ints(0, p[0] - 1))};
        return smallscope::subject_instance{
            fin(p[0]), smallscope::make_predicate<&disj_set::rep_ok>(),
            {smallscope::make_method<&disj_set::unite, &unite_post>(
                 "union", {element[0], element[0]}, "unite", "unite_post",
                 "merges the sets of two elements (union by rank, path compression)"),
             smallscope::make_method<&disj_set::find, &find_post>(
                 "find", element, "find", "find_post", "returns an element's representative, compressing its path")}};
      },
      "subjects/disj_set.hpp");
  s.scope_min = 1;
  return s;
}
