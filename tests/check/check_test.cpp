// Tests of checking methods on generated inputs (paper 000, Sec. 6.1 and Table 4; Sec. 8.3's
// SearchTree mutant; process isolation of Sec. 7.2; sampling of Sec. 8.5).
#include <gtest/gtest.h>

#include <algorithm>
#include <map>
#include <set>
#include <stdexcept>

#include "smallscope/checker.hpp"
#include "smallscope/counterexample.hpp"
#include "smallscope/subject.hpp"
#include "subjects/search_tree.hpp"
#include "subjects/singly_linked_list.hpp"
#include "subjects/methods_test_support.hpp"

namespace {

using smallscope::check_options;
using smallscope::check_report;
using smallscope::outcome_kind;

struct checked {
  smallscope::subject_instance instance;
  check_report report;
};

using methods_test::method_of;

check_report check(const std::string& subject, const std::string& method, std::vector<std::int64_t> fin,
                   check_options options = {}) {
  const auto* s = smallscope::find_subject(subject);
  EXPECT_NE(s, nullptr);
  const auto instance = s->make(fin);
  return smallscope::run_check(instance.fin, instance.invariant, method_of(instance, method), options);
}

// A small subject of the test's own whose methods fail in every way the oracle can tell apart.
struct counter {
  smallscope::field<int> n;
  bool rep_ok() const { return n >= 0; }
  // by 2 throws; by 3 adds 4 (a postcondition failure); by -5 makes n negative (the invariant).
  int bump(int by) {
    if (by == 2) throw std::runtime_error("two is not allowed");
    n = n + (by == 3 ? 4 : by);
    return n;
  }
  bool always_false(int) { return false; }
};
SMALLSCOPE_FIELDS(counter, n)

void bump_post(smallscope::verdict& v, const counter& old, const counter& now, int result, int by) {
  v.require(now.n == old.n + by, "n grows by the argument");
  v.require(result == now.n, "the result is the new n");
}
void always_false_post(smallscope::verdict& v, const counter&, const counter&, bool result, int) {
  v.require(result, "the result is true");
}

smallscope::finitization counter_fin(int max) {
  auto f = smallscope::finitization::of<counter>("Counter");
  f.set(&counter::n, smallscope::ints(0, max));
  return f;
}

TEST(Check, SearchTreeInputsEqualTable4) {
  // Paper 000, Table 4: inputs of add and remove together for s = 1..7, with the finitization
  // (s nodes, size 0..s, keys 1..s) and the element argument in 1..s.
  const std::uint64_t table4[] = {4, 20, 90, 408, 1880, 8772, 41300};
  for (std::int64_t s = 1; s <= 7; ++s) {
    const auto add = check("SearchTree", "add", {s, 0, s, 1, s});
    const auto remove = check("SearchTree", "remove", {s, 0, s, 1, s});
    EXPECT_EQ(add.inputs + remove.inputs, table4[s - 1]) << "s = " << s;
    EXPECT_EQ(add.failed + remove.failed, 0u) << "s = " << s;
    EXPECT_EQ(add.inputs, add.total_inputs);
  }
}

TEST(Check, RemoveMutantPassesScope5AndTimesOutAtScope6) {
  const auto five = check("SearchTree", "remove_mutant", {5, 0, 5, 1, 5});
  EXPECT_EQ(five.inputs, 940u);
  EXPECT_EQ(five.failed, 0u);
  const auto six = check("SearchTree", "remove_mutant", {6, 0, 6, 1, 6});
  EXPECT_EQ(six.inputs, six.total_inputs);
  ASSERT_EQ(six.failed, 1u);
  const auto& c = six.failures.at(0);
  EXPECT_EQ(c.kind, outcome_kind::timeout);
  EXPECT_EQ(c.objects, 7u);  // the tree and six nodes
  EXPECT_EQ(c.arguments, std::vector<std::string>{"5"});  // the root, whose left spine has four nodes
  EXPECT_EQ(six.worker_restarts, 1u);
}

TEST(Check, NullDereferenceIsACrashAndTheRunLosesNoResult) {
  // remove_null_deref crashes exactly when its argument is not in the list: count those inputs
  // independently, over the same valid lists.
  namespace sll = subjects::singly_linked_list;
  const std::vector<std::int64_t> fin = {3, 3, 4, 4};
  std::uint64_t absent = 0, inputs = 0;
  const auto instance = smallscope::find_subject("SinglyLinkedList")->make(fin);
  for (const auto& s : smallscope::structure_range(instance.fin, instance.invariant)) {
    const auto& list = s.root<sll::list>();
    std::set<const void*> held;
    for (const sll::entry* e = list.header->next; e != nullptr; e = e->next) held.insert(e->value.get());
    const std::uint64_t elements = 4;
    inputs += elements + 1;
    absent += 1 + elements - held.size();  // null, and each element the list does not hold
  }
  const auto r = check("SinglyLinkedList", "remove_null_deref", fin);
  EXPECT_EQ(r.inputs, inputs);
  EXPECT_EQ(r.failed, absent);
  EXPECT_EQ(r.passed, inputs - absent);
  EXPECT_EQ(r.failures.size(), absent);
  for (const auto& c : r.failures) EXPECT_EQ(c.kind, outcome_kind::crash) << c.detail;
  EXPECT_EQ(r.worker_restarts, absent);
}

TEST(Check, RedBlackBalanceBugNamesTheClause) {
  // Trees of up to five nodes with keys 0..5: the skipped recolouring shows from six nodes.
  const auto four = check("RedBlackTree", "insert_unbalanced", {4, 0, 4, 5});
  EXPECT_EQ(four.failed, 0u);
  const auto r = check("RedBlackTree", "insert_unbalanced", {5, 0, 5, 6});
  ASSERT_GT(r.failed, 0u);
  for (const auto& c : r.failures) {
    EXPECT_EQ(c.kind, outcome_kind::invariant);
    EXPECT_EQ(c.detail, "every path has the same number of black nodes");
    EXPECT_EQ(c.objects, 6u);  // a five-node tree and its root object
  }
  const auto correct = check("RedBlackTree", "insert", {5, 0, 5, 6});
  EXPECT_EQ(correct.failed, 0u);
  EXPECT_EQ(correct.inputs, r.inputs);
}

TEST(Check, EveryOutcomeKindIsToldApart) {
  const auto m = smallscope::make_method<&counter::bump, &bump_post>(
      "bump", {smallscope::argument_domain::of(smallscope::int_set({-5, 1, 2, 3}))}, "bump", "bump_post");
  const auto inv = smallscope::make_predicate<&counter::rep_ok>();
  const auto r = smallscope::run_check(counter_fin(2), inv, m, {});
  // n in 0..2 and by in {-5, 1, 2, 3}: by 1 passes; -5 breaks the invariant; 2 throws; 3 lies.
  EXPECT_EQ(r.inputs, 12u);
  EXPECT_EQ(r.passed, 3u);
  ASSERT_EQ(r.failures.size(), 9u);
  std::map<outcome_kind, int> kinds;
  for (const auto& c : r.failures) {
    ++kinds[c.kind];
    if (c.kind == outcome_kind::exception) {
      EXPECT_EQ(c.detail, "two is not allowed");
    } else {
      EXPECT_FALSE(c.post_state.empty());
    }
    if (c.kind == outcome_kind::postcondition) {
      EXPECT_EQ(c.detail, "n grows by the argument");
    }
  }
  EXPECT_EQ(kinds[outcome_kind::invariant], 3);
  EXPECT_EQ(kinds[outcome_kind::exception], 3);
  EXPECT_EQ(kinds[outcome_kind::postcondition], 3);
}

std::vector<std::uint64_t> sampled(std::uint64_t k, std::uint64_t seed) {
  const auto m = smallscope::make_method<&counter::always_false, &always_false_post>(
      "always_false", {smallscope::argument_domain::of(smallscope::ints(0, 9))}, "always_false",
      "always_false_post");
  check_options o;
  o.sample = k;
  o.seed = seed;
  const auto r = smallscope::run_check(counter_fin(99), smallscope::make_predicate<&counter::rep_ok>(), m, o);
  EXPECT_EQ(r.total_inputs, 1000u);
  EXPECT_EQ(r.inputs, std::min<std::uint64_t>(k, 1000));
  std::vector<std::uint64_t> inputs;
  for (const auto& c : r.failures) inputs.push_back(c.input);
  std::sort(inputs.begin(), inputs.end());
  return inputs;
}

TEST(Check, SamplingIsReproducibleAndDistinct) {
  const auto a = sampled(50, 7), b = sampled(50, 7), c = sampled(50, 8);
  EXPECT_EQ(a, b);
  EXPECT_NE(a, c);
  EXPECT_EQ(std::set<std::uint64_t>(a.begin(), a.end()).size(), 50u);
  for (auto i : a) EXPECT_TRUE(i >= 1 && i <= 1000);
  EXPECT_EQ(sampled(2000, 1).size(), 1000u);  // a sample larger than the scope checks all
}

TEST(Check, SamplingIsRoughlyUniform) {
  // 20 samples of 100 out of 1000: each tenth of the inputs gets close to a tenth of them.
  std::vector<int> tenths(10);
  for (std::uint64_t seed = 1; seed <= 20; ++seed)
    for (auto i : sampled(100, seed)) ++tenths[(i - 1) / 100];
  for (int t : tenths) EXPECT_TRUE(t > 120 && t < 280) << t;
}

TEST(Check, OnlyInputAndStopAfter) {
  const auto m = smallscope::make_method<&counter::always_false, &always_false_post>(
      "always_false", {smallscope::argument_domain::of(smallscope::ints(0, 9))}, "always_false",
      "always_false_post");
  const auto inv = smallscope::make_predicate<&counter::rep_ok>();
  check_options one;
  one.only_input = 37;
  const auto r1 = smallscope::run_check(counter_fin(9), inv, m, one);
  ASSERT_EQ(r1.failures.size(), 1u);
  EXPECT_EQ(r1.failures[0].input, 37u);
  EXPECT_EQ(r1.failures[0].arguments, std::vector<std::string>{"6"});  // input 37 = n 3, argument 6
  check_options stop;
  stop.stop_after = 5;
  const auto r2 = smallscope::run_check(counter_fin(9), inv, m, stop);
  EXPECT_TRUE(r2.stopped);
  EXPECT_EQ(r2.failed, 5u);
  EXPECT_EQ(r2.inputs, 5u);
}

// The one failure of SearchTree's remove_mutant at scope 6, with what its reports need.
struct remove_mutant_failure {
  const smallscope::subject* s = smallscope::find_subject("SearchTree");
  smallscope::subject_instance instance = s->make(std::vector<std::int64_t>{6, 0, 6, 1, 6});
  const smallscope::target_method& m = method_of(instance, "remove_mutant");
  smallscope::check_report r = smallscope::run_check(instance.fin, instance.invariant, m, {});
  smallscope::check_context ctx{s->name, &instance.fin, &m, "", s->header};
};

TEST(Check, ReproducerRebuildsThePreStateAndCallsTheMethod) {
  const remove_mutant_failure f;
  const auto& [s, instance, m, r, ctx] = f;
  ASSERT_EQ(r.failures.size(), 1u);
  const std::string code = smallscope::googletest_reproducer(ctx, r.failures[0]);
  EXPECT_NE(code.find("#include \"subjects/search_tree.hpp\""), std::string::npos);
  EXPECT_NE(code.find("now->remove_mutant(5);"), std::string::npos) << code;
  EXPECT_NE(code.find("remove_post(v, *old, *now, result, 5);"), std::string::npos) << code;
  EXPECT_EQ(std::count(code.begin(), code.end(), '\n') > 20, true);
  const std::string picture = smallscope::pre_state_picture(ctx, r.failures[0], smallscope::structure_format::text);
  EXPECT_NE(picture.find("SearchTree#0{root=Node#0 size=6}"), std::string::npos) << picture;
}

// The same reproducer as each framework's test case: its header, its test macro and its checks
// with their messages, around the same pre-state and call (the code between the include and the
// test case is the same text for all three).
TEST(Check, ReproducersAreWrittenForEachTestFramework) {
  using smallscope::test_framework;
  const remove_mutant_failure f;
  const auto& [s, instance, m, r, ctx] = f;
  ASSERT_EQ(r.failures.size(), 1u);
  struct expected {
    test_framework framework;
    std::vector<std::string> texts;
  };
  const std::vector<expected> all = {
      {test_framework::googletest,
       {"#include <gtest/gtest.h>", "TEST(SearchTreeRemoveMutant, Input", "EXPECT_TRUE(invariant_holds) << ",
        "EXPECT_TRUE(v.passed()) << \"postcondition clause fails: \" << v.failed_clause();"}},
      {test_framework::catch2,
       {"#include <catch2/catch.hpp>", "CATCH_CONFIG_MAIN", "TEST_CASE(\"SearchTreeRemoveMutant: input ",
        "    INFO(\"postcondition clause fails: \" << v.failed_clause());\n    CHECK(v.passed());"}},
      {test_framework::doctest,
       {"#include <doctest/doctest.h>", "DOCTEST_CONFIG_IMPLEMENT_WITH_MAIN", "TEST_CASE(\"SearchTreeRemoveMutant: input ",
        "CHECK_MESSAGE(v.passed(), \"postcondition clause fails: \" << v.failed_clause());"}},
  };
  const std::string gtest = smallscope::googletest_reproducer(ctx, r.failures[0]);
  EXPECT_EQ(gtest, smallscope::test_reproducer(ctx, r.failures[0], test_framework::googletest));
  const auto body = [](const std::string& code) {  // from the subject's include to the test case
    const auto from = code.find("#include \"smallscope/heap.hpp\"");
    return code.substr(from, code.find("TEST", from) - from);
  };
  for (const auto& e : all) {
    const std::string code = smallscope::test_reproducer(ctx, r.failures[0], e.framework);
    for (const auto& t : e.texts) EXPECT_NE(code.find(t), std::string::npos) << t << "\n" << code;
    EXPECT_NE(code.find("now->remove_mutant(5);"), std::string::npos) << code;
    EXPECT_NE(code.find("Build it with " + smallscope::test_framework_name(e.framework)), std::string::npos) << code;
    EXPECT_EQ(body(code), body(gtest)) << code;
    for (const auto& other : all) {
      if (other.framework != e.framework) {
        EXPECT_EQ(code.find(other.texts[0]), std::string::npos) << code;
      }
    }
  }
}

}  // namespace

namespace {

// A sequence that breaks the axiom: it removes a neighbour of the key it added.
bool add_then_remove_other(subjects::search_tree::tree& t, int e) {
  const bool added = t.add(e);
  t.remove(e + 1);
  return added;
}

TEST(Check, SequencesAreCheckedLikeMethods) {
  // Paper 000, Sec. 6.3: the axiom and the model-based form hold for the correct tree.
  const auto axiom = check("SearchTree", "add_then_remove", {5, 0, 5, 1, 6});
  const auto model = check("SearchTree", "add_then_remove_model", {5, 0, 5, 1, 6});
  EXPECT_EQ(axiom.failed, 0u);
  EXPECT_EQ(model.failed, 0u);
  EXPECT_EQ(model.inputs, axiom.inputs * 6);  // a second argument in 1..6
  // A sequence that breaks the axiom is caught by its clause.
  namespace st = subjects::search_tree;
  const auto broken = smallscope::make_method<&add_then_remove_other, &st::add_then_remove_post>(
      "add_then_remove_other", {smallscope::argument_domain::of(smallscope::ints(1, 5))}, "add_then_remove_other",
      "add_then_remove_post");
  const auto r = smallscope::run_check(st::fin(3, 0, 3, 1, 5), smallscope::make_predicate<&st::tree::rep_ok>(), broken, {});
  ASSERT_GT(r.failed, 0u);
  EXPECT_EQ(r.failures[0].kind, outcome_kind::postcondition);
  EXPECT_EQ(r.failures[0].detail, "add(e) then remove(e) of an absent e gives back the same tree");
  const auto fin = st::fin(3, 0, 3, 1, 5);
  smallscope::check_context ctx;
  ctx.fin = &fin;
  ctx.method = &broken;
  const std::string code = smallscope::googletest_reproducer(ctx, r.failures[0]);
  EXPECT_NE(code.find("const auto result = add_then_remove_other(*now, " + r.failures[0].arguments[0] + ");"),
            std::string::npos)
      << code;
}

}  // namespace

namespace {

// The failing inputs as (pre-state picture, arguments), which do not depend on the order in
// which a search meets them.
std::set<std::string> failing_inputs(const std::string& subject, const std::string& method,
                                     std::vector<std::int64_t> fin, bool white_box) {
  const auto* s = smallscope::find_subject(subject);
  const auto instance = s->make(fin);
  const auto& m = method_of(instance, method);
  check_options o;
  o.white_box = white_box;
  const auto r = smallscope::run_check(instance.fin, instance.invariant, m, o);
  smallscope::check_context ctx;
  ctx.fin = &instance.fin;
  ctx.method = &m;
  std::set<std::string> inputs;
  for (const auto& c : r.failures) {
    std::string key = smallscope::pre_state_picture(ctx, c, smallscope::structure_format::text) + " |";
    for (const auto& a : c.arguments) key += " " + a;
    key += std::string(" ") + smallscope::outcome_name(c.kind) + " " + c.detail;
    inputs.insert(key);
  }
  EXPECT_EQ(inputs.size(), r.failures.size()) << "a failing input was reported twice";
  EXPECT_EQ(r.failed, r.failures.size());
  return inputs;
}

TEST(Check, WhiteBoxFindsExactlyTheFailuresBlackBoxFinds) {
  // Paper 000, Sec. 6.2: the white-box predicate "invariant holds and the method fails" has the
  // failing inputs as its valid structures, one per isomorphism class.
  const auto rbt_black = failing_inputs("RedBlackTree", "insert_unbalanced", {5, 0, 5, 6}, false);
  const auto rbt_white = failing_inputs("RedBlackTree", "insert_unbalanced", {5, 0, 5, 6}, true);
  EXPECT_EQ(rbt_black.size(), 6u);
  EXPECT_EQ(rbt_white, rbt_black);
  // Crashes in white-box mode: the worker dies inside the search and the next one resumes it.
  const auto crash_black = failing_inputs("SinglyLinkedList", "remove_null_deref", {3, 3, 4, 4}, false);
  const auto crash_white = failing_inputs("SinglyLinkedList", "remove_null_deref", {3, 3, 4, 4}, true);
  EXPECT_EQ(crash_black.size(), 15u);
  EXPECT_EQ(crash_white, crash_black);
  EXPECT_TRUE(failing_inputs("SearchTree", "remove", {4, 0, 4, 1, 4}, true).empty());
}

TEST(Check, WhiteBoxInputIsTheKthFinding) {
  const auto* s = smallscope::find_subject("SinglyLinkedList");
  const auto instance = s->make(std::vector<std::int64_t>{3, 3, 4, 4});
  const auto& m = method_of(instance, "remove_null_deref");
  check_options all, third;
  all.white_box = third.white_box = true;
  third.only_input = 3;
  const auto r_all = smallscope::run_check(instance.fin, instance.invariant, m, all);
  const auto r_third = smallscope::run_check(instance.fin, instance.invariant, m, third);
  ASSERT_EQ(r_third.failures.size(), 1u);
  const auto it = std::find_if(r_all.failures.begin(), r_all.failures.end(),
                               [](const smallscope::counterexample& c) { return c.input == 3; });
  ASSERT_NE(it, r_all.failures.end());
  EXPECT_EQ(r_third.failures[0].candidate, it->candidate);
  EXPECT_EQ(r_third.failures[0].arguments, it->arguments);
}

}  // namespace

namespace {

// A pair whose invariant reads nothing: only the method's reads can prune.
struct pair_of_ints {
  smallscope::field<int> a;
  smallscope::field<int> b;
  bool rep_ok() const { return true; }
  int first() const { return a == 7 ? -1 : a.get(); }  // wrong for a == 7, whatever b is
};
SMALLSCOPE_FIELDS(pair_of_ints, a, b)

void first_post(smallscope::verdict& v, const pair_of_ints& old, const pair_of_ints&, int result) {
  v.require(result == old.a, "first() is a");
}

TEST(Check, WhiteBoxPrunesOnTheFieldsTheMethodReads) {
  auto f = smallscope::finitization::of<pair_of_ints>("Pair");
  f.set(&pair_of_ints::a, smallscope::ints(0, 9));
  f.set(&pair_of_ints::b, smallscope::ints(0, 9));
  const auto m = smallscope::make_method<&pair_of_ints::first, &first_post>("first", {}, "first", "first_post");
  const auto inv = smallscope::make_predicate<&pair_of_ints::rep_ok>();
  const auto black = smallscope::run_check(f, inv, m, {});
  EXPECT_EQ(black.inputs, 100u);
  EXPECT_EQ(black.failed, 10u);
  check_options o;
  o.white_box = true;
  const auto white = smallscope::run_check(f, inv, m, o);
  // first() reads only a: a passing run prunes every b; a failing one (a == 7) is a valid
  // structure of the white-box search, which then goes through every b.
  EXPECT_EQ(white.failed, 10u);
  EXPECT_EQ(white.inputs, 10u + 9u);
}

}  // namespace

namespace {

TEST(Check, AllowedExceptionsPassWhenTheInvariantStillHolds) {
  auto m = smallscope::make_method<&counter::bump, &bump_post>(
      "bump", {smallscope::argument_domain::of(smallscope::int_set({1, 2}))}, "bump", "bump_post");
  const auto inv = smallscope::make_predicate<&counter::rep_ok>();
  m.allow<std::logic_error>();  // not what bump throws
  const auto not_allowed = smallscope::run_check(counter_fin(2), inv, m, {});
  EXPECT_EQ(not_allowed.failed, 3u);
  for (const auto& c : not_allowed.failures) EXPECT_EQ(c.kind, outcome_kind::exception);
  m.allow<std::runtime_error>();
  const auto allowed = smallscope::run_check(counter_fin(2), inv, m, {});
  EXPECT_EQ(allowed.inputs, 6u);
  EXPECT_EQ(allowed.failed, 0u);
}

}  // namespace

namespace {

TEST(Check, AnInvariantThatCrashesWhileGeneratingIsAnError) {
  const auto crashing = smallscope::make_predicate<counter>([](const counter& c) {
    if (c.n == 2) std::abort();  // the worker dies inside the search, not in the method
    return true;
  });
  const auto m = smallscope::make_method<&counter::always_false, &always_false_post>(
      "always_false", {smallscope::argument_domain::of(smallscope::ints(0, 1))}, "always_false",
      "always_false_post");
  EXPECT_THROW(
      {
        try {
          smallscope::run_check(counter_fin(3), crashing, m, {});
        } catch (const std::runtime_error& e) {
          EXPECT_NE(std::string(e.what()).find("while generating inputs"), std::string::npos) << e.what();
          throw;
        }
      },
      std::runtime_error);
}

}  // namespace
