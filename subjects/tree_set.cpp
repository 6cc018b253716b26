// Registers TreeSet (paper 004, Sec. 6) with the command line: FAJITA's finTreeSet parameters,
// finTreeSet(n) = (n, n, 0, n-1), and the methods add, remove and contains.
#include <algorithm>
#include <vector>

#include "smallscope/subject.hpp"
#include "subjects/registration.hpp"
#include "subjects/tree_set.hpp"

using namespace subjects::registration;

SMALLSCOPE_SUBJECT(tree_set) {
  namespace ts = subjects::tree_set;
  namespace rbt = subjects::red_black_tree;
  std::vector<fin_parameter> ps = {size_bound("entries", "number of TreeSetEntry objects"),
                                   size_bound("maxSize", "greatest value of size (size ranges over 0..maxSize)"),
                                   {"minKey", "least key (>= 0: -1 is no key)", 0, 1000000},
                                   {"maxKey", "greatest key", 0, 1000000}};
  return korat_subject(
      "TreeSet",
      "red-black tree sets with parent pointers and a size, methods add, remove, contains (paper 004 "
      "Sec. 6; Korat's RedBlackTree with one value)",
      ps, [](std::int64_t n) { return params{n, n, 0, std::max<std::int64_t>(n - 1, 0)}; },
      [ps](std::span<const std::int64_t> p) {
        require_ordered(p, 2, 3, ps);
        const std::vector<smallscope::argument_domain> key = {smallscope::argument_domain::of(smallscope::ints(p[2], p[3]))};
        return smallscope::subject_instance{
            ts::fin(p[0], p[1], p[2], p[3]), smallscope::make_predicate<&rbt::tree::rep_ok>(),
            {smallscope::make_method<&rbt::tree::insert, &rbt::insert_post>("add", key, "insert", "insert_post",
                                                                            "adds a key (TreeSet.add)"),
             smallscope::make_method<&rbt::tree::remove, &rbt::remove_post>("remove", key, "remove", "remove_post",
                                                                            "removes a key (TreeSet.remove)"),
             smallscope::make_method<&ts::contains, &ts::contains_post>("contains", key, "contains", "contains_post",
                                                                        "whether a key is in the set")}};
      },
      "subjects/tree_set.hpp");
}
