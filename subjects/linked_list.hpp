// LinkedList: java.util.LinkedList of JDK 1.3/1.4, paper 000's LinkedList benchmark (Sec. 8.1,
// Table 1): a doubly linked, circular list through a header entry whose element is null, and a
// size; the elements are arbitrary objects (null included) that take part in isomorphism
// breaking. Korat 1.0 has no example for it: the invariant and the finitization follow its
// DoublyLinkedList example (subjects/doubly_linked_list.hpp), whose header is the first entry;
// here the header is a sentinel, as in the JDK.
//
// The target methods of Table 1 as ordinary code: add (append, before the header), remove (the
// first entry holding o, found with the helper contains' walk) and reverse, written like
// java.util.Collections.reverse with two list iterators (the helper ListIterator.next, and
// previous, set). Elements compare by identity (Java's equals of plain Objects).
#pragma once

#include <algorithm>
#include <cstdint>
#include <vector>

#include "smallscope/fields.hpp"
#include "smallscope/finitization.hpp"
#include "smallscope/oracle.hpp"
#include "smallscope/small_set.hpp"
#include "subjects/circular_list.hpp"
#include "subjects/list_shape.hpp"

namespace subjects::linked_list {

struct element {};  // an arbitrary Object: identity only

struct entry {
  smallscope::field<element*> value;  // Java's Entry.element
  smallscope::field<entry*> next;
  smallscope::field<entry*> previous;
};
SMALLSCOPE_FIELDS(entry, value, next, previous)

struct linked_list;

// java.util.LinkedList.ListItr, reduced to what reverse needs: a cursor between two entries.
class list_iterator {
 public:
  // Positioned before the element at `index` (0 <= index <= size).
  list_iterator(linked_list& l, int index);
  bool has_next() const;
  bool has_previous() const;
  element* next();      // the element after the cursor; the cursor moves past it
  element* previous();  // the element before the cursor; the cursor moves before it
  void set(element* o) { last_returned_->value = o; }  // replaces what next/previous returned

 private:
  linked_list* list_;
  entry* next_;  // the entry after the cursor (the header at the end)
  int next_index_;
  entry* last_returned_ = nullptr;
};

struct linked_list {
  smallscope::field<entry*> header;
  smallscope::field<int> size;

  // Appends o (null too); returns true, as Collection.add does.
  bool add(element* o) {
    entry* h = header;
    entry* e = new entry{};
    e->value = o;
    e->next = h;
    e->previous = h->previous;
    h->previous->next = e;
    h->previous = e;
    ++size;
    return true;
  }

  // The first entry after the header holding o, or null (the walk of contains and indexOf).
  entry* find(const element* o) const {
    entry* h = header;
    for (entry* e = h->next; e != h; e = e->next)
      if (e->value == o) return e;
    return nullptr;
  }
  bool contains(const element* o) const { return find(o) != nullptr; }

  // Removes the first entry holding o (null too); returns whether it did. Interesting
  // arguments: the first, a middle and the last element, one held twice, an absent one, null.
  bool remove(element* o) {
    entry* e = find(o);
    if (e == nullptr) return false;
    e->previous->next = e->next;
    e->next->previous = e->previous;
    delete e;
    --size;
    return true;
  }

  // Reverses the order of the elements (Collections.reverse on a sequential list): a forward
  // and a backward iterator swap the elements of the two halves; the entries stay in place.
  void reverse() {
    list_iterator forward(*this, 0);
    list_iterator backward(*this, size);
    for (int i = 0, half = size / 2; i < half; ++i) {
      element* front = forward.next();
      forward.set(backward.previous());
      backward.set(front);
    }
  }

  // The header is there and holds no element; following next from it returns to it, each
  // entry's next points back with previous, and the cycle has size entries after the header.
  // (The reads follow Korat's SortedList repOK, which has the same shape.)
  bool rep_ok() const {
    const entry* h = header;
    if (h == nullptr) return false;
    if (h->value != nullptr) return false;
    smallscope::small_set<const entry*> visited;
    if (list_shape::walk_cycle(h, visited) != h) return false;
    return static_cast<int>(visited.size()) - 1 == size;
  }
};
SMALLSCOPE_FIELDS(linked_list, header, size)

inline list_iterator::list_iterator(linked_list& l, int index) : list_(&l), next_index_(index) {
  entry* h = l.header;
  next_ = h->next;
  for (int i = 0; i < index; ++i) next_ = next_->next;
}
inline bool list_iterator::has_next() const { return next_index_ != list_->size; }
inline bool list_iterator::has_previous() const { return next_index_ != 0; }
inline element* list_iterator::next() {
  last_returned_ = next_;
  next_ = next_->next;
  ++next_index_;
  return last_returned_->value;
}
inline element* list_iterator::previous() {
  next_ = next_->previous;
  last_returned_ = next_;
  --next_index_;
  return last_returned_->value;
}

// (minSize, maxSize, entries, elems), as Korat's DoublyLinkedList: header, next, previous in
// {null, entries}; size in [minSize, maxSize]; value in {null, elems objects}. The scope n is
// DoublyLinkedList's (n, n, n+1, n+1); paper 000 Table 4's scope s is (0, s, s+1, s), with add
// and remove counted on LinkedListCall and reverse here.
inline smallscope::finitization fin(std::int64_t min_size, std::int64_t max_size, std::int64_t entries,
                                    std::int64_t elements) {
  return list_shape::object_list_fin<linked_list, entry, element>("LinkedList", min_size, max_size, entries, elements);
}

// The input class of add and remove (paper 000, Fig. 8): the list `self` (Java's this) and the
// argument `o`. The harness pairs every valid list with every argument value; searching this
// class instead breaks isomorphism over the list's elements and o together, as Korat did for
// Table 4's counts (o is then null, an element of the list, or one fresh object).
struct linked_list_call {
  smallscope::field<linked_list*> self;
  smallscope::field<element*> o;
  bool rep_ok() const {
    const linked_list* l = self;
    return l != nullptr && l->rep_ok();
  }
};
SMALLSCOPE_FIELDS(linked_list_call, self, o)

inline bool add(linked_list_call& c) { return c.self->add(c.o); }
inline bool remove(linked_list_call& c) { return c.self->remove(c.o); }

// fin's domains, with the root linked_list_call over one list and o in {null, elems objects}.
inline smallscope::finitization call_fin(std::int64_t min_size, std::int64_t max_size, std::int64_t entries,
                                         std::int64_t elements) {
  auto f = smallscope::finitization::of<linked_list_call>("LinkedListCall");
  auto l = f.objects<linked_list>("LinkedList", 1);
  auto e = list_shape::entries<entry>(f, entries);
  auto o = f.objects<element>("Object", static_cast<std::uint32_t>(elements));
  f.set(&linked_list_call::self, l.only());
  f.set(&linked_list_call::o, o.or_null());
  list_shape::set_fields<linked_list>(f, e, smallscope::ints(min_size, max_size), &entry::value, o.or_null());
  return f;
}

// Postconditions (paper 000, Sec. 6.1): `old` is a deep copy of the pre-state (the elements are
// shared, so they compare by address), `now` the post-state. They compare abstract values
// (Sec. 6.3: the list as its sequence of elements) and never write fields.

// The abstract value (circular_list.hpp).
using abstract_list = circular_list::abstract_list<element>;

inline abstract_list abstraction(const linked_list& l) { return circular_list::abstraction<entry, element>(l.header, &entry::value); }

inline void add_post(smallscope::verdict& v, const linked_list& old, const linked_list& now, bool result,
                     element* o) {
  std::vector<const element*> expected = abstraction(old).elements;
  expected.push_back(o);
  const abstract_list after = abstraction(now);
  v.require(after.cycle, "next leads from the header around one cycle back to it, previous mirroring it");
  v.require(result, "result is true");
  v.require(after.elements == expected, "elements are the old elements with o appended");
  v.require(now.size == old.size + 1, "size grows by one");
}

inline void remove_post(smallscope::verdict& v, const linked_list& old, const linked_list& now, bool result,
                        element* o) {
  std::vector<const element*> expected = abstraction(old).elements;
  const bool removed = list_shape::erase_first(expected, o);
  const abstract_list after = abstraction(now);
  v.require(after.cycle, "next leads from the header around one cycle back to it, previous mirroring it");
  v.require(result == removed, "result is true iff o was in the list");
  v.require(after.elements == expected, "elements are the old elements without the first o");
  v.require(now.size == old.size - (removed ? 1 : 0), "size shrinks by one exactly when o is removed");
}

inline void reverse_post(smallscope::verdict& v, const linked_list& old, const linked_list& now) {
  std::vector<const element*> expected = abstraction(old).elements;
  std::reverse(expected.begin(), expected.end());
  const abstract_list after = abstraction(now);
  v.require(after.cycle, "next leads from the header around one cycle back to it, previous mirroring it");
  v.require(after.elements == expected, "elements are the old elements in reverse order");
  v.require(now.size == old.size, "size is unchanged");
}

// add and remove on the input class: the list's postconditions with the call's argument.
inline void call_add_post(smallscope::verdict& v, const linked_list_call& old, const linked_list_call& now,
                          bool result) {
  add_post(v, *old.self, *now.self, result, old.o);
}
inline void call_remove_post(smallscope::verdict& v, const linked_list_call& old, const linked_list_call& now,
                             bool result) {
  remove_post(v, *old.self, *now.self, result, old.o);
}

}  // namespace subjects::linked_list
