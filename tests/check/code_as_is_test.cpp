// Idiomatic C++ in code under test, with field<T> members: parameters taken as `const T&`,
// `T&&` and `T&` (no false crash: each argument lives across the call), owning destructors (no
// arena object freed by user code, no double free, no false leak), overloaded methods picked by
// signature, and what must not compile (an unfillable parameter, another invariant without its
// name).
#include <gtest/gtest.h>

#include <cstdint>
#include <string>

#include "smallscope/checker.hpp"
#include "smallscope/counterexample.hpp"
#include "smallscope/search.hpp"

namespace code_as_is_test {

// A counter whose methods take their argument in every form the finitization can fill.
struct counter {
  smallscope::field<int> n;
  bool rep_ok() const { return n >= 0; }
  int add_ref(const int& by) { return n = n + by; }
  int add_rvalue(int&& by) { return n = n + by; }
  int add_lvalue(int& by) {
    n = n + by;
    by = -1000;  // the method's own copy: the postcondition still sees the argument as passed
    return n;
  }
  int add_noexcept(const int& by) noexcept { return n = n + by; }
  // Overloads: picked by signature.
  int add(int by) { return n = n + by; }
  int add(int by, int times) { return n = n + by * times; }
  int takes_string(std::string) { return 0; }
  int takes_pair(std::pair<int, int>) { return 0; }
  // An overload set with a member template, as containers' insert and emplace are.
  int bump(int by) { return n = n + by; }
  template <class It>
  int bump(It first, It last) {
    for (; first != last; ++first) n = n + *first;
    return n;
  }
  // A result with no text of its own, as std::set::insert's.
  std::pair<const int*, bool> put(int by) {
    n = n + by;
    return {nullptr, by > 0};
  }
  struct receipt {
    int total;
  };
  receipt settle(int by) { return {n = n + by}; }
};
SMALLSCOPE_FIELDS(counter, n)

void bump_post(smallscope::verdict& v, const counter& old, const counter& now, int result, int by) {
  v.require(now.n == old.n + by && result == now.n, "n grows by the argument");
}
void put_post(smallscope::verdict& v, const counter& old, const counter& now, std::pair<const int*, bool> r, int by) {
  v.require(now.n == old.n + by && r.second == (by > 0), "n grows; says whether it grew");
}
void settle_post(smallscope::verdict& v, const counter& old, const counter& now, counter::receipt r, int by) {
  v.require(now.n == old.n + by && r.total == now.n + (by == 2 ? 1 : 0), "the receipt is the total");
}
bool nonnegative(const counter& c) { return c.n >= 0; }

void add_post(smallscope::verdict& v, const counter& old, const counter& now, int result, int by) {
  v.require(now.n == old.n + by && result == now.n, "n grows by the argument");
}
void add_twice_post(smallscope::verdict& v, const counter& old, const counter& now, int result, int by, int times) {
  v.require(now.n == old.n + by * times && result == now.n, "n grows by by * times");
}

smallscope::finitization counter_fin() {
  auto f = smallscope::finitization::of<counter>("Counter");
  f.set(&counter::n, smallscope::ints(0, 3));
  return f;
}

TEST(CodeAsIs, ReferenceParametersBindToArgumentsThatLiveAcrossTheCall) {
  const std::vector<smallscope::argument_domain> by = {smallscope::ints(0, 2)};
  const auto methods = {
      smallscope::make_method<&counter::add_ref, &add_post>("add_ref", by, "add_ref", "add_post"),
      smallscope::make_method<&counter::add_rvalue, &add_post>("add_rvalue", by, "add_rvalue", "add_post"),
      smallscope::make_method<&counter::add_lvalue, &add_post>("add_lvalue", by, "add_lvalue", "add_post"),
      smallscope::make_method<&counter::add_noexcept, &add_post>("add_noexcept", by, "add_noexcept", "add_post")};
  for (const auto& m : methods) {
    const auto r = smallscope::run_check(counter_fin(), smallscope::make_predicate<&counter::rep_ok>(), m, {});
    EXPECT_EQ(r.inputs, 12u) << m.name;
    EXPECT_EQ(r.failed, 0u) << m.name << ": " << (r.failures.empty() ? "" : r.failures.front().detail);
    EXPECT_EQ(r.worker_restarts, 0u) << m.name;
  }
}

TEST(CodeAsIs, OverloadsArePickedBySignature) {
  const auto once = SMALLSCOPE_METHOD_OVERLOAD(counter::add, (int(int)), add_post, smallscope::ints(0, 2));
  const auto twice =
      SMALLSCOPE_METHOD_OVERLOAD(counter::add, (int(int, int)), add_twice_post, smallscope::ints(0, 2), smallscope::ints(1, 2));
  EXPECT_EQ(once.name, "add");
  EXPECT_EQ(once.arguments.size(), 1u);
  EXPECT_EQ(twice.arguments.size(), 2u);
  const auto r1 = smallscope::run_check(counter_fin(), smallscope::make_predicate<&counter::rep_ok>(), once, {});
  const auto r2 = smallscope::run_check(counter_fin(), smallscope::make_predicate<&counter::rep_ok>(), twice, {});
  EXPECT_EQ(r1.inputs, 12u);
  EXPECT_EQ(r2.inputs, 24u);
  EXPECT_EQ(r1.failed + r2.failed, 0u);
}

TEST(CodeAsIs, AnOverloadSetWithAMemberTemplateIsResolvedBySignature) {
  const auto m = SMALLSCOPE_METHOD_OVERLOAD(counter::bump, (int(int)), bump_post, smallscope::ints(0, 2));
  const auto w = SMALLSCOPE_METHOD_OVERLOAD_WITH_INVARIANT(counter::bump, (int(int)), bump_post, nonnegative,
                                                           smallscope::ints(0, 2));
  EXPECT_EQ(w.cpp_invariant, "nonnegative");
  EXPECT_TRUE(w.free_invariant);
  for (const auto* method : {&m, &w}) {
    const auto r = smallscope::run_check(counter_fin(), smallscope::make_predicate<&counter::rep_ok>(), *method, {});
    EXPECT_EQ(r.inputs, 12u);
    EXPECT_EQ(r.failed, 0u);
  }
}

TEST(CodeAsIs, ResultsWithoutTextAreCheckedAndShownAsTheirType) {
  const auto put = SMALLSCOPE_METHOD(counter::put, put_post, smallscope::ints(0, 1));
  const auto r = smallscope::run_check(counter_fin(), smallscope::make_predicate<&counter::rep_ok>(), put, {});
  EXPECT_EQ(r.inputs, 8u);
  EXPECT_EQ(r.failed, 0u);
  // settle's receipt is wrong by one for by == 2 (the postcondition's deliberate mistake): found,
  // with the result shown as its type.
  const auto settle = SMALLSCOPE_METHOD(counter::settle, settle_post, smallscope::ints(0, 2));
  const auto s = smallscope::run_check(counter_fin(), smallscope::make_predicate<&counter::rep_ok>(), settle, {});
  EXPECT_EQ(s.failed, 4u);
  ASSERT_FALSE(s.failures.empty());
  EXPECT_EQ(s.failures.front().result, "(a code_as_is_test::counter::receipt)");
  EXPECT_EQ(smallscope::detail::result_text(std::pair<int, bool>{3, true}), "(3, true)");
  EXPECT_EQ(smallscope::detail::result_text(std::pair<const int*, bool>{nullptr, false}), "(null, false)");
}

// A method whose parameter the finitization cannot fill does not compile.
template <auto M>
concept makes_method = requires {
  smallscope::make_method<M, &add_post>(std::string("m"), std::vector<smallscope::argument_domain>{}, std::string("m"),
                                        std::string("add_post"));
};
static_assert(makes_method<&counter::add_ref>);
static_assert(makes_method<&counter::takes_string>);  // a string domain fills it
static_assert(!makes_method<&counter::takes_pair>);

// A list whose destructor owns its nodes, and nodes that own their successor: the search's arena
// objects and the checks' copies are released without a double free or a false leak.
struct node {
  smallscope::field<node*> next;
  smallscope::field<int> value;
  ~node() { delete next.get(); }
};
SMALLSCOPE_FIELDS(node, next, value)

struct owning_list {
  smallscope::field<node*> head;
  smallscope::field<int> size;
  ~owning_list() { delete head.get(); }
  bool rep_ok() const {
    int n = 0;
    for (const node* x = head; x != nullptr; x = x->next)
      if (++n > size || (x->next != nullptr && x->value >= x->next->value)) return false;
    return n == size;
  }
  void push_front_min() {
    node* added = new node();
    added->value = head == nullptr ? 0 : head->value - 1;
    added->next = head.get();
    head = added;
    size = size + 1;
  }
  bool pop_front() {
    node* first = head;
    if (first == nullptr) return false;
    head = first->next.get();
    first->next = nullptr;
    delete first;
    size = size - 1;
    return true;
  }
};
SMALLSCOPE_FIELDS(owning_list, head, size)

void pop_front_post(smallscope::verdict& v, const owning_list& old, const owning_list& now, bool popped) {
  v.require(popped == (old.size > 0) && now.size == (popped ? old.size - 1 : 0), "one node fewer");
}
void push_front_min_post(smallscope::verdict& v, const owning_list& old, const owning_list& now) {
  v.require(now.size == old.size + 1, "one node more");
}

smallscope::finitization list_fin(int nodes) {
  auto f = smallscope::finitization::of<owning_list>("OwningList");
  auto ns = f.objects<node>("Node", static_cast<std::uint32_t>(nodes));
  f.set(&owning_list::head, ns.or_null());
  f.set(&owning_list::size, smallscope::ints(0, nodes));
  f.set(&node::next, ns.or_null());
  f.set(&node::value, smallscope::ints(0, nodes - 1));
  return f;
}

TEST(CodeAsIs, OwningDestructorsNeitherAbortTheSearchNorDoubleFree) {
  // Sorted lists of distinct values from 0..3: one per subset, 2^4.
  std::uint64_t lists = 0;
  for ([[maybe_unused]] const auto& s : smallscope::structures(list_fin(4), &owning_list::rep_ok)) ++lists;
  EXPECT_EQ(lists, 16u);
  const auto pop = smallscope::make_method<&owning_list::pop_front, &pop_front_post>("pop_front", {}, "pop_front",
                                                                                     "pop_front_post");
  const auto push = smallscope::make_method<&owning_list::push_front_min, &push_front_min_post>(
      "push_front_min", {}, "push_front_min", "push_front_min_post");
  for (const auto* m : {&pop, &push}) {
    const auto r = smallscope::run_check(list_fin(4), smallscope::make_predicate<&owning_list::rep_ok>(), *m, {});
    EXPECT_EQ(r.inputs, 16u) << m->name;
    EXPECT_EQ(r.worker_restarts, 0u) << m->name << ": no crash";
    for (const auto& c : r.failures)
      ADD_FAILURE() << m->name << " input " << c.input << ": " << smallscope::outcome_name(c.kind) << " " << c.detail;
  }
}

// A list that reads a node after deleting it (the use after free of a pop that unlinks late).
struct late_node {
  smallscope::field<late_node*> next;
  smallscope::field<int> value;
};
SMALLSCOPE_FIELDS(late_node, next, value)

struct late_list {
  smallscope::field<late_node*> head;
  smallscope::field<int> size;
  bool rep_ok() const {
    int n = 0;
    for (const late_node* x = head; x != nullptr; x = x->next)
      if (++n > size) return false;
    return n == size;
  }
  bool pop_front() {
    late_node* const volatile first = head;  // volatile: the compiler does not see the use after free
    if (first == nullptr) return false;
    delete first;
    head = first->next.get();  // read from the freed node
    size = size - 1;
    return true;
  }
};
SMALLSCOPE_FIELDS(late_list, head, size)

void late_pop_post(smallscope::verdict& v, const late_list& old, const late_list& now, bool popped) {
  v.require(popped == (old.size > 0) && now.size == (popped ? old.size - 1 : 0), "one node fewer");
}

// The memory a method deleted holds no old contents, in the release build too (the input arena
// poisons a freed block, a sanitized build's malloc reports it): every pop of a non-empty list
// is a finding, where reading the old contents would pass them all.
TEST(CodeAsIs, AUseAfterFreeIsFoundAsOnMalloc) {
  auto f = smallscope::finitization::of<late_list>("LateList");
  auto ns = f.objects<late_node>("Node", 3);
  f.set(&late_list::head, ns.or_null());
  f.set(&late_list::size, smallscope::ints(0, 3));
  f.set(&late_node::next, ns.or_null());
  f.set(&late_node::value, smallscope::ints(0, 0));
  const auto pop = smallscope::make_method<&late_list::pop_front, &late_pop_post>("pop_front", {}, "pop_front",
                                                                                  "late_pop_post");
  const auto r = smallscope::run_check(f, smallscope::make_predicate<&late_list::rep_ok>(), pop, {});
  EXPECT_EQ(r.inputs, 4u);  // lists of 0 to 3 nodes
  EXPECT_EQ(r.failed, 3u);  // each non-empty one
  for (const auto& c : r.failures) EXPECT_EQ(c.kind, smallscope::outcome_kind::crash) << c.detail;
}

// Releasing a copy deletes each object once even though every destructor deletes its successor.
TEST(CodeAsIs, ReleaseDeletesEachObjectOnce) {
  auto* l = new owning_list();
  l->push_front_min();
  l->push_front_min();
  l->push_front_min();
  ASSERT_EQ(l->size, 3);
  owning_list* copy = smallscope::deep_copy(*l);
  smallscope::release(copy);
  smallscope::release(l);
}

}  // namespace code_as_is_test

namespace code_as_is_test {

// A method that returns and leaves its structure's root pointing nowhere: the crash is in
// reading the post-state, after the method returned, and the report says so.
struct corruptible {
  smallscope::field<node*> head;
  bool rep_ok() const { return head == nullptr || head->value >= 0; }
  void corrupt() { head = reinterpret_cast<node*>(std::uintptr_t{16}); }
};
SMALLSCOPE_FIELDS(corruptible, head)
void corrupt_post(smallscope::verdict&, const corruptible&, const corruptible&) {}

TEST(CodeAsIs, ACrashInReadingThePostStateIsNotACrashInTheMethod) {
  auto f = smallscope::finitization::of<corruptible>("Corruptible");
  f.set(&corruptible::head, smallscope::null_only<node>());
  const auto m = smallscope::make_method<&corruptible::corrupt, &corrupt_post>("corrupt", {}, "corrupt", "corrupt_post");
  const auto r = smallscope::run_check(f, smallscope::make_predicate<&corruptible::rep_ok>(), m, {});
  ASSERT_EQ(r.failed, 1u);
  const auto& c = r.failures.front();
  EXPECT_EQ(c.kind, smallscope::outcome_kind::crash);
  EXPECT_TRUE(c.returned);
  EXPECT_NE(smallscope::failed_check_text(c).find("the method returned, then reading its post-state crashed"),
            std::string::npos)
      << smallscope::failed_check_text(c);
  smallscope::check_context ctx;
  ctx.fin = &f;
  ctx.method = &m;
  const std::string report = smallscope::counterexample_report(ctx, c, 1, smallscope::structure_format::text);
  EXPECT_NE(report.find("post-state: (unreadable: reading it crashed)"), std::string::npos) << report;
  EXPECT_EQ(report.find("did not return"), std::string::npos) << report;
}

}  // namespace code_as_is_test
