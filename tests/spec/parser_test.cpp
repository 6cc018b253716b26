// The spec parser (paper 003, Sec. 3: the spec language in an Alloy 6 subset): precedences,
// paragraphs, commands, labels from comments, and the exact messages of syntax errors.
#include <gtest/gtest.h>

#include <string>

#include "spec_front/load.hpp"
#include "spec/spec_print.hpp"

namespace smallscope::spec {
namespace {

using testing::print;

// The first conjunct of `pred p { text }`, printed.
std::string tree(const std::string& text) {
  module m = parse("pred p {\n" + text + "\n}", "t.als");
  EXPECT_EQ(m.functions.size(), 1u);
  EXPECT_EQ(m.functions[0].body->args.size(), 1u) << text;
  return print(*m.functions[0].body->args.at(0));
}

std::string parse_error(const std::string& text) {
  try {
    parse(text, "bad.als");
  } catch (const spec_error& e) {
    return e.what();
  }
  return "no error";
}

TEST(Parser, FormulaPrecedenceFollowsAlloy) {
  EXPECT_EQ(tree("a || b && c"), "(or a (and b c))");
  EXPECT_EQ(tree("a or b and c"), "(or a (and b c))");
  EXPECT_EQ(tree("a <=> b || c"), "(or (iff a b) c)");
  EXPECT_EQ(tree("a => b <=> c"), "(iff (implies a b) c)");
  EXPECT_EQ(tree("a => b => c"), "(implies a (implies b c))");
  EXPECT_EQ(tree("a implies b else c"), "(ite a b c)");
  EXPECT_EQ(tree("a => b => c else d"), "(implies a (ite b c d))");
  EXPECT_EQ(tree("a && b => c"), "(implies (and a b) c)");
  EXPECT_EQ(tree("!a && not b"), "(and (not a) (not b))");
  EXPECT_EQ(tree("not n in n.^next"), "(not (in n (. n (^ next))))");
  EXPECT_EQ(tree("a !in b"), "(!in a b)");
  EXPECT_EQ(tree("a not in b"), "(!in a b)");
  EXPECT_EQ(tree("a != b"), "(!= a b)");
  EXPECT_EQ(tree("a <= b"), "(<= a b)");
  EXPECT_EQ(tree("a =< b"), "(<= a b)");
  EXPECT_EQ(tree("a >= b && a < b && a > b"), "(and (and (>= a b) (< a b)) (> a b))");
}

TEST(Parser, ExpressionPrecedenceFollowsAlloy) {
  EXPECT_EQ(tree("#a.b = 3"), "(= (# (. a b)) 3)");
  EXPECT_EQ(tree("#a + 1 = b"), "(= (+ (# a) 1) b)");
  EXPECT_EQ(tree("no a & b"), "(no (& a b))");
  EXPECT_EQ(tree("some e.left + e.right"), "(some (+ (. e left) (. e right)))");
  EXPECT_EQ(tree("a + b - c in d"), "(in (- (+ a b) c) d)");
  EXPECT_EQ(tree("a ++ b & c = d"), "(= (++ a (& b c)) d)");
  EXPECT_EQ(tree("a & b -> c = d"), "(= (& a (-> b c)) d)");
  EXPECT_EQ(tree("a -> b <: c = d"), "(= (-> a (<: b c)) d)");
  EXPECT_EQ(tree("a :> b.c = d"), "(= (:> a (. b c)) d)");
  EXPECT_EQ(tree("~a.b = c"), "(= (. (~ a) b) c)");
  EXPECT_EQ(tree("a.*next = ^b"), "(= (. a (* next)) (^ b))");
  EXPECT_EQ(tree("a.b[c] = d"), "(= (. c (. a b)) d)");
  EXPECT_EQ(tree("p[x, y]"), "(. y (. x p))");
  EXPECT_EQ(tree("a.p[b]"), "(. b (. a p))");
  EXPECT_EQ(tree("r[x].f = -3"), "(= (. (. x r) f) -3)");
  EXPECT_EQ(tree("a - 3 = none + univ + iden"), "(= (- a 3) (+ (+ none univ) iden))");
  EXPECT_EQ(tree("one a && lone b"), "(and (one a) (lone b))");
  EXPECT_EQ(tree("this.f = @f"), "(= (. this f) @f)");
}

TEST(Parser, QuantifiersAndLetExtendAsFarRightAsPossible) {
  EXPECT_EQ(tree("all x: A | p && q"), "(all x:A (and p q))");
  EXPECT_EQ(tree("a && all x: A | b || c"), "(and a (all x:A (or b c)))");
  EXPECT_EQ(tree("all disj x, y: A, z: lone B | p"), "(all disj x,y:A z:B p)");
  EXPECT_EQ(tree("some x: A { p q }"), "(some x:A (block p q))");
  EXPECT_EQ(tree("no x: A | p"), "(no x:A p)");
  EXPECT_EQ(tree("one x, y: A | p"), "(one x,y:A p)");
  EXPECT_EQ(tree("lone x: A | p"), "(lone x:A p)");
  EXPECT_EQ(tree("some x"), "(some x)");
  EXPECT_EQ(tree("let x = a, y = b | x = y"), "(let x=a y=b (= x y))");
  EXPECT_EQ(tree("#{ n: A | p } = 2"), "(= (# (set n:A p)) 2)");
  EXPECT_EQ(tree("{ p q }"), "(block p q)");
}

TEST(Parser, BacktickMarksThePreStateOfTheNameBeforeIt) {
  module m = parse("pred p { header`.*next` = n.elem` }", "t.als");
  EXPECT_EQ(print(*m.functions[0].body->args[0]), "(= (. header` (* next`)) (. n elem`))");
  // Only right after the name.
  EXPECT_EQ(parse_error("pred p { header ` = x }"),
            "bad.als:1:17: error: a backtick (pre-state) must follow a field name directly");
}

TEST(Parser, ParagraphsAndSigs) {
  module m = parse(R"(module a/b
open util/integer
open util/boolean
abstract sig A {}
one sig B, C extends A { f: lone A, g, h: set A -> lone Int, } { some f }
lone sig D { r: A -> B -> some C }
fact { some A }
fact named { no D }
pred A.p[x, y: A, z: lone B] { x = y }
pred q(x: A) { some x }
pred r { }
fun A.s[x: A]: set A { x + this }
fun t: Int { 3 }
assert e { some A }
)",
                   "t.als");
  EXPECT_EQ(m.name, "a/b");
  EXPECT_EQ(m.opens, (std::vector<std::string>{"util/integer", "util/boolean"}));
  ASSERT_EQ(m.sigs.size(), 4u);
  EXPECT_TRUE(m.sigs[0].is_abstract);
  EXPECT_EQ(m.sigs[1].name, "B");
  EXPECT_EQ(m.sigs[2].name, "C");
  EXPECT_EQ(m.sigs[2].mult, multiplicity::one);
  EXPECT_EQ(m.sigs[2].parent, "A");
  EXPECT_EQ(m.sigs[2].parent_at.line, 5u);
  EXPECT_EQ(m.sigs[2].parent_at.column, 22u);
  ASSERT_EQ(m.sigs[2].fields.size(), 3u);  // each of B and C gets its own copy
  EXPECT_EQ(m.sigs[2].fields[0].mult, multiplicity::lone);
  EXPECT_EQ(m.sigs[2].fields[2].name, "h");
  EXPECT_EQ(m.sigs[2].fields[2].mult, multiplicity::set);
  EXPECT_EQ(print(*m.sigs[2].fields[2].type), "(-> A Int)");
  EXPECT_EQ(m.sigs[2].fields[2].arrow_mults, std::vector<multiplicity>{multiplicity::lone});
  EXPECT_EQ(print(*m.sigs[1].fact), "(block (some f))");
  EXPECT_EQ(print(*m.sigs[2].fact), "(block (some f))");
  EXPECT_EQ(m.sigs[3].mult, multiplicity::lone);
  EXPECT_EQ(m.sigs[3].fields[0].arrow_mults, (std::vector<multiplicity>{multiplicity::none, multiplicity::some}));
  ASSERT_EQ(m.facts.size(), 2u);
  EXPECT_EQ(m.facts[1].name, "named");
  ASSERT_EQ(m.functions.size(), 5u);
  EXPECT_EQ(m.functions[0].receiver, "A");
  EXPECT_EQ(m.functions[0].name, "p");
  ASSERT_EQ(m.functions[0].params.size(), 2u);
  EXPECT_EQ(m.functions[0].params[0].names, (std::vector<std::string>{"x", "y"}));
  EXPECT_EQ(m.functions[0].params[1].mult, multiplicity::lone);
  EXPECT_EQ(m.functions[1].params.size(), 1u);
  EXPECT_TRUE(m.functions[2].params.empty());
  EXPECT_FALSE(m.functions[3].is_pred);
  EXPECT_EQ(m.functions[3].result_mult, multiplicity::set);
  EXPECT_EQ(print(*m.functions[3].body), "(+ x this)");
  EXPECT_EQ(print(*m.functions[4].body), "3");
  ASSERT_EQ(m.asserts.size(), 1u);
  EXPECT_EQ(m.asserts[0].name, "e");
}

TEST(Parser, Commands) {
  module m = parse(R"(run p
run p for 3
run p for 3 but exactly 2 A, 4 Int expect 1
run p for 3 A, 2 B
check e for exactly 4 A
run { some A } for 2
)",
                   "t.als");
  ASSERT_EQ(m.commands.size(), 6u);
  EXPECT_FALSE(m.commands[0].has_default);
  EXPECT_EQ(m.commands[1].default_scope, 3u);
  const command_decl& c = m.commands[2];
  EXPECT_TRUE(c.has_default);
  ASSERT_EQ(c.scopes.size(), 2u);
  EXPECT_TRUE(c.scopes[0].exactly);
  EXPECT_EQ(c.scopes[0].sig, "A");
  EXPECT_EQ(c.scopes[1].count, 4u);
  EXPECT_EQ(c.scopes[1].sig, "Int");
  EXPECT_EQ(c.expect, 1);
  EXPECT_FALSE(m.commands[3].has_default);
  EXPECT_EQ(m.commands[3].scopes.size(), 2u);
  EXPECT_FALSE(m.commands[4].is_run);
  EXPECT_TRUE(m.commands[4].scopes[0].exactly);
  EXPECT_EQ(print(*m.commands[5].block), "(block (some A))");
  EXPECT_EQ(m.commands[5].name, "");
}

TEST(Parser, LabelsComeFromTheCommentAboveOrTheText) {
  module m = parse(R"(pred p { // first
  a = b
  // second
  -- really the second
  c in d   // trailing, not a label
  e = f
  /* block comments are not labels */
  g = h

  // blank lines are fine
  
  all x: A {
    // inner
    x = x
    x in   x  -- squeezed
  }
  //
  some i
  aaaaaaaaaa + bbbbbbbbbb + cccccccccc + dddddddddd + eeeeeeeeee + ffffffffff = g
})",
                   "t.als");
  const node& b = *m.functions[0].body;
  ASSERT_EQ(b.args.size(), 7u);
  EXPECT_EQ(b.args[0]->label, "first");
  EXPECT_EQ(b.args[1]->label, "really the second");
  EXPECT_EQ(b.args[2]->label, "e = f");
  EXPECT_EQ(b.args[3]->label, "g = h");
  EXPECT_EQ(b.args[4]->label, "blank lines are fine");
  EXPECT_EQ(b.args[4]->args[0]->args[0]->label, "inner");
  EXPECT_EQ(b.args[4]->args[0]->args[1]->label, "x in x");
  EXPECT_EQ(b.args[5]->label, "some i");
  EXPECT_EQ(b.args[6]->label, "aaaaaaaaaa + bbbbbbbbbb + cccccccccc + dddddddddd + eeeee...");
  EXPECT_EQ(b.args[6]->label.size(), 60u);
}

TEST(Parser, EmptyTextIsAnEmptyModule) {
  module m = parse("", "empty.als");
  EXPECT_TRUE(m.sigs.empty());
  EXPECT_EQ(m.file, "empty.als");
  module c = parse("// only a comment\n/* and another */", "empty.als");
  EXPECT_TRUE(c.commands.empty());
}

TEST(Parser, ErrorsNameThePlaceAndWhatWasExpected) {
  struct bad {
    const char* text;
    const char* message;
  };
  const bad cases[] = {
      {"sig A { f: B ", "bad.als:1:14: error: expected '}' to close the sig's fields opened at 1:7, found end of file"},
      {"pred p { a = b ) }", "bad.als:1:16: error: expected '}' to close the block opened at 1:8, found ')'"},
      {"sig A {} $", "bad.als:1:10: error: unexpected character '$'"},
      {"sig A {}\n  \x01", "bad.als:2:3: error: unexpected byte 0x01 (specs are ASCII outside comments)"},
      {"sig A {} /* never\nclosed", "bad.als:1:10: error: unterminated comment: '/*' has no closing '*/'"},
      {"pred p { # a = 99999999999999999999999 }",
       "bad.als:1:16: error: integer literal 99999999999999999999999 is too large (the largest is 2147483647)"},
      {"pred p { a = 2147483648 }",
       "bad.als:1:14: error: integer literal 2147483648 is too large (the largest is 2147483647)"},
      {"sig sig {}", "bad.als:1:5: error: expected a sig name, found keyword 'sig'"},
      {"sig A {}\nmodule m", "bad.als:2:1: error: 'module' must come first in the file"},
      {"open util/ordering[A]",
       "bad.als:1:6: error: util/ordering is not supported: order the sig with fields, `one sig Ord { first: "
       "lone S }` and `sig S { next: lone S }`, and `fact { S = Ord.first.*next and no s: S | s in s.^next }`; "
       "Ord.first, s.next and s.^next are the module's first, next and nexts (docs/SPECS.md, \"What Alloy has and "
       "specs do not\")"},
      {"open mylib",
       "bad.als:1:6: error: unknown module 'mylib'; the supported modules are util/integer and util/boolean: copy the "
       "module's sigs, facts, preds and funs into this file instead (without its `module` line)"},
      {"sig A {}\nsig Red in A {}",
       "bad.als:2:9: error: subset sigs (`sig A in B`) are not supported: write A as a set-valued field of a one sig, "
       "`one sig Sets { A: set B }`, and Sets.A where A is used, or `sig A extends B` when A's atoms are B's only and "
       "no other subset shares them"},
      {"foo", "bad.als:1:1: error: expected a paragraph (sig, fact, pred, fun, assert, run or check), found 'foo'"},
      {"pred p[a: A { }", "bad.als:1:13: error: expected ',' or ']' to close the parameters opened at 1:7, found '{'"},
      {"pred p { (a }", "bad.als:1:13: error: expected ')' to close the '(' at 1:10, found '}'"},
      {"pred p { all x A | x }", "bad.als:1:16: error: expected ':' after the declared names, found 'A'"},
      {"pred p { all x: A x }", "bad.als:1:19: error: expected '|' or '{' after the quantifier's declarations, found 'x'"},
      {"pred p { a + }", "bad.als:1:14: error: expected an expression, found '}'"},
      {"pred p { p[a, b }", "bad.als:1:17: error: expected ',' or ']' to close the '[' at 1:11, found '}'"},
      {"fun f { a }", "bad.als:1:7: error: expected ':' and the result type after the fun's parameters, found '{'"},
      {"fun f: A { a b }", "bad.als:1:14: error: expected '}' to close the fun's body (a fun's body is one expression) opened at 1:10, found 'b'"},
      {"run p for", "bad.als:1:10: error: expected a number after 'for', found end of file"},
      {"run p for 3 but A", "bad.als:1:17: error: expected a number in the scope, found 'A'"},
      {"run p expect 2", "bad.als:1:14: error: expected 0 or 1 after 'expect', found number 2"},
      {"sig A { f: B -> }", "bad.als:1:17: error: expected a sig name after '->' in the field's type, found '}'"},
      {"sig A { f: B + C }", "bad.als:1:14: error: expected '}' to close the sig's fields opened at 1:7, found '+'"},
      {"pred p { let x | x }", "bad.als:1:16: error: expected '=' after the let's variable, found '|'"},
      {"abstract abstract sig A {}", "bad.als:1:10: error: expected 'sig', found 'abstract'"},
  };
  for (const bad& c : cases) EXPECT_EQ(parse_error(c.text), c.message) << c.text;
}

TEST(Parser, DeepNestingIsAnErrorNotACrash) {
  std::string parens = "pred p { " + std::string(100000, '(') + "a" + std::string(100000, ')') + " }";
  EXPECT_EQ(parse_error(parens), "bad.als:1:209: error: nesting deeper than 200 levels");
  std::string nots = "pred p { ";
  for (int i = 0; i < 100000; ++i) nots += "!";
  EXPECT_EQ(parse_error(nots + "a }"), "bad.als:1:208: error: nesting deeper than 200 levels");
  std::string chain = "pred p { a";
  for (int i = 0; i < 100000; ++i) chain += ".a";
  EXPECT_EQ(parse_error(chain + " }").substr(0, 12), "bad.als:1:40");
  std::string blocks = "pred p { " + std::string(100000, '{') + std::string(100000, '}') + " }";
  EXPECT_NE(parse_error(blocks).find("nesting deeper than 200 levels"), std::string::npos);
  std::string implies = "pred p { a";
  for (int i = 0; i < 100000; ++i) implies += " => a";
  EXPECT_NE(parse_error(implies + " }").find("nesting deeper than 200 levels"), std::string::npos);
  // A flat chain of an associative operator is no deep nesting, however long.
  for (const std::string op : {" and ", " or ", " && ", " + ", " & "}) {
    std::string flat = "pred p { a";
    for (int i = 0; i < 100000; ++i) flat += op + "a";
    EXPECT_EQ(parse_error(flat + (op == " + " || op == " & " ? " = a }" : " }")), "no error") << op;
  }
  // Within the limit, a deep left chain parses.
  std::string ok = "pred p { a";
  for (int i = 0; i < 150; ++i) ok += " + a";
  EXPECT_EQ(parse_error(ok + " = a }"), "no error");
}

}  // namespace
}  // namespace smallscope::spec
