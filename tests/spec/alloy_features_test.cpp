// Alloy as its users write it, beyond the subset TestEra's specs need (docs/SPECS.md, "Alloy
// features"): each feature gives the instances of the same spec written without it.
#include <gtest/gtest.h>

#include <string>

#include "sat/enumerator.hpp"
#include "spec_front/load.hpp"

namespace smallscope::spec {
namespace {

// The run's instances; `exact`: the enumerator says the count is one per isomorphism class.
std::uint64_t instances(const std::string& text, bool exact = true) {
  const module m = load_text(text, "feature.als");
  sat::enumerator e(m, 0);
  instance whole;
  std::vector<std::uint32_t> reached;
  std::uint64_t n = 0;
  while (e.next(whole, reached)) ++n;
  EXPECT_EQ(e.inexact().empty(), exact) << text;
  return n;
}

// Two sigs each with a field `size`: in a receiver pred the bare name is the receiver's own, and
// `n.size` joins n with the field of its sig (the union of both).
TEST(AlloyFeatures, TwoSigsMayHaveAFieldOfOneName) {
  const std::string shared = R"(
sig List { first: lone Node, size: one Int }
sig Node { next: lone Node, size: one Int }
pred List.inputs {
  all n: first.*next | n !in n.^next
  size = #first.*next
  all n: first.*next | n.size = #n.*next
}
run inputs for exactly 1 List, 4 Node, 4 Int
)";
  const std::string renamed = R"(
sig List { first: lone Node, lsize: one Int }
sig Node { next: lone Node, nsize: one Int }
pred List.inputs {
  all n: first.*next | n !in n.^next
  lsize = #first.*next
  all n: first.*next | n.nsize = #n.*next
}
run inputs for exactly 1 List, 4 Node, 4 Int
)";
  const std::uint64_t expected = instances(renamed);
  EXPECT_EQ(expected, 5u);  // lists of 0..4 nodes, acyclic, sizes fixed by the shape
  EXPECT_EQ(instances(shared), expected);
  // Outside a receiver pred the bare name is both fields.
  EXPECT_EQ(instances(shared + "fact { all l: List | l.size = #l.first.*next }\n"), expected);
}

// div and rem on SAT: with a and b free and the quotient and remainder pinned by the fact, every
// pair (a, b) of the bit width is one instance; each is re-checked by the evaluator (truncation
// toward zero, the remainder with the dividend's sign, the evaluator's rule for zero), so a
// circuit that differs on any pair stops the enumeration.
TEST(AlloyFeatures, DivAndRemAreTranslated) {
  for (const int bits : {3, 4}) {
    const std::string text = "one sig X { a, b, q, r: one Int }\n"
                             "fact { X.q = div[X.a, X.b] and X.r = rem[X.a, X.b] }\n"
                             "run {} for " + std::to_string(bits) + " Int\n";
    EXPECT_EQ(instances(text), std::uint64_t{1} << (2 * bits)) << bits << " bits";
  }
}

// What the refusal of util/ordering tells the user to write (parser.cpp): an order rooted at a
// one sig is one chain of S's atoms, so each exact scope has one instance, as Alloy's ordering.
TEST(AlloyFeatures, TheOrderWrittenInPlaceOfUtilOrderingIsOneChain) {
  for (int n = 0; n <= 5; ++n) {
    const std::string text = "one sig Ord { first: lone S }\nsig S { next: lone S }\n"
                             "fact { S = Ord.first.*next and no s: S | s in s.^next }\n"
                             "run {} for exactly " + std::to_string(n) + " S\n";
    EXPECT_EQ(instances(text), 1u) << n;
  }
  // Up to n atoms: the chains of 0..n.
  EXPECT_EQ(instances("one sig Ord { first: lone S }\nsig S { next: lone S }\n"
                      "fact { S = Ord.first.*next and no s: S | s in s.^next }\nrun {} for 4 S\n"),
            5u);
}

// What the refusal of a subset sig tells the user to write: `sig Red in Node` as a set-valued
// field of a one sig. Three nodes with no fields of their own: a subset of each size 0..3, one
// instance each up to isomorphism (the enumerator warns that a set-valued field may repeat some).
TEST(AlloyFeatures, TheSetWrittenInPlaceOfASubsetSigIsAnySubset) {
  EXPECT_EQ(instances("one sig Sets { Red: set Node }\nsig Node {}\nrun {} for exactly 3 Node\n", false), 4u);
}

}  // namespace
}  // namespace smallscope::spec
