// SinglyLinkedList, ported from Korat 1.0's example (examples/korat/examples/singlylinkedlist):
// a list with a header entry (holding no element) and a size; the elements are plain objects
// that take part in isomorphism breaking, so the valid counts are Bell numbers. The invariant
// reads the fields in the Java repOK's order, so the counts equal Korat's.
#pragma once

#include <cstdint>

#include "smallscope/fields.hpp"
#include "smallscope/finitization.hpp"
#include "smallscope/small_set.hpp"

namespace subjects::singly_linked_list {

struct element {};  // Korat's SerializableObject: identity only

struct entry {
  smallscope::field<element*> value;
  smallscope::field<entry*> next;
};
SMALLSCOPE_FIELDS(entry, value, next)

struct list {
  smallscope::field<entry*> header;
  smallscope::field<int> size;

  // The header holds no element; the entries after it are acyclic along next, each holds an
  // element, and there are size of them.
  bool rep_ok() const {
    const entry* h = header;
    if (h == nullptr) return false;
    if (h->value != nullptr) return false;
    smallscope::small_set<const entry*> visited;
    visited.insert(h);
    for (const entry* current = h;;) {
      const entry* next = current->next;
      if (next == nullptr) break;
      if (next->value == nullptr) return false;
      if (!visited.insert(next)) return false;
      current = next;
    }
    return static_cast<int>(visited.size()) - 1 == size;
  }
};
SMALLSCOPE_FIELDS(list, header, size)

// Korat's finSinglyLinkedList(minSize, maxSize, numEntries, numElems).
inline smallscope::finitization fin(std::int64_t min_size, std::int64_t max_size, std::int64_t entries,
                                    std::int64_t elements) {
  auto f = smallscope::finitization::of<list>("SinglyLinkedList");
  auto e = f.objects<entry>("Entry", static_cast<std::uint32_t>(entries));
  auto o = f.objects<element>("Object", static_cast<std::uint32_t>(elements));
  f.set(&list::header, e.or_null());
  f.set(&list::size, smallscope::ints(min_size, max_size));
  f.set(&entry::value, o.or_null());
  f.set(&entry::next, e.or_null());
  return f;
}

}  // namespace subjects::singly_linked_list
