// Memory errors of a method under test are findings with the same verdict in every build (paper
// 000, Sec. 6.1 runs the method on a copy of each input): a write after delete, a write past a
// block's end, a double free and a leak. The release build serves the copies from the input
// arena (src/space/input_arena.hpp: poison, red zones); a sanitized build serves them from
// malloc, where the sanitizer ends the worker. Either way the check names the input.
#include <gtest/gtest.h>

#include <cstddef>
#include <string>

#include "smallscope/checker.hpp"

namespace memory_errors_test {

using smallscope::outcome_kind;

struct cell {
  smallscope::field<cell*> next;
  smallscope::field<int> value;
};
SMALLSCOPE_FIELDS(cell, next, value)

// A stack of cells, and methods each with one memory error on a non-empty stack (a volatile
// pointer keeps the compiler from seeing it).
struct stack {
  smallscope::field<cell*> head;
  smallscope::field<int> size;

  bool rep_ok() const {
    int n = 0;
    for (const cell* x = head; x != nullptr; x = x->next)
      if (++n > size) return false;
    return n == size;
  }
  // Unlinks and deletes the top, then writes to it (a use after free that reads nothing back).
  void pop_then_write() {
    cell* const volatile top = head;
    if (top == nullptr) return;
    head = top->next.get();
    size = size - 1;
    delete top;
    top->value = 1;
  }
  // Writes one byte past the end of the top cell (an input object's copy).
  void scribble_past_top() {
    cell* const volatile top = head;
    if (top == nullptr) return;
    char* volatile end = reinterpret_cast<char*>(top) + sizeof(cell);
    *end = 1;
  }
  // Fills a scratch array of size() ints with one too many, and deletes it.
  void scratch_overflow() {
    if (head == nullptr) return;
    int* volatile a = new int[static_cast<std::size_t>(size)];
    for (int i = 0; i <= size; ++i) a[i] = i;
    delete[] a;
  }
  // Deletes the top twice.
  void pop_twice() {
    cell* const volatile top = head;
    if (top == nullptr) return;
    head = top->next.get();
    size = size - 1;
    delete top;
    delete top;
  }
  // Unlinks the top and forgets to delete it.
  void pop_leaky() {
    cell* const top = head;
    if (top == nullptr) return;
    head = top->next.get();
    size = size - 1;
  }
  // The correct pop: the control, which passes everywhere.
  void pop() {
    cell* const top = head;
    if (top == nullptr) return;
    head = top->next.get();
    size = size - 1;
    delete top;
  }
};
SMALLSCOPE_FIELDS(stack, head, size)

void any_post(smallscope::verdict&, const stack&, const stack&) {}

smallscope::finitization stacks() {
  auto f = smallscope::finitization::of<stack>("Stack");
  auto cs = f.objects<cell>("Cell", 2);
  f.set(&stack::head, cs.or_null());
  f.set(&stack::size, smallscope::ints(0, 2));
  f.set(&cell::next, cs.or_null());
  f.set(&cell::value, smallscope::ints(0, 0));
  return f;
}

struct expected_verdict {
  smallscope::target_method method;
  outcome_kind kind;  // on each non-empty stack; the empty one passes
  std::string release_detail;  // what the release build's arena says (empty: the signal)
};

// Every memory error fails the two non-empty stacks with the same kind in every build, and the
// correct pop passes all three.
TEST(MemoryErrors, EachIsAFindingWithTheSameVerdictInEveryBuild) {
  const expected_verdict cases[] = {
      {smallscope::make_method<&stack::pop_then_write, &any_post>("pop_then_write", {}, "pop_then_write", "any_post"),
       outcome_kind::crash, "wrote to a block of " + std::to_string(sizeof(cell)) + " bytes after deleting it"},
      {smallscope::make_method<&stack::scribble_past_top, &any_post>("scribble_past_top", {}, "scribble_past_top",
                                                                    "any_post"),
       outcome_kind::crash, "wrote past the end of a block of " + std::to_string(sizeof(cell)) + " bytes"},
      {smallscope::make_method<&stack::scratch_overflow, &any_post>("scratch_overflow", {}, "scratch_overflow",
                                                                   "any_post"),
       outcome_kind::crash, "wrote past the end of a block of"},
      {smallscope::make_method<&stack::pop_twice, &any_post>("pop_twice", {}, "pop_twice", "any_post"),
       outcome_kind::crash, ""},
      {smallscope::make_method<&stack::pop_leaky, &any_post>("pop_leaky", {}, "pop_leaky", "any_post"),
       outcome_kind::leak, "Cell#"},
  };
  const auto f = stacks();
  const auto rep_ok = smallscope::make_predicate<&stack::rep_ok>();
  const bool arena = smallscope::detail::allocation_watch_active() && smallscope::detail::open_input_arena();
  for (const auto& c : cases) {
    const auto r = smallscope::run_check(f, rep_ok, c.method, {});
    EXPECT_EQ(r.inputs, 3u) << c.method.name;
    ASSERT_EQ(r.failed, 2u) << c.method.name << ": each non-empty stack";
    for (const auto& x : r.failures) {
      EXPECT_EQ(x.kind, c.kind) << c.method.name << " input " << x.input << ": " << x.detail;
      if (arena && c.kind == outcome_kind::crash && !c.release_detail.empty()) {
        EXPECT_NE(x.detail.find(c.release_detail), std::string::npos) << c.method.name << ": " << x.detail;
      }
      if (c.kind == outcome_kind::crash) {
        EXPECT_FALSE(x.returned) << c.method.name << ": the method's error";
      }
    }
  }
  const auto pop = smallscope::make_method<&stack::pop, &any_post>("pop", {}, "pop", "any_post");
  const auto r = smallscope::run_check(f, rep_ok, pop, {});
  EXPECT_EQ(r.inputs, 3u);
  EXPECT_EQ(r.failed, 0u) << "the red zones and poison blame no correct method";
}

}  // namespace memory_errors_test
