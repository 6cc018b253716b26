// Registers SortedSinglyLinkedList (paper 004, Sec. 6) with the command line: Korat's
// finSortedList parameters on the singly linked class, and paper 004's scope n = (0, n-1, n, n).
#include <algorithm>
#include <vector>

#include "smallscope/subject.hpp"
#include "subjects/registration.hpp"
#include "subjects/sorted_singly_linked_list.hpp"

using namespace subjects::registration;

SMALLSCOPE_SUBJECT(sorted_singly_linked_list) {
  using namespace subjects::sorted_singly_linked_list;
  std::vector<fin_parameter> ps = {size_bound("minSize", "least value of size"),
                                   size_bound("maxSize", "greatest value of size"),
                                   size_bound("entries", "number of Entry objects, the header among them"),
                                   {"elements", "number of elements (elements range over 1..elements)", 0, 1000000}};
  return korat_subject(
      "SortedSinglyLinkedList",
      "sorted singly linked lists of ints with a header entry and a size (paper 004 Sec. 6; Korat's "
      "SinglyLinkedList with repOkSorted)",
      ps, [](std::int64_t n) { return params{0, std::max<std::int64_t>(n - 1, 0), n, n}; },
      [ps](std::span<const std::int64_t> p) {
        require_ordered(p, 0, 1, ps);
        // get's index ranges over every position of the longest list, and one past the end of
        // the shorter ones; add's and remove's element over the elements.
        const std::vector<smallscope::argument_domain> index = {smallscope::argument_domain::of(smallscope::ints(0, p[1]))};
        const std::vector<smallscope::argument_domain> element = {
            smallscope::argument_domain::of(smallscope::ints(1, std::max<std::int64_t>(p[3], 1)))};
        return smallscope::subject_instance{
            fin(p[0], p[1], p[2], p[3]), smallscope::make_predicate<&list::rep_ok>(),
            {smallscope::make_method<&list::get, &get_post>("get", index, "get", "get_post",
                                                            "the element at an index (0 when out of range)"),
             smallscope::make_method<&list::add, &add_post>("add", element, "add", "add_post",
                                                            "inserts an element in order"),
             smallscope::make_method<&list::remove, &remove_post>("remove", element, "remove", "remove_post",
                                                                  "removes the first occurrence of an element")}};
      },
      "subjects/sorted_singly_linked_list.hpp");
}
