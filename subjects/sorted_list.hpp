// SortedList, ported from Korat 1.0's example (examples/korat/examples/sortedlist): paper 000's
// SortedList benchmark (Sec. 8.1, Table 1), "structurally identical to LinkedList, but the
// elements are sorted": a circular doubly linked list through a header entry that holds no
// element, and a size. The invariant reads the fields in the Java repOK's order, so the counts
// equal Korat's.
//
// The elements are Korat's Integer objects 1..elems: a class domain left out of isomorphism
// breaking (so they behave like the values they stand for). Our integer class has no fields;
// the search lays a class domain's objects out in index order, so the value of Integer#i is
// i + 1 and comparing two elements is comparing their addresses (the harness shares them with
// every copy). Code that builds lists by hand takes its integers from one array.
//
// The target methods of Table 1, as ordinary code on that representation: insert (in sorted
// position, after equal elements), remove (the first occurrence), sort (a stable insertion sort
// by relinking) and merge (std::list::merge: splices the other list's entries in, leaving it
// empty). sort's input need not be sorted: it is checked on lists that satisfy
// rep_ok_any_order. merge takes a second list, which the harness cannot pass as an argument
// (argument domains are integers or identity-only objects shared with the input), so it is
// checked on SortedListPair, a root holding both lists: paper 000 Fig. 8's input class with
// This and the parameter. These input classes reproduce Table 4's SortedList input counts.
// Postconditions compare the abstraction of Sec. 6.3: the sequence of elements.
#pragma once

#include <algorithm>
#include <cstdint>
#include <functional>
#include <iterator>
#include <vector>

#include "smallscope/fields.hpp"
#include "smallscope/finitization.hpp"
#include "smallscope/oracle.hpp"
#include "smallscope/small_set.hpp"
#include "subjects/circular_list.hpp"
#include "subjects/list_shape.hpp"

namespace subjects::sorted_list {

struct integer {};  // Korat's Integer: its value is its place in its class domain

// Java's compareTo(...) < 0 on the Integer objects: their order is their address order.
inline bool less(const integer* a, const integer* b) { return std::less<const integer*>{}(a, b); }

struct entry {
  smallscope::field<integer*> element;
  smallscope::field<entry*> next;
  smallscope::field<entry*> previous;
};
SMALLSCOPE_FIELDS(entry, element, next, previous)

struct sorted_list {
  smallscope::field<entry*> header;
  smallscope::field<int> size;

  // Inserts x after the elements not greater than it. x is not null (Java's compareTo would
  // throw): the argument domain leaves null out. Interesting arguments: below, between, equal
  // to and above the elements.
  void insert(integer* x) {
    entry* h = header;
    entry* at = h->next;
    while (at != h && !less(x, at->element)) at = at->next;
    link_before(new entry{}, x, at);
    ++size;
  }

  // Removes the first entry holding x; returns whether it did (false for null, in no entry).
  // Interesting arguments: the first, a middle and the last element, one held twice, an
  // absent one. Its argument domain is 1..elems, as Table 4 counts it.
  bool remove(integer* x) {
    entry* h = header;
    for (entry* e = h->next; e != h; e = e->next) {
      if (e->element == x) {
        e->previous->next = e->next;
        e->next->previous = e->previous;
        delete e;
        --size;
        return true;
      }
    }
    return false;
  }

  // Sorts the elements, stably, by insertion: each entry in turn is unlinked and relinked
  // after the sorted prefix's elements not greater than it. Its input is a list in any order
  // (rep_ok_any_order); on a sorted one it changes nothing.
  void sort() {
    entry* h = header;
    entry* sorted_end = h->next;  // the sorted prefix is h->next .. sorted_end
    if (sorted_end == h) return;
    while (sorted_end->next != h) {
      entry* e = sorted_end->next;
      if (!less(e->element, sorted_end->element)) {
        sorted_end = e;
        continue;
      }
      unlink(e);
      entry* at = h->next;
      while (!less(e->element, at->element)) at = at->next;
      link_before(e, e->element, at);
    }
  }

  // Moves the entries of `other` into this list in sorted order (on equal elements this
  // list's first), leaving `other` empty; merging a list with itself changes nothing.
  void merge(sorted_list& other) {
    if (&other == this) return;
    entry* h = header;
    entry* oh = other.header;
    entry* at = h->next;
    while (oh->next != oh) {
      entry* e = oh->next;
      while (at != h && !less(e->element, at->element)) at = at->next;
      unlink(e);
      link_before(e, e->element, at);
    }
    size = size + other.size;
    other.size = 0;
  }

  // The header is there and holds no element; following next from it returns to it, each
  // entry's next points back with previous, and the cycle has size entries after the header;
  // their elements are not null and never decrease. (Korat's repOK, read for read.)
  bool rep_ok() const { return well_formed(true); }

  // rep_ok without the order: the input of sort (paper 000 Table 4 counts sort's inputs so).
  bool rep_ok_any_order() const { return well_formed(false); }

 private:
  bool well_formed(bool check_order) const {
    const entry* h = header;
    if (h == nullptr) return false;
    if (h->element != nullptr) return false;
    smallscope::small_set<const entry*> visited;
    if (list_shape::walk_cycle(h, visited) != h) return false;
    if (static_cast<int>(visited.size()) - 1 != size) return false;
    if (h->next != h && h->next->element == nullptr) return false;
    for (const entry* current = h->next; current->next != h; current = current->next) {
      const integer* following = current->next->element;
      if (following == nullptr) return false;
      if (check_order && less(following, current->element)) return false;
    }
    return true;
  }
  static void link_before(entry* e, integer* x, entry* at) {
    e->element = x;
    e->next = at;
    e->previous = at->previous;
    at->previous->next = e;
    at->previous = e;
  }
  static void unlink(entry* e) {
    e->previous->next = e->next;
    e->next->previous = e->previous;
  }
};
SMALLSCOPE_FIELDS(sorted_list, header, size)

// Korat's Integer objects 1..count, left out of isomorphism breaking (fin and pair_fin).
inline smallscope::class_domain<integer> integers(smallscope::finitization& f, std::int64_t count) {
  auto x = f.objects<integer>("Integer", static_cast<std::uint32_t>(count));
  f.exclude_from_isomorphism(x);
  return x;
}

// Korat's finSortedList(minSize, maxSize, numEntries, numElems): header, next, previous in
// {null, entries}; size in [minSize, maxSize]; element in {null, Integer 1..numElems}, the
// integers left out of isomorphism breaking. Paper 000 Table 4's scope s is (0, s, s+1, s).
inline smallscope::finitization fin(std::int64_t min_size, std::int64_t max_size, std::int64_t entries,
                                    std::int64_t elements) {
  auto f = smallscope::finitization::of<sorted_list>("SortedList");
  auto e = list_shape::entries<entry>(f, entries);
  auto x = integers(f, elements);
  list_shape::set_fields<sorted_list>(f, e, smallscope::ints(min_size, max_size), &entry::element, x.or_null());
  return f;
}

// The input class of merge (paper 000, Fig. 8): the list `self` (Java's this) and the
// argument `other`, two different lists that draw their entries from one pool and share none.
// (merge itself also takes other == this; the unit tests cover that call.)
struct sorted_list_pair {
  smallscope::field<sorted_list*> self;
  smallscope::field<sorted_list*> other;

  bool rep_ok() const {
    const sorted_list* a = self;
    const sorted_list* b = other;
    if (a == nullptr || b == nullptr || a == b) return false;
    if (!a->rep_ok() || !b->rep_ok()) return false;
    smallscope::small_set<const entry*> in_self;
    const entry* h = a->header;
    const entry* e = h;
    do {
      in_self.insert(e);
      e = e->next;
    } while (e != h);
    const entry* oh = b->header;
    e = oh;
    do {
      if (in_self.contains(e)) return false;
      e = e->next;
    } while (e != oh);
    return true;
  }
};
SMALLSCOPE_FIELDS(sorted_list_pair, self, other)

// merge as a call on the pair: self.merge(other).
inline void merge(sorted_list_pair& p) { p.self->merge(*p.other); }

// Two lists from a pool of `entries` entries (two headers and the entries of both), each of
// size in [minSize, maxSize], elements as in fin. Paper 000 Table 4's merge inputs for scope s
// are pair_fin(0, s, s+1, s): two lists holding s-1 elements at most together.
inline smallscope::finitization pair_fin(std::int64_t min_size, std::int64_t max_size, std::int64_t entries,
                                         std::int64_t elements) {
  auto f = smallscope::finitization::of<sorted_list_pair>("SortedListPair");
  auto l = f.objects<sorted_list>("SortedList", 2);
  auto e = list_shape::entries<entry>(f, entries);
  auto x = integers(f, elements);
  f.set(&sorted_list_pair::self, l.only());
  f.set(&sorted_list_pair::other, l.only());
  list_shape::set_fields<sorted_list>(f, e, smallscope::ints(min_size, max_size), &entry::element, x.or_null());
  return f;
}

// Postconditions (paper 000, Sec. 6.1): `old` is a deep copy of the pre-state (the integers are
// shared, so they compare by address, i.e. by value), `now` the post-state. They compare
// abstract values (Sec. 6.3: the list as its sequence of elements) and never write fields.

// The abstract value (circular_list.hpp), empty and not a cycle when the header holds an
// element.
using abstract_list = circular_list::abstract_list<integer>;

inline abstract_list abstraction(const sorted_list& l) {
  const entry* h = l.header;
  if (h != nullptr && h->element != nullptr) return {};
  return circular_list::abstraction(h, &entry::element);
}

inline bool sorted(const std::vector<const integer*>& xs) {
  return std::find(xs.begin(), xs.end(), nullptr) == xs.end() && std::is_sorted(xs.begin(), xs.end(), less);
}

inline void insert_post(smallscope::verdict& v, const sorted_list& old, const sorted_list& now, integer* x) {
  const abstract_list before = abstraction(old);
  const abstract_list after = abstraction(now);
  std::vector<const integer*> expected = before.elements;
  expected.insert(std::upper_bound(expected.begin(), expected.end(), x, less), x);
  v.require(after.cycle, "next leads from the header around one cycle back to it, previous mirroring it");
  v.require(sorted(after.elements), "elements are sorted");
  v.require(after.elements == expected, "elements are the old elements with x added");
  v.require(now.size == old.size + 1, "size grows by one");
}

inline void remove_post(smallscope::verdict& v, const sorted_list& old, const sorted_list& now, bool result,
                        integer* x) {
  const abstract_list before = abstraction(old);
  const abstract_list after = abstraction(now);
  std::vector<const integer*> expected = before.elements;
  const bool removed = list_shape::erase_first(expected, x);
  v.require(after.cycle, "next leads from the header around one cycle back to it, previous mirroring it");
  v.require(result == removed, "result is true iff x was in the list");
  v.require(after.elements == expected, "elements are the old elements without one x");
  v.require(now.size == old.size - (removed ? 1 : 0), "size shrinks by one exactly when x is removed");
}

inline void sort_post(smallscope::verdict& v, const sorted_list& old, const sorted_list& now) {
  const abstract_list before = abstraction(old);
  const abstract_list after = abstraction(now);
  std::vector<const integer*> expected = before.elements;
  std::stable_sort(expected.begin(), expected.end(), less);
  v.require(after.cycle, "next leads from the header around one cycle back to it, previous mirroring it");
  v.require(after.elements == expected, "elements are the old elements, sorted");
  v.require(now.size == old.size, "size is unchanged");
}

inline void merge_post(smallscope::verdict& v, const sorted_list_pair& old, const sorted_list_pair& now) {
  const abstract_list self_before = abstraction(*old.self);
  const abstract_list self_after = abstraction(*now.self);
  const bool aliased = old.self == old.other;
  std::vector<const integer*> expected = self_before.elements;
  if (!aliased) {
    const abstract_list other_before = abstraction(*old.other);
    std::vector<const integer*> merged;
    std::merge(expected.begin(), expected.end(), other_before.elements.begin(), other_before.elements.end(),
               std::back_inserter(merged), less);
    expected = merged;
  }
  v.require(self_after.cycle, "next leads from the header around one cycle back to it, previous mirroring it");
  v.require(now.self != nullptr && (now.self == now.other) == aliased, "this and other stay the lists they were");
  v.require(self_after.elements == expected, "elements are the merge of both lists' elements (this unchanged if other is this)");
  v.require(now.self->size == static_cast<int>(expected.size()), "size is the number of elements");
  if (!aliased) {
    const abstract_list other_after = abstraction(*now.other);
    v.require(other_after.cycle && other_after.elements.empty() && now.other->size == 0, "other is left empty");
  }
}

}  // namespace subjects::sorted_list
