// A sorted list of distinct ints: the classes under test, their invariant, a finitization and
// the postconditions of insert and erase. Ordinary C++; only the field declarations name
// smallscope (field<T> holds exactly a T and tells the search which fields the invariant reads).
#pragma once

#include <algorithm>
#include <vector>

#include <smallscope/fields.hpp>
#include <smallscope/finitization.hpp>
#include <smallscope/oracle.hpp>

namespace shop {

struct node {
  smallscope::field<node*> next;
  smallscope::field<int> value;
};
SMALLSCOPE_FIELDS(node, next, value)

struct sorted_list {
  smallscope::field<node*> head;
  smallscope::field<int> size;

  // The invariant: the values strictly increase along the list and size counts the nodes
  // (counting up to size also stops on a cycle). Each clause has a name for the reports.
  bool rep_ok() const {
    int n = 0;
    for (const node* x = head; x != nullptr; x = x->next) {
      if (!smallscope::clause(++n <= size, "size counts the nodes")) return false;
      if (!smallscope::clause(x->next == nullptr || x->value < x->next->value, "values strictly increase"))
        return false;
    }
    return smallscope::clause(n == size, "size counts the nodes");
  }

  // Adds v; returns whether it was absent.
  bool insert(int v) {
    node* previous = nullptr;
    node* x = head;
    for (; x != nullptr && x->value < v; x = x->next) previous = x;
    if (x != nullptr && x->value == v) return false;
    node* added = new node();
    added->value = v;
    added->next = x;
    if (previous == nullptr) head = added;
    else previous->next = added;
    ++size;
    return true;
  }

  // Removes v; returns whether it was present.
  bool erase(int v) {
    node* previous = nullptr;
    for (node* x = head; x != nullptr; previous = x, x = x->next) {
      if (x->value != v) continue;
      if (previous == nullptr) head = x->next;
      else previous->next = x->next;
      --size;
      delete x;
      return true;
    }
    return false;
  }

  // A bug to find: unlinks the node and forgets to delete it.
  bool erase_leaky(int v) {
    node* previous = nullptr;
    for (node* x = head; x != nullptr; previous = x, x = x->next) {
      if (x->value != v) continue;
      if (previous == nullptr) head = x->next;
      else previous->next = x->next;
      --size;
      return true;
    }
    return false;
  }
};
SMALLSCOPE_FIELDS(sorted_list, head, size)

// The values in list order (a postcondition also runs on broken lists: stop after 64).
inline std::vector<int> values(const sorted_list& l) {
  std::vector<int> out;
  for (const node* x = l.head; x != nullptr && out.size() < 64; x = x->next) out.push_back(x->value);
  return out;
}

inline void insert_post(smallscope::verdict& v, const sorted_list& old, const sorted_list& now, bool inserted,
                        int x) {
  std::vector<int> expected = values(old);
  const bool was_there = std::find(expected.begin(), expected.end(), x) != expected.end();
  if (!was_there) expected.insert(std::lower_bound(expected.begin(), expected.end(), x), x);
  v.require(inserted == !was_there, "returns whether x was absent");
  v.require(values(now) == expected, "the values are the old values and x");
}

inline void erase_post(smallscope::verdict& v, const sorted_list& old, const sorted_list& now, bool erased, int x) {
  std::vector<int> expected = values(old);
  const auto at = std::find(expected.begin(), expected.end(), x);
  const bool was_there = at != expected.end();
  if (was_there) expected.erase(at);
  v.require(erased == was_there, "returns whether x was present");
  v.require(values(now) == expected, "the values are the old values without x");
}

// The bounds: up to `nodes` nodes holding values 0..max_value.
inline smallscope::finitization fin(int nodes, int max_value) {
  auto f = smallscope::finitization::of<sorted_list>("SortedList");
  auto ns = f.objects<node>("Node", static_cast<std::uint32_t>(nodes));
  f.set(&sorted_list::head, ns.or_null());
  f.set(&sorted_list::size, smallscope::ints(0, nodes));
  f.set(&node::next, ns.or_null());
  f.set(&node::value, smallscope::ints(0, max_value));
  return f;
}

}  // namespace shop
