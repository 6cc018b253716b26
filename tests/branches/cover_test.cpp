// Tests of branch coverage and its suites (paper 001, Sec. 5.2-5.4) on subjects built with
// branch probes (subjects/branch_targets.txt). Black-box: TreeMap's 17 trees of sizes 1..5 and
// their 84 tests (every deletion and one insertion). White-box: the suite that keeps each test
// taking a new outcome reaches the same coverage from fewer trees, and finds a seeded bug in a
// helper. Completeness of lazy generation: the coverage vectors of the inputs lazy generation
// gives (one per isomorphism class, keys symbolic) are those of every labelled input with
// concrete keys.
#include <gtest/gtest.h>

#include <signal.h>
#include <unistd.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <map>
#include <set>
#include <string>
#include <vector>

#include "smallscope/rewritten/branches.hpp"
#include "smallscope/checker.hpp"
#include "smallscope/drivers/cover.hpp"
#include "smallscope/subject.hpp"
#include "space/reachable.hpp"
#include "subjects/red_black_tree.hpp"
#include "subjects/search_tree.hpp"
#include "subjects/singly_linked_list.hpp"
#include "subjects/tree_map.hpp"
#include "subjects/tree_map_lazy.hpp"

// A class with a probe in its method and one in its destructor, the table written by hand as
// smallscope-mutants --branches writes them.
namespace owning {
inline smallscope::branch_table probes{
    "owning_box.hpp", {{"owning::box::bump", 1, 1, "value < 1"}, {"owning::box::~box", 2, 1, "value >= 0"}}};
struct box {
  smallscope::field<int> value;
  ~box() { probes.hit(1, value >= 0); }
  int bump() {
    if (probes.hit(0, value < 1)) value = value + 1;
    return value;
  }
  bool rep_ok() const { return true; }
};
SMALLSCOPE_FIELDS(box, value)
inline void bump_post(smallscope::verdict&, const box&, const box&, int) {}
}  // namespace owning

namespace {

namespace rbt = subjects::red_black_tree;
namespace lazy = subjects::tree_map_lazy;

std::map<std::string, smallscope::function_branches> helpers(const smallscope::branch_vector& v) {
  std::map<std::string, smallscope::function_branches> out;
  for (const auto& f : smallscope::branches::by_function(v)) {
    const auto at = f.function.rfind("::");
    out[f.function.substr(at + 2)] = f;
  }
  return out;
}

smallscope::subject_instance tree_map_lazy(int n) {
  const auto* s = smallscope::find_subject("TreeMapLazy");
  return s->make(s->scope(n));
}

// Paper 001's black-box tests: every deletion (a rank below the size) and one insertion per tree.
smallscope::cover_options black_box(int insertion_gap) {
  smallscope::cover_options o;
  o.select = [insertion_gap](const smallscope::structure& st, std::size_t m, std::span<const std::int64_t> args) {
    const int size = st.root<rbt::tree>().size;
    if (m == 0) return args[0] < size;                                    // remove_rank
    return args[0] == (insertion_gap < 0 ? size : std::min(insertion_gap, size));  // put_gap
  };
  return o;
}

TEST(Cover, TreeMapBlackBoxIs84TestsAndWhiteBoxReachesItsCoverageWithFewerTrees) {
  ASSERT_TRUE(smallscope::branches::instrumented());
  const auto t = tree_map_lazy(5);
  const std::vector<smallscope::target_method> methods = {t.methods[0], t.methods[1]};  // remove_rank, put_gap
  ASSERT_EQ(methods[0].name, "remove_rank");
  ASSERT_EQ(methods[1].name, "put_gap");
  const auto bb = smallscope::cover(t.fin, t.invariant, methods, black_box(-1));
  EXPECT_EQ(bb.inputs, 17u);
  EXPECT_EQ(bb.tests, 84u);
  EXPECT_TRUE(bb.failures.empty());
  // Every test of every tree (each rank, each gap): the most these trees can cover.
  const auto all = smallscope::cover(t.fin, t.invariant, methods);
  EXPECT_EQ(all.tests, 17u * 5 + 17u * 6);
  const auto h_all = helpers(all.covered);
  const auto h_bb = helpers(bb.covered);
  for (const char* f : {"delete_entry", "fix_after_deletion", "fix_after_insertion"}) {
    ASSERT_EQ(h_all.count(f), 1u) << f;
    EXPECT_GT(h_all.at(f).branches, 0u);
    EXPECT_LE(h_bb.at(f).covered, h_all.at(f).covered) << f;
  }
  // Deletions reach everything removal can: one insertion per tree is the only restriction.
  EXPECT_EQ(h_bb.at("delete_entry").covered, h_all.at("delete_entry").covered);
  EXPECT_EQ(h_bb.at("fix_after_deletion").covered, h_all.at("fix_after_deletion").covered);
  // White-box: the suite keeps the tests that took new outcomes; its coverage is all of it.
  smallscope::branch_vector suite_cover;
  for (const auto& test : all.suite) EXPECT_GT(test.new_outcomes, 0u);
  const auto wb_inputs = all.suite_inputs.size();
  EXPECT_LT(wb_inputs, 17u);
  // Re-running only the suite's tests gives the full coverage again.
  std::set<std::tuple<std::uint64_t, std::size_t, std::int64_t>> chosen;
  for (const auto& test : all.suite) chosen.insert({test.input, test.method, test.args[0]});
  smallscope::cover_options only_suite;
  only_suite.select = [&](const smallscope::structure& st, std::size_t m, std::span<const std::int64_t> args) {
    return chosen.count({st.index(), m, args[0]}) != 0;
  };
  const auto again = smallscope::cover(t.fin, t.invariant, methods, only_suite);
  EXPECT_EQ(again.covered, all.covered);
  EXPECT_EQ(again.tests, all.suite.size());
}

TEST(Cover, WhiteBoxSuiteFindsTheSeededHelperBug) {
  const auto t = tree_map_lazy(5);
  const std::vector<smallscope::target_method> methods = {t.methods[0], t.methods[1]};
  const auto all = smallscope::cover(t.fin, t.invariant, methods);
  // The suite's removals, run with the seeded fixAfterDeletion: some fails, on a suite input.
  std::set<std::pair<std::uint64_t, std::int64_t>> removals;
  for (const auto& test : all.suite)
    if (test.method == 0) removals.insert({test.input, test.args[0]});
  ASSERT_EQ(t.methods[2].name, "remove_rank_recolor_bug");
  smallscope::cover_options o;
  o.select = [&](const smallscope::structure& st, std::size_t, std::span<const std::int64_t> args) {
    return removals.count({st.index(), args[0]}) != 0;
  };
  const auto bug = smallscope::cover(t.fin, t.invariant, {t.methods[2]}, o);
  ASSERT_FALSE(bug.failures.empty());
  EXPECT_EQ(bug.failures[0].kind, smallscope::outcome_kind::invariant);  // black heights differ
  // And the correct removal passes on the same tests.
  const auto good = smallscope::cover(t.fin, t.invariant, {t.methods[0]}, o);
  EXPECT_TRUE(good.failures.empty());
  EXPECT_EQ(good.tests, bug.tests);
}

// A test's outcomes are those of the method and its oracle: the destructor that only the
// harness's release runs is credited to no test.
TEST(Cover, CodeOnlyTheHarnessRunsCountsForNoTest) {
  auto f = smallscope::finitization::of<owning::box>("Box");
  f.set(&owning::box::value, smallscope::ints(0, 2));
  const auto bump = smallscope::make_method<&owning::box::bump, &owning::bump_post>("bump", {}, "bump", "bump_post");
  const auto report = smallscope::cover(f, smallscope::make_predicate<&owning::box::rep_ok>(), {bump});
  EXPECT_EQ(report.tests, 3u);
  EXPECT_TRUE(report.failures.empty());
  unsigned in_bump = 0, in_destructor = 0;
  for (std::size_t i = 0; i < report.covered.size(); ++i) {
    const std::string what = smallscope::branches::describe(i);
    if (report.covered[i] != 0 && what.starts_with("bump:1:1 ")) ++in_bump;
    if (report.covered[i] != 0 && what.starts_with("~box:2:1 ")) ++in_destructor;
  }
  EXPECT_EQ(in_bump, 2u);        // both outcomes of `value < 1`
  EXPECT_EQ(in_destructor, 0u);  // run by the release only
}

// A method that crashes is a failed test with its input, and the tests after it run (the tests
// run in a worker, as check's): cover's failures are check's, and every test ran.
TEST(Cover, AMethodThatCrashesIsAFailedTestAndTheRunGoesOn) {
  const auto* s = smallscope::find_subject("SinglyLinkedList");
  const auto t = s->make(s->scope(3));
  const auto named = [&](const std::string& name) {
    for (const auto& m : t.methods)
      if (m.name == name) return m;
    ADD_FAILURE() << name;
    return t.methods[0];
  };
  const std::vector<smallscope::target_method> methods = {named("remove_null_deref"), named("add")};
  const auto report = smallscope::cover(t.fin, t.invariant, methods);
  const auto crashes = smallscope::run_check(t.fin, t.invariant, methods[0], {});
  const auto adds = smallscope::run_check(t.fin, t.invariant, methods[1], {});
  ASSERT_GT(crashes.failed, 0u);
  EXPECT_EQ(adds.failed, 0u);
  EXPECT_EQ(report.tests, crashes.inputs + adds.inputs);
  ASSERT_EQ(report.failures.size(), crashes.failed);
  for (const auto& f : report.failures) {
    EXPECT_EQ(f.kind, smallscope::outcome_kind::crash);
    EXPECT_EQ(f.test.method, 0u);
    // SIGSEGV; SIGABRT under AddressSanitizer, an exit status under UndefinedBehaviorSanitizer
    EXPECT_TRUE(f.detail.starts_with("SIG") || f.detail.starts_with("the process exited with status")) << f.detail;
  }
  // add's outcomes were taken after the crashes.
  const auto functions = helpers(report.covered);
  ASSERT_EQ(functions.count("add"), 1u);
  EXPECT_GT(functions.at("add").covered, 0u);
}

// A worker killed between two tests (from outside: the OOM killer, a user) is replaced, and the
// run goes on after the last test it reported: every test runs once, and the suite is the same.
TEST(Cover, AWorkerKilledBetweenTestsIsReplacedAndNoTestIsLost) {
  const auto* s = smallscope::find_subject("SinglyLinkedList");
  const auto t = s->make(s->scope(3));
  std::vector<smallscope::target_method> methods;
  for (const auto& m : t.methods)
    if (m.name == "add" || m.name == "remove") methods.push_back(m);
  ASSERT_EQ(methods.size(), 2u);
  const auto whole = smallscope::cover(t.fin, t.invariant, methods);
  // The first worker to ask about its fifth test kills itself there, once (a file says it did:
  // each worker is a fork of this process).
  const std::string flag = testing::TempDir() + "cover_killed_" + std::to_string(::getpid());
  std::remove(flag.c_str());
  std::uint64_t asked = 0;
  smallscope::cover_options o;
  o.select = [&](const smallscope::structure&, std::size_t, std::span<const std::int64_t>) {
    if (++asked == 5 && !std::filesystem::exists(flag)) {
      std::ofstream(flag) << "killed\n";
      ::raise(SIGKILL);
    }
    return true;
  };
  const auto report = smallscope::cover(t.fin, t.invariant, methods, o);
  EXPECT_TRUE(std::filesystem::exists(flag)) << "no worker was killed";
  EXPECT_EQ(report.tests, whole.tests);
  EXPECT_EQ(report.covered, whole.covered);
  EXPECT_EQ(report.suite.size(), whole.suite.size());
  EXPECT_TRUE(report.failures.empty());
  std::remove(flag.c_str());
}

// The coverage vectors of every test of every input (method name and vector). Lazy generation:
// symbolic keys, one input per isomorphism class and order of keys. Bounded-exhaustive: Korat's
// inputs with concrete keys 0..2n (every order of n keys with room between them) or, without
// keys, every labelled input (no isomorphism breaking). Arguments: -1 (no key, for these
// subjects) and a value in every relation to the keys.
std::set<std::pair<std::string, smallscope::branch_vector>> coverage_vectors(
    const smallscope::finitization& fin, const smallscope::predicate& pred,
    const std::vector<smallscope::target_method>& methods, std::uint64_t& inputs, bool isomorphism_breaking = true) {
  std::set<std::pair<std::string, smallscope::branch_vector>> out;
  smallscope::cover_options o;
  o.search.isomorphism_breaking = isomorphism_breaking;
  o.on_test = [&](const smallscope::cover_test& t, const smallscope::branch_vector& taken) {
    out.insert({methods[t.method].name, taken});
  };
  inputs = smallscope::cover(fin, pred, methods, o).inputs;
  return out;
}

using vector_set = std::set<std::pair<std::string, smallscope::branch_vector>>;

std::string outcomes(const smallscope::branch_vector& v) {
  std::string out;
  for (std::size_t i = 0; i < v.size(); ++i)
    if (v[i] != 0) out += "\n      " + smallscope::branches::describe(i);
  return out;
}

// What one set has and the other has not, for a failure's message.
std::string difference(const vector_set& a, const vector_set& b) {
  std::string out;
  for (const auto& v : a)
    if (b.count(v) == 0) out += "\n  only in the first: " + v.first + outcomes(v.second);
  for (const auto& v : b)
    if (a.count(v) == 0) out += "\n  only in the second: " + v.first + outcomes(v.second);
  return out;
}

smallscope::argument_domain keys(std::int64_t lo, std::int64_t hi) { return smallscope::argument_domain::of(smallscope::ints(lo, hi)); }

// Symbolic keys of n fields are even numbers below 2 (n + 1) 2^n (state_space.cpp): the numbers
// up to that are every relation an argument can have to them.
std::int64_t symbolic_top(int n) { return 2 * (n + 1) * (std::int64_t{1} << n) + 1; }

TEST(Cover, LazyGenerationIsCompleteOnSearchTree) {
  namespace st = subjects::search_tree;
  for (int n = 1; n <= 5; ++n) {
    auto methods = [](const smallscope::argument_domain& k) {
      return std::vector<smallscope::target_method>{
          smallscope::make_method<&st::tree::add, &st::add_post>("add", {k}, "add", "add_post"),
          smallscope::make_method<&st::tree::remove, &st::remove_post>("remove", {k}, "remove", "remove_post")};
    };
    std::uint64_t lazy_inputs = 0, all_inputs = 0;
    const auto pred = smallscope::make_predicate<&st::tree::rep_ok>();
    const auto lazy = coverage_vectors(st::fin_with_keys(n, 0, n, smallscope::symbolic_ints()), pred,
                                       methods(keys(-1, symbolic_top(n))), lazy_inputs);
    const auto all = coverage_vectors(st::fin(n, 0, n, 0, 2 * n), pred, methods(keys(-1, 2 * n + 1)), all_inputs);
    EXPECT_EQ(lazy, all) << n << " nodes" << difference(lazy, all);
    EXPECT_LT(lazy_inputs, all_inputs);
  }
}

TEST(Cover, LazyGenerationIsCompleteOnRedBlackTree) {
  for (int n = 1; n <= 5; ++n) {
    auto methods = [](const smallscope::argument_domain& k) {
      return std::vector<smallscope::target_method>{
          smallscope::make_method<&rbt::tree::insert, &rbt::insert_post>("insert", {k}, "insert", "insert_post"),
          smallscope::make_method<&rbt::tree::remove, &rbt::remove_post>("remove", {k}, "remove", "remove_post")};
    };
    const auto pred = smallscope::make_predicate<&rbt::tree::rep_ok>();
    std::uint64_t lazy_inputs = 0, all_inputs = 0;
    const auto lazy = coverage_vectors(lazy::fin(n, 0, n), pred, methods(keys(-1, symbolic_top(n))), lazy_inputs);
    const auto all = coverage_vectors(subjects::tree_map::fin(n, 0, n, 2 * n + 1, 1), pred, methods(keys(-1, 2 * n + 1)),
                                      all_inputs);
    EXPECT_EQ(lazy, all) << n << " entries" << difference(lazy, all);
    EXPECT_LT(lazy_inputs, all_inputs);
  }
}

TEST(Cover, LazyGenerationIsCompleteOnSinglyLinkedList) {
  namespace sll = subjects::singly_linked_list;
  const std::vector<smallscope::argument_domain> element = {smallscope::argument_domain::objects("Object", true)};
  const std::vector<smallscope::target_method> methods = {
      smallscope::make_method<&sll::list::add, &sll::add_post>("add", element, "add", "add_post"),
      smallscope::make_method<&sll::list::remove, &sll::remove_post>("remove", element, "remove", "remove_post")};
  for (int n = 1; n <= 5; ++n) {
    std::uint64_t lazy_inputs = 0, all_inputs = 0;
    const auto fin = sll::fin(0, n, n, n);
    const auto pred = smallscope::make_predicate<&sll::list::rep_ok>();
    const auto lazy = coverage_vectors(fin, pred, methods, lazy_inputs);
    const auto all = coverage_vectors(fin, pred, methods, all_inputs, /*isomorphism_breaking=*/false);
    EXPECT_EQ(lazy, all) << n << " entries" << difference(lazy, all);
    if (n > 1) {
      EXPECT_LT(lazy_inputs, all_inputs);
    }
  }
}

}  // namespace
