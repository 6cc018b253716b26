// The postconditions of a sorted list of distinct ints, shared by the tests of the lists written
// as they are (owned_list_test.cpp: nodes owned by std::unique_ptr; pooled_list_test.cpp: nodes
// from a class's own pool). A list has head(); a node has value and next (a pointer or a
// unique_ptr).
#pragma once

#include <memory>
#include <vector>

#include "smallscope/checker.hpp"

namespace sorted_list_posts {

template <class T>
const T* raw(const std::unique_ptr<T>& p) {
  return p.get();
}
template <class T>
const T* raw(const T* p) {
  return p;
}

// The values from the head, at most 64 (a cycle stops there).
template <class List>
std::vector<int> values(const List& l) {
  std::vector<int> out;
  for (auto x = raw(l.head()); x != nullptr && out.size() < 64; x = raw(x->next)) out.push_back(x->value);
  return out;
}

template <class List>
void pop_post(smallscope::verdict& v, const List& old, const List& now, bool popped) {
  std::vector<int> expected = values(old);
  v.require(popped == !expected.empty(), "returns whether the list had a node");
  if (!expected.empty()) expected.erase(expected.begin());
  v.require(values(now) == expected, "the first value is gone");
}

template <class List>
void insert_post(smallscope::verdict& v, const List& old, const List& now, bool inserted, int x) {
  std::vector<int> expected = values(old);
  bool present = false;
  for (int e : expected) present = present || e == x;
  v.require(inserted == !present, "returns whether x was absent");
  if (!present) {
    auto at = expected.begin();
    while (at != expected.end() && *at < x) ++at;
    expected.insert(at, x);
  }
  v.require(values(now) == expected, "x is in its place");
}

}  // namespace sorted_list_posts
