// NaiveList: a singly linked list whose invariant counts nodes by following next until null, so
// it never returns on a cyclic candidate. It shows how the search stops such a call (the read
// budget, paper 000 Sec. 4's condition 1 being the user's duty) and reports the candidate.
#pragma once

#include <cstdint>

#include "smallscope/fields.hpp"
#include "smallscope/finitization.hpp"

namespace subjects::naive_list {

struct node {
  smallscope::field<node*> next;
};
SMALLSCOPE_FIELDS(node, next)

struct list {
  smallscope::field<node*> header;
  smallscope::field<int> size;

  // Loops forever when the nodes form a cycle.
  bool rep_ok() const {
    int count = 0;
    for (const node* n = header; n != nullptr; n = n->next) ++count;
    return count == size;
  }
};
SMALLSCOPE_FIELDS(list, header, size)

inline smallscope::finitization fin(std::int64_t nodes) {
  auto f = smallscope::finitization::of<list>("NaiveList");
  auto n = f.objects<node>("Node", static_cast<std::uint32_t>(nodes));
  f.set(&list::header, n.or_null());
  f.set(&list::size, smallscope::ints(0, nodes));
  f.set(&node::next, n.or_null());
  return f;
}

}  // namespace subjects::naive_list
