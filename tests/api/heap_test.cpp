// Heap copies and the ownership rule of checks (include/smallscope/heap.hpp).
#include "smallscope/heap.hpp"

#include <gtest/gtest.h>

#include "smallscope/finitization.hpp"
#include "smallscope/search.hpp"

namespace {

struct token {};  // no fields: shared, not owned

struct cell {
  smallscope::field<cell*> next;
  smallscope::field<cell*> other;
  smallscope::field<token*> tag;
  smallscope::field<int> value;
  static inline int alive = 0;
  cell() { ++alive; }
  ~cell() { --alive; }
};
SMALLSCOPE_FIELDS(cell, next, other, tag, value)

struct holder {
  smallscope::field<cell*> first;
  smallscope::array<int> numbers;
};
SMALLSCOPE_FIELDS(holder, first, numbers)

// A cycle of three cells, one shared twice through `other`, all tagged with one token.
holder* build(token* t) {
  auto* h = new holder();
  auto* a = new cell();
  auto* b = new cell();
  auto* c = new cell();
  a->next = b;
  b->next = c;
  c->next = a;
  a->other = c;
  b->other = c;
  a->tag = b->tag = c->tag = t;
  a->value = 1;
  b->value = 2;
  c->value = 3;
  h->first = a;
  h->numbers.allocate_storage(4);
  h->numbers.set_length(2);
  h->numbers[0] = 7;
  h->numbers[1] = 8;
  return h;
}

TEST(Heap, DeepCopyKeepsSharingAndCyclesAndSharesFieldlessObjects) {
  token t;
  holder* h = build(&t);
  smallscope::copy_map map;
  holder* copy = smallscope::deep_copy(*h, &map);
  EXPECT_EQ(cell::alive, 6);
  EXPECT_EQ(map.objects.size(), 4u);  // the holder and three cells; the token is shared
  EXPECT_EQ(map.objects[0].first, h);
  EXPECT_EQ(map.arrays.size(), 1u);
  const cell* a = copy->first;
  EXPECT_NE(a, h->first.get());
  EXPECT_EQ(a->next->next->next.get(), a);  // the cycle
  EXPECT_EQ(a->other.get(), a->next->other.get());  // the sharing
  EXPECT_EQ(a->other.get(), a->next->next.get());
  EXPECT_EQ(a->tag.get(), &t);
  EXPECT_EQ(a->next->value, 2);
  EXPECT_EQ(copy->numbers.length(), 2);
  EXPECT_EQ(copy->numbers[1], 8);
  EXPECT_NE(&copy->numbers[0], &h->numbers[0]);  // storage of its own
  const auto graph = smallscope::describe(*copy);
  EXPECT_EQ(graph.objects.size(), 5u);  // holder, three cells, the token
  EXPECT_EQ(graph.objects[0].address, copy);
  smallscope::release(copy);
  EXPECT_EQ(cell::alive, 3);
  smallscope::release(h);
  EXPECT_EQ(cell::alive, 0);
}

// A destructor that releases another structure: release must not be disturbed by it.
struct owner {
  smallscope::field<cell*> c;
  holder* extra = nullptr;
  ~owner() {
    if (extra != nullptr) smallscope::release(extra);
  }
};
SMALLSCOPE_FIELDS(owner, c)

TEST(Heap, ReleaseFromADestructorDuringARelease) {
  token t;
  auto* o = new owner();
  o->c = new cell();
  o->extra = build(&t);
  EXPECT_EQ(cell::alive, 4);
  smallscope::release(o);
  EXPECT_EQ(cell::alive, 0);
}

}  // namespace
