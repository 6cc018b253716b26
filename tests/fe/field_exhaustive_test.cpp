// Field-exhaustive suites on SAT (paper 004, Algorithm 1): the binary search trees of Fig. 4 at
// scopes 4 and 10 against the paper's printed extension and our derived totals, and random small
// specs against bounded-exhaustive enumeration (the SAT enumerator, itself checked against brute
// force in tests/spec): the loop ends on UNSAT, its extensions are exactly the pairs some valid
// structure has, the suite covers them all, and |suite| <= sum |E(f)| (Theorems 1 and 2).
#include <gtest/gtest.h>

#include <fmt/format.h>

#include <algorithm>
#include <fstream>
#include <optional>
#include <limits>
#include <map>
#include <random>
#include <set>
#include <sstream>
#include <string>

#include "fe/field_exhaustive.hpp"
#include "fe/search_extensions.hpp"
#include "smallscope/field_exhaustive.hpp"
#include "smallscope/subject.hpp"
#include "sat/enumerator.hpp"
#include "spec_front/load.hpp"

namespace smallscope {
namespace {

using pair_set = std::map<std::string, std::set<std::pair<std::string, std::string>>>;

// The pairs of one instance: per binary field, (reached owner, value), null for an empty lone row.
void add_pairs(const spec::module& m, const spec::instance& whole, const std::vector<std::uint32_t>& reached,
               pair_set& out) {
  const auto& names = whole.atoms->names;
  for (std::uint32_t f = 0; f < m.field_list.size(); ++f) {
    const auto& ref = m.field_list[f];
    const auto& decl = m.sigs[ref.sig].fields[ref.index];
    if (decl.arity != 2) continue;
    auto& set = out[m.sigs[ref.sig].name + "." + decl.name];
    const auto& ts = whole.fields[f];
    for (auto a : reached) {
      if (std::find(whole.sigs[ref.sig].atoms.begin(), whole.sigs[ref.sig].atoms.end(), a) == whole.sigs[ref.sig].atoms.end())
        continue;
      bool any = false;
      for (std::size_t t = 0; t < ts.size(); ++t) {
        if (ts.atoms[2 * t] != a) continue;
        set.emplace(names[a], names[ts.atoms[2 * t + 1]]);
        any = true;
      }
      if (!any && decl.mult == spec::multiplicity::lone) set.emplace(names[a], "null");
    }
  }
}

pair_set as_set(const fe::extensions& e) {
  pair_set out;
  for (const auto& f : e.fields) out[f.field].insert(f.pairs.begin(), f.pairs.end());
  return out;
}

std::string read(const std::string& path) {
  std::ifstream in(path);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

// Paper 004's binary search trees (Fig. 4) at scope k: k nodes, keys 0..k-1, size 0..k.
std::string bst_at(int k) {
  std::string text = read(SMALLSCOPE_SOURCE_DIR "/examples/specs/binary_search_tree.als");
  const auto at = text.rfind("run inputs");
  int bits = 1;
  while ((1 << (bits - 1)) <= k) ++bits;
  return text.substr(0, at) + fmt::format("run inputs for exactly 1 BinaryTree, exactly {} Node, {} Int\n", k, bits);
}

struct outcome {
  fe::extensions ext;
  fe::fe_stats stats;
  std::size_t suite = 0;
  pair_set suite_pairs;
};

// Algorithm 1 as printed: one clause per structure (no batches).
const fe::fe_options as_printed{.probe_conflicts = 2000, .batch_conflicts = -1};
const fe::fe_options with_batches{.probe_conflicts = 2000, .batch_conflicts = 1000};

outcome run_fe(const spec::module& m, fe::fe_options options = as_printed) {
  fe::field_exhaustive fe(m, 0, options);
  fe.run({}, nullptr);
  outcome o{fe.covered(), fe.stats(), fe.suite().size(), {}};
  for (const auto& si : fe.suite()) add_pairs(m, si.whole, si.reached, o.suite_pairs);
  return o;
}

TEST(FieldExhaustive, BinarySearchTreesOfFig4AtScope4) {
  const spec::module m = spec::load_text(bst_at(4), "bst4.als");
  const auto o = run_fe(m);
  EXPECT_TRUE(o.stats.complete) << "the final solve is UNSAT";
  const auto* left = o.ext.find("Node.left");
  ASSERT_NE(left, nullptr);
  // Paper 004 [FE L173]: {<N0,null>, <N0,N1>, <N1,null>, <N1,N2>, <N1,N3>, <N2,null>, <N2,N3>, <N3,null>}.
  const std::vector<std::pair<std::string, std::string>> expected_left = {
      {"Node$0", "null"}, {"Node$0", "Node$1"}, {"Node$1", "null"}, {"Node$1", "Node$2"},
      {"Node$1", "Node$3"}, {"Node$2", "null"}, {"Node$2", "Node$3"}, {"Node$3", "null"}};
  EXPECT_EQ(left->pairs, expected_left);
  std::set<std::string> n0_right;
  for (const auto& [owner, value] : o.ext.find("Node.right")->pairs) {
    if (owner == "Node$0") n0_right.insert(value);
  }
  EXPECT_EQ(n0_right, (std::set<std::string>{"Node$1", "Node$2", "null"}));
  EXPECT_EQ(o.ext.find("Node.right")->pairs.size(), 9u);
  EXPECT_EQ(o.ext.find("Node.key")->pairs.size(), 16u);
  EXPECT_EQ(o.ext.find("BinaryTree.size")->pairs.size(), 5u);
  EXPECT_EQ(o.ext.find("BinaryTree.root")->pairs.size(), 2u);
  EXPECT_EQ(o.ext.total(), 40u);
  EXPECT_EQ(o.stats.covered, 40u);
  EXPECT_LE(o.suite, 40u);
  EXPECT_GE(o.suite, 8u) << "the exact minimum cover has 8 trees";
  EXPECT_EQ(o.suite_pairs, as_set(o.ext)) << "the suite covers every pair of the extensions";
  EXPECT_EQ(o.stats.solves, o.suite + 1) << "one solve per structure, and the final UNSAT one";
}

// Dropping the instances whose pairs the others cover keeps every pair covered.
TEST(FieldExhaustive, PrunedSuitesCoverTheSamePairs) {
  for (int k : {4, 7}) {
    const spec::module m = spec::load_text(bst_at(k), "bst.als");
    fe::field_exhaustive fe(m, 0);
    fe.run({}, nullptr);
    const auto keep = fe.pruned();
    pair_set all, kept;
    for (const auto& si : fe.suite()) add_pairs(m, si.whole, si.reached, all);
    for (auto i : keep) add_pairs(m, fe.suite()[i].whole, fe.suite()[i].reached, kept);
    EXPECT_EQ(kept, all) << "k = " << k;
    EXPECT_EQ(all, as_set(fe.covered())) << "k = " << k;
    EXPECT_LE(keep.size(), fe.suite().size());
    EXPECT_TRUE(std::is_sorted(keep.begin(), keep.end()));
    // No kept member is redundant: each has a pair no other kept member has.
    for (auto i : keep) {
      pair_set others;
      for (auto j : keep)
        if (j != i) add_pairs(m, fe.suite()[j].whole, fe.suite()[j].reached, others);
      EXPECT_NE(others, kept) << "member " << i << " is redundant";
    }
  }
}

TEST(FieldExhaustive, BinarySearchTreesAtScope10) {
  const spec::module m = spec::load_text(bst_at(10), "bst10.als");
  const auto o = run_fe(m);
  EXPECT_TRUE(o.stats.complete);
  // Derived (reference notes): left 35, right 39, key 100, size 11, root 2.
  EXPECT_EQ(o.ext.find("Node.left")->pairs.size(), 35u);
  EXPECT_EQ(o.ext.find("Node.right")->pairs.size(), 39u);
  EXPECT_EQ(o.ext.total(), 187u);
  EXPECT_LE(o.suite, 187u);
  EXPECT_EQ(o.suite_pairs, as_set(o.ext));
}

// Extensions and the bounded-exhaustive union agree at small scopes of the same spec.
void compare_with_enumeration(const std::string& text, const std::string& what) {
  const spec::module m = spec::load_text(text, "random.als");
  pair_set expected;
  std::uint64_t instances = 0;
  {
    sat::enumerator e(m, 0);
    spec::instance whole;
    std::vector<std::uint32_t> reached;
    while (e.next(whole, reached)) {
      add_pairs(m, whole, reached, expected);
      ++instances;
    }
  }
  // As printed, and with batches (a new pair per (field, owner) group at once): the same
  // extensions, a covering suite of at most sum |E| structures.
  for (const bool batched : {false, true}) {
    const auto o = run_fe(m, batched ? with_batches : as_printed);
    const std::string which = what + (batched ? "\n(batched)" : "\n(as printed)");
    EXPECT_TRUE(o.stats.complete) << which;
    auto got = as_set(o.ext);
    // Fields no instance ever has a pair of are absent from `expected`.
    std::erase_if(got, [](const auto& kv) { return kv.second.empty(); });
    std::erase_if(expected, [](const auto& kv) { return kv.second.empty(); });
    EXPECT_EQ(got, expected) << which;
    auto suite_pairs = o.suite_pairs;
    std::erase_if(suite_pairs, [](const auto& kv) { return kv.second.empty(); });
    EXPECT_EQ(suite_pairs, expected) << which;
    EXPECT_LE(o.suite, o.ext.total()) << which;
    EXPECT_LE(o.suite, instances) << which;
    if (!batched) {
      EXPECT_EQ(o.stats.solves, o.suite + (o.ext.total() == o.stats.candidate_pairs ? 0 : 1)) << which;
    }
  }
}

TEST(FieldExhaustive, RandomListSpecsAgreeWithEnumeration) {
  const std::vector<std::string> clauses = {
      "all n: head.*next | n !in n.^next",
      "all n: head.*next | some n.next => lt[n.val, n.next.val]",
      "all n: head.*next | some n.next => lte[n.val, n.next.val]",
      "all n: head.*next | n.val != 0",
      "#head.*next >= 2",
      "#head.*next <= 2",
      "some head",
      "all n: head.*next | lone n.~next",
      "all n: head.*next | n.next != n",
      "all n: head.*next | gte[n.val, -1]",
      "no n: head.*next | n.val = 1 and no n.next",
      "head.val = 0 or no head",
  };
  std::mt19937_64 rng(2026);
  int nonempty = 0;
  for (int trial = 0; trial < 30; ++trial) {
    std::vector<std::string> picked;
    const int count = 1 + static_cast<int>(rng() % 3);
    for (int k = 0; k < count; ++k) picked.push_back("(" + clauses[rng() % clauses.size()] + ")");
    const int nodes = 2 + static_cast<int>(rng() % 3);
    const std::string body = fmt::format("{}", fmt::join(picked, " and\n"));
    const std::string text = "sig List { head: lone Node }\nsig Node { next: lone Node, val: one Int }\npred List.p {\n" +
                             body + fmt::format("\n}}\nrun p for exactly 1 List, exactly {} Node, 3 Int\n", nodes);
    compare_with_enumeration(text, body);
    const spec::module m = spec::load_text(text, "x.als");
    sat::enumerator e(m, 0);
    spec::instance whole;
    std::vector<std::uint32_t> reached;
    if (e.next(whole, reached)) ++nonempty;
  }
  EXPECT_GT(nonempty, 15) << "most random specs have instances, so the comparison can tell";
}

TEST(FieldExhaustive, RandomTreeSpecsAgreeWithEnumeration) {
  const std::vector<std::string> clauses = {
      "all n: root.*(left + right) | n !in n.^(left + right)",
      "all n: root.*(left + right) | lone n.~(left + right)",
      "all n: root.*(left + right) | some n.left => lt[n.left.key, n.key]",
      "all n: root.*(left + right) | some n.right => gt[n.right.key, n.key]",
      "all n: root.*(left + right) | no n.left or no n.right",
      "#root.*(left + right) = 2",
      "all n: root.*(left + right) | n.key != 1",
  };
  std::mt19937_64 rng(7);
  for (int trial = 0; trial < 12; ++trial) {
    std::vector<std::string> picked = {"(" + clauses[0] + ")", "(" + clauses[1] + ")"};
    const int count = static_cast<int>(rng() % 3);
    for (int k = 0; k < count; ++k) picked.push_back("(" + clauses[2 + rng() % (clauses.size() - 2)] + ")");
    const int nodes = 2 + static_cast<int>(rng() % 2);
    const std::string body = fmt::format("{}", fmt::join(picked, " and\n"));
    const std::string text = "sig Tree { root: lone Node }\nsig Node { key: one Int, left: lone Node, right: lone Node }\n"
                             "pred Tree.p {\n" + body +
                             fmt::format("\n}}\nrun p for exactly 1 Tree, exactly {} Node, 3 Int\n", nodes);
    compare_with_enumeration(text, body);
  }
}

// Batches on the sorted list of Table 1 at scope 12: the same extensions as Algorithm 1 as
// printed, and far fewer structures (each batched one gives an element to every entry).
TEST(FieldExhaustive, BatchesGiveTheSameExtensionsWithFewerStructures) {
  std::string text = read(SMALLSCOPE_SOURCE_DIR "/examples/specs/sorted_singly_linked_list.als");
  text = text.substr(0, text.rfind("run inputs")) + "run inputs for exactly 1 SortedSinglyLinkedList, exactly 12 Entry, 5 Int\n";
  const spec::module m = spec::load_text(text, "sll12.als");
  std::size_t run = 0;
  for (const auto& c : m.commands) run = c.name == "inputs" ? &c - m.commands.data() : run;
  auto outcome_of = [&](fe::fe_options options) {
    fe::field_exhaustive fe(m, static_cast<std::uint32_t>(run), options);
    fe.run({}, nullptr);
    return std::tuple{fe.covered(), fe.stats(), fe.suite().size()};
  };
  const auto [printed_ext, printed, printed_suite] = outcome_of(as_printed);
  const auto [batched_ext, batched, batched_suite] = outcome_of(with_batches);
  ASSERT_TRUE(printed.complete);
  ASSERT_TRUE(batched.complete);
  EXPECT_EQ(as_set(batched_ext), as_set(printed_ext));
  EXPECT_GT(batched.batched, 0u);
  EXPECT_LT(batched_suite * 3, printed_suite * 2) << "batched " << batched_suite << ", as printed " << printed_suite;
  // 11 elements at most, each 1..12: an entry's element ranges over all 12 values, so any
  // field-exhaustive suite has at least 12 structures.
  EXPECT_GE(batched_suite, 12u);
}

TEST(FieldExhaustive, LimitsStopTheLoopIncomplete) {
  const spec::module m = spec::load_text(bst_at(5), "bst5.als");
  fe::field_exhaustive fe(m, 0);
  fe.run({0, 3}, nullptr);
  EXPECT_EQ(fe.suite().size(), 3u);
  EXPECT_TRUE(fe.stats().limited);
  EXPECT_FALSE(fe.stats().complete);
  fe::field_exhaustive stopped(m, 0);
  stopped.run({}, [] { return true; });
  EXPECT_TRUE(stopped.stats().interrupted);
  EXPECT_EQ(stopped.suite().size(), 0u);
}

// The search-based variant (a C++ invariant only) gives the SAT variant's extensions where both
// run and both number objects alike (Korat's numbering follows the invariant's first reads; the
// SAT engine's the least in-edge): paper 004's subjects against their specs.
struct both_engines {
  const char* subject;
  const char* spec;
  std::vector<std::int64_t> (*fin)(int k);
  std::string (*scope)(int k);
  int first, last;
};

int bits_for(int k) {
  int bits = 1;
  while ((1 << (bits - 1)) <= k) ++bits;
  return bits;
}

void compare_engines(const both_engines& e) {
  const subject* s = find_subject(e.subject);
  ASSERT_NE(s, nullptr);
  const std::string spec_text = read(std::string(SMALLSCOPE_SOURCE_DIR "/examples/specs/") + e.spec);
  for (int k = e.first; k <= e.last; ++k) {
    SCOPED_TRACE(fmt::format("{} at scope {}", e.subject, k));
    subject_instance instance = s->make(e.fin(k));
    const field_exhaustive_suite made = field_exhaustive_from_search(instance.fin, instance.invariant);
    ASSERT_TRUE(made.complete);
    fe::extensions found;
    for (const auto& f : made.extensions) found.fields.push_back({f.field, f.pairs});
    const auto by_search = as_set(found);
    // The pruned suite still covers every pair, with at most one structure per pair.
    const smallscope::detail::state_space space(instance.fin.data());
    fe::pair_collector again(space);
    for (const auto& values : made.structures) again.add(values);
    EXPECT_EQ(as_set(again.result()), by_search);
    EXPECT_LE(made.structures.size(), made.pairs());
    EXPECT_LE(made.structures.size(), made.covering);
    EXPECT_LE(made.covering, made.valid);

    const auto at = spec_text.rfind("run inputs");
    const spec::module m = spec::load_text(spec_text.substr(0, at) + "run inputs for " + e.scope(k) + "\n", e.spec);
    fe::field_exhaustive fe(m, static_cast<std::uint32_t>(m.commands.size() - 1));
    fe.run({}, nullptr);
    ASSERT_TRUE(fe.stats().complete);
    pair_set by_sat;
    for (const auto& [field, set] : as_set(fe.covered())) {
      auto& out = by_sat[field];
      for (auto [owner, value] : set) {
        std::replace(owner.begin(), owner.end(), '$', '#');
        std::replace(value.begin(), value.end(), '$', '#');
        out.emplace(owner, value);
      }
    }
    EXPECT_EQ(by_search, by_sat);

    // The library's call: the same suite bound to the subject's objects, each member valid under
    // the C++ invariant, covers exactly the pairs the search found.
    spec_suite_options o;
    o.spec_file = std::string(SMALLSCOPE_SOURCE_DIR "/examples/specs/") + e.spec;
    o.run = "inputs";
    o.scope = e.scope(k);
    const spec_suite_report bound = field_exhaustive_from_spec(instance.fin, instance.invariant, o);
    ASSERT_TRUE(bound.complete);
    EXPECT_EQ(bound.structures.size(), bound.members);
    EXPECT_EQ(bound.pairs(), fe.covered().total());
    fe::pair_collector from_sat(space);
    for (const auto& values : bound.structures) from_sat.add(values);
    EXPECT_EQ(as_set(from_sat.result()), by_search);
  }
}

TEST(FieldExhaustive, SearchVariantEqualsSatVariantOnBinarySearchTrees) {
  compare_engines({"BinarySearchTree", "search_tree_fe.als",
                   [](int k) { return std::vector<std::int64_t>{k, 0, k, 0, k - 1}; },
                   [](int k) { return fmt::format("exactly 1 SearchTree, exactly {} Node, {} Int", k, bits_for(k)); }, 2, 6});
}

TEST(FieldExhaustive, SearchVariantEqualsSatVariantOnSortedLists) {
  compare_engines({"SortedSinglyLinkedList", "sorted_singly_linked_list.als",
                   [](int k) { return std::vector<std::int64_t>{0, k - 1, k, k}; },
                   [](int k) { return fmt::format("exactly 1 SortedSinglyLinkedList, exactly {} Entry, {} Int", k, bits_for(k)); },
                   2, 6});
}

TEST(FieldExhaustive, SearchVariantEqualsSatVariantOnTreeSets) {
  compare_engines({"TreeSet", "tree_set.als", [](int k) { return std::vector<std::int64_t>{k, k, 0, k - 1}; },
                   [](int k) { return fmt::format("exactly 1 TreeSet, exactly {} TreeSetEntry, {} Int", k, bits_for(k)); }, 2, 5});
}

// The red-black property on an aux black height per node: the same extensions as the search's
// bounded-exhaustive ones (and tree_set.als's), the aux field in none of them.
TEST(FieldExhaustive, SearchVariantEqualsSatVariantOnTreeSetsWithAnAuxBlackHeight) {
  compare_engines({"TreeSet", "tree_set_fe.als", [](int k) { return std::vector<std::int64_t>{k, k, 0, k - 1}; },
                   [](int k) { return fmt::format("exactly 1 TreeSet, exactly {} TreeSetEntry, {} Int", k, bits_for(k)); }, 2, 6});
}

// Not the binomial heap: Korat's invariant meets a node's child before its sibling, the SAT
// engine numbers by least in-edge (the sibling of an earlier node first), and extensions are
// relative to the numbering (at scope 3 the search's child extension has 6 pairs, SAT's 7).

// The search variant stops on a request, a member limit or a time limit with the suite so far,
// incomplete, whose pairs are those of the structures seen.
TEST(FieldExhaustive, TheSearchVariantStopsWhenAskedWithTheSuiteSoFar) {
  const subject* s = find_subject("BinarySearchTree");
  subject_instance instance = s->make(std::vector<std::int64_t>{6, 0, 6, 0, 5});
  const auto whole = field_exhaustive_from_search(instance.fin, instance.invariant);
  ASSERT_TRUE(whole.complete);
  field_exhaustive_options asked;
  std::uint64_t seen = 0;
  asked.stop = [&seen] { return ++seen > 10; };
  const auto stopped = field_exhaustive_from_search(instance.fin, instance.invariant, asked);
  EXPECT_TRUE(stopped.stopped);
  EXPECT_FALSE(stopped.complete);
  EXPECT_LT(stopped.valid, whole.valid);
  EXPECT_LE(stopped.pairs(), whole.pairs());
  field_exhaustive_options few;
  few.limit = 3;
  const auto limited = field_exhaustive_from_search(instance.fin, instance.invariant, few);
  EXPECT_TRUE(limited.limited);
  EXPECT_FALSE(limited.complete);
  EXPECT_EQ(limited.covering, 3u);
  EXPECT_LE(limited.structures.size(), 3u);
  field_exhaustive_options negative;
  negative.seconds = -1;
  EXPECT_THROW(field_exhaustive_from_search(instance.fin, instance.invariant, negative), std::invalid_argument);
}


// field_exhaustive_from_spec on a spec alone: its members pictured, a stop keeps the pairs so
// far (incomplete), a scope that is not one and a spec that does not bind are refused by kind.
TEST(FieldExhaustive, FromASpecAloneTheLibrarysCallPicturesStopsAndRefuses) {
  const std::string file = SMALLSCOPE_SOURCE_DIR "/examples/specs/binary_search_tree.als";
  spec_suite_options o;
  o.spec_file = file;
  o.format = structure_format::jsonl;
  std::string named = "none";
  o.on_command = [&](const std::string& command) { named = command; };
  const spec_suite_report whole = field_exhaustive_from_spec(o);
  EXPECT_TRUE(whole.complete);
  EXPECT_NE(named, "none");
  EXPECT_EQ(whole.pictures.size(), whole.members);
  EXPECT_LE(whole.members, whole.instances);
  EXPECT_TRUE(whole.structures.empty());  // no finitization: no candidate vectors

  spec_suite_options asked;
  asked.spec_file = file;
  std::uint64_t seen = 0;
  asked.progress = [&](const spec_suite_progress& p) { seen = p.instances; };
  asked.stop = [&] { return seen >= 1; };
  const spec_suite_report stopped = field_exhaustive_from_spec(asked);
  EXPECT_TRUE(stopped.stopped);
  EXPECT_FALSE(stopped.complete);
  EXPECT_LT(stopped.pairs(), whole.pairs());

  spec_suite_options not_a_scope;
  not_a_scope.spec_file = file;
  not_a_scope.scope = "exactly 3 Node, pred";
  try {
    field_exhaustive_from_spec(not_a_scope);
    ADD_FAILURE() << "a scope that is not one was taken";
  } catch (const spec_scope_error& e) {
    EXPECT_NE(e.what_kind, spec_scope_error::kind::no_predicate);
  }

  spec_suite_options negative;
  negative.spec_file = file;
  negative.seconds = -1;
  EXPECT_THROW(field_exhaustive_from_spec(negative), std::invalid_argument);
  negative.seconds = std::numeric_limits<double>::quiet_NaN();
  EXPECT_THROW(field_exhaustive_from_spec(negative), std::invalid_argument);

  const subject* lists = find_subject("SortedSinglyLinkedList");
  ASSERT_NE(lists, nullptr);
  subject_instance instance = lists->make(std::vector<std::int64_t>{0, 2, 3, 3});
  try {
    spec_suite_options tree;
    tree.spec_file = SMALLSCOPE_SOURCE_DIR "/examples/specs/search_tree_fe.als";
    field_exhaustive_from_spec(instance.fin, instance.invariant, tree);
    ADD_FAILURE() << "a tree spec was bound to a list's finitization";
  } catch (const spec_binding_error& e) {
    EXPECT_EQ(e.what_kind, spec_binding_error::kind::spec);
  }
}

}  // namespace
}  // namespace smallscope
