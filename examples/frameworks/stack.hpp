// The README's first test's stack, with a push that drops its value (push_drops_value), checked
// from Catch2 (catch2_test.cpp) and from doctest (doctest_test.cpp) as first_test.cpp checks it
// from GoogleTest.
#pragma once

#include <smallscope/smallscope.hpp>

namespace frameworks {

struct node {
  smallscope::field<node*> next;
  smallscope::field<int> value;
};

struct stack {
  smallscope::field<node*> top;
  smallscope::field<int> size;
  bool rep_ok() const {  // the invariant: size counts the nodes (so there is no cycle)
    int n = 0;
    for (const node* x = top; x != nullptr && n <= size; x = x->next) ++n;
    return n == size;
  }
  void push(int v) {
    top = new node{top, v};
    ++size;
  }
  void push_drops_value([[maybe_unused]] int v) {  // the bug: every node gets 0
    top = new node{top, 0};
    ++size;
  }
};

inline void push_post(smallscope::verdict& v, const stack& old, const stack& now, int x) {
  v.require(now.size == old.size + 1 && now.top->value == x, "x is on top of one more node");
}

SMALLSCOPE_FIELDS(node, next, value)
SMALLSCOPE_FIELDS(stack, top, size)

// Every stack of up to `n` nodes, each node's value in 0..1.
inline smallscope::finitization fin(int n) {
  auto f = smallscope::finitization::of<stack>("Stack");
  auto nodes = f.objects<node>("Node", n);
  f.set(&stack::top, nodes.or_null());
  f.set(&stack::size, smallscope::ints(0, n));
  f.set(&node::next, nodes.or_null());
  f.set(&node::value, smallscope::ints(0, 1));
  return f;
}

}  // namespace frameworks
