// BinomialHeapPair: two binomial heaps side by side, the input of a binary operation: paper
// 000's union (Table 1) and paper 002's "pairs of binomial heaps (merge)" case study (Sec. 4),
// which replicates Korat 1.0's BinomialHeap example (examples/korat/examples/binheap) for the
// two heaps with disjoint domains.
//
// heap_pair (subject BinomialHeapPair, with the target method merge): the two heaps share one
// node class, so one class domain of 2n nodes, and the invariant checks each heap with Korat's
// BinomialHeap invariant in turn, with one visited set, so a node of the first heap cannot be in
// the second. Isomorphism breaking then gives the second heap the nodes after the first heap's,
// so the valid pairs are exactly the pairs of two valid finBinomialHeap(n) heaps: 936 x 936 =
// 876,096 at n = 5, paper 002's count. replicated_pair (BinomialHeapPairReplicated) is paper
// 002's layout, for generation only; it also explores exactly paper 002's candidates.
#pragma once

#include <bit>
#include <cstdint>
#include <set>

#include "smallscope/fields.hpp"
#include "smallscope/finitization.hpp"
#include "smallscope/oracle.hpp"
#include "subjects/binomial_heap.hpp"

namespace subjects::binomial_heap_pair {

using binomial_heap::heap;
using binomial_heap::node;

// Paper 002's black-box criterion for merge (Sec. 4): seven predicates over the two heaps (either
// empty; more elements in the first, or as many; a greater degree in the first, or the same; a
// tree degree both have). In a valid heap of n keys the trees' degrees are the 1-bits of n, so
// the heap's degree (its greatest tree's) and its tree degrees follow from its size: the
// criterion reads only the two sizes, and with --eq-class the search prunes every candidate that
// keeps both sizes. This reading reproduces paper 002's Korat+ column exactly (explored and
// valid at scopes 2 to 6, e.g. 647,410 and 1,872 at 5).
struct heap_profile {
  int size = 0;
  int degree = -1;                 // -1 for an empty heap
  std::uint64_t tree_degrees = 0;  // bit d: a tree of degree d
};

template <class Heap>
heap_profile profile(const Heap& h) {
  heap_profile p;
  p.size = h.size;
  p.tree_degrees = static_cast<std::uint64_t>(p.size);
  p.degree = p.size > 0 ? std::bit_width(p.tree_degrees) - 1 : -1;
  return p;
}

template <class A, class B>
std::uint64_t merge_class(const A& first, const B& second) {
  const heap_profile a = profile(first);
  const heap_profile b = profile(second);
  const bool predicates[] = {a.size == 0,         b.size == 0,           a.size > b.size,
                             a.size == b.size,    a.degree > b.degree,   a.degree == b.degree,
                             (a.tree_degrees & b.tree_degrees) != 0};
  std::uint64_t bits = 0;
  for (const bool p : predicates) bits = bits << 1 | (p ? 1 : 0);
  return bits;
}

struct heap_pair {
  smallscope::field<heap*> first;
  smallscope::field<heap*> second;

  // Unions the second heap into the first and leaves the second empty (CLR's
  // BINOMIAL-HEAP-UNION; paper 000's union, paper 002's merge). No argument: the interesting
  // inputs are the pairs themselves (either heap empty, equal sizes, trees of equal degree).
  void merge() { first->union_with(*second); }

  // Both heaps valid, in turn, with disjoint nodes; the two heap objects distinct.
  bool rep_ok() const {
    const heap* a = first;
    const heap* b = second;
    if (a == nullptr || b == nullptr || a == b) return false;
    binomial_heap::node_set visited;
    return a->rep_ok_with(visited) && b->rep_ok_with(visited);
  }

  std::uint64_t eq_class() const { return merge_class(*first, *second); }
};
SMALLSCOPE_FIELDS(heap_pair, first, second)

// Two heaps, each within Korat's finBinomialHeap(n): heap objects First and Second (one each),
// 2n nodes shared by both; size in [0, n]; key in [1, n]; degree in [0, n].
inline smallscope::finitization fin(std::int64_t n) {
  binomial_heap::require_scope(n, "BinomialHeapPair");
  auto f = smallscope::finitization::of<heap_pair>("BinomialHeapPair");
  auto first = f.objects<heap>("First", 1);
  auto second = f.objects<heap>("Second", 1);
  auto nodes = f.objects<node>("BinomialHeapNode", static_cast<std::uint32_t>(2 * n));
  f.set(&heap_pair::first, first.only());
  f.set(&heap_pair::second, second.only());
  binomial_heap::set_heap_fields(f, nodes, n);
  return f;
}

// Paper 002's own layout: the heap and node classes replicated for the two heaps (copies 1 and
// 2 of the templates), each heap over its own n nodes, each checked by its own invariant. The
// valid pairs are the same as heap_pair's; the search explores far fewer candidates (no field
// can point into the other heap), exactly paper 002's counts. Generation only: a union needs
// both heaps to have one node class.
struct replicated_pair {
  smallscope::field<binomial_heap::basic_heap<1>*> first;
  smallscope::field<binomial_heap::basic_heap<2>*> second;

  bool rep_ok() const {
    const binomial_heap::basic_heap<1>* a = first;
    if (a == nullptr || !a->rep_ok()) return false;
    const binomial_heap::basic_heap<2>* b = second;
    return b != nullptr && b->rep_ok();
  }

  std::uint64_t eq_class() const { return merge_class(*first, *second); }
};
SMALLSCOPE_FIELDS(replicated_pair, first, second)

inline smallscope::finitization fin_replicated(std::int64_t n) {
  binomial_heap::require_scope(n, "BinomialHeapPairReplicated");
  auto f = smallscope::finitization::of<replicated_pair>("BinomialHeapPairReplicated");
  auto first = f.objects<binomial_heap::basic_heap<1>>("First", 1);
  auto first_nodes = f.objects<binomial_heap::basic_node<1>>("FirstNode", static_cast<std::uint32_t>(n));
  auto second = f.objects<binomial_heap::basic_heap<2>>("Second", 1);
  auto second_nodes = f.objects<binomial_heap::basic_node<2>>("SecondNode", static_cast<std::uint32_t>(n));
  f.set(&replicated_pair::first, first.only());
  f.set(&replicated_pair::second, second.only());
  binomial_heap::set_heap_fields(f, first_nodes, n);
  binomial_heap::set_heap_fields(f, second_nodes, n);
  return f;
}

// merge's postcondition (paper 000, Sec. 6.1 and 6.3): the first heap's keys are the union (as
// multisets) of the old heaps' keys, the second heap is empty, and the sizes add up.
inline void merge_post(smallscope::verdict& v, const heap_pair& old, const heap_pair& now) {
  const bool two_heaps = now.first != nullptr && now.second != nullptr && now.first != now.second.get();
  v.require(two_heaps, "the pair keeps two distinct heaps");
  if (!two_heaps) return;
  const binomial_heap::abstract_heap old_first = binomial_heap::abstraction(*old.first);
  const binomial_heap::abstract_heap old_second = binomial_heap::abstraction(*old.second);
  const binomial_heap::abstract_heap first = binomial_heap::abstraction(*now.first);
  const binomial_heap::abstract_heap second = binomial_heap::abstraction(*now.second);
  std::multiset<int> expected = old_first.keys;
  expected.insert(old_second.keys.begin(), old_second.keys.end());
  v.require(first.trees && second.trees, "no node is reached twice");
  v.require(first.keys == expected, "the first heap's keys are the old keys of both heaps");
  v.require(now.second->nodes == nullptr && now.second->size == 0, "the second heap is empty");
  v.require(now.first->size == old.first->size + old.second->size, "the first heap's size is the sum of the sizes");
}

}  // namespace subjects::binomial_heap_pair
