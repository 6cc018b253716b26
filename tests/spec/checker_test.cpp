// The spec checker (paper 003, Sec. 3: the spec language): the papers' specs load; names
// resolve; the rewrites (builtin sigs, implicit this, calls, sum_of/int_to_set, appended facts,
// variable slots, labels of calls); and the exact messages of the mistakes it reports.
#include <gtest/gtest.h>

#include <string>

#include "spec_front/load.hpp"
#include "spec/spec_print.hpp"

namespace smallscope::spec {
namespace {

using testing::print;

std::string example(const char* name) { return std::string(SMALLSCOPE_SOURCE_DIR) + "/examples/specs/" + name; }

std::string check_error(const std::string& text) {
  try {
    load_text(text, "bad.als");
  } catch (const spec_error& e) {
    return e.what();
  }
  return "no error";
}

const function_decl& function(const module& m, const std::string& name) {
  for (const function_decl& f : m.functions) {
    if (f.name == name) return f;
  }
  throw std::runtime_error("no function " + name);
}

TEST(Checker, MergeSortSpecLoads) {
  module m = load_file(example("merge_sort.als"));
  EXPECT_EQ(m.name, "merge_sort");
  ASSERT_EQ(m.sigs.size(), 3u);
  EXPECT_EQ(m.sigs[0].name, "Int");
  EXPECT_TRUE(m.sigs[0].builtin);
  ASSERT_EQ(m.field_list.size(), 3u);  // header, elem, next
  EXPECT_EQ(m.field_list[1].sig, 2u);
  EXPECT_EQ(m.field_list[1].index, 0u);
  const function_decl& ok = function(m, "mergeSortOk");
  ASSERT_EQ(ok.body->args.size(), 3u);
  EXPECT_EQ(ok.body->args[0]->label, "acyclic");
  EXPECT_EQ(ok.body->args[1]->label, "sorted");
  EXPECT_EQ(ok.body->args[2]->label, "permutation");
  EXPECT_EQ(print(*ok.body->args[1]),
            "(all n$2:(. (. this$0 header) (* next)) (implies (some (. n$2 next)) "
            "(<= (sum_of (. n$2 elem)) (sum_of (. (. n$2 next) elem)))))");
  EXPECT_EQ(print(*ok.body->args[2]),
            "(all i$3:Int (= (# (set n$4:(. (. this$0 header) (* next)) (= (. n$4 elem) i$3))) "
            "(# (set n$5:(. (. this$0 header`) (* next`)) (= (. n$5 elem`) i$3)))))");
  EXPECT_EQ(ok.variable_count, 6u);
  ASSERT_EQ(m.commands.size(), 1u);
  EXPECT_EQ(m.commands[0].target, 2);  // pred List.inputs
}

TEST(Checker, RedBlackTreeSpecLoads) {
  module m = load_file(example("red_black_tree.als"));
  ASSERT_GE(m.sigs.size(), 6u);
  EXPECT_EQ(m.sigs[1].name, "Bool");
  EXPECT_TRUE(m.sigs[1].is_abstract);
  EXPECT_EQ(m.sigs[2].name, "True");
  EXPECT_EQ(m.sigs[3].name, "False");
  EXPECT_EQ(m.sigs[3].parent_index, 1);
  EXPECT_EQ(m.sigs[3].mult, multiplicity::one);
  const function_decl& rep = function(m, "repOk");
  std::vector<std::string> labels;
  for (const auto& c : rep.body->args) labels.push_back(c->label);
  EXPECT_EQ(labels, (std::vector<std::string>{"parent ok", "unique keys", "distinct children", "tree is acyclic",
                                              "left subtree has smaller keys", "right subtree has larger keys",
                                              "3. red node has black children",
                                              "4. all paths from root to NIL have same # of black nodes"}));
  const function_decl& remove = function(m, "removeOk");
  ASSERT_EQ(remove.params.size(), 2u);
  EXPECT_EQ(remove.params[0].names[0], "this");
  EXPECT_EQ(remove.params[1].slots, std::vector<std::uint32_t>{1});
  EXPECT_EQ(remove.body->args[0]->label, "repOk");
  EXPECT_EQ(remove.body->args[1]->label, "removes exactly k");
  EXPECT_EQ(print(*remove.body->args[1]),
            "(= (. (. (. this$0 root) (* (+ left right))) key) "
            "(- (. (. (. this$0 root`) (* (+ left` right`))) key`) k$1))");
}

TEST(Checker, BinarySearchTreeSpecLoads) {
  module m = load_file(example("binary_search_tree.als"));
  const function_decl& rep = function(m, "repOk");
  ASSERT_EQ(rep.body->args.size(), 1u);
  const node& size = *rep.body->args[0]->args[1];
  EXPECT_EQ(print(size), "(= (. this$0 size) (int_to_set (# (. (. this$0 root) (* (+ left right))))))");
  EXPECT_EQ(rep.body->args[0]->label, "(all n : Node | n in this.root.*(left + right) implies ( ...");
}

TEST(Checker, AlloyAlphaSpecLoads) {
  module m = load_file(example("alloy_alpha.als"));
  EXPECT_EQ(m.facts.size(), 2u);
  EXPECT_EQ(m.sigs.size(), 12u);
  ASSERT_EQ(m.commands.size(), 1u);
  EXPECT_EQ(m.commands[0].target, -1);
  EXPECT_EQ(print(*m.commands[0].block), "(block)");
  EXPECT_TRUE(m.commands[0].block->is_formula);
}

TEST(Checker, EmptyModuleHasOnlyInt) {
  module m = load_text("", "empty.als");
  ASSERT_EQ(m.sigs.size(), 1u);
  EXPECT_EQ(m.sigs[0].name, "Int");
}

TEST(Checker, FieldsGetOwnersColumnsAndGlobalNumbers) {
  module m = load_text(R"(sig A { f: lone B, g: A -> lone Int }
sig B extends A { h: set B }
pred p[a: A] { some a.g && a.@f = a.f && some h })",
                       "t.als");
  ASSERT_EQ(m.sigs.size(), 3u);
  EXPECT_EQ(m.sigs[2].parent_index, 1);
  const field_decl& g = m.sigs[1].fields[1];
  EXPECT_EQ(g.owner, 1u);
  EXPECT_EQ(g.arity, 3u);
  EXPECT_EQ(g.columns, (std::vector<std::uint32_t>{1, 0}));
  EXPECT_EQ(m.sigs[2].fields[0].arity, 2u);
  ASSERT_EQ(m.field_list.size(), 3u);
  EXPECT_EQ(m.field_list[2].sig, 2u);
  const node& body = *m.functions[0].body->args[0];
  const node& h = *body.args[1]->args[0];
  EXPECT_EQ(h.ref, ref_kind::field);
  EXPECT_EQ(h.index, 2u);
  EXPECT_EQ(h.arity, 2u);
  const node& a_g = *body.args[0]->args[0]->args[0];
  EXPECT_EQ(print(a_g), "(. a$0 g)");
  EXPECT_EQ(a_g.arity, 2u);
  EXPECT_EQ(a_g.args[1]->arity, 3u);
  EXPECT_EQ(print(*body.args[0]->args[1]), "(= (. a$0 @f) (. a$0 f))");
}

TEST(Checker, ImplicitThisInReceiverPredsAndAppendedFacts) {
  module m = load_text(R"(sig Tree { root: lone Node }
sig Node { left, right: lone Node, key: one Int } { this !in left.*(left + right) }
sig Sub extends Tree {}
pred Sub.ok { some root && all left: Node | some left.right && some @left }
fun Tree.nodes: set Node { root.*(left + right) })",
                       "t.als");
  ASSERT_EQ(m.facts.size(), 1u);
  const fact_decl& f = m.facts[0];
  EXPECT_EQ(f.name, "Node fact");
  EXPECT_EQ(print(*f.body), "(block (all this$0:Node (block (!in this$0 (. (. this$0 left) (* (+ left right)))))))");
  EXPECT_EQ(f.variable_count, 1u);
  EXPECT_EQ(m.sigs[2].fact, nullptr);
  // Fields of an ancestor of the receiver; a variable shadows a field; `@left` is the field.
  EXPECT_EQ(print(*m.functions[0].body),
            "(block (and (some (. this$0 root)) (all left$1:Node (and (some (. left$1 right)) (some @left)))))");
  EXPECT_EQ(print(*m.functions[1].body), "(. (. this$0 root) (* (+ left right)))");
  EXPECT_EQ(m.functions[1].variable_count, 1u);
}

TEST(Checker, IntegersAndSetsAreConvertedWhereNeeded) {
  module m = load_text(R"(sig N { v: one Int, s: set Int }
pred p[n: N, i: Int] {
  n.v < 3
  n.v = 3
  n.v = i
  #n.s = 2
  #n.s = n.v
  plus[n.v, 1] > i
  n.v.plus[1] = minus[2, #n.s]
  gt[n.v, i] && lte[1, 2]
  n.v in i + 4
  (some n.s implies 1 else 2) = 1
  let k = #n.s | k > 0
})",
                       "t.als");
  const node& b = *m.functions[0].body;
  ASSERT_EQ(b.args.size(), 11u);
  EXPECT_EQ(print(*b.args[0]), "(< (sum_of (. n$0 v)) 3)");
  EXPECT_EQ(print(*b.args[1]), "(= (. n$0 v) (int_to_set 3))");
  EXPECT_EQ(print(*b.args[2]), "(= (. n$0 v) i$1)");
  EXPECT_EQ(print(*b.args[3]), "(= (# (. n$0 s)) 2)");
  EXPECT_TRUE(b.args[3]->args[0]->is_int);
  EXPECT_EQ(print(*b.args[4]), "(= (int_to_set (# (. n$0 s))) (. n$0 v))");
  EXPECT_EQ(print(*b.args[5]), "(> (plus (sum_of (. n$0 v)) 1) (sum_of i$1))");
  EXPECT_EQ(print(*b.args[6]), "(= (plus (sum_of (. n$0 v)) 1) (minus 2 (# (. n$0 s))))");
  EXPECT_EQ(print(*b.args[7]), "(and (> (sum_of (. n$0 v)) (sum_of i$1)) (<= 1 2))");
  EXPECT_EQ(print(*b.args[8]), "(in (. n$0 v) (+ i$1 (int_to_set 4)))");
  EXPECT_EQ(print(*b.args[9]), "(= (ite (some (. n$0 s)) 1 2) 1)");
  EXPECT_TRUE(b.args[9]->args[0]->is_int);
  EXPECT_EQ(print(*b.args[10]), "(let k$2=(# (. n$0 s)) (> k$2 0))");
  EXPECT_EQ(b.args[10]->args[0]->args[0]->arity, 0u);
  EXPECT_TRUE(b.args[10]->args[0]->args[0]->is_int);
  EXPECT_EQ(m.functions[0].variable_count, 3u);
}

TEST(Checker, CallsResolveWithTheReceiverFirst) {
  module m = load_text(R"(sig L { h: lone N }
sig N { nx: lone N }
pred L.ok { some h }
pred two[a: L, b: N] { a.h = b }
fun L.first: lone N { h }
fun all_next: N -> N { nx }
pred none_ { }
pred uses[l: L, n: N] {
  l.ok
  ok[l]
  two[l, n]
  l.two[n]
  l.first = n
  first[l] = n
  n.all_next = n.nx
  all_next[n] = nx[n]
  none_
})",
                       "t.als");
  const function_decl& uses = function(m, "uses");
  const node& b = *uses.body;
  ASSERT_EQ(b.args.size(), 9u);
  EXPECT_EQ(print(*b.args[0]), "(call ok l$0)");
  EXPECT_EQ(b.args[0]->ref, ref_kind::pred);
  EXPECT_EQ(b.args[0]->index, 0u);
  EXPECT_EQ(b.args[0]->label, "ok");
  EXPECT_EQ(print(*b.args[1]), "(call ok l$0)");
  EXPECT_EQ(print(*b.args[2]), "(call two l$0 n$1)");
  EXPECT_EQ(b.args[2]->label, "two");
  EXPECT_EQ(print(*b.args[3]), "(call two l$0 n$1)");
  EXPECT_EQ(print(*b.args[4]), "(= (call first l$0) n$1)");
  EXPECT_EQ(b.args[4]->args[0]->ref, ref_kind::fun);
  EXPECT_EQ(b.args[4]->args[0]->arity, 1u);
  EXPECT_EQ(b.args[4]->label, "l.first = n");
  EXPECT_EQ(print(*b.args[5]), "(= (call first l$0) n$1)");
  EXPECT_EQ(print(*b.args[6]), "(= (. n$1 (call all_next)) (. n$1 nx))");
  EXPECT_EQ(print(*b.args[7]), "(= (. n$1 (call all_next)) (. n$1 nx))");
  EXPECT_EQ(print(*b.args[8]), "(call none_)");
  EXPECT_EQ(b.args[8]->label, "none_");
  // A receiver pred numbers `this` first.
  const function_decl& ok = function(m, "ok");
  EXPECT_EQ(ok.params[0].slots, std::vector<std::uint32_t>{0});
  EXPECT_EQ(ok.receiver_index, 1);
  EXPECT_EQ(ok.variable_count, 1u);
}

TEST(Checker, VariablesAreNumberedAsTheyAreMet) {
  module m = load_text(R"(sig A { f: set A }
fact { all x: A | some y: x.f | let z = y.f | some w: z | w in x }
assert e { no a, b: A | a = b }
run { some x: A | no x.f } for 3
check e for 2 but 3 Int, exactly 2 A)",
                       "t.als");
  EXPECT_EQ(print(*m.facts[0].body), "(block (all x$0:A (some y$1:(. x$0 f) (let z$2=(. y$1 f) (some w$3:z$2 (in w$3 x$0))))))");
  EXPECT_EQ(m.facts[0].variable_count, 4u);
  EXPECT_EQ(m.asserts[0].variable_count, 2u);
  EXPECT_EQ(m.commands[0].variable_count, 1u);
  EXPECT_EQ(m.commands[1].target, 0);
  EXPECT_FALSE(m.commands[1].is_run);
}

TEST(Checker, EveryNodeGetsItsKind) {
  module m = load_text(R"(sig A { f: A -> A }
pred p[a: A] { some a.f && ~(a.f) in iden && #f > 0 && a.(A <: a.f :> A) = none })",
                       "t.als");
  const node& conj = *m.functions[0].body->args[0];
  EXPECT_TRUE(conj.is_formula);
  EXPECT_EQ(conj.arity, 0u);
  const node& some = *conj.args[0]->args[0]->args[0];
  EXPECT_TRUE(some.is_formula);
  EXPECT_EQ(some.args[0]->arity, 2u);
  EXPECT_FALSE(some.args[0]->is_formula);
  const node& card = *conj.args[0]->args[1]->args[0];
  EXPECT_TRUE(card.is_int);
}

TEST(Checker, MistakesAreReportedWithPlaceAndExpectation) {
  struct bad {
    const char* text;
    const char* message;
  };
  const bad cases[] = {
      // unknown names
      {"sig Node {}\npred p { some node }", "bad.als:2:15: error: unknown name 'node'; did you mean 'Node'?"},
      {"sig A { f: B }", "bad.als:1:12: error: unknown sig 'B'"},
      {"sig A extends Nod {}\nsig Node {}", "bad.als:1:15: error: unknown sig 'Nod'; did you mean 'Node'?"},
      {"sig A {}\nrun q", "bad.als:2:5: error: unknown pred 'q'"},
      {"sig A {}\npred p {}\ncheck p", "bad.als:3:7: error: unknown assertion 'p'; check needs an assertion, run takes a pred"},
      {"open util/boolean\nsig A { b: Bool }\npred p[a: A] { a.b = false }",
       "bad.als:3:22: error: unknown name 'false'; did you mean 'False'?"},
      {"pred p { this = this }",
       "bad.als:1:10: error: 'this' is only available in a pred or fun with a receiver (Sig.name) or in a sig's appended fact"},
      // duplicates
      {"sig A {}\nsig A {}", "bad.als:2:5: error: duplicate name 'A': already a sig declared at 1:5"},
      // (two unrelated sigs may each have an `f`; a sig and its subsig may not)
      {"sig A { f: A }\nsig B extends A { f: B }",
       "bad.als:2:19: error: duplicate field 'f': sig 'A' already has it (declared at 1:9)"},
      {"sig A { f: A, f: A }", "bad.als:1:15: error: duplicate field 'f': sig 'A' already has it (declared at 1:9)"},
      {"sig A { f: A }\npred f {}", "bad.als:2:1: error: duplicate name 'f': already a field declared at 1:9"},
      {"sig A {}\npred A {}", "bad.als:2:1: error: duplicate name 'A': already a sig declared at 1:5"},
      {"sig Int {}", "bad.als:1:5: error: duplicate name 'Int': already a builtin sig"},
      {"pred plus {}", "bad.als:1:1: error: duplicate name 'plus': already a builtin function"},
      {"assert a { }\nassert a { }", "bad.als:2:1: error: duplicate assertion 'a': already declared at 1:1"},
      {"sig A {}\npred p[x, x: A] {}", "bad.als:2:11: error: duplicate parameter 'x'"},
      // sigs
      {"sig A extends B {}\nsig B extends A {}", "bad.als:1:15: error: sig 'A' extends itself through 'B'"},
      {"sig A extends Int {}", "bad.als:1:15: error: a sig cannot extend the builtin sig 'Int'"},
      {"sig A { f: A, g: f }", "bad.als:1:18: error: a field's type may only name sigs; 'f' is a field declared at 1:9"},
      // arities
      {"sig A { f: A }\npred p[a: A] { a.a = a }",
       "bad.als:2:17: error: cannot join two sets of arity 1: the result would have arity 0"},
      {"sig A { f: A }\npred p { f + A = f }",
       "bad.als:2:12: error: the operands of '+' must have the same arity, found arities 2 and 1"},
      {"sig A { f: A }\npred p { A in f }", "bad.als:2:12: error: the operands of 'in' must have the same arity, found arities 1 and 2"},
      {"sig A { f: A }\npred p { some ^A }", "bad.als:2:15: error: '^' needs a binary relation (arity 2), found arity 1"},
      {"sig A { f: A }\npred p { all x: f | some x }",
       "bad.als:2:17: error: a quantifier's bound must be a set (arity 1), found arity 2"},
      {"sig A { f: A }\npred p { all x: set A | some x }",
       "bad.als:2:14: error: a quantifier over subsets ('lone', 'some' or 'set' bound) is not supported; bind single atoms"},
      {"sig A { f: A }\npred p { 3 < f }", "bad.als:2:14: error: expected an integer as the right operand of '<', found an expression of arity 2"},
      // formulas and expressions confused
      {"sig A {}\npred p { A }", "bad.als:2:10: error: expected a formula in the block, found an expression of arity 1"},
      {"sig A {}\npred p { some A + (some A) }",
       "bad.als:2:20: error: expected an expression as the right operand of '+', found a formula"},
      {"sig A {}\npred p { #(some A) = 1 }", "bad.als:2:12: error: expected an expression after '#', found a formula"},
      {"sig A {}\npred p { (some A) = (no A) }",
       "bad.als:2:11: error: '=' compares expressions, found a formula (use '<=>' for formulas)"},
      {"sig A {}\npred p { some A && A }", "bad.als:2:20: error: expected a formula as the right operand of '&&', found an expression of arity 1"},
      {"sig A {}\npred p { 1 + 2 }", "bad.als:2:10: error: expected a formula in the block, found an expression of arity 1"},
      {"sig A {}\nfun f: A { some A }", "bad.als:2:12: error: a fun's body must be an expression, found a formula"},
      // calls
      {"sig A {}\npred q[a, b: A] {}\npred p[a: A] { q[a] }",
       "bad.als:3:16: error: pred 'q' takes 2 arguments, found 1"},
      {"sig A {}\npred q[a: A] {}\npred p[a: A] { q[a, a] }",
       "bad.als:3:16: error: pred 'q' takes 1 argument, found more"},
      {"sig A {}\npred A.q {}\npred A.p { q }",
       "bad.als:3:12: error: pred 'q' takes 1 argument (the receiver first), found 0 (write this.q)"},
      {"sig A { f: A }\npred q[a: A] {}\npred p { q[f] }",
       "bad.als:3:12: error: argument 1 of pred 'q' must be a set (arity 1), found arity 2"},
      {"sig A {}\npred p { plus[1] = 1 }", "bad.als:2:10: error: builtin 'plus' takes 2 arguments, found 1"},
      {"sig A {}\npred p { q }\npred q { r }\npred r { p }", "bad.als:4:10: error: recursion is not supported: p -> q -> r -> p"},
      {"sig A {}\npred p[a: A] { p[a] }", "bad.als:2:16: error: recursion is not supported: p -> p"},
      {"sig A {}\npred q {}\npred p[a: q] {}", "bad.als:3:11: error: a parameter's bound or a fun's result type cannot call 'q'"},
      // backticks
      {"sig A { f: A }\npred p[a: A] { a` = a }", "bad.als:2:16: error: a backtick (pre-state) may only follow a field; 'a' is a variable"},
      {"sig A { f: A }\npred p { some A` }", "bad.als:2:15: error: a backtick (pre-state) may only follow a field; 'A' is a sig declared at 1:5"},
      // scopes
      {"sig A {}\nrun {} for 3 but 17 Int", "bad.als:2:18: error: the bit width of Int must be between 1 and 16, found 17"},
      {"sig A {}\nrun {} for 3 but 0 Int", "bad.als:2:18: error: the bit width of Int must be between 1 and 16, found 0"},
      {"sig A {}\nrun {} for exactly 4 Int", "bad.als:2:12: error: 'exactly' does not apply to Int: 'N Int' is the bit width"},
      {"sig A {}\nrun {} for 3 B", "bad.als:2:12: error: unknown sig 'B'"},
      {"sig A {}\nrun {} for 3 A, 2 A", "bad.als:2:17: error: the scope of 'A' is given twice"},
      {"sig A {}\nfun f: A { A }\nrun f", "bad.als:3:5: error: run needs a pred; 'f' is a fun declared at 2:1"},
  };
  for (const bad& c : cases) EXPECT_EQ(check_error(c.text), c.message) << c.text;
}

// A chain of predicates each calling the next: translating or evaluating it recurses once per
// call, so a chain longer than 1,000 is refused where it becomes too long, not left to
// overflow the stack (20,000 did); 1,000 loads.
std::string call_chain(int n) {
  std::string text = "sig A {}\npred p0 { some A }\n";
  for (int i = 1; i < n; ++i) text += "pred p" + std::to_string(i) + " { p" + std::to_string(i - 1) + " }\n";
  return text + "run p" + std::to_string(n - 1) + " for 2\n";
}

TEST(Checker, ALongChainOfCallsIsAnErrorNotACrash) {
  EXPECT_EQ(check_error(call_chain(1000)), "no error");
  EXPECT_EQ(check_error(call_chain(20000)),
            "bad.als:1002:14: error: calls nest more than 1000 deep here (p1000 calls p999, which calls on): write the "
            "spec with fewer levels of predicates and functions");
}

TEST(Checker, FileThatCannotBeReadIsReportedAsAWhole) {
  try {
    load_file("/nonexistent/spec.als");
    FAIL();
  } catch (const spec_error& e) {
    EXPECT_EQ(std::string(e.what()), "/nonexistent/spec.als: error: cannot read the file: it does not exist");
  }
  try {
    load_file(std::string(SMALLSCOPE_SOURCE_DIR) + "/examples/specs");
    FAIL();
  } catch (const spec_error& e) {
    EXPECT_EQ(e.message(), "cannot read the file: it is a directory");
  }
}

}  // namespace
}  // namespace smallscope::spec
