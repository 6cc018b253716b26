// SortedSinglyLinkedList, the first subject of paper 004's evaluation (Sec. 6, Table 1: "sorted
// singly linked lists taken from Korat's benchmarks", methods get, add and remove). It is Korat
// 1.0's SinglyLinkedList (examples/korat/examples/singlylinkedlist: a header entry holding no
// element, entries along next ending in null, a size) checked with its repOkSorted, whose
// elements are Integers as in Korat's SortedList example (elements 1..elems, 0 standing for
// Java's null). Korat's repOkSorted checks the order in a second loop that runs until it meets
// the header again, which a list ending in null never does. Ours checks each element against
// the one before during repOkCommon's walk (reading header, then along next each entry's
// element and next, then size), so the search prunes an out-of-order element at once; with the
// order checked after the walk it would explore every assignment of elements (38,305,131
// candidates at scope 8 instead of 118,557; 871 million at scope 9).
//
// The target methods are ordinary list code: get(index), add(element) keeping the order (after
// equal elements), and remove(element) (the first occurrence). Their postconditions compare the
// list through its abstraction, the sorted sequence of its elements (a std::vector).
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <vector>

#include "smallscope/fields.hpp"
#include "smallscope/finitization.hpp"
#include "smallscope/oracle.hpp"
#include "smallscope/small_set.hpp"
#include "subjects/list_shape.hpp"

namespace subjects::sorted_singly_linked_list {

// 0 is no element (Korat's null), held only by the header.
inline constexpr int no_element = 0;

struct entry {
  smallscope::field<int> element;
  smallscope::field<entry*> next;
};
SMALLSCOPE_FIELDS(entry, element, next)

struct list {
  smallscope::field<entry*> header;
  smallscope::field<int> size;

  // The element at position index (0 is the first after the header), or no_element when index
  // is out of range. Interesting arguments: the first and last positions, and size.
  int get(int index) const {
    if (index < 0 || index >= size) return no_element;
    const entry* e = header->next;
    for (int i = 0; i < index; ++i) e = e->next;
    return e->element;
  }

  // Inserts element after the elements <= it, so the list stays sorted; returns whether it did
  // (the list holds no null: add(no_element) returns false). Interesting arguments: below,
  // between, equal to and above the present elements.
  bool add(int element) {
    if (element == no_element) return false;
    entry* previous = header;
    while (previous->next != nullptr && previous->next->element <= element) previous = previous->next;
    entry* added = new entry{};
    added->element = element;
    added->next = previous->next;
    previous->next = added;
    ++size;
    return true;
  }

  // Removes the first entry holding element; returns whether it did. The walk stops at the
  // first greater element. Interesting arguments: the first, a middle and the last element, one
  // held twice, and absent ones.
  bool remove(int element) {
    for (entry* previous = header; previous->next != nullptr; previous = previous->next) {
      entry* current = previous->next;
      if (current->element > element) return false;
      if (current->element == element) {
        previous->next = current->next;
        delete current;
        --size;
        return true;
      }
    }
    return false;
  }

  // A header without element; after it, entries acyclic along next, each holding an element
  // not less than the one before; size of them.
  bool rep_ok() const {
    const entry* h = header;
    if (h == nullptr) return false;
    if (h->element != no_element) return false;
    smallscope::small_set<const entry*> visited;
    visited.insert(h);
    for (const entry* current = h;;) {
      const entry* next = current->next;
      if (next == nullptr) break;
      const int element = next->element;
      if (element == no_element) return false;
      if (current != h && current->element > element) return false;  // sorted, checked on the way
      if (!visited.insert(next)) return false;
      current = next;
    }
    return static_cast<int>(visited.size()) - 1 == size;
  }
};
SMALLSCOPE_FIELDS(list, header, size)

// Korat's finSortedList(minSize, maxSize, numEntries, numElems) on the singly linked class:
// size in [minSize, maxSize]; `entries` Entry objects (the header among them) for header and
// next; element in {0 (null), 1..elements}, like Korat's Integer objects outside isomorphism
// breaking. Paper 004's scope n is (0, n-1, n, n): n entries, so lists of 0..n-1 elements.
inline smallscope::finitization fin(std::int64_t min_size, std::int64_t max_size, std::int64_t entries,
                                    std::int64_t elements) {
  auto f = smallscope::finitization::of<list>("SortedSinglyLinkedList");
  auto e = list_shape::entries<entry>(f, entries);
  list_shape::set_fields<list>(f, e, smallscope::ints(min_size, max_size), &entry::element,
                               smallscope::ints(no_element, elements));
  return f;
}

// Postconditions (paper 000, Sec. 6.1): `old` is a deep copy of the pre-state, `now` the
// post-state. They compare abstract values (Sec. 6.3: the list as its sequence of elements)
// and never write fields.

// The abstract value (list_shape.hpp): the elements after the header, in order; acyclic is
// false when the walk meets an entry twice.
using abstract_list = list_shape::null_ended_list<int>;

inline abstract_list abstraction(const list& l) { return list_shape::abstraction<int>(l.header, &entry::element); }

// The clauses every method's post-state meets.
inline void require_list(smallscope::verdict& v, const list& now, const abstract_list& after) {
  v.require(now.header != nullptr, "the list has its header");
  v.require(after.acyclic, "structure is acyclic");
  v.require(std::is_sorted(after.elements.begin(), after.elements.end()), "elements are sorted");
}

inline void get_post(smallscope::verdict& v, const list& old, const list& now, int result, int index) {
  const abstract_list before = abstraction(old);
  const abstract_list after = abstraction(now);
  const bool in_range = index >= 0 && static_cast<std::size_t>(index) < before.elements.size();
  require_list(v, now, after);
  v.require(result == (in_range ? before.elements[static_cast<std::size_t>(index)] : no_element),
            "result is the element at index, or no element when index is out of range");
  v.require(after.elements == before.elements && now.size == old.size, "the list is unchanged");
}

inline void add_post(smallscope::verdict& v, const list& old, const list& now, bool result, int element) {
  const abstract_list before = abstraction(old);
  const abstract_list after = abstraction(now);
  const bool added = element != no_element;
  std::vector<int> expected = before.elements;
  if (added) expected.insert(std::upper_bound(expected.begin(), expected.end(), element), element);
  require_list(v, now, after);
  v.require(result == added, "result is true iff element is an element (not null)");
  v.require(after.elements == expected, "elements are the old elements with element inserted in order");
  v.require(now.size == old.size + (added ? 1 : 0), "size grows by one exactly when element is added");
}

inline void remove_post(smallscope::verdict& v, const list& old, const list& now, bool result, int element) {
  const abstract_list before = abstraction(old);
  const abstract_list after = abstraction(now);
  std::vector<int> expected = before.elements;
  const bool removed = list_shape::erase_first(expected, element);
  require_list(v, now, after);
  v.require(result == removed, "result is true iff element was in the list");
  v.require(after.elements == expected, "elements are the old elements with one element fewer");
  v.require(now.size == old.size - (removed ? 1 : 0), "size shrinks by one exactly when element is removed");
}

}  // namespace subjects::sorted_singly_linked_list
