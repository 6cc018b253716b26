// Registers FibonacciHeap (Korat 1.0's example, finFibonacciHeap(n)) with the target methods
// insert, extract_min and delete of paper 000, Table 1, and FibonacciHeapPair, two heaps over
// one pool of nodes, for union (subjects/fibonacci_heap.hpp).
#include <algorithm>
#include <vector>

#include "smallscope/subject.hpp"
#include "subjects/fibonacci_heap.hpp"
#include "subjects/registration.hpp"

using namespace subjects::registration;

namespace {

// Keys for insert and delete: the finitization's keys 0..n-1 and n, a key above every key
// (absent from every heap, for delete).
std::vector<smallscope::argument_domain> key_argument(std::int64_t n) {
  return {smallscope::argument_domain::of(smallscope::ints(0, std::max<std::int64_t>(n, 0)))};
}

}  // namespace

SMALLSCOPE_SUBJECT(fibonacci_heap) {
  using namespace subjects::fibonacci_heap;
  std::vector<fin_parameter> ps = {
      size_bound("nodes", "number of Node objects (size over 0..nodes, key and degree over 0..nodes-1)")};
  return korat_subject(
      "FibonacciHeap", "Fibonacci heaps: forests of circular sibling lists with a min pointer (Korat example)", ps,
      [](std::int64_t n) { return params{n}; },
      [](std::span<const std::int64_t> p) {
        const auto key = key_argument(p[0]);
        return smallscope::subject_instance{
            fin(p[0]), smallscope::make_predicate<&heap::rep_ok>(),
            {smallscope::make_method<&heap::insert, &insert_post>("insert", key, "insert", "insert_post",
                                                                  "inserts a key (FIB-HEAP-INSERT)"),
             smallscope::make_method<&heap::extract_min, &extract_min_post>(
                 "extract_min", {}, "extract_min", "extract_min_post",
                 "removes and returns a least key (FIB-HEAP-EXTRACT-MIN, consolidate)"),
             smallscope::make_method<&heap::remove, &remove_post>(
                 "delete", key, "remove", "remove_post",
                 "deletes a node holding a key (FIB-HEAP-DELETE: decrease, cut, cascading_cut, extract_min)"),
             smallscope::make_method<&heap::remove_mutant, &remove_post>(
                 "delete_mutant", key, "remove_mutant", "remove_post",
                 "seeded bug: delete whose cut leaves the parent's degree unchanged")}};
      },
      "subjects/fibonacci_heap.hpp");
}

SMALLSCOPE_SUBJECT(fibonacci_heap_pair) {
  using namespace subjects::fibonacci_heap;
  std::vector<fin_parameter> ps = {
      size_bound("nodes", "number of Node objects shared by the two heaps (domains as FibonacciHeap's)")};
  return korat_subject(
      "FibonacciHeapPair", "two Fibonacci heaps over one pool of nodes: the input of union", ps,
      [](std::int64_t n) { return params{n}; },
      [](std::span<const std::int64_t> p) {
        return smallscope::subject_instance{
            fin_pair(p[0]), smallscope::make_predicate<&heap_pair::rep_ok>(),
            {smallscope::make_method<&heap_pair::unite, &unite_post>(
                "union", {}, "unite", "unite_post", "first.union(second): splices the root lists (FIB-HEAP-UNION)")}};
      },
      "subjects/fibonacci_heap.hpp");
}
