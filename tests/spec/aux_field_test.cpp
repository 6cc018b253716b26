// Aux fields (`aux f: ...`, spec/ast.hpp): the solver's own state, bound to no C++ member. An aux
// field changes nothing a suite or an enumeration is made of: the structures are those of the
// same spec without it (blocking clauses, what the root reaches and the symmetry breaking skip
// it), field-exhaustive coverage leaves it out, and what would have to judge C++ objects (an
// invariant, a postcondition, a compiled spec) refuses it with its file:line:col and the way out.
#include <gtest/gtest.h>

#include <algorithm>
#include <fstream>
#include <functional>
#include <set>
#include <sstream>
#include <stdexcept>
#include <string>

#include "fe/field_exhaustive.hpp"
#include "sat/enumerator.hpp"
#include "smallscope/field_exhaustive.hpp"
#include "smallscope/spec.hpp"
#include "smallscope/subject.hpp"
#include "spec_front/instance_printer.hpp"
#include "spec_front/load.hpp"

namespace smallscope {
namespace {

bool has(const std::string& s, const std::string& part) { return s.find(part) != std::string::npos; }

// An acyclic list spec with `aux_fields` (text in Node's braces) added to Node and `body` added
// to its predicate, for `nodes` nodes and `bits` Int bits.
spec::module list_spec(const std::string& aux_fields, const std::string& body, int nodes, int bits) {
  const std::string text = "sig List { head: lone Node }\n"
                           "sig Node { next: lone Node, val: one Int" + aux_fields + " }\n"
                           "pred List.p {\n  all n: head.*next | n !in n.^next\n" + body +
                           "\n}\nrun p for exactly 1 List, exactly " + std::to_string(nodes) + " Node, " +
                           std::to_string(bits) + " Int\n";
  return spec::load_text(text, "aux.als");
}

// The pictures of the structures the SAT engine enumerates (3 nodes, 2 Int bits).
std::multiset<std::string> pictures(const std::string& aux_fields, const std::string& body) {
  const spec::module m = list_spec(aux_fields, body, 3, 2);
  sat::enumerator e(m, 0);
  std::multiset<std::string> out;
  spec::instance whole;
  std::vector<std::uint32_t> reached;
  while (e.next(whole, reached)) {
    spec::instance part = sat::reached_part(m, whole, reached);
    // The picture of the fields C++ would have: the aux ones emptied.
    for (std::uint32_t f = 0; f < m.field_list.size(); ++f) {
      if (m.sigs[m.field_list[f].sig].fields[m.field_list[f].index].aux) part.fields[f].atoms.clear();
    }
    out.insert(spec::canonical_picture(m, part, e.bound().root_atom));
  }
  return out;
}

TEST(AuxField, TheParserMarksAuxFieldsAndTakesAFieldNamedAux) {
  const spec::module m = spec::load_text(
      "sig N { aux a, b: lone N, aux: one Int, c: lone N }\npred N.p { some c }\nrun p for 2\n", "t.als");
  const auto& fields = m.sigs.back().fields;
  ASSERT_EQ(fields.size(), 4u);
  EXPECT_EQ(fields[0].name, "a");
  EXPECT_TRUE(fields[0].aux);
  EXPECT_TRUE(fields[1].aux);
  EXPECT_EQ(fields[2].name, "aux");
  EXPECT_FALSE(fields[2].aux);
  EXPECT_FALSE(fields[3].aux);
}

TEST(AuxField, EnumerationGivesEachStructureOnceWhateverTheAuxValues) {
  const auto plain = pictures("", "");
  ASSERT_GT(plain.size(), 5u);
  // A free aux pointer and a free aux integer: as many structures, the same ones, none twice
  // (as plain fields they would multiply them).
  EXPECT_EQ(pictures(", aux mark: lone Node, aux tag: one Int", ""), plain);
  EXPECT_GT(pictures(", mark: lone Node", "").size(), plain.size());
  // An aux value the spec constrains (each node's position from the end) keeps the same
  // structures too.
  EXPECT_EQ(pictures(", aux pos: one Int", "  all n: head.*next | n.pos = (no n.next => 0 else plus[n.next.pos, 1])"),
            plain);
  // What an aux pointer reaches is not reached: a node only it names stays outside the structure
  // (exactly 3 nodes, one of them off the list: the lists of 0..2 nodes, each with its values).
  const auto shorter = pictures(", aux spare: lone Node", "  some n: Node | n !in head.*next");
  std::multiset<std::string> expected;
  for (const auto& p : plain) {
    if (std::count(p.begin(), p.end(), '(') <= 3) expected.insert(p);  // the List and at most 2 nodes
  }
  EXPECT_EQ(shorter, expected);
}

TEST(AuxField, FieldExhaustiveSuitesCoverTheOtherFieldsAsWithoutIt) {
  auto extensions = [](const std::string& aux_fields, const std::string& body) {
    const spec::module m = list_spec(aux_fields, body, 4, 3);
    fe::field_exhaustive made(m, 0);
    made.run({}, nullptr);
    EXPECT_TRUE(made.stats().complete);
    return made.covered();
  };
  const fe::extensions plain = extensions("", "  all n: head.*next | some n.next => n.val < n.next.val");
  // The same order stated on an aux minimum per node.
  const fe::extensions with_aux =
      extensions(", aux least: one Int",
                 "  all n: head.*next | n.least = n.val and (some n.next => n.val < n.next.least)");
  ASSERT_EQ(with_aux.fields.size(), 3u);  // head, next, val: no aux field in the suite's coverage
  EXPECT_EQ(with_aux.total(), plain.total());
  for (std::size_t f = 0; f < plain.fields.size(); ++f) {
    EXPECT_EQ(with_aux.fields[f].field, plain.fields[f].field);
    EXPECT_EQ(with_aux.fields[f].pairs, plain.fields[f].pairs);
  }
}

std::string tree_set_fe() { return SMALLSCOPE_SOURCE_DIR "/examples/specs/tree_set_fe.als"; }

std::string message_of(const std::function<void()>& run) {
  try {
    run();
  } catch (const std::invalid_argument& e) {
    return e.what();
  }
  ADD_FAILURE() << "not refused";
  return {};
}

TEST(AuxField, WhatJudgesCppObjectsRefusesItNamingTheFieldAndTheWayOut) {
  const subject* s = find_subject("TreeSet");
  ASSERT_NE(s, nullptr);
  subject_instance instance = s->make(s->scope(3));
  // As the search's invariant.
  const std::string invariant = message_of([&] { spec_invariant(instance.fin, {tree_set_fe(), "inputs", ""}); });
  EXPECT_TRUE(has(invariant, "tree_set_fe.als:30:7: field bh of sig TreeSetEntry is aux")) << invariant;
  EXPECT_TRUE(has(invariant, "judge the search's candidates")) << invariant;
  EXPECT_TRUE(has(invariant, "spec without aux fields")) << invariant;
  // As a postcondition.
  const target_method* add = nullptr;
  for (const auto& m : instance.methods) {
    if (m.name == "add") add = &m;
  }
  ASSERT_NE(add, nullptr);
  const std::string post = message_of([&] {
    run_spec_check(instance.fin, instance.invariant, *add, {tree_set_fe(), "inputs", "inputs", ""}, {});
  });
  EXPECT_TRUE(has(post, "is aux")) << post;
  EXPECT_TRUE(has(post, "post-states")) << post;
  // Bound to the C++ objects for a suite it is taken (field_exhaustive_test.cpp compares that
  // suite with the search's); an aux field named like a C++ member is refused there.
  spec_suite_options o;
  o.spec_file = tree_set_fe();
  o.run = "inputs";
  o.scope = "exactly 1 TreeSet, exactly 3 TreeSetEntry, 4 Int";
  EXPECT_TRUE(field_exhaustive_from_spec(instance.fin, instance.invariant, o).complete);
  std::string text;
  {
    std::ifstream in(tree_set_fe());
    std::stringstream all;
    all << in.rdbuf();
    text = all.str();
  }
  const auto at = text.find("  value: one Int,");
  ASSERT_NE(at, std::string::npos);
  text.replace(at, 2, "  aux ");
  o.spec_file = testing::TempDir() + "aux_named_like_a_member.als";
  std::ofstream(o.spec_file) << text;
  const std::string named = message_of([&] { field_exhaustive_from_spec(instance.fin, instance.invariant, o); });
  EXPECT_TRUE(has(named, "field value of sig TreeSetEntry is declared aux")) << named;
  EXPECT_TRUE(has(named, "has a member value")) << named;
}

}  // namespace
}  // namespace smallscope
