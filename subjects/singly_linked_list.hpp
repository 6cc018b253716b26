// SinglyLinkedList, ported from Korat 1.0's example (examples/korat/examples/singlylinkedlist):
// a list with a header entry (holding no element) and a size; the elements are plain objects
// that take part in isomorphism breaking, so the valid counts are Bell numbers. The invariant
// reads the fields in the Java repOK's order, so the counts equal Korat's.
//
// The target methods add (append) and remove (the first occurrence) are in the style of
// java.util's lists; their postconditions are the oracle of black-box testing (paper 000,
// Sec. 6.1). remove_null_deref is a deliberate bug (a mutant, Sec. 7) that dereferences null.
#pragma once

#include <cstdint>
#include <vector>

#include "smallscope/fields.hpp"
#include "smallscope/finitization.hpp"
#include "smallscope/generators.hpp"
#include "smallscope/oracle.hpp"
#include "smallscope/small_set.hpp"
#include "subjects/list_shape.hpp"

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

  // Appends o; returns whether it did. The entries after the header hold elements, so the list
  // takes no null: add(nullptr) returns false. The elements are not the list's: it neither
  // copies nor deletes them. Interesting arguments: an element already in the list, one that
  // is not, and null.
  bool add(element* o) {
    if (o == nullptr) return false;
    entry* last = header;
    while (last->next != nullptr) last = last->next;
    entry* added = new entry{};
    added->value = o;
    last->next = added;
    ++size;
    return true;
  }

  // Removes the first entry holding o (compared by identity, as Java's Object.equals); returns
  // whether it did. Interesting arguments: the first, a middle and the last element, one held
  // twice, one that is absent, and null.
  bool remove(element* o) {
    for (entry* previous = header; previous->next != nullptr; previous = previous->next) {
      entry* current = previous->next;
      if (current->value == o) {
        previous->next = current->next;
        delete current;
        --size;
        return true;
      }
    }
    return false;
  }

  // DELIBERATE BUG: remove without the end-of-list check. It behaves like remove when o is in
  // the list; otherwise (o absent, null, or the list empty) it reads the null next of the last
  // entry and dereferences it.
  bool remove_null_deref(element* o) {
    entry* previous = header;
    while (previous->next->value != o) previous = previous->next;  // missing: previous->next != nullptr
    entry* current = previous->next;
    previous->next = current->next;
    delete current;
    --size;
    return true;
  }

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

  // rep_ok with dedicated generators (paper 000, Sec. 5): the header takes no element, next is
  // null or a fresh entry (is_list), and every entry after the header an element. The same
  // lists as rep_ok.
  bool rep_ok_generators() const {
    if (!smallscope::non_null(header)) return false;
    const entry* h = header;
    if (!smallscope::equals(h->value, static_cast<element*>(nullptr))) return false;
    if (!smallscope::is_list(h, &entry::next)) return false;
    int n = 0;
    for (const entry* e = h->next; e != nullptr; e = e->next, ++n)
      if (!smallscope::non_null(e->value)) return false;
    return n == size;
  }
};
SMALLSCOPE_FIELDS(list, header, size)

// Korat's finSinglyLinkedList(minSize, maxSize, numEntries, numElems).
inline smallscope::finitization fin(std::int64_t min_size, std::int64_t max_size, std::int64_t entries,
                                    std::int64_t elements) {
  return list_shape::object_list_fin<list, entry, element>("SinglyLinkedList", min_size, max_size, entries, elements);
}

// Postconditions (paper 000, Sec. 6.1): `old` is a deep copy of the pre-state (its entries;
// the elements are shared, as a list's copy shares them, so they compare by address), `now`
// the post-state. They compare abstract values (Sec. 6.3: the list as its sequence of
// elements) and never write fields.

// The abstract value (list_shape.hpp): the elements after the header, in order; acyclic is
// false when the walk meets an entry twice.
using abstract_list = list_shape::null_ended_list<const element*>;

inline abstract_list abstraction(const list& l) { return list_shape::abstraction<const element*>(l.header, &entry::value); }

inline void add_post(smallscope::verdict& v, const list& old, const list& now, bool result, element* o) {
  const abstract_list before = abstraction(old);
  const abstract_list after = abstraction(now);
  const bool added = o != nullptr;
  std::vector<const element*> expected = before.elements;
  if (added) expected.push_back(o);
  v.require(now.header != nullptr, "the list has its header");
  v.require(after.acyclic, "structure is acyclic");
  v.require(result == added, "result is true iff o is not null");
  v.require(after.elements == expected, "elements are the old elements with o appended");
  v.require(now.size == old.size + (added ? 1 : 0), "size grows by one exactly when o is added");
}

inline void remove_post(smallscope::verdict& v, const list& old, const list& now, bool result, element* o) {
  const abstract_list before = abstraction(old);
  const abstract_list after = abstraction(now);
  std::vector<const element*> expected = before.elements;
  const bool removed = list_shape::erase_first(expected, o);
  v.require(now.header != nullptr, "the list has its header");
  v.require(after.acyclic, "structure is acyclic");
  v.require(result == removed, "result is true iff o was in the list");
  v.require(after.elements == expected, "elements are the old elements without the first o");
  v.require(now.size == old.size - (removed ? 1 : 0), "size shrinks by one exactly when o is removed");
}

// remove_null_deref has remove's postcondition.

}  // namespace subjects::singly_linked_list
