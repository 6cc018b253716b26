// The SAT engine against brute force: for small specs that use every operator the translator
// knows, every assignment of the fields is built as an instance and judged by the evaluator;
// the reached parts that pass, up to isomorphism (canonical pictures), must be exactly the SAT
// engine's instances, one each.
#include <gtest/gtest.h>

#include <algorithm>
#include <functional>
#include <set>
#include <string>

#include "sat/enumerator.hpp"
#include "evaluate/evaluator.hpp"
#include "spec_front/instance_printer.hpp"
#include "spec_front/load.hpp"

namespace smallscope {
namespace {

// A list of three nodes with two single-valued fields and an Int in [-2, 1], and a run predicate
// whose body is `body`.
std::string spec_with(const std::string& body) {
  return "sig List { head: lone Node }\n"
         "sig Node { next: lone Node, val: one Int }\n"
         "pred List.p {\n" +
         body + "\n}\nrun p for exactly 1 List, exactly 3 Node, 2 Int\n";
}

std::set<std::string> brute_force(const spec::module& m, const sat::bounds& b) {
  // Atoms: List$0, Node$0..2, then the integers.
  const std::uint32_t list = b.sigs[static_cast<std::size_t>(b.root_sig)].atoms[0];
  std::vector<std::uint32_t> nodes;
  for (std::uint32_t s = 0; s < m.sigs.size(); ++s) {
    if (m.sigs[s].name == "Node") nodes = b.sigs[s].atoms;
  }
  std::uint32_t pred = 0;
  for (std::uint32_t i = 0; i < m.functions.size(); ++i) {
    if (m.functions[i].name == "p") pred = i;
  }
  std::set<std::string> pictures;
  spec::instance in;
  in.atoms = &b.atoms;
  in.sigs.resize(m.sigs.size());
  for (std::size_t s = 0; s < m.sigs.size(); ++s) {
    in.sigs[s].arity = 1;
    in.sigs[s].atoms = b.sigs[s].atoms;
  }
  in.fields.assign(m.field_list.size(), spec::tuple_set{2, {}});
  // Field numbers: head, next, val.
  const std::uint32_t ints = b.atoms.int_count;
  const std::uint32_t options = 4 * ints;      // per node: next (none or a node), val
  std::uint64_t total = 4;                     // head: none or a node
  for (int k = 0; k < 3; ++k) total *= options;
  for (std::uint64_t code = 0; code < total; ++code) {
    std::uint64_t c = code;
    for (auto& f : in.fields) f.atoms.clear();
    auto pick = [&](std::uint32_t field, std::uint32_t owner, std::uint32_t choice) {
      if (choice == 0) return;
      std::uint32_t t[2] = {owner, nodes[choice - 1]};
      in.fields[field].insert(t);
    };
    pick(0, list, static_cast<std::uint32_t>(c % 4));
    c /= 4;
    for (int k = 0; k < 3; ++k) {
      pick(1, nodes[k], static_cast<std::uint32_t>(c % 4));
      c /= 4;
      std::uint32_t t[2] = {nodes[k], b.atoms.int_first + static_cast<std::uint32_t>(c % ints)};
      in.fields[2].insert(t);
      c /= ints;
    }
    if (c != 0) ADD_FAILURE() << "code " << code << " is not one assignment of its own";
    spec::evaluator ev(m, in);
    // The declarations hold by construction (one val, at most one next per node).
    if (!ev.holds(pred, std::span<const std::uint32_t>(&list, 1))) continue;
    // The reached part.
    std::vector<std::uint32_t> reached{list};
    for (std::size_t i = 0; i < reached.size(); ++i) {
      for (std::uint32_t f : {0u, 1u}) {
        const auto& ts = in.fields[f];
        for (std::size_t t = 0; t < ts.size(); ++t) {
          if (ts.atoms[2 * t] != reached[i]) continue;
          std::uint32_t to = ts.atoms[2 * t + 1];
          if (std::find(reached.begin(), reached.end(), to) == reached.end()) reached.push_back(to);
        }
      }
    }
    pictures.insert(spec::canonical_picture(m, sat::reached_part(m, in, reached), list));
  }
  return pictures;
}

void compare(const std::string& body) {
  const spec::module m = spec::load_text(spec_with(body), "brute.als");
  sat::enumerator e(m, 0);
  std::set<std::string> sat_pictures;
  spec::instance whole;
  std::vector<std::uint32_t> reached;
  while (e.next(whole, reached)) {
    EXPECT_TRUE(sat_pictures.insert(spec::canonical_picture(m, sat::reached_part(m, whole, reached), e.bound().root_atom))
                    .second)
        << "two isomorphic instances for: " << body;
  }
  const auto expected = brute_force(m, e.bound());
  EXPECT_EQ(sat_pictures, expected) << body;
  EXPECT_GT(expected.size(), 0u) << "a test that cannot tell: " << body;
}

TEST(BruteForce, ClosureAndOrder) { compare("all n: head.*next | n !in n.^next and (some n.next => lt[n.val, n.next.val])"); }
// s.*r and s.^r grown from the set step by step, and x.f of an Int field as bits.
TEST(BruteForce, ReachFromASetAndIntFieldsOfOneAtom) {
  compare("some n: head.*next | no n.next\n all n: head.^next | n.val >= head.val and n.next.val != n.val");
}
TEST(BruteForce, LetAndComprehension) {
  compare("let r = head.*next | #{ n: r | n.val = 1 } = 1 and #r >= 2");
}
TEST(BruteForce, IteAndCardinality) {
  compare("some head implies #head.*next = plus[#(Node - head.^next), 0] else no next");
}
TEST(BruteForce, TransposeAndLone) { compare("all n: head.*next | lone n.~next and n.next != n"); }
TEST(BruteForce, QuantifierMultiplicities) {
  compare("lone n: head.*next | n.val = 0\n one n: head.*next | no n.next\n all disj a, b: head.*next | a.val != b.val");
}
TEST(BruteForce, OverrideAndRestrictions) {
  compare("some (next ++ (head -> head))\n no (next :> head)\n (head.*next <: next) in next");
}
TEST(BruteForce, Arithmetic) {
  compare("all n: head.*next | mul[n.val, 2] > minus[0, 3] and plus[n.val, #head.*next] != 0");
}
TEST(BruteForce, UnreachedNodesAreConstrainedToo) {
  // A fact over every node: unreached nodes must exist with some value that satisfies it.
  compare("all n: Node | n.val != 1\n some head");
}

}  // namespace
}  // namespace smallscope
