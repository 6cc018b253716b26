// Tests of checking on several workers (check_options::threads): every check gives the counts,
// the failures (numbers, kinds, pre- and post-states) and the warnings of one worker, also when
// workers crash, hang or are interrupted.
#include <gtest/gtest.h>

#include "smallscope/generate.hpp"

#include <signal.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <map>
#include <stdexcept>
#include <thread>

#include "report/finitization_warnings.hpp"
#include "smallscope/checker.hpp"
#include "smallscope/subject.hpp"
#include "subjects/methods_test_support.hpp"

namespace {

using smallscope::check_options;
using smallscope::check_report;

using methods_test::method_of;

void expect_same(const check_report& one, const check_report& many, const std::string& what) {
  EXPECT_EQ(many.inputs, one.inputs) << what;
  EXPECT_EQ(many.passed, one.passed) << what;
  EXPECT_EQ(many.failed, one.failed) << what;
  EXPECT_EQ(many.structures, one.structures) << what;
  EXPECT_EQ(many.explored, one.explored) << what;
  EXPECT_EQ(many.total_inputs, one.total_inputs) << what;
  EXPECT_EQ(many.worker_restarts, one.worker_restarts) << what;
  // Warnings come from a uniform sample of the structures: the same sample, so the same warnings,
  // when it holds all of them; beyond that each run draws its own.
  if (one.structures <= smallscope::detail::sample_capacity) {
    EXPECT_EQ(many.warnings, one.warnings) << what;
  }
  ASSERT_EQ(many.failures.size(), one.failures.size()) << what;
  for (std::size_t i = 0; i < one.failures.size(); ++i) {
    const auto& a = one.failures[i];
    const auto& b = many.failures[i];
    EXPECT_EQ(b.input, a.input) << what << ", failure " << i;
    EXPECT_EQ(b.kind, a.kind) << what << ", input " << a.input;
    EXPECT_EQ(b.arguments, a.arguments) << what << ", input " << a.input;
    EXPECT_EQ(b.candidate, a.candidate) << what << ", input " << a.input;
    EXPECT_EQ(b.objects, a.objects) << what << ", input " << a.input;
    EXPECT_EQ(b.post_state, a.post_state) << what << ", input " << a.input;
    if (a.kind != smallscope::outcome_kind::crash) {
      EXPECT_EQ(b.detail, a.detail) << what << ", input " << a.input;
    }
  }
}

struct case_ {
  const char* subject;
  const char* method;
  std::vector<std::int64_t> fin;
};

TEST(CheckThreads, SeveralWorkersGiveTheFailuresAndCountsOfOne) {
  // No failure, crashes (a worker per crash), broken invariants with dot pictures (named by the
  // input), and a hang stopped by its time limit.
  const case_ cases[] = {{"SearchTree", "add", {6, 0, 6, 1, 6}},
                         {"SinglyLinkedList", "remove_null_deref", {3, 3, 4, 4}},
                         {"RedBlackTree", "insert_unbalanced", {5, 0, 5, 6}},
                         {"SearchTree", "remove_mutant", {6, 0, 6, 1, 6}},
                         {"FibonacciHeap", "delete_mutant", {4}}};
  for (const auto& c : cases) {
    const auto instance = smallscope::find_subject(c.subject)->make(c.fin);
    const auto& m = method_of(instance, c.method);
    check_options o;
    o.format = smallscope::structure_format::dot;
    const auto one = smallscope::run_check(instance.fin, instance.invariant, m, o);
    EXPECT_EQ(one.threads, 1u);
    for (unsigned threads : {2u, 3u}) {
      o.threads = threads;
      const auto many = smallscope::run_check(instance.fin, instance.invariant, m, o);
      const std::string what = std::string(c.subject) + " " + c.method + " on " + std::to_string(threads) + " workers";
      EXPECT_EQ(many.threads, threads) << what;
      EXPECT_GT(many.units, threads) << what;
      expect_same(one, many, what);
    }
  }
}

TEST(CheckThreads, EveryMethodOfEverySubjectAtScope3GivesTheSameReportOnTwoWorkers) {
  std::size_t methods = 0;
  for (const auto& s : smallscope::subjects()) {
    if (!s.scope) continue;
    const auto instance = s.make(s.scope(std::clamp<std::int64_t>(3, s.scope_min, s.scope_max)));
    for (const auto& m : instance.methods) {
      check_options o;
      const auto one = smallscope::run_check(instance.fin, instance.invariant, m, o);
      o.threads = 2;
      const auto two = smallscope::run_check(instance.fin, instance.invariant, m, o);
      expect_same(one, two, s.name + " " + m.name);
      ++methods;
    }
  }
  EXPECT_GT(methods, 50u);
}

TEST(CheckThreads, GeneratorsOnWorkersGiveTheSameInputs) {
  const auto* s = smallscope::find_subject("SearchTree");
  auto instance = s->make(std::vector<std::int64_t>{5, 0, 5, 1, 5});
  const auto& m = method_of(instance, "remove_mutant");
  const auto plain = smallscope::run_check(instance.fin, instance.invariant, m, {});
  ASSERT_TRUE(instance.with_generators);
  instance.invariant = instance.with_generators;
  check_options o;
  o.threads = 2;
  const auto generated = smallscope::run_check(instance.fin, instance.invariant, m, o);
  EXPECT_EQ(generated.inputs, plain.inputs);
  EXPECT_EQ(generated.structures, plain.structures);
  EXPECT_LT(generated.explored, plain.explored);
}

// A counter whose method fails on one argument, and on n = 60 interrupts the check (as Ctrl-C
// would) and waits to be stopped: meanwhile another worker checks the later units, whose inputs
// are numbered after the structures of n = 60's unit, which is not done.
bool interrupt_at_60 = false;  // the workers forked while it is set interrupt

struct stopping_counter {
  smallscope::field<int> n;
  bool rep_ok() const { return n >= 0; }
  int bump(int by) {
    if (interrupt_at_60 && n == 60 && by == 1) {
      std::this_thread::sleep_for(std::chrono::milliseconds(500));  // the other worker goes on meanwhile
      ::kill(::getppid(), SIGINT);
      std::this_thread::sleep_for(std::chrono::seconds(30));
    }
    n = n + (by == 3 ? 4 : by);
    return n;
  }
};
SMALLSCOPE_FIELDS(stopping_counter, n)

void bump_post(smallscope::verdict& v, const stopping_counter& old, const stopping_counter& now, int, int by) {
  v.require(now.n == old.n + by, "n grows by the argument");
}

std::atomic<int> interrupt_signal{0};
extern "C" void note_interrupt(int sig) { interrupt_signal.store(sig); }

TEST(CheckThreads, AnInterruptedRunNumbersItsFailuresAsOneWorkerWould) {
  auto fin = smallscope::finitization::of<stopping_counter>("StoppingCounter");
  fin.set(&stopping_counter::n, smallscope::ints(0, 99));
  const auto m = smallscope::make_method<&stopping_counter::bump, &bump_post>(
      "bump", {smallscope::argument_domain::of(smallscope::int_set({3, 1}))}, "bump", "bump_post");
  const auto inv = smallscope::make_predicate<&stopping_counter::rep_ok>();
  struct sigaction note {}, old{};
  note.sa_handler = note_interrupt;
  ASSERT_EQ(::sigaction(SIGINT, &note, &old), 0);
  check_options o;
  o.threads = 2;
  o.timeout = 60;  // n = 60's wait is not a hang
  o.stop = [] { return interrupt_signal.load() != 0; };
  interrupt_at_60 = true;
  const auto part = smallscope::run_check(fin, inv, m, o);
  interrupt_at_60 = false;
  EXPECT_TRUE(part.interrupted);
  interrupt_signal.store(0);
  ::sigaction(SIGINT, &old, nullptr);
  const auto whole = smallscope::run_check(fin, inv, m, {});

  std::map<std::uint64_t, std::vector<std::uint32_t>> candidates;
  for (const auto& c : whole.failures) candidates[c.input] = c.candidate;
  EXPECT_LT(part.inputs, whole.inputs);
  std::uint64_t after = 0;  // failures of units after n = 60's
  for (const auto& c : part.failures) {
    ASSERT_TRUE(candidates.contains(c.input)) << c.input;
    EXPECT_EQ(c.candidate, candidates[c.input]) << c.input;
    EXPECT_EQ(c.arguments, std::vector<std::string>{"3"});
    after += c.input > 2 * 60 + 2 ? 1 : 0;
  }
  EXPECT_GT(after, 0u);
}

TEST(CheckThreads, OptionsThatFollowTheOrderOfOneWorkerAreRefused) {
  const auto instance = smallscope::find_subject("SearchTree")->make(std::vector<std::int64_t>{3, 0, 3, 1, 3});
  const auto& m = method_of(instance, "add");
  check_options o;
  o.threads = 2;
  o.stop_after = 1;
  EXPECT_THROW(smallscope::run_check(instance.fin, instance.invariant, m, o), std::invalid_argument);
  o.stop_after = 0;
  o.white_box = true;
  EXPECT_THROW(smallscope::run_check(instance.fin, instance.invariant, m, o), std::invalid_argument);
}

// threads = 0 means what it means for generation: as many workers as the check can use, one per
// core for a whole black-box check, one for a check that follows the search's order; the
// results are those of one worker.
TEST(CheckThreads, ZeroThreadsAreAsManyAsTheCheckCanUse) {
  const auto instance = smallscope::find_subject("SearchTree")->make(std::vector<std::int64_t>{3, 0, 3, 1, 3});
  const auto& m = method_of(instance, "add");
  check_options one;
  const auto alone = smallscope::run_check(instance.fin, instance.invariant, m, one);
  check_options o;
  o.threads = 0;
  const auto all = smallscope::run_check(instance.fin, instance.invariant, m, o);
  EXPECT_EQ(all.threads, smallscope::available_cores());
  EXPECT_EQ(all.inputs, alone.inputs);
  EXPECT_EQ(all.failed, alone.failed);
  o.stop_after = 1;
  const auto ordered = smallscope::run_check(instance.fin, instance.invariant, m, o);
  EXPECT_EQ(ordered.threads, 1u) << "stop_after follows the search's order";
  smallscope::generation_options g;
  g.threads = 0;
  g.search.limit = 5;
  const auto limited = smallscope::generate(instance.fin, instance.invariant, g);
  EXPECT_EQ(limited.threads, 1u) << "search.limit follows the search's order";
  EXPECT_EQ(limited.stats.valid, 5u);
}

}  // namespace
