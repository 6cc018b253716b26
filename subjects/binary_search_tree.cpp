// Registers BinarySearchTree (paper 004, Sec. 6) with the command line: SearchTree's classes and
// parameters, paper 004's scope n = (n, 0, n, 0, n-1), and the methods add, find and remove.
#include <algorithm>
#include <vector>

#include "smallscope/subject.hpp"
#include "subjects/binary_search_tree.hpp"
#include "subjects/registration.hpp"

using namespace subjects::registration;

SMALLSCOPE_SUBJECT(binary_search_tree) {
  namespace bst = subjects::binary_search_tree;
  namespace st = subjects::search_tree;
  std::vector<fin_parameter> ps = {size_bound("nodes", "number of Node objects"),
                                   size_bound("minSize", "least value of size"),
                                   size_bound("maxSize", "greatest value of size"),
                                   {"minInfo", "least key", -1000000, 1000000},
                                   {"maxInfo", "greatest key", -1000000, 1000000}};
  return korat_subject(
      "BinarySearchTree",
      "binary search trees of int keys with a size, methods add, find, remove (paper 004 Sec. 6; "
      "Korat's SearchTree)",
      ps, [](std::int64_t n) { return params{n, 0, n, 0, std::max<std::int64_t>(n - 1, 0)}; },
      [ps](std::span<const std::int64_t> p) {
        require_ordered(p, 1, 2, ps);
        require_ordered(p, 3, 4, ps);
        const std::vector<smallscope::argument_domain> key = {smallscope::argument_domain::of(smallscope::ints(p[3], p[4]))};
        return smallscope::subject_instance{
            st::fin(p[0], p[1], p[2], p[3], p[4]), smallscope::make_predicate<&st::tree::rep_ok>(),
            {smallscope::make_method<&st::tree::add, &st::add_post>("add", key, "add", "add_post", "adds a key"),
             smallscope::make_method<&bst::find, &bst::find_post>("find", key, "find", "find_post",
                                                                  "whether a key is in the tree"),
             smallscope::make_method<&st::tree::remove, &st::remove_post>("remove", key, "remove", "remove_post",
                                                                          "removes a key")}};
      },
      "subjects/binary_search_tree.hpp");
}
