// DoublyLinkedList, ported from Korat 1.0's example (examples/korat/examples/doublylinkedlist):
// a circular list of entries with next and previous, through a header entry, and a size; the
// elements are plain objects that take part in isomorphism breaking. The invariant reads the
// fields in the Java repOK's order, so the counts equal Korat's.
//
// Korat's invariant makes the header the first entry, not a sentinel: the empty list is a
// header without element linked to itself; a list of n elements is a cycle of n entries from
// the header, whose element is the first (never null, since a null there marks the empty
// list). Entries after the header may hold null. The target methods add (append) and remove
// (the first occurrence) follow java.util.LinkedList on that representation; their
// postconditions are the oracle of black-box testing (paper 000, Sec. 6.1).
#pragma once

#include <algorithm>
#include <cstdint>
#include <vector>

#include "smallscope/fields.hpp"
#include "smallscope/finitization.hpp"
#include "smallscope/oracle.hpp"
#include "smallscope/small_set.hpp"
#include "subjects/list_shape.hpp"

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

  // Appends o (LinkedList.add: a new entry before the header, i.e. last in the cycle); returns
  // whether it did. Null as the first element would mark the list empty, so the list takes no
  // null: add(nullptr) returns false. The elements are not the list's: it neither copies nor
  // deletes them. Interesting arguments: an element already in the list, one that is not, null.
  bool add(element* o) {
    if (o == nullptr) return false;
    entry* h = header;
    if (size == 0) {  // the header, linked to itself, takes the first element
      h->value = o;
      size = 1;
      return true;
    }
    entry* last = h->previous;
    entry* added = new entry{};
    added->value = o;
    added->next = h;
    added->previous = last;
    last->next = added;
    h->previous = added;
    ++size;
    return true;
  }

  // Removes the first entry (from the header on) holding o, compared by identity; returns
  // whether it did. A list cannot begin with null, so null entries that would then come first
  // go too (removing a from [a, null, b] leaves [b]). Interesting arguments: the first (the
  // header's), a middle and the last element, one held twice, an absent one, and null.
  bool remove(element* o) {
    if (size == 0) return false;
    entry* h = header;
    entry* current = h;
    do {
      if (current->value == o) {
        remove_entry(current);
        return true;
      }
      current = current->next;
    } while (current != h);
    return false;
  }

  // An empty list is a header without element linked to itself with size 0. Otherwise,
  // following next from the header returns to it, each entry's next points back with previous,
  // and the cycle has size entries.
  bool rep_ok() const {
    const entry* h = header;
    if (h == nullptr) return false;
    if (h->value == nullptr) return size == 0 && h->next == h && h->previous == h;
    smallscope::small_set<const entry*> visited;
    if (list_shape::walk_cycle(h, visited) != h) return false;
    return static_cast<int>(visited.size()) == size;
  }

 private:
  // Unlinks and deletes e, except the header of a one-element list, which stays as the empty
  // list's header. When the header's entry goes, the next entry becomes the header.
  void remove_entry(entry* e) {
    if (size == 1) {
      e->value = nullptr;
      size = 0;
      return;
    }
    if (e == header) header = e->next;
    e->previous->next = e->next;
    e->next->previous = e->previous;
    delete e;
    --size;
    if (entry* h = header; h->value == nullptr) remove_entry(h);  // no null first element
  }
};
SMALLSCOPE_FIELDS(list, header, size)

// Korat's finDoublyLinkedList(minSize, maxSize, numEntries, numElems).
inline smallscope::finitization fin(std::int64_t min_size, std::int64_t max_size, std::int64_t entries,
                                    std::int64_t elements) {
  return list_shape::object_list_fin<list, entry, element>("DoublyLinkedList", min_size, max_size, entries, elements);
}

// Postconditions (paper 000, Sec. 6.1): `old` is a deep copy of the pre-state (its entries;
// the elements are shared, as a list's copy shares them, so they compare by address), `now`
// the post-state. They compare abstract values (Sec. 6.3: the list as its sequence of
// elements) and never write fields.

// The abstract value: the elements along next from the header, empty when the header holds
// none. The walk stops when it is back at the header, at a null next, at an entry met twice or
// after walk_limit entries; `cycle` says whether it got back to the header.
struct abstract_list {
  std::vector<const element*> elements;
  bool cycle = true;
};
inline constexpr std::size_t walk_limit = 10000;

inline abstract_list abstraction(const list& l) {
  abstract_list a;
  const entry* h = l.header;
  if (h == nullptr) return {{}, false};
  if (h->value == nullptr) return {{}, h->next == h};
  smallscope::small_set<const entry*> visited;
  const entry* e = h;
  do {
    if (!visited.insert(e) || visited.size() > walk_limit) return {a.elements, false};
    a.elements.push_back(e->value);
    e = e->next;
  } while (e != nullptr && e != h);
  a.cycle = e == h;
  return a;
}

// An entry's next points back to it with previous (the walk's entries; bounded like it).
inline bool previous_mirrors_next(const list& l) {
  const entry* h = l.header;
  if (h == nullptr) return false;
  smallscope::small_set<const entry*> visited;
  const entry* e = h;
  do {
    const entry* next = e->next;
    if (next == nullptr || next->previous != e) return false;
    if (!visited.insert(e) || visited.size() > walk_limit) return false;
    e = next;
  } while (e != h);
  return true;
}

inline void add_post(smallscope::verdict& v, const list& old, const list& now, bool result, element* o) {
  const abstract_list before = abstraction(old);
  const abstract_list after = abstraction(now);
  const bool added = o != nullptr;
  std::vector<const element*> expected = before.elements;
  if (added) expected.push_back(o);
  v.require(after.cycle, "next leads from the header around one cycle back to it");
  v.require(previous_mirrors_next(now), "previous mirrors next");
  v.require(result == added, "result is true iff o is not null");
  v.require(after.elements == expected, "elements are the old elements with o appended");
  v.require(now.size == old.size + (added ? 1 : 0), "size grows by one exactly when o is added");
}

inline void remove_post(smallscope::verdict& v, const list& old, const list& now, bool result, element* o) {
  const abstract_list before = abstraction(old);
  const abstract_list after = abstraction(now);
  std::vector<const element*> expected = before.elements;
  const bool removed = list_shape::erase_first(expected, o);
  const auto not_null = [](const element* e) { return e != nullptr; };
  expected.erase(expected.begin(), std::find_if(expected.begin(), expected.end(), not_null));  // leading nulls
  v.require(after.cycle, "next leads from the header around one cycle back to it");
  v.require(previous_mirrors_next(now), "previous mirrors next");
  v.require(result == removed, "result is true iff o was in the list");
  v.require(after.elements == expected, "elements are the old elements without the first o (and then leading nulls)");
  v.require(now.size == static_cast<int>(expected.size()), "size is the number of elements left");
}

}  // namespace subjects::doubly_linked_list
