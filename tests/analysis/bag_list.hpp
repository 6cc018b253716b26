// A bag of distinct int keys kept in no order, whose insert carries two hand-written mutants
// (the guards smallscope-mutants writes, include/smallscope/rewritten/mutation.hpp):
//   1 insert appends at the tail instead of the head -> the same keys in another order
//   2 insert forgets the key                          -> other keys
// bag<false> is compared concretely (the post-state's structure), bag<true> through its
// abstraction, the sorted keys (smallscope_abstraction, abstraction.hpp): mutant 1 changes the
// structure but not the abstraction.
#pragma once

#include <algorithm>
#include <vector>

#include "smallscope/fields.hpp"
#include "smallscope/finitization.hpp"
#include "smallscope/rewritten/mutation.hpp"
#include "smallscope/oracle.hpp"
#include "smallscope/small_set.hpp"

namespace bag_list {

struct node {
  smallscope::field<int> key;
  smallscope::field<node*> next;
};
SMALLSCOPE_FIELDS(node, key, next)

template <bool Abstract>
struct bag {
  smallscope::field<node*> head;

  bool rep_ok() const {
    smallscope::small_set<const node*> seen;
    smallscope::small_set<int> keys;
    for (const node* n = head; n != nullptr; n = n->next)
      if (!seen.insert(n) || !keys.insert(n->key)) return false;
    return true;
  }

  std::vector<int> keys() const {
    std::vector<int> out;
    for (const node* n = head; n != nullptr && out.size() < 64; n = n->next) out.push_back(n->key);
    std::sort(out.begin(), out.end());
    return out;
  }

  bool insert(int key) {
    node* last = nullptr;
    for (node* n = head; n != nullptr; n = n->next) {
      if (n->key == key) return false;
      last = n;
    }
    const int k = smallscope::mutation::chosen(1, 2);
    if (k == 1) return true;  // mutant 2: forgets the key
    node* added = new node{};
    added->key = key;
    if (k == 0 && last != nullptr) {
      last->next = added;  // mutant 1: at the tail
    } else {
      added->next = head;
      head = added;
    }
    return true;
  }
};
SMALLSCOPE_FIELDS(bag<false>, head)
SMALLSCOPE_FIELDS(bag<true>, head)

// The abstraction of bag<true>: its keys, sorted.
inline std::vector<int> smallscope_abstraction(const bag<true>& b) { return b.keys(); }

template <bool Abstract>
void insert_post(smallscope::verdict&, const bag<Abstract>&, const bag<Abstract>&, bool, int) {}

template <bool Abstract>
smallscope::finitization fin(int nodes, int keys) {
  auto f = smallscope::finitization::of<bag<Abstract>>("Bag");
  auto ns = f.template objects<node>("Node", static_cast<std::uint32_t>(nodes));
  f.set(&bag<Abstract>::head, ns.or_null());
  f.set(&node::next, ns.or_null());
  f.set(&node::key, smallscope::ints(0, keys - 1));
  return f;
}

}  // namespace bag_list
