#include <gtest/gtest.h>
#include <smallscope/gtest.hpp>
#include <smallscope/smallscope.hpp>

struct node { smallscope::field<node*> next; smallscope::field<int> value; };
struct stack {
  smallscope::field<node*> top;
  smallscope::field<int> size;
  bool rep_ok() const {  // the invariant: size counts the nodes (so there is no cycle)
    int n = 0;
    for (const node* x = top; x != nullptr && n <= size; x = x->next) ++n;
    return n == size;
  }
  void push(int v) { top = new node{top, v}; ++size; }
};
SMALLSCOPE_FIELDS(node, next, value)
SMALLSCOPE_FIELDS(stack, top, size)

void push_post(smallscope::verdict& v, const stack& old, const stack& now, int x) {
  v.require(now.size == old.size + 1 && now.top->value == x, "x is on top of one more node");
}
TEST(Stack, PushOnEveryStackOfUpToThreeNodes) {  // 15 stacks x 2 values: 30 inputs
  auto f = smallscope::finitization::of<stack>("Stack");
  auto nodes = f.objects<node>("Node", 3);
  f.set(&stack::top, nodes.or_null());
  f.set(&stack::size, smallscope::ints(0, 3));
  f.set(&node::next, nodes.or_null());
  f.set(&node::value, smallscope::ints(0, 1));
  EXPECT_TRUE(smallscope::testing::all_inputs_pass<stack>(f, SMALLSCOPE_METHOD(stack::push, push_post, smallscope::ints(0, 1))));
}
