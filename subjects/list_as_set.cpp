// Registers ListAsSet (paper 002, Sec. 4: listAsSet) with its equivalence classes (eq_class) and
// its target methods. The long form is paper 002's scope "minSize-maxSize, minSetSize-maxSetSize,
// nodes, setNodes, values"; ListAsSet n is (0-n, 0-n, n+1, n+1, n).
#include "subjects/list_as_set.hpp"

#include "smallscope/subject.hpp"
#include "subjects/registration.hpp"

using namespace subjects::registration;

SMALLSCOPE_SUBJECT(list_as_set) {
  using namespace subjects::list_as_set;
  std::vector<fin_parameter> ps = {size_bound("minSize", "least size of the list l"),
                                   size_bound("maxSize", "greatest size of the list l"),
                                   size_bound("minSetSize", "least size of the set s"),
                                   size_bound("maxSetSize", "greatest size of the set s"),
                                   size_bound("nodes", "number of Node objects of l (its header included)"),
                                   size_bound("setNodes", "number of SetNode objects of s (its header included)"),
                                   {"values", "number of int values (elements range over 1..values)", 0, 1000000}};
  return korat_subject(
      "ListAsSet", "a list l and a strictly sorted list s as a set, with the criterion's classes (paper 002, Sec. 4)",
      ps, [](std::int64_t n) { return params{0, n, 0, n, n + 1, n + 1, n}; },
      [ps](std::span<const std::int64_t> p) {
        require_ordered(p, 0, 1, ps);
        require_ordered(p, 2, 3, ps);
        smallscope::subject_instance i{
            fin(p[0], p[1], p[2], p[3], p[4], p[5], p[6]), smallscope::make_predicate<&list_as_set::rep_ok>(),
            {smallscope::make_method<&list_as_set::is_set_of_list, &is_set_of_list_post>(
                 "list_as_set", {}, "is_set_of_list", "is_set_of_list_post",
                 "the paper's listAsSet: whether s holds exactly l's elements"),
             smallscope::make_method<&list_as_set::to_set, &to_set_post>(
                 "to_set", {}, "to_set", "to_set_post", "listToSet: makes s the set of l's elements")}};
        i.eq_class = smallscope::make_eq_class<&list_as_set::eq_class>();
        return i;
      },
      "subjects/list_as_set.hpp");
}
