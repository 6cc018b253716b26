// Registers SearchTreeDelete (paper 002, Sec. 4: Search Tree (Delete)) with its equivalence
// classes (eq_class) and remove. The long form is paper 002's scope "nodes, minSize-maxSize,
// keys"; SearchTreeDelete n is (n, 0-n, n).
#include "subjects/search_tree_delete.hpp"

#include <algorithm>

#include "smallscope/subject.hpp"
#include "subjects/registration.hpp"

using namespace subjects::registration;

SMALLSCOPE_SUBJECT(search_tree_delete) {
  using namespace subjects::search_tree_delete;
  std::vector<fin_parameter> ps = {size_bound("nodes", "number of Node objects"),
                                   size_bound("minSize", "least value of size"),
                                   size_bound("maxSize", "greatest value of size"),
                                   {"keys", "number of keys (keys and the value range over 1..keys)", 1, 1000000}};
  return korat_subject(
      "SearchTreeDelete", "a search tree and a value to delete, with the value's position as class (paper 002, Sec. 4)",
      ps, [](std::int64_t n) { return params{n, 0, n, std::max<std::int64_t>(n, 1)}; },
      [ps](std::span<const std::int64_t> p) {
        require_ordered(p, 1, 2, ps);
        smallscope::subject_instance i{fin(p[0], p[1], p[2], p[3]), smallscope::make_predicate<&tree_delete::rep_ok>(),
                                       {smallscope::make_method<&tree_delete::remove, &remove_post>(
                                           "remove", {}, "remove", "remove_post", "deletes the value from the tree")}};
        i.eq_class = smallscope::make_eq_class<&tree_delete::eq_class>();
        return i;
      },
      "subjects/search_tree_delete.hpp");
}
