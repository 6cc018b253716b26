// MergeSortList, the first case study of paper 003 (TestEra, Sec. 2 and Table I): a singly
// linked list of ints (List.header, Node.elem, Node.next) and mergeSort, which sorts it in place
// by relinking its nodes. The invariant is acyclicity; the postcondition is TestEra's: the list
// is acyclic, sorted, and a permutation of the input list. Its spec is
// examples/specs/merge_sort.als, and `smallscope check MergeSortList merge_sort 3 --spec ...`
// checks the method against it (TestEra's 27 inputs).
//
// merge_sort_reversed is the paper's seeded bug: the merge's comparison is reversed, so the list
// comes out in descending order. On lists of exactly 3 nodes over {0, 1, 2} only the 3 constant
// lists pass (Table I: 3 of 27).
#pragma once

#include <cstdint>
#include <map>
#include <vector>

#include "smallscope/fields.hpp"
#include "smallscope/finitization.hpp"
#include "smallscope/oracle.hpp"
#include "smallscope/small_set.hpp"

namespace subjects::merge_sort_list {

struct node {
  smallscope::field<int> elem;
  smallscope::field<node*> next;
};
SMALLSCOPE_FIELDS(node, elem, next)

struct list {
  smallscope::field<node*> header;

  bool rep_ok() const {  // acyclic
    smallscope::small_set<const node*> visited;
    for (const node* n = header; n != nullptr; n = n->next)
      if (!visited.insert(n)) return false;
    return true;
  }

  void merge_sort() { header = sort(header, /*descending=*/false); }
  // DELIBERATE BUG (paper 003, Sec. 2): the comparison of the merge is reversed.
  void merge_sort_reversed() { header = sort(header, /*descending=*/true); }

 private:
  static node* merge(node* a, node* b, bool descending) {
    node* head = nullptr;
    node* tail = nullptr;
    while (a != nullptr && b != nullptr) {
      const bool take_a = descending ? a->elem >= b->elem : a->elem <= b->elem;
      node* taken = take_a ? a : b;
      if (take_a) a = a->next;
      else b = b->next;
      if (tail == nullptr) head = taken;
      else tail->next = taken;
      tail = taken;
    }
    node* rest = a != nullptr ? a : b;
    if (tail == nullptr) return rest;
    tail->next = rest;
    return head;
  }

  static node* sort(node* first, bool descending) {
    if (first == nullptr || first->next == nullptr) return first;
    // Split after the middle: slow moves one node per two of fast.
    node* slow = first;
    for (node* fast = first->next; fast != nullptr && fast->next != nullptr; fast = fast->next->next) slow = slow->next;
    node* second = slow->next;
    slow->next = nullptr;
    return merge(sort(first, descending), sort(second, descending), descending);
  }
};
SMALLSCOPE_FIELDS(list, header)

// The list's elements in order; false when a node repeats (a cycle).
inline bool elements(const list& l, std::vector<int>& out) {
  smallscope::small_set<const node*> visited;
  for (const node* n = l.header; n != nullptr; n = n->next) {
    if (!visited.insert(n)) return false;
    out.push_back(n->elem);
  }
  return true;
}

// TestEra's postcondition of mergeSort (paper 003, Sec. 2): acyclic, sorted, a permutation.
inline void merge_sort_post(smallscope::verdict& v, const list& old, const list& now) {
  std::vector<int> before, after;
  elements(old, before);
  const bool acyclic = elements(now, after);
  v.require(acyclic, "acyclic");
  if (!acyclic) return;
  bool sorted = true;
  for (std::size_t i = 1; i < after.size(); ++i) sorted = sorted && after[i - 1] <= after[i];
  v.require(sorted, "sorted");
  std::map<int, int> count;
  for (int e : before) ++count[e];
  for (int e : after) --count[e];
  bool same = true;
  for (const auto& [e, c] : count) same = same && c == 0;
  v.require(same, "permutation");
}

// `nodes` Node objects, elements 0..values-1.
inline smallscope::finitization fin(std::int64_t nodes, std::int64_t values) {
  auto f = smallscope::finitization::of<list>("List");
  auto n = f.objects<node>("Node", static_cast<std::uint32_t>(nodes));
  f.set(&list::header, n.or_null());
  f.set(&node::elem, smallscope::ints(0, values - 1));
  f.set(&node::next, n.or_null());
  return f;
}

}  // namespace subjects::merge_sort_list
