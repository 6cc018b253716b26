// The list and heap subjects' target methods, postconditions and seeded mutants (paper 000,
// Sec. 6.1 and Sec. 7), as in methods_trees_test.cpp: random sequences against a std model,
// postconditions naming the clause a wrong post-state breaks, mutants where they agree.
#include <gtest/gtest.h>

#include <algorithm>
#include <random>
#include <set>
#include <string>
#include <string_view>
#include <vector>


#include "methods_test_support.hpp"
#include "subjects/doubly_linked_list.hpp"
#include "subjects/heap_array.hpp"
#include "subjects/singly_linked_list.hpp"

namespace {

using namespace methods_test;

// ---------------------------------------------------------------------------------------------
// SinglyLinkedList

namespace sll = subjects::singly_linked_list;

// A singly linked list that owns its entries (not its elements).
struct singly_list_box : owned_structure<sll::list> {
  sll::list& l = *root;
  singly_list_box() {
    l.header = new sll::entry{};
    l.size = 0;
  }
  explicit singly_list_box(const sll::list& other) : owned_structure(other) {}
};

std::vector<sll::element*> elements(const sll::list& l) {
  std::vector<sll::element*> out;
  for (const sll::entry* e = l.header->next; e != nullptr; e = e->next) out.push_back(e->value);
  return out;
}

TEST(MethodsSinglyLinkedList, RandomOperationsAgreeWithStdVector) {
  std::mt19937 rng(seed);
  sll::element objects[4];
  auto object = [&](int i) { return i == 4 ? nullptr : &objects[i]; };
  singly_list_box s;
  std::vector<sll::element*> model;
  int null_deref_checks = 0;
  for (int step = 0; step < random_steps; ++step) {
    sll::element* o = object(pick(rng, 0, 4));
    const singly_list_box old(s.l);
    smallscope::verdict v;
    if (add_now(rng, step)) {
      if (o != nullptr) model.push_back(o);
      const bool result = s.l.add(o);
      EXPECT_EQ(result, o != nullptr);
      sll::add_post(v, old.l, s.l, result, o);
    } else {
      const auto first = std::find(model.begin(), model.end(), o);
      const bool expected = first != model.end();
      if (expected) {
        model.erase(first);
        // The mutant does not crash when o is in the list; there it behaves like remove.
        singly_list_box mutant(old.l);
        EXPECT_TRUE(mutant.l.remove_null_deref(o));
        EXPECT_EQ(elements(mutant.l), model);
        EXPECT_EQ(mutant.l.size, static_cast<int>(model.size()));
        ++null_deref_checks;
      }
      const bool result = s.l.remove(o);
      EXPECT_EQ(result, expected);
      sll::remove_post(v, old.l, s.l, result, o);
    }
    ASSERT_TRUE(s.l.rep_ok()) << "step " << step;
    ASSERT_EQ(elements(s.l), model) << "step " << step;
    ASSERT_TRUE(v.passed()) << v.failed_clause() << " at step " << step;
  }
  EXPECT_GT(null_deref_checks, 100);
}

TEST(MethodsSinglyLinkedList, PostconditionsNameTheBrokenClause) {
  sll::element a, b, c;
  singly_list_box pre;
  pre.l.add(&a);
  pre.l.add(&b);
  {
    singly_list_box now(pre.l);
    ASSERT_TRUE(now.l.add(&c));
    auto post = [&](bool result, sll::element* o) {
      return failed_clause([&](smallscope::verdict& v) { sll::add_post(v, pre.l, now.l, result, o); });
    };
    EXPECT_EQ(post(true, &c), "");
    EXPECT_EQ(post(false, &c), "result is true iff o is not null");
    EXPECT_EQ(post(true, &a), "elements are the old elements with o appended");
    now.l.header->next->value = &b;  // [b, b, c]
    EXPECT_EQ(post(true, &c), "elements are the old elements with o appended");
    now.l.header->next->value = &a;
    now.l.size = 2;
    EXPECT_EQ(post(true, &c), "size grows by one exactly when o is added");
    now.l.size = 3;
    sll::entry* last = now.l.header->next->next->next;
    last->next = now.l.header->next;  // a cycle: the walk must still end
    EXPECT_EQ(post(true, &c), "structure is acyclic");
    last->next = nullptr;
  }
  {
    singly_list_box now(pre.l);
    ASSERT_TRUE(now.l.remove(&a));
    auto post = [&](bool result, sll::element* o) {
      return failed_clause([&](smallscope::verdict& v) { sll::remove_post(v, pre.l, now.l, result, o); });
    };
    EXPECT_EQ(post(true, &a), "");
    EXPECT_EQ(post(false, &a), "result is true iff o was in the list");
    EXPECT_EQ(post(true, &b), "elements are the old elements without the first o");
    now.l.size = 2;
    EXPECT_EQ(post(true, &a), "size shrinks by one exactly when o is removed");
    sll::entry* header = now.l.header;
    now.l.header = nullptr;
    EXPECT_EQ(post(true, &a), "the list has its header");
    now.l.header = header;
  }
}

TEST(MethodsSinglyLinkedList, RemoveNullDerefBehavesLikeRemoveWhenTheElementIsThere) {
  sll::element a, b;
  singly_list_box pre;
  for (sll::element* o : {&a, &b, &a, &b}) pre.l.add(o);
  for (sll::element* o : {&a, &b}) {
    singly_list_box expected(pre.l);
    singly_list_box mutant(pre.l);
    ASSERT_TRUE(expected.l.remove(o));
    const bool result = mutant.l.remove_null_deref(o);
    EXPECT_TRUE(result);
    EXPECT_EQ(elements(mutant.l), elements(expected.l));
    EXPECT_EQ(failed_clause([&](smallscope::verdict& v) { sll::remove_post(v, pre.l, mutant.l, result, o); }), "");
  }
}

// ---------------------------------------------------------------------------------------------
// DoublyLinkedList

namespace dll = subjects::doubly_linked_list;

// Appends an entry holding o after the last one, by hand (a non-empty list; o may be null, as
// Korat's invariant allows after the header).
void append_entry(dll::list& l, dll::element* o) {
  dll::entry* h = l.header;
  dll::entry* last = h->previous;
  auto* e = new dll::entry{};
  e->value = o;
  e->next = h;
  e->previous = last;
  last->next = e;
  h->previous = e;
  ++l.size;
}

// A doubly linked list that owns its entries (not its elements).
struct doubly_list_box : owned_structure<dll::list> {
  dll::list& l = *root;
  doubly_list_box() {
    auto* h = new dll::entry{};
    h->next = h;
    h->previous = h;
    l.header = h;
    l.size = 0;
  }
  explicit doubly_list_box(const dll::list& other) : owned_structure(other) {}
};

std::vector<dll::element*> elements(const dll::list& l) {
  std::vector<dll::element*> out;
  const dll::entry* h = l.header;
  if (h->value == nullptr) return out;
  const dll::entry* e = h;
  do {
    out.push_back(e->value);
    e = e->next;
  } while (e != h);
  return out;
}

TEST(MethodsDoublyLinkedList, RandomOperationsAgreeWithStdVector) {
  std::mt19937 rng(seed);
  dll::element objects[4];
  auto object = [&](int i) { return i == 4 ? nullptr : &objects[i]; };
  doubly_list_box s;
  std::vector<dll::element*> model;
  int leading_null_drops = 0;
  for (int step = 0; step < random_steps; ++step) {
    dll::element* o = object(pick(rng, 0, 4));
    const doubly_list_box old(s.l);
    smallscope::verdict v;
    if (add_now(rng, step)) {
      if (o == nullptr && !model.empty() && pick(rng, 0, 1) == 0) {
        append_entry(s.l, nullptr);  // a null after the header, as Korat's invariant allows
        model.push_back(nullptr);
        ASSERT_TRUE(s.l.rep_ok());
        continue;
      }
      if (o != nullptr) model.push_back(o);
      const bool result = s.l.add(o);
      EXPECT_EQ(result, o != nullptr);
      dll::add_post(v, old.l, s.l, result, o);
    } else {
      if (!model.empty() && pick(rng, 0, 2) == 0) o = model.front();  // often the header's
      const auto first = std::find(model.begin(), model.end(), o);
      const bool expected = first != model.end();
      if (expected) model.erase(first);
      const auto leading = std::find_if(model.begin(), model.end(), [](auto* e) { return e != nullptr; });
      leading_null_drops += leading != model.begin() ? 1 : 0;
      model.erase(model.begin(), leading);
      const bool result = s.l.remove(o);
      EXPECT_EQ(result, expected);
      dll::remove_post(v, old.l, s.l, result, o);
    }
    ASSERT_TRUE(s.l.rep_ok()) << "step " << step;
    ASSERT_EQ(elements(s.l), model) << "step " << step;
    ASSERT_TRUE(v.passed()) << v.failed_clause() << " at step " << step;
  }
  EXPECT_GT(leading_null_drops, 10);
}

TEST(MethodsDoublyLinkedList, RemoveKeepsTheHeaderAndDropsLeadingNulls) {
  dll::element a, b;
  {
    doubly_list_box s;  // [a]: the header stays, as the empty list's header
    dll::entry* h = s.l.header;
    ASSERT_TRUE(s.l.add(&a));
    EXPECT_EQ(s.l.header, h);
    ASSERT_TRUE(s.l.remove(&a));
    EXPECT_EQ(s.l.header, h);
    EXPECT_TRUE(s.l.rep_ok());
    EXPECT_EQ(s.l.size, 0);
    EXPECT_FALSE(s.l.remove(nullptr));
  }
  {
    doubly_list_box s;  // [a, null, b] without a is [b]
    s.l.add(&a);
    append_entry(s.l, nullptr);
    s.l.add(&b);
    const doubly_list_box pre(s.l);
    ASSERT_TRUE(s.l.remove(&a));
    EXPECT_TRUE(s.l.rep_ok());
    EXPECT_EQ(elements(s.l), std::vector<dll::element*>{&b});
    EXPECT_EQ(failed_clause([&](smallscope::verdict& v) { dll::remove_post(v, pre.l, s.l, true, &a); }), "");
  }
  {
    doubly_list_box s;  // [a, null] without a is []
    s.l.add(&a);
    append_entry(s.l, nullptr);
    const doubly_list_box pre(s.l);
    ASSERT_TRUE(s.l.remove(&a));
    EXPECT_TRUE(s.l.rep_ok());
    EXPECT_EQ(s.l.size, 0);
    EXPECT_EQ(failed_clause([&](smallscope::verdict& v) { dll::remove_post(v, pre.l, s.l, true, &a); }), "");
  }
  {
    doubly_list_box s;  // [a, null, b] without null is [a, b]
    s.l.add(&a);
    append_entry(s.l, nullptr);
    s.l.add(&b);
    ASSERT_TRUE(s.l.remove(nullptr));
    EXPECT_TRUE(s.l.rep_ok());
    EXPECT_EQ(elements(s.l), (std::vector<dll::element*>{&a, &b}));
  }
}

TEST(MethodsDoublyLinkedList, PostconditionsNameTheBrokenClause) {
  dll::element a, b, c;
  doubly_list_box pre;
  pre.l.add(&a);
  pre.l.add(&b);
  {
    doubly_list_box now(pre.l);
    ASSERT_TRUE(now.l.add(&c));
    auto post = [&](bool result, dll::element* o) {
      return failed_clause([&](smallscope::verdict& v) { dll::add_post(v, pre.l, now.l, result, o); });
    };
    EXPECT_EQ(post(true, &c), "");
    EXPECT_EQ(post(false, &c), "result is true iff o is not null");
    EXPECT_EQ(post(true, &a), "elements are the old elements with o appended");
    now.l.size = 2;
    EXPECT_EQ(post(true, &c), "size grows by one exactly when o is added");
    now.l.size = 3;
    dll::entry* last = now.l.header->previous;
    dll::entry* second = now.l.header->next;
    last->previous = now.l.header;
    EXPECT_EQ(post(true, &c), "previous mirrors next");
    last->previous = second;
    last->next = second;  // next cycles without the header: the walk must still end
    EXPECT_EQ(post(true, &c), "next leads from the header around one cycle back to it");
    last->next = nullptr;
    EXPECT_EQ(post(true, &c), "next leads from the header around one cycle back to it");
    last->next = now.l.header;
  }
  {
    doubly_list_box now(pre.l);
    ASSERT_TRUE(now.l.remove(&a));
    auto post = [&](bool result, dll::element* o) {
      return failed_clause([&](smallscope::verdict& v) { dll::remove_post(v, pre.l, now.l, result, o); });
    };
    EXPECT_EQ(post(true, &a), "");
    EXPECT_EQ(post(false, &a), "result is true iff o was in the list");
    EXPECT_EQ(post(true, &b), "elements are the old elements without the first o (and then leading nulls)");
    now.l.size = 2;
    EXPECT_EQ(post(true, &a), "size is the number of elements left");
  }
}

// ---------------------------------------------------------------------------------------------
// HeapArray

namespace ha = subjects::heap_array;

// A heap with array storage of its own.
struct heap_box {
  ha::heap h;
  std::vector<smallscope::field<int>> cells;
  heap_box(int length, int capacity) : cells(static_cast<std::size_t>(capacity), smallscope::field<int>(-1)) {
    h.array.assign_storage(cells.data(), capacity);
    h.array.set_length(length);
    h.size = 0;
  }
  explicit heap_box(const ha::heap& other) : heap_box(other.array.length(), other.array.capacity()) {
    for (int i = 0; i < other.array.capacity(); ++i) h.array[i] = other.array[i];
    h.size = other.size;
  }
  heap_box(const heap_box&) = delete;
  heap_box& operator=(const heap_box&) = delete;
};

std::multiset<int> keys(const ha::heap& h) {
  std::multiset<int> out;
  for (int i = 0; i < h.size; ++i) out.insert(h.array[i]);
  return out;
}

TEST(MethodsHeapArray, RandomOperationsAgreeWithStdMultiset) {
  std::mt19937 rng(seed);
  int full_inserts = 0;
  for (int length = 0; length <= 7; ++length) {
    heap_box s(length, length + 1);  // one cell beyond the length: it must stay untouched
    std::multiset<int> model;
    for (int step = 0; step < random_steps / 8; ++step) {
      const heap_box old(s.h);
      smallscope::verdict v;
      if (add_now(rng, step * 8)) {
        const int key = pick(rng, -1, 9);
        const bool expected = key != -1 && static_cast<int>(model.size()) < length;
        full_inserts += key != -1 && !expected ? 1 : 0;
        if (expected) model.insert(key);
        const bool result = s.h.insert(key);
        EXPECT_EQ(result, expected) << "insert " << key << " at step " << step;
        ha::insert_post(v, old.h, s.h, result, key);
      } else {
        int expected = -1;
        if (!model.empty()) {
          expected = *model.rbegin();
          model.erase(std::prev(model.end()));
        }
        const int result = s.h.extract_max();
        EXPECT_EQ(result, expected) << "extract_max at step " << step;
        ha::extract_max_post(v, old.h, s.h, result);
      }
      ASSERT_TRUE(s.h.rep_ok()) << "length " << length << " step " << step;
      ASSERT_EQ(keys(s.h), model) << "length " << length << " step " << step;
      ASSERT_EQ(s.h.array[length], -1);
      ASSERT_TRUE(v.passed()) << v.failed_clause() << " at length " << length << " step " << step;
    }
  }
  EXPECT_GT(full_inserts, 20);
}

TEST(MethodsHeapArray, PostconditionsNameTheBrokenClause) {
  heap_box pre(4, 4);
  for (int key : {5, 3, 4}) pre.h.insert(key);
  {
    heap_box now(pre.h);
    ASSERT_TRUE(now.h.insert(6));
    auto post = [&](bool result, int key) {
      return failed_clause([&](smallscope::verdict& v) { ha::insert_post(v, pre.h, now.h, result, key); });
    };
    EXPECT_EQ(post(true, 6), "");
    EXPECT_EQ(post(false, 6), "result is true iff there was room and key is not -1");
    EXPECT_EQ(post(true, -1), "result is true iff there was room and key is not -1");
    now.h.array[0] = 7;
    EXPECT_EQ(post(true, 6), "keys are the old keys plus key");
    now.h.array[0] = 6;
    now.h.size = 3;
    EXPECT_EQ(post(true, 6), "keys are the old keys plus key");
    now.h.size = 5;
    EXPECT_EQ(post(true, 6), "size is within the array");
    now.h.size = 4;
    now.h.array.set_length(3);
    EXPECT_EQ(post(true, 6), "the array's length is unchanged");
    now.h.array.set_length(4);
  }
  {
    heap_box now(pre.h);
    ASSERT_EQ(now.h.extract_max(), 5);
    auto post = [&](int result) {
      return failed_clause([&](smallscope::verdict& v) { ha::extract_max_post(v, pre.h, now.h, result); });
    };
    EXPECT_EQ(post(5), "");
    EXPECT_EQ(post(4), "result is the greatest key, or -1 when empty");
    now.h.array[2] = 9;  // the freed cell
    EXPECT_EQ(post(5), "the freed cell holds -1");
    now.h.array[2] = -1;
    now.h.array[1] = 5;
    EXPECT_EQ(post(5), "keys are the old keys minus the greatest");
    now.h.array[1] = 3;
    now.h.size = 3;
    EXPECT_EQ(post(5), "keys are the old keys minus the greatest");
  }
  {
    heap_box empty(2, 2);
    heap_box now(empty.h);
    ASSERT_EQ(now.h.extract_max(), -1);
    EXPECT_EQ(failed_clause([&](smallscope::verdict& v) { ha::extract_max_post(v, empty.h, now.h, -1); }), "");
    now.h.size = 1;  // a key out of nothing
    now.h.array[0] = 0;
    EXPECT_EQ(failed_clause([&](smallscope::verdict& v) { ha::extract_max_post(v, empty.h, now.h, -1); }),
              "keys are the old keys minus the greatest");
  }
}

}  // namespace
