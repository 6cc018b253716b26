// The abstract value of a circular doubly linked list with a header entry (java.util.LinkedList
// and Korat's SortedList; paper 000, Sec. 6.3: postconditions compare abstract values): the
// elements along next after the header. The walk stops when it is back at the header, at a null
// next, at an entry met twice or after walk_limit entries; `cycle` says whether it got back to
// the header with previous mirroring next throughout. Plain reads: for postconditions.
#pragma once

#include <cstddef>
#include <vector>

#include "smallscope/field.hpp"
#include "smallscope/small_set.hpp"

namespace subjects::circular_list {

template <class Element>
struct abstract_list {
  std::vector<const Element*> elements;
  bool cycle = false;
};
inline constexpr std::size_t walk_limit = 10000;

template <class Entry, class Element>
abstract_list<Element> abstraction(const Entry* header, smallscope::field<Element*> Entry::*element) {
  abstract_list<Element> a;
  if (header == nullptr) return a;
  smallscope::small_set<const Entry*> visited;
  visited.insert(header);
  const Entry* e = header;
  while (true) {
    const Entry* next = e->next;
    if (next == nullptr || next->previous != e) return a;
    if (next == header) break;
    if (!visited.insert(next) || visited.size() > walk_limit) return a;
    a.elements.push_back(next->*element);
    e = next;
  }
  a.cycle = true;
  return a;
}

}  // namespace subjects::circular_list
