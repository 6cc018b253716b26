// DoublyLinkedList, ported from Korat 1.0's example (examples/korat/examples/doublylinkedlist):
// a circular list of entries with next and previous, through a header entry, and a size; the
// elements are plain objects that take part in isomorphism breaking. The invariant reads the
// fields in the Java repOK's order, so the counts equal Korat's.
#pragma once

#include <cstdint>

#include "smallscope/fields.hpp"
#include "smallscope/finitization.hpp"
#include "smallscope/small_set.hpp"

namespace subjects::doubly_linked_list {

struct element {};  // Korat's ListObject: identity only

struct entry {
  smallscope::field<element*> value;
  smallscope::field<entry*> next;
  smallscope::field<entry*> previous;
};
SMALLSCOPE_FIELDS(entry, value, next, previous)

struct list {
  smallscope::field<entry*> header;
  smallscope::field<int> size;

  // An empty list is a header without element linked to itself with size 0. Otherwise,
  // following next from the header returns to it, each entry's next points back with previous,
  // and the cycle has size entries.
  bool rep_ok() const {
    const entry* h = header;
    if (h == nullptr) return false;
    if (h->value == nullptr) return size == 0 && h->next == h && h->previous == h;
    smallscope::small_set<const entry*> visited;
    visited.insert(h);
    const entry* current = h;
    while (true) {
      const entry* next = current->next;
      if (next == nullptr) return false;
      if (next->previous != current) return false;
      current = next;
      if (!visited.insert(next)) break;
    }
    if (current != h) return false;
    return static_cast<int>(visited.size()) == size;
  }
};
SMALLSCOPE_FIELDS(list, header, size)

// Korat's finDoublyLinkedList(minSize, maxSize, numEntries, numElems).
inline smallscope::finitization fin(std::int64_t min_size, std::int64_t max_size, std::int64_t entries,
                                    std::int64_t elements) {
  auto f = smallscope::finitization::of<list>("DoublyLinkedList");
  auto e = f.objects<entry>("Entry", static_cast<std::uint32_t>(entries));
  auto o = f.objects<element>("Object", static_cast<std::uint32_t>(elements));
  f.set(&list::header, e.or_null());
  f.set(&list::size, smallscope::ints(min_size, max_size));
  f.set(&entry::value, o.or_null());
  f.set(&entry::next, e.or_null());
  f.set(&entry::previous, e.or_null());
  return f;
}

}  // namespace subjects::doubly_linked_list
