// Registers MergeSortList (paper 003, Sec. 2: TestEra's list case study) with the command line:
// `smallscope gen MergeSortList n` is lists of up to n nodes over elements 0..n-1.
#include <vector>

#include "smallscope/check.hpp"
#include "smallscope/subject.hpp"
#include "subjects/merge_sort_list.hpp"
#include "subjects/registration.hpp"

using namespace subjects::registration;

SMALLSCOPE_SUBJECT(merge_sort_list) {
  using namespace subjects::merge_sort_list;
  std::vector<fin_parameter> ps = {size_bound("nodes", "number of Node objects"),
                                   {"values", "number of element values (elements range over 0..values-1)", 1, 1000000}};
  return korat_subject(
      "MergeSortList", "singly linked lists of ints sorted by mergeSort (paper 003, TestEra's list case study)", ps,
      [](std::int64_t n) { return params{n, std::max<std::int64_t>(n, 1)}; },
      [](std::span<const std::int64_t> p) {
        return smallscope::subject_instance{
            fin(p[0], p[1]), smallscope::make_predicate<&list::rep_ok>(),
            {smallscope::make_method<&list::merge_sort, &merge_sort_post>("merge_sort", {}, "merge_sort",
                                                                           "merge_sort_post", "sorts the list in place"),
             smallscope::make_method<&list::merge_sort_reversed, &merge_sort_post>(
                 "merge_sort_reversed", {}, "merge_sort_reversed", "merge_sort_post",
                 "DELIBERATE BUG: mergeSort with the comparison reversed (paper 003's seeded bug)")}};
      },
      "subjects/merge_sort_list.hpp");
}
