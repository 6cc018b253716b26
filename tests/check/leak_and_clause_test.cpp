// Tests of what a check tells about a method beyond its postcondition (paper 000, Sec. 6.1):
// a method that leaks fails the input that leaked, with the objects named; an invariant that
// names its clauses (smallscope::clause) has the failed clause reported; SMALLSCOPE_METHOD takes
// each name once and reproducers call the invariant the method was judged by.
#include <gtest/gtest.h>

#include <string>

#include "smallscope/checker.hpp"
#include "smallscope/counterexample.hpp"

namespace {

using smallscope::outcome_kind;

struct node {
  smallscope::field<node*> next;
  smallscope::field<int> key;
};
SMALLSCOPE_FIELDS(node, next, key)

// A null-terminated chain of nodes with its length.
struct chain {
  smallscope::field<node*> head;
  smallscope::field<int> size;

  int count() const {
    int n = 0;
    for (const node* x = head; x != nullptr && n <= 8; x = x->next) ++n;
    return n;
  }
  bool rep_ok() const {
    return smallscope::clause(count() <= 8, "the chain ends") &&
           smallscope::clause(count() == size, "size is the number of nodes");
  }
  // The same invariant under another name, for the reproducer's choice of invariant.
  bool rep_ok_named() const { return rep_ok(); }

  void pop_front() {
    if (node* h = head; h != nullptr) {
      head = h->next;
      size = size - 1;
      delete h;
    }
  }
  void pop_front_leaky() {  // forgets the delete
    if (node* h = head; h != nullptr) {
      head = h->next;
      size = size - 1;
    }
  }
  void push_front_lost(int k) {  // allocates a node and never links it
    node* n = new node();
    n->key = k;
    size = size + 0;
  }
  void pop_front_no_resize() {  // forgets the size: breaks the invariant's second clause
    if (node* h = head; h != nullptr) {
      head = h->next;
      delete h;
    }
  }
};
SMALLSCOPE_FIELDS(chain, head, size)

void pop_front_post(smallscope::verdict& v, const chain& old, const chain& now) {
  v.require(now.size == (old.size > 0 ? old.size - 1 : 0), "one node fewer");
}
void push_front_lost_post(smallscope::verdict&, const chain&, const chain&, int) {}

smallscope::finitization chain_fin(int nodes) {
  auto f = smallscope::finitization::of<chain>("Chain");
  auto n = f.objects<node>("Node", static_cast<std::uint32_t>(nodes));
  f.set(&chain::head, n.or_null());
  f.set(&chain::size, smallscope::ints(0, nodes));
  f.set(&node::next, n.or_null());
  f.set(&node::key, smallscope::ints(0, 0));
  return f;
}

smallscope::check_report check(const smallscope::target_method& m, int nodes = 2) {
  return smallscope::run_check(chain_fin(nodes), smallscope::make_predicate<&chain::rep_ok>(), m, {});
}

std::string text_of(const smallscope::target_method& m, const smallscope::counterexample& c, int nodes = 2) {
  const auto f = chain_fin(nodes);
  smallscope::check_context ctx;
  ctx.fin = &f;
  ctx.method = &m;
  return smallscope::counterexample_report(ctx, c, 1, smallscope::structure_format::text);
}

TEST(Leak, CorrectMethodPassesEveryInput) {
  const auto r = check(SMALLSCOPE_METHOD(chain::pop_front, pop_front_post));
  EXPECT_EQ(r.inputs, 3u);  // chains of 0, 1 and 2 nodes
  EXPECT_EQ(r.failed, 0u);
}

TEST(Leak, UnlinkedInputObjectIsNamed) {
  const auto m = SMALLSCOPE_METHOD(chain::pop_front_leaky, pop_front_post);
  const auto r = check(m);
  ASSERT_EQ(r.inputs, 3u);
  ASSERT_EQ(r.failed, 2u);  // the empty chain has nothing to leak
  for (const auto& c : r.failures) {
    EXPECT_EQ(c.kind, outcome_kind::leak);
    EXPECT_EQ(c.detail, "Node#0 (an input object)") << "the head is the first node reached";
    const std::string report = text_of(m, c);
    EXPECT_NE(report.find("the method leaks Node#0"), std::string::npos) << report;
    EXPECT_NE(report.find("post-state: (valid; released after the check)"), std::string::npos) << report;
  }
}

TEST(Leak, BlockTheMethodAllocatedIsCounted) {
  const auto r = check(SMALLSCOPE_METHOD(chain::push_front_lost, push_front_lost_post, smallscope::ints(7, 7)));
  ASSERT_EQ(r.inputs, 3u);
  ASSERT_EQ(r.failed, 3u);
  for (const auto& c : r.failures) {
    EXPECT_EQ(c.kind, outcome_kind::leak);
    EXPECT_EQ(c.detail, "1 block of " + std::to_string(sizeof(node)) + " bytes allocated by the method");
  }
}

TEST(InvariantClause, TheFailedClauseIsReported) {
  const auto m = SMALLSCOPE_METHOD(chain::pop_front_no_resize, pop_front_post);
  const auto r = check(m);
  ASSERT_EQ(r.failed, 2u);
  for (const auto& c : r.failures) {
    EXPECT_EQ(c.kind, outcome_kind::invariant);
    EXPECT_EQ(c.invariant_clause, "size is the number of nodes");
    EXPECT_EQ(c.detail, "one node fewer");
    EXPECT_EQ(smallscope::failed_check_text(c),
              "invariant clause \"size is the number of nodes\" fails in the post-state; the postcondition names "
              "the clause: \"one node fewer\"");
  }
}

TEST(InvariantClause, UnnamedInvariantSaysOnlyThatItFails) {
  smallscope::counterexample c;
  c.kind = outcome_kind::invariant;
  EXPECT_EQ(smallscope::failed_check_text(c), "the invariant fails in the post-state");
}

TEST(MethodMacro, EachNameIsGivenOnce) {
  const auto m = SMALLSCOPE_METHOD(chain::push_front_lost, push_front_lost_post, smallscope::ints(1, 3));
  EXPECT_EQ(m.name, "push_front_lost");
  EXPECT_EQ(m.cpp_member, "push_front_lost");
  EXPECT_EQ(m.cpp_post, "push_front_lost_post");
  EXPECT_EQ(m.cpp_invariant, "rep_ok");
  EXPECT_FALSE(m.free_invariant);
  ASSERT_EQ(m.arguments.size(), 1u);
  EXPECT_EQ(m.arguments[0].integers, (std::vector<std::int64_t>{1, 2, 3}));
}

TEST(MethodMacro, ArgumentCountIsChecked) {
  EXPECT_THROW((SMALLSCOPE_METHOD(chain::push_front_lost, push_front_lost_post)), smallscope::finitization_error);
}

// Judging a method by another invariant without naming it (so reproducers would call rep_ok) does
// not compile; with its name it does.
template <auto Invariant>
concept makes_method_without_invariant_name = requires {
  smallscope::make_method<&chain::pop_front_no_resize, &pop_front_post, Invariant>(
      std::string("pop"), std::vector<smallscope::argument_domain>{}, std::string("pop_front_no_resize"),
      std::string("pop_front_post"));
};
template <auto Invariant>
concept makes_method_with_invariant_name = requires {
  smallscope::make_method<&chain::pop_front_no_resize, &pop_front_post, Invariant>(
      std::string("pop"), std::vector<smallscope::argument_domain>{}, std::string("pop_front_no_resize"),
      std::string("pop_front_post"), std::string(), std::string("chain::rep_ok_named"));
};
static_assert(!makes_method_without_invariant_name<&chain::rep_ok_named>);
static_assert(makes_method_with_invariant_name<&chain::rep_ok_named>);

TEST(MethodMacro, AnEmptyInvariantNameIsRefused) {
  EXPECT_THROW((smallscope::make_method<&chain::pop_front_no_resize, &pop_front_post, &chain::rep_ok_named>(
                   "pop", {}, "pop_front_no_resize", "pop_front_post", "", "")),
               smallscope::finitization_error);
}

TEST(MethodMacro, ReproducerCallsTheInvariantTheMethodWasJudgedBy) {
  const auto m = SMALLSCOPE_METHOD_WITH_INVARIANT(chain::pop_front_no_resize, pop_front_post, chain::rep_ok_named);
  EXPECT_EQ(m.cpp_invariant, "rep_ok_named");
  const auto r = smallscope::run_check(chain_fin(2), smallscope::make_predicate<&chain::rep_ok>(), m, {});
  ASSERT_FALSE(r.failures.empty());
  const auto f = chain_fin(2);
  smallscope::check_context ctx;
  ctx.fin = &f;
  ctx.method = &m;
  const std::string code = smallscope::googletest_reproducer(ctx, r.failures.front());
  EXPECT_NE(code.find("const bool invariant_holds = now->rep_ok_named();"), std::string::npos) << code;
  EXPECT_EQ(code.find("now->rep_ok()"), std::string::npos) << code;
  EXPECT_EQ(code.find("`a check`"), std::string::npos) << "no placeholder for the check:\n" << code;
  EXPECT_NE(code.find("pop_front_no_resize on Chain"), std::string::npos) << code;
}

}  // namespace
