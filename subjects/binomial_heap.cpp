// Registers BinomialHeap (Korat 1.0's example; paper 000's insert, extract_min, delete),
// BinomialHeapPair (two heaps for union: paper 000, Table 1; paper 002, Sec. 4's merge) and
// BinomialHeapPairReplicated (paper 002's own layout of the pairs, for generation).
#include "subjects/binomial_heap.hpp"

#include <vector>

#include "smallscope/subject.hpp"
#include "subjects/binomial_heap_pair.hpp"
#include "subjects/registration.hpp"

using namespace subjects::registration;

SMALLSCOPE_SUBJECT(binomial_heap) {
  using namespace subjects::binomial_heap;
  std::vector<fin_parameter> ps = {{"size", "number of nodes (size over 0..size, keys over 1..size)", 1, max_objects}};
  auto s = korat_subject(
      "BinomialHeap", "binomial min-heaps: trees of nodes with key, degree, parent, sibling, child (Korat example)",
      ps, [](std::int64_t n) { return params{n}; },
      [](std::span<const std::int64_t> p) {
        // The key field's domain 1..n (as paper 004's suites: 2n+1 inputs per heap); it holds
        // keys below, equal to, above and absent from the keys of most heaps.
        const std::vector<smallscope::argument_domain> key = {smallscope::argument_domain::of(smallscope::ints(1, p[0]))};
        return smallscope::subject_instance{
            fin(p[0]), smallscope::make_predicate<&heap::rep_ok>(),
            {smallscope::make_method<&heap::insert, &insert_post>("insert", key, "insert", "insert_post",
                                                                  "inserts a key (union with a one-node heap)"),
             smallscope::make_method<&heap::extract_min, &extract_min_post>(
                 "extract_min", {}, "extract_min", "extract_min_post", "removes and returns the least key"),
             smallscope::make_method<&heap::delete_key, &delete_key_post>(
                 "delete", key, "delete_key", "delete_key_post",
                 "removes one copy of a key (decrease to the minimum, then extract_min)")}};
      },
      "subjects/binomial_heap.hpp");
  s.scope_min = 1;
  return s;
}

SMALLSCOPE_SUBJECT(binomial_heap_pair) {
  using namespace subjects::binomial_heap_pair;
  std::vector<fin_parameter> ps = {
      {"size", "each heap as finBinomialHeap(size): 2*size shared nodes, keys over 1..size", 1, max_objects / 2}};
  auto s = korat_subject(
      "BinomialHeapPair", "pairs of binomial heaps with disjoint nodes, for union/merge (paper 002, Sec. 4)", ps,
      [](std::int64_t n) { return params{n}; },
      [](std::span<const std::int64_t> p) {
        smallscope::subject_instance instance{
            fin(p[0]), smallscope::make_predicate<&heap_pair::rep_ok>(),
            {smallscope::make_method<&heap_pair::merge, &merge_post>(
                "merge", {}, "merge", "merge_post", "unions the second heap into the first (paper 000's union)")}};
        instance.eq_class = smallscope::make_eq_class<&heap_pair::eq_class>();
        return instance;
      },
      "subjects/binomial_heap_pair.hpp");
  s.scope_min = 1;
  s.scope_max = max_objects / 2;
  return s;
}

SMALLSCOPE_SUBJECT(binomial_heap_pair_replicated) {
  using namespace subjects::binomial_heap_pair;
  std::vector<fin_parameter> ps = {
      {"size", "each heap as finBinomialHeap(size), over its own size nodes", 1, max_objects / 2}};
  auto s = korat_subject(
      "BinomialHeapPairReplicated",
      "pairs of binomial heaps with the classes replicated, paper 002's layout (generation only)", ps,
      [](std::int64_t n) { return params{n}; },
      [](std::span<const std::int64_t> p) {
        smallscope::subject_instance instance{fin_replicated(p[0]),
                                              smallscope::make_predicate<&replicated_pair::rep_ok>(), {}};
        instance.eq_class = smallscope::make_eq_class<&replicated_pair::eq_class>();
        return instance;
      },
      "subjects/binomial_heap_pair.hpp");
  s.scope_min = 1;
  s.scope_max = max_objects / 2;
  return s;
}
