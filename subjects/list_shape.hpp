// What the list subjects with a header entry and a size share (Korat 1.0's SinglyLinkedList,
// DoublyLinkedList and SortedList examples; paper 000's LinkedList and SortedList, paper 004's
// SortedSinglyLinkedList): the finitization of the list's fields (paper 000, Sec. 3.2: Korat's
// finSinglyLinkedList, finDoublyLinkedList and finSortedList make the same field domains, in
// the same order); the abstract value of a list ending in null (Sec. 6.3: the list as its
// sequence of elements); and the expected elements after a remove, which the postconditions
// (Sec. 6.1) compare. Of the invariants only the circular lists' walk is here, read for read
// as in Korat's DoublyLinkedList and SortedList repOK; each invariant keeps its own Java
// repOK's order.
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <type_traits>
#include <vector>

#include "smallscope/field.hpp"
#include "smallscope/finitization.hpp"
#include "smallscope/small_set.hpp"

namespace subjects::list_shape {

// Korat's createObjects("Entry", entries): the entries, the header among them.
template <class Entry>
smallscope::class_domain<Entry> entries(smallscope::finitization& f, std::int64_t count) {
  return f.objects<Entry>("Entry", static_cast<std::uint32_t>(count));
}

// The field domains of a list and its entries, in Korat's order: header in {null, entries};
// size in `sizes`; the entry's element field in `elements`; next (and previous, when the entry
// has one) in {null, entries}.
template <class List, class Entry, class T, class Elements>
void set_fields(smallscope::finitization& f, smallscope::class_domain<Entry> entry_objects,
                const smallscope::int_set& sizes, smallscope::field<T> Entry::*element, const Elements& elements) {
  f.set(&List::header, entry_objects.or_null());
  f.set(&List::size, sizes);
  f.set(element, elements);
  f.set(&Entry::next, entry_objects.or_null());
  if constexpr (requires { &Entry::previous; }) f.set(&Entry::previous, entry_objects.or_null());
}

// A list whose elements are plain objects (Korat's createObjects("Object", elements), taking
// part in isomorphism breaking), each entry's `value` null or one of them: Korat's
// finSinglyLinkedList and finDoublyLinkedList(minSize, maxSize, numEntries, numElems).
template <class List, class Entry, class Element>
smallscope::finitization object_list_fin(const char* name, std::int64_t min_size, std::int64_t max_size,
                                         std::int64_t entry_count, std::int64_t element_count) {
  smallscope::finitization f = smallscope::finitization::of<List>(name);
  auto e = entries<Entry>(f, entry_count);
  auto o = f.objects<Element>("Object", static_cast<std::uint32_t>(element_count));
  set_fields<List>(f, e, smallscope::ints(min_size, max_size), &Entry::value, o.or_null());
  return f;
}

// The walk of Korat's DoublyLinkedList and SortedList repOK: from `header` (not null) along
// next, each next's previous pointing back, until an entry is met twice; that entry, or null
// when a next is null or a previous does not point back. Adds the entries to `visited`. Reads
// next, then that entry's previous, entry by entry.
template <class Entry>
const Entry* walk_cycle(const Entry* header, smallscope::small_set<const Entry*>& visited) {
  visited.insert(header);
  const Entry* current = header;
  while (true) {
    const Entry* next = current->next;
    if (next == nullptr) return nullptr;
    if (next->previous != current) return nullptr;
    current = next;
    if (!visited.insert(next)) return current;
  }
}

// The abstract value of a list ending in null (Korat's SinglyLinkedList): the elements after
// the header, in order. The walk stops at the first entry met twice (or after walk_limit
// entries), so it ends on a broken post-state too; then acyclic is false. Plain reads: for
// postconditions.
template <class Value>
struct null_ended_list {
  std::vector<Value> elements;
  bool acyclic = true;
};
inline constexpr std::size_t walk_limit = 10000;

template <class Value, class Entry, class T>
null_ended_list<Value> abstraction(std::type_identity_t<const Entry*> header, smallscope::field<T> Entry::*element) {
  null_ended_list<Value> a;
  smallscope::small_set<const Entry*> visited;
  for (const Entry* e = header == nullptr ? nullptr : header->next.get(); e != nullptr; e = e->next) {
    if (!visited.insert(e) || e == header || visited.size() > walk_limit) {
      a.acyclic = false;
      break;
    }
    a.elements.push_back(e->*element);
  }
  return a;
}

// Erases the first x from `elements` (what remove leaves); whether there was one.
template <class Value, class X>
bool erase_first(std::vector<Value>& elements, const X& x) {
  const auto first = std::find(elements.begin(), elements.end(), x);
  if (first == elements.end()) return false;
  elements.erase(first);
  return true;
}

}  // namespace subjects::list_shape
