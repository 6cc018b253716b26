// Registers SortedList (Korat 1.0's example; paper 000's SortedList benchmark, Table 1) and the
// input classes of two of its methods (paper 000, Fig. 8): SortedListSort, the lists sort takes
// (any order), and SortedListPair, merge's this and argument. At (0, s, s+1, s) the four methods'
// inputs add up to paper 000 Table 4's SortedList counts.
#include "subjects/sorted_list.hpp"

#include <string>
#include <vector>

#include "smallscope/subject.hpp"
#include "subjects/registration.hpp"

using namespace subjects::registration;

namespace {

// Korat's finSortedList(minSize, maxSize, numEntries, numElems) has no one-argument form; the
// command line's scope n is (n, n, n+1, n), the form of korat-counts.tsv's rows.
std::vector<fin_parameter> sorted_list_parameters() {
  return {size_bound("minSize", "least value of size"), size_bound("maxSize", "greatest value of size"),
          size_bound("entries", "number of Entry objects (the header included)"),
          size_bound("elems", "number of Integer objects: elements range over null, 1..elems")};
}

}  // namespace

SMALLSCOPE_SUBJECT(sorted_list) {
  namespace sl = subjects::sorted_list;
  auto ps = sorted_list_parameters();
  return korat_subject(
      "SortedList",
      "sorted circular doubly linked lists of Integers with a header entry and a size (Korat example; "
      "scope n = (n, n, n+1, n))",
      ps, [](std::int64_t n) { return params{n, n, n + 1, n}; },
      [ps](std::span<const std::int64_t> p) {
        require_ordered(p, 0, 1, ps);
        // x in 1..elems, never null (a sorted list has no null; Table 4 counts no null x).
        const std::vector<smallscope::argument_domain> integer = {smallscope::argument_domain::objects("Integer", false)};
        return smallscope::subject_instance{
            sl::fin(p[0], p[1], p[2], p[3]), smallscope::make_predicate<&sl::sorted_list::rep_ok>(),
            {smallscope::make_method<&sl::sorted_list::insert, &sl::insert_post>(
                 "insert", integer, "insert", "insert_post", "inserts an Integer in sorted position"),
             smallscope::make_method<&sl::sorted_list::remove, &sl::remove_post>(
                 "remove", integer, "remove", "remove_post", "removes the first entry holding an Integer"),
             smallscope::make_method<&sl::sorted_list::sort, &sl::sort_post>("sort", {}, "sort", "sort_post",
                                                                             "sorts the elements (stable)")}};
      },
      "subjects/sorted_list.hpp");
}

// sort's input: lists with SortedList's structure and non-null elements in any order. Scope n is
// (0, n, n+1, n), paper 000 Table 4's scope.
SMALLSCOPE_SUBJECT(sorted_list_sort) {
  namespace sl = subjects::sorted_list;
  auto ps = sorted_list_parameters();
  return korat_subject(
      "SortedListSort",
      "the input class of SortedList.sort: SortedList's structure with the elements in any order (scope n = "
      "(0, n, n+1, n))",
      ps, [](std::int64_t n) { return params{0, n, n + 1, n}; },
      [ps](std::span<const std::int64_t> p) {
        require_ordered(p, 0, 1, ps);
        return smallscope::subject_instance{
            sl::fin(p[0], p[1], p[2], p[3]), smallscope::make_predicate<&sl::sorted_list::rep_ok_any_order>(),
            {smallscope::make_method<&sl::sorted_list::sort, &sl::sort_post>(
                "sort", {}, "sort", "sort_post", "sorts the elements (stable); the result must be a SortedList")}};
      },
      "subjects/sorted_list.hpp");
}

// merge's input: two different SortedLists from one pool of entries. Scope n is (0, n, n+1, n),
// paper 000 Table 4's: both headers and n-1 more entries.
SMALLSCOPE_SUBJECT(sorted_list_pair) {
  namespace sl = subjects::sorted_list;
  std::vector<fin_parameter> ps = {size_bound("minSize", "least size of each list"),
                                   size_bound("maxSize", "greatest size of each list"),
                                   size_bound("entries", "number of Entry objects shared by both lists (headers included)"),
                                   size_bound("elems", "number of Integer objects: elements range over null, 1..elems")};
  return korat_subject(
      "SortedListPair",
      "the input class of SortedList.merge: this and another list, from one pool of entries (scope n = "
      "(0, n, n+1, n))",
      ps, [](std::int64_t n) { return params{0, n, n + 1, n}; },
      [ps](std::span<const std::int64_t> p) {
        require_ordered(p, 0, 1, ps);
        return smallscope::subject_instance{
            sl::pair_fin(p[0], p[1], p[2], p[3]), smallscope::make_predicate<&sl::sorted_list_pair::rep_ok>(),
            {smallscope::make_method<&sl::merge, &sl::merge_post>(
                "merge", {}, "merge", "merge_post",
                "this.merge(other): moves other's entries into this in sorted order")}};
      },
      "subjects/sorted_list.hpp");
}
