// SortedSinglyLinkedList (paper 004, Sec. 6; subjects/sorted_singly_linked_list.hpp):
// - random operation sequences agree with a sorted std::vector, keep rep_ok and pass the
//   postconditions;
// - each postcondition rejects a wrong post-state by the expected clause;
// - the valid lists of a scope are exactly the non-decreasing sequences (counted apart), and
//   `check` of every method passes on every input, and finds a wrong add on the inputs
//   counted apart;
// - summed over the three methods, the inputs equal paper 004's bounded-exhaustive suite
//   sizes (Table 1) for scopes 3..7.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <random>
#include <set>
#include <stdexcept>
#include <string>
#include <vector>

#include "methods_test_support.hpp"
#include "smallscope/checker.hpp"
#include "smallscope/subject.hpp"
#include "subjects/sorted_singly_linked_list.hpp"

namespace {

using namespace methods_test;
namespace ssl = subjects::sorted_singly_linked_list;

// A sorted list that owns its entries, with its header.
struct sorted_list_box : owned_structure<ssl::list> {
  sorted_list_box() { root->header = new ssl::entry{}; }
  explicit sorted_list_box(const ssl::list& other) : owned_structure(other) {}
  ssl::list& l = *root;
};

std::vector<int> elements(const ssl::list& l) { return ssl::abstraction(l).elements; }

TEST(SortedSinglyLinkedList, RandomOperationsAgreeWithASortedVector) {
  std::mt19937 rng(seed);
  sorted_list_box s;
  std::vector<int> model;
  for (int step = 0; step < random_steps; ++step) {
    const int element = pick(rng, 0, 12);
    const sorted_list_box old(s.l);
    smallscope::verdict v;
    const int op = pick(rng, 0, 2);
    if (op == 0) {
      const int index = pick(rng, -1, static_cast<int>(model.size()) + 1);
      const int expected =
          index >= 0 && index < static_cast<int>(model.size()) ? model[static_cast<std::size_t>(index)] : 0;
      const int result = s.l.get(index);
      EXPECT_EQ(result, expected) << "get " << index << " at step " << step;
      ssl::get_post(v, old.l, s.l, result, index);
    } else if (add_now(rng, step)) {
      const bool expected = element != 0;
      if (expected) model.insert(std::upper_bound(model.begin(), model.end(), element), element);
      const bool result = s.l.add(element);
      EXPECT_EQ(result, expected) << "add " << element << " at step " << step;
      ssl::add_post(v, old.l, s.l, result, element);
    } else {
      const auto it = std::find(model.begin(), model.end(), element);
      const bool expected = it != model.end();
      if (expected) model.erase(it);
      const bool result = s.l.remove(element);
      EXPECT_EQ(result, expected) << "remove " << element << " at step " << step;
      ssl::remove_post(v, old.l, s.l, result, element);
    }
    ASSERT_TRUE(s.l.rep_ok()) << "step " << step;
    ASSERT_EQ(elements(s.l), model) << "step " << step;
    ASSERT_TRUE(v.passed()) << v.failed_clause() << " at step " << step;
  }
}

TEST(SortedSinglyLinkedList, PostconditionsNameTheBrokenClause) {
  sorted_list_box pre;
  for (int e : {3, 1, 2, 2}) ASSERT_TRUE(pre.l.add(e));  // 1 2 2 3
  ASSERT_EQ(elements(pre.l), (std::vector<int>{1, 2, 2, 3}));
  {
    sorted_list_box now(pre.l);
    auto post = [&](int result, int index) {
      return failed_clause([&](smallscope::verdict& v) { ssl::get_post(v, pre.l, now.l, result, index); });
    };
    EXPECT_EQ(post(now.l.get(3), 3), "");
    EXPECT_EQ(post(now.l.get(4), 4), "");
    EXPECT_EQ(post(2, 3), "result is the element at index, or no element when index is out of range");
    EXPECT_EQ(post(3, 4), "result is the element at index, or no element when index is out of range");
    now.l.header->next->element = 0;  // changed, still sorted
    EXPECT_EQ(post(3, 3), "the list is unchanged");
    now.l.header->next->element = 1;
    now.l.size = 5;
    EXPECT_EQ(post(3, 3), "the list is unchanged");
    now.l.size = 4;
  }
  {
    sorted_list_box now(pre.l);
    ASSERT_TRUE(now.l.add(2));  // 1 2 2 2 3
    auto post = [&](bool result, int element) {
      return failed_clause([&](smallscope::verdict& v) { ssl::add_post(v, pre.l, now.l, result, element); });
    };
    EXPECT_EQ(post(true, 2), "");
    EXPECT_EQ(post(false, 2), "result is true iff element is an element (not null)");
    EXPECT_EQ(post(true, 3), "elements are the old elements with element inserted in order");
    ssl::entry* last = now.l.header->next->next->next->next->next;
    last->element = 1;  // 1 2 2 2 1
    EXPECT_EQ(post(true, 2), "elements are sorted");
    last->element = 3;
    ++now.l.size;
    EXPECT_EQ(post(true, 2), "size grows by one exactly when element is added");
    --now.l.size;
    last->next = now.l.header->next;  // a cycle: the walk must still end
    EXPECT_EQ(post(true, 2), "structure is acyclic");
    last->next = nullptr;
    EXPECT_EQ(post(true, 2), "");
  }
  {
    sorted_list_box now(pre.l);
    ASSERT_TRUE(now.l.remove(2));  // 1 2 3
    auto post = [&](bool result, int element) {
      return failed_clause([&](smallscope::verdict& v) { ssl::remove_post(v, pre.l, now.l, result, element); });
    };
    EXPECT_EQ(post(true, 2), "");
    EXPECT_EQ(post(false, 2), "result is true iff element was in the list");
    EXPECT_EQ(post(true, 4), "result is true iff element was in the list");
    now.l.header->next->next->element = 1;  // 1 1 3: another element gone
    EXPECT_EQ(post(true, 2), "elements are the old elements with one element fewer");
    now.l.header->next->next->element = 2;
    now.l.size = 4;
    EXPECT_EQ(post(true, 2), "size shrinks by one exactly when element is removed");
    now.l.size = 3;
    ssl::entry* header = now.l.header;
    now.l.header = nullptr;
    EXPECT_EQ(post(true, 2), "the list has its header");
    now.l.header = header;
  }
}

// The number of non-decreasing sequences of length 0..max_length over `elements` values, by
// enumeration.
std::uint64_t sorted_sequences(int max_length, int elements) {
  std::uint64_t count = 0;
  std::vector<int> seq;
  auto extend = [&](auto&& self) -> void {
    ++count;
    if (static_cast<int>(seq.size()) == max_length) return;
    for (int e = seq.empty() ? 1 : seq.back(); e <= elements; ++e) {
      seq.push_back(e);
      self(self);
      seq.pop_back();
    }
  };
  extend(extend);
  return count;
}

smallscope::subject_instance instance(std::vector<std::int64_t> fin) {
  const auto* s = smallscope::find_subject("SortedSinglyLinkedList");
  EXPECT_NE(s, nullptr);
  return s->make(fin);
}

using methods_test::method_of;

// Scope 4 (4 entries with the header, 0..3 elements from 1..4): the valid lists are the 35
// non-decreasing sequences, each once; every method passes on each list and argument.
TEST(SortedSinglyLinkedList, Scope4HoldsEverySortedSequenceOnceAndEveryMethodPasses) {
  const auto* s = smallscope::find_subject("SortedSinglyLinkedList");
  ASSERT_NE(s, nullptr);
  EXPECT_EQ(s->scope(4), (std::vector<std::int64_t>{0, 3, 4, 4}));
  const auto i = instance(s->scope(4));
  const std::uint64_t valid = sorted_sequences(3, 4);
  ASSERT_EQ(valid, 35u);
  std::set<std::vector<int>> seen;
  smallscope::structure_range range(i.fin, i.invariant);
  for (const auto& st : range) {
    const std::vector<int> e = elements(st.root<ssl::list>());
    EXPECT_TRUE(std::is_sorted(e.begin(), e.end()));
    EXPECT_TRUE(seen.insert(e).second);
  }
  EXPECT_EQ(seen.size(), valid);
  for (const char* name : {"get", "add", "remove"}) {
    const auto r = smallscope::run_check(i.fin, i.invariant, method_of(i, name), {});
    EXPECT_EQ(r.inputs, valid * 4) << name;  // index 0..3, element 1..4
    EXPECT_EQ(r.failed, 0u) << name;
  }
}

// A wrong add that appends instead of inserting in order. `check` finds it on exactly the
// inputs where the last element is greater than the new one (counted apart), each by the
// invariant (the post-state is not sorted).
bool add_at_end(ssl::list& l, int element) {
  ssl::entry* last = l.header;
  while (last->next != nullptr) last = last->next;
  last->next = new ssl::entry{};
  last->next->element = element;
  ++l.size;
  return true;
}

TEST(SortedSinglyLinkedList, CheckFindsAnAddThatAppends) {
  const auto i = instance({0, 3, 4, 4});
  const auto m = smallscope::make_method<&add_at_end, &ssl::add_post>(
      "add_at_end", {smallscope::argument_domain::of(smallscope::ints(1, 4))}, "add_at_end", "add_post");
  std::uint64_t expected = 0;
  std::vector<int> seq;
  auto extend = [&](auto&& self) -> void {
    for (int e = 1; e <= 4; ++e)
      if (!seq.empty() && seq.back() > e) ++expected;
    if (seq.size() == 3) return;
    for (int e = seq.empty() ? 1 : seq.back(); e <= 4; ++e) {
      seq.push_back(e);
      self(self);
      seq.pop_back();
    }
  };
  extend(extend);
  ASSERT_EQ(expected, 71u);
  const auto r = smallscope::run_check(i.fin, i.invariant, m, {});
  EXPECT_EQ(r.inputs, 35u * 4);
  EXPECT_EQ(r.failed, expected);
  for (const auto& c : r.failures) EXPECT_EQ(c.kind, smallscope::outcome_kind::invariant);
}

// Paper 004, Table 1, bounded exhaustive: inputs of get, add and remove together. The reading
// with exactly n elements (Korat's finSortedList(n, n, n+1, n)) has the same valid lists.
TEST(SortedSinglyLinkedList, InputsEqualPaper004Table1) {
  const std::uint64_t table1[] = {90, 420, 1890, 8316, 36036};
  const auto* s = smallscope::find_subject("SortedSinglyLinkedList");
  ASSERT_NE(s, nullptr);
  for (std::int64_t n = 3; n <= 7; ++n) {
    const auto i = instance(s->scope(n));
    std::uint64_t inputs = 0;
    for (const auto& m : i.methods) inputs += smallscope::count_inputs(i.fin, i.invariant, m);
    EXPECT_EQ(inputs, table1[n - 3]) << "n = " << n;
    if (n > 6) continue;  // the exact reading's search grows faster; n <= 6 shows it
    const auto exact = instance({n, n, n + 1, n});
    smallscope::structure_range range(exact.fin, exact.invariant);
    std::uint64_t valid = 0;
    for ([[maybe_unused]] const auto& st : range) ++valid;
    EXPECT_EQ(valid, sorted_sequences(static_cast<int>(n) - 1, static_cast<int>(n))) << "n = " << n;
  }
}

}  // namespace
