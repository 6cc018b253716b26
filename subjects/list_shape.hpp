// What the list subjects with a header entry and a size share (Korat 1.0's SinglyLinkedList,
// DoublyLinkedList and SortedList examples; paper 000's LinkedList and SortedList, paper 004's
// SortedSinglyLinkedList): the finitization of the list's fields (paper 000, Sec. 3.2: Korat's
// finSinglyLinkedList, finDoublyLinkedList and finSortedList make the same field domains, in
// the same order). The invariants are not here: each reads the fields in its own Java repOK's
// order.
#pragma once

#include <cstdint>

#include "smallscope/field.hpp"
#include "smallscope/finitization.hpp"

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

}  // namespace subjects::list_shape
