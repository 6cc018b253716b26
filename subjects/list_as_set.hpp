// ListAsSet: paper 002's first case study (Sec. 3's running example and Sec. 4, "listAsSet").
// The input is a pair (l, s): an arbitrary acyclic singly linked list of ints l, and a strictly
// sorted acyclic singly linked list of ints s (a set). Both lists are paper 002's Sec. 2
// SortedSinglyLinkedList, a variant of Korat 1.0's SinglyLinkedList example
// (examples/korat/examples/singlylinkedlist): a dummy header node holding no element, the
// elements in the nodes after it, and a size. l's and s's nodes are of two classes (Node and
// SetNode), so their class domains are disjoint and each has its own bound.
//
// Elements are Korat's Integer objects of SortedList (not isomorphism-checked, null allowed):
// here an int field over 0..values, where 0 (no_element) stands for null and 1..values are the
// elements. The invariant checks l, then s (paper 002, Sec. 3: "checks first whether l is
// acyclic, and if so, it then checks whether s is acyclic and strictly sorted"), each with
// SinglyLinkedList's repOK, and then s's order; with this reading the valid and explored counts,
// plain and with eqClass pruning, equal paper 002's table on every scope.
//
// eq_class() is the paper's black-box criterion: one bit per predicate (l empty, l has repeated
// elements, l sorted (non-decreasing), s empty). The target methods are the paper's listAsSet
// (does s hold exactly l's elements?) and listToSet (Sec. 4.1's mutation experiment: rebuild s
// from l).
#pragma once

#include <cstdint>
#include <set>
#include <vector>

#include "smallscope/fields.hpp"
#include "smallscope/finitization.hpp"
#include "smallscope/oracle.hpp"
#include "smallscope/small_set.hpp"

namespace subjects::list_as_set {

inline constexpr int no_element = 0;  // Korat's null Integer

struct node {
  smallscope::field<int> elem;
  smallscope::field<node*> next;
};
SMALLSCOPE_FIELDS(node, elem, next)

struct set_node {
  smallscope::field<int> elem;
  smallscope::field<set_node*> next;
};
SMALLSCOPE_FIELDS(set_node, elem, next)

// The criterion's predicates, one bit each (eq_class()).
enum class_bit : std::uint64_t { l_empty = 1, l_repeats = 2, l_sorted = 4, s_empty = 8 };

struct list_as_set {
  smallscope::field<node*> header;  // l
  smallscope::field<int> size;
  smallscope::field<set_node*> set_header;  // s
  smallscope::field<int> set_size;

  // l is acyclic, s is acyclic and strictly sorted; both have their header and their size. s is
  // checked as a list first, then for order in a second pass: this reading reproduces paper
  // 002's explored counts exactly (checking the order during the walk prunes more: 731
  // candidates instead of 1,121 at scope 0-2,0-2,3,3,3, with the same Korat+ counts).
  bool rep_ok() const {
    return list_ok(header, size) && list_ok(set_header, set_size) && strictly_sorted(set_header);
  }

  // Paper 002, Sec. 3: the class of a valid pair under the criterion "all combinations of: l
  // empty, l has repeated elements, l sorted, s empty". Reads l's nodes and s's first link only.
  std::uint64_t eq_class() const {
    const node* first = header.get()->next;
    bool repeats = false;
    bool sorted = true;
    for (const node* a = first; a != nullptr; a = a->next) {
      const node* b = a->next;
      if (b != nullptr && b->elem < a->elem) sorted = false;
      for (const node* x = b; x != nullptr; x = x->next)
        if (x->elem == a->elem) repeats = true;
    }
    std::uint64_t c = 0;
    if (first == nullptr) c |= l_empty;
    if (repeats) c |= l_repeats;
    if (sorted) c |= l_sorted;
    if (set_header.get()->next == nullptr) c |= s_empty;
    return c;
  }

  // The paper's listAsSet: whether s holds exactly the elements of l (ignoring order and
  // repetitions). s is strictly sorted, so this is: every element of l is in s, and every element
  // of s is in l. Reads only; allocates nothing.
  bool is_set_of_list() const {
    for (const node* n = header.get()->next; n != nullptr; n = n->next)
      if (!set_contains(n->elem)) return false;
    for (const set_node* m = set_header.get()->next; m != nullptr; m = m->next)
      if (!list_contains(m->elem)) return false;
    return true;
  }

  // listToSet (paper 002, Sec. 4.1): makes s the set of l's elements, sorted, by inserting each
  // element of l in order into a fresh sorted list; s's old nodes (its header excepted) are
  // deleted. l is unchanged.
  void to_set() {
    set_node* h = set_header;
    for (set_node* m = h->next; m != nullptr;) {
      set_node* following = m->next;
      delete m;
      m = following;
    }
    h->next = nullptr;
    int count = 0;
    for (const node* n = header.get()->next; n != nullptr; n = n->next) {
      const int e = n->elem;
      set_node* previous = h;
      while (previous->next != nullptr && previous->next.get()->elem < e) previous = previous->next;
      if (previous->next != nullptr && previous->next.get()->elem == e) continue;
      set_node* added = new set_node{};
      added->elem = e;
      added->next = previous->next.get();
      previous->next = added;
      ++count;
    }
    set_size = count;
  }

 private:
  // Korat's SinglyLinkedList repOK: the header holds no element; the nodes after it are
  // acyclic and each holds an element; there are size of them. Fields are read in that order,
  // size last.
  template <class Node>
  static bool list_ok(const smallscope::field<Node*>& header_field, const smallscope::field<int>& size_field) {
    const Node* h = header_field;
    if (h == nullptr) return false;
    if (h->elem != no_element) return false;
    smallscope::small_set<const Node*> visited;
    visited.insert(h);
    for (const Node* current = h;;) {
      const Node* next = current->next;
      if (next == nullptr) break;
      if (next->elem == no_element) return false;
      if (!visited.insert(next)) return false;
      current = next;
    }
    return static_cast<int>(visited.size()) - 1 == size_field;
  }

  // The elements of an acyclic list, in increasing order (reads only fields list_ok read).
  static bool strictly_sorted(const set_node* h) {
    for (const set_node* n = h->next; n != nullptr && n->next != nullptr; n = n->next)
      if (!(n->elem < n->next.get()->elem)) return false;
    return true;
  }

  bool set_contains(int e) const {
    for (const set_node* m = set_header.get()->next; m != nullptr; m = m->next)
      if (m->elem == e) return true;
    return false;
  }
  bool list_contains(int e) const {
    for (const node* n = header.get()->next; n != nullptr; n = n->next)
      if (n->elem == e) return true;
    return false;
  }
};
SMALLSCOPE_FIELDS(list_as_set, header, size, set_header, set_size)

// The finitization of paper 002's table, scope "minSize-maxSize, minSetSize-maxSetSize, nodes,
// setNodes, values": sizes of l and s, the Node and SetNode objects (headers included, so a list
// of k nodes holds at most k-1 elements), and the number of int values (elements 1..values).
inline smallscope::finitization fin(std::int64_t min_size, std::int64_t max_size, std::int64_t min_set_size,
                                    std::int64_t max_set_size, std::int64_t nodes, std::int64_t set_nodes,
                                    std::int64_t values) {
  auto f = smallscope::finitization::of<list_as_set>("ListAsSet");
  auto n = f.objects<node>("Node", static_cast<std::uint32_t>(nodes));
  auto m = f.objects<set_node>("SetNode", static_cast<std::uint32_t>(set_nodes));
  f.set(&list_as_set::header, n.or_null());
  f.set(&list_as_set::size, smallscope::ints(min_size, max_size));
  f.set(&list_as_set::set_header, m.or_null());
  f.set(&list_as_set::set_size, smallscope::ints(min_set_size, max_set_size));
  f.set(&node::elem, smallscope::ints(no_element, values));
  f.set(&node::next, n.or_null());
  f.set(&set_node::elem, smallscope::ints(no_element, values));
  f.set(&set_node::next, m.or_null());
  return f;
}

// Postconditions (paper 000, Sec. 6.1): `old` is a deep copy of the pre-state, `now` the
// post-state; they compare abstract values and never write fields.

// The abstract value: l as its sequence of elements, s as its sequence. The walks stop at the
// first node met twice (or after walk_limit nodes); then acyclic is false.
struct abstract_pair {
  std::vector<int> l;
  std::vector<int> s;
  bool acyclic = true;
};
inline constexpr std::size_t walk_limit = 10000;

template <class Node>
void walk(const Node* h, std::vector<int>& out, bool& acyclic) {
  std::set<const Node*> visited;
  for (const Node* n = h == nullptr ? nullptr : h->next.get(); n != nullptr; n = n->next) {
    if (n == h || !visited.insert(n).second || visited.size() > walk_limit) {
      acyclic = false;
      return;
    }
    out.push_back(n->elem);
  }
}

inline abstract_pair abstraction(const list_as_set& p) {
  abstract_pair a;
  walk<node>(p.header, a.l, a.acyclic);
  walk<set_node>(p.set_header, a.s, a.acyclic);
  return a;
}

// The set of l's elements, in increasing order (std::set is the model).
inline std::vector<int> set_of(const std::vector<int>& l) {
  const std::set<int> s(l.begin(), l.end());
  return {s.begin(), s.end()};
}

inline void is_set_of_list_post(smallscope::verdict& v, const list_as_set& old, const list_as_set& now, bool result) {
  const abstract_pair before = abstraction(old);
  const abstract_pair after = abstraction(now);
  v.require(result == (set_of(before.l) == before.s), "result is true iff s is the set of l's elements");
  v.require(after.acyclic && after.l == before.l && after.s == before.s, "l and s are unchanged");
}

inline void to_set_post(smallscope::verdict& v, const list_as_set& old, const list_as_set& now) {
  const abstract_pair before = abstraction(old);
  const abstract_pair after = abstraction(now);
  v.require(now.header != nullptr && now.set_header != nullptr, "l and s keep their headers");
  v.require(after.acyclic, "structure is acyclic");
  v.require(after.l == before.l, "l is unchanged");
  v.require(after.s == set_of(before.l), "s is the set of l's elements, strictly sorted");
  v.require(now.set_size == static_cast<int>(after.s.size()), "s's size is its number of elements");
}

}  // namespace subjects::list_as_set
