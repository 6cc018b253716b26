// Mutation analysis (paper 000, Sec. 7.2): each kill criterion on a mutant written for it, an
// equivalent mutant that survives, an unreached one; the killing inputs counted against brute
// force; the same outcomes with one and two workers; and R(s) samples.
#include <gtest/gtest.h>

#include <cstdio>
#include <fstream>
#include <map>
#include <optional>

#include "analysis/bag_list.hpp"
#include "analysis/guarded_list.hpp"
#include "isolate/time_limit.hpp"
#include "smallscope/check.hpp"
#include "smallscope/checker.hpp"
#include "smallscope/drivers/mutation_analysis.hpp"
#include "mutants/mutant_list.hpp"
#include "smallscope/search.hpp"
#include "support/temp_files.hpp"

namespace {

constexpr bool under_asan = smallscope::detail::address_sanitizer;

struct subject {
  smallscope::finitization fin = guarded::fin(3, 4);
  smallscope::predicate invariant = smallscope::make_predicate<&guarded::list::rep_ok>();
  smallscope::target_method sum =
      smallscope::make_method<&guarded::list::sum, &guarded::sum_post>("sum", {}, "sum", "sum_post");
  smallscope::target_method insert = smallscope::make_method<&guarded::list::insert, &guarded::insert_post>(
      "insert", {smallscope::argument_domain::of(smallscope::ints(0, 4))}, "insert", "insert_post");
  std::vector<const smallscope::target_method*> methods{&sum, &insert};
  std::vector<smallscope::mutant_id> mutants{{1, 1}, {2, 1}, {3, 3}, {4, 3}, {5, 3}, {6, 3}, {7, 3}, {8, 8}, {9, 9}};
};

smallscope::mutation_options quick() {
  smallscope::mutation_options o;
  o.floor_seconds = 0.3;
  o.memory_limit_mb = 256;
  return o;
}

std::map<std::uint32_t, smallscope::mutant_status> statuses(const smallscope::mutation_report& r) {
  std::map<std::uint32_t, smallscope::mutant_status> out;
  for (const auto& m : r.mutants) out[m.id] = m.status;
  return out;
}

TEST(MutationAnalysis, EachKillCriterion) {
  subject s;
  const auto report = smallscope::run_mutation_analysis(s.fin, s.invariant, s.methods, s.mutants, quick());
  using smallscope::mutant_status;
  const auto st = statuses(report);
  EXPECT_EQ(st.at(1), mutant_status::output);
  EXPECT_EQ(st.at(2), mutant_status::survived);  // equivalent
  EXPECT_EQ(st.at(3), mutant_status::invariant);
  EXPECT_EQ(st.at(4), mutant_status::exception);
  EXPECT_EQ(st.at(5), mutant_status::timeout);
  // AddressSanitizer's shadow memory rules out an address-space limit: no memory criterion there.
  if (!under_asan) {
    EXPECT_EQ(st.at(6), mutant_status::memory);
    EXPECT_EQ(report.killed, 7u);
  }
  EXPECT_EQ(st.at(7), mutant_status::crash);
  EXPECT_EQ(st.at(8), mutant_status::unreached);
  EXPECT_EQ(st.at(9), mutant_status::output);
  for (const auto& m : report.mutants)
    if (m.id == 9) {
      EXPECT_EQ(m.detail, "the post-state differs from the original's");
    }
  EXPECT_TRUE(report.warnings.empty());
  // Every structure runs sum once and insert five times.
  std::uint64_t structures = 0;
  for (const auto& structure : smallscope::structures(s.fin, s.invariant)) structures += structure.root<guarded::list>().size >= 0;
  EXPECT_EQ(report.structures, structures);
  ASSERT_EQ(report.inputs.size(), 2u);
  EXPECT_EQ(report.inputs[0], structures);
  EXPECT_EQ(report.inputs[1], 5 * structures);
  EXPECT_GE(report.worker_restarts, 2u);  // at least the timeout and the crash
  // A new worker runs the original again on the input where the last one died.
  EXPECT_EQ(report.original_runs, 6 * structures + report.worker_restarts);
}

// With every killing input counted, mutant 1 (sum without the first key) is killed exactly on
// the lists whose first key is not 0, and mutant 9 on the inserts of a present key.
TEST(MutationAnalysis, KillingInputsAgainstBruteForce) {
  subject s;
  s.mutants = {{1, 1}, {2, 1}, {9, 9}};
  auto options = quick();
  options.all_inputs = true;
  const auto report = smallscope::run_mutation_analysis(s.fin, s.invariant, s.methods, s.mutants, options);
  std::uint64_t first_key_not_zero = 0, present = 0;
  for (const auto& st : smallscope::structures(s.fin, s.invariant)) {
    const auto& l = st.root<guarded::list>();
    if (l.head != nullptr && l.head->key != 0) ++first_key_not_zero;
    for (const guarded::node* n = l.head; n != nullptr; n = n->next) ++present;
  }
  ASSERT_EQ(report.mutants.size(), 3u);
  EXPECT_EQ(report.mutants[0].killing_inputs, first_key_not_zero);
  EXPECT_EQ(report.mutants[1].killing_inputs, 0u);
  EXPECT_EQ(report.mutants[2].killing_inputs, present);
  // Mutant 9's point is reached by every insert that gets past the negative-key test and finds
  // its key: exactly the killing inputs.
  EXPECT_EQ(report.mutants[2].runs, present);
}

TEST(MutationAnalysis, OneAndTwoWorkersAgree) {
  subject s;
  auto one = quick();
  one.workers = 1;
  auto two = quick();
  two.workers = 2;
  const auto a = smallscope::run_mutation_analysis(s.fin, s.invariant, s.methods, s.mutants, one);
  const auto b = smallscope::run_mutation_analysis(s.fin, s.invariant, s.methods, s.mutants, two);
  EXPECT_EQ(statuses(a), statuses(b));
  // One worker goes in input order: mutant 1 is killed on the first list whose first key is
  // not 0 (sum's input k is structure k).
  std::uint64_t first = 0, k = 0;
  for (const auto& st : smallscope::structures(s.fin, s.invariant)) {
    ++k;
    const auto& l = st.root<guarded::list>();
    if (first == 0 && l.head != nullptr && l.head->key != 0) first = k;
  }
  ASSERT_NE(first, 0u);
  for (const auto& m : a.mutants)
    if (m.id == 1) {
      EXPECT_EQ(m.method, "sum");
      EXPECT_EQ(m.input, first);
    }
}

// R(s): a sample of K inputs per method runs exactly K inputs, and kills no mutant that the
// whole scope does not kill.
TEST(MutationAnalysis, RandomSample) {
  subject s;
  auto options = quick();
  options.sample = {3, 7};
  options.seed = 5;
  const auto sampled = smallscope::run_mutation_analysis(s.fin, s.invariant, s.methods, s.mutants, options);
  EXPECT_EQ(sampled.inputs, (std::vector<std::uint64_t>{3, 7}));
  EXPECT_EQ(sampled.original_runs, 10u + sampled.worker_restarts);
  const auto all = smallscope::run_mutation_analysis(s.fin, s.invariant, s.methods, s.mutants, quick());
  const auto full = statuses(all);
  for (const auto& [id, status] : statuses(sampled))
    if (smallscope::killed(status)) {
      EXPECT_TRUE(smallscope::killed(full.at(id))) << "mutant " << id;
    }
}

// A few mutants of a larger schemata: the points of the others are reached too and must not be
// recorded out of bounds (AddressSanitizer would see it).
TEST(MutationAnalysis, SubsetOfMutants) {
  subject s;
  const std::vector<smallscope::mutant_id> first{{1, 1}};
  const auto report = smallscope::run_mutation_analysis(s.fin, s.invariant, s.methods, first, quick());
  ASSERT_EQ(report.mutants.size(), 1u);
  EXPECT_EQ(report.mutants[0].status, smallscope::mutant_status::output);
  EXPECT_EQ(report.worker_restarts, 0u);
}

// The original's own crash on several inputs is one warning, not one per input.
TEST(MutationAnalysis, TheOriginalsOwnCrashIsReportedOnce) {
  subject s;
  const auto last =
      smallscope::make_method<&guarded::list::last, &guarded::last_post>("last", {}, "last", "last_post");
  const std::vector<const smallscope::target_method*> methods{&last};
  const std::vector<smallscope::mutant_id> first{{1, 1}};
  const auto report = smallscope::run_mutation_analysis(s.fin, s.invariant, methods, first, quick());
  ASSERT_EQ(report.warnings.size(), 1u) << ::testing::PrintToString(report.warnings);
  // Lists of 3 of the keys 0..3: 4 inputs, each run twice before it counts as the original's.
  EXPECT_NE(report.warnings[0].find("the original died of SIGABRT on input "), std::string::npos) << report.warnings[0];
  EXPECT_NE(report.warnings[0].find(" of last and on 3 more of its inputs; no mutant is judged there"),
            std::string::npos)
      << report.warnings[0];
}

// The original's own failures are counted once per input, however often a worker dies on one of
// its mutants there and the input runs again (mutant 7 aborts every insert of a new key): as
// many as check counts, one per list (every input inserts 2).
TEST(MutationAnalysis, TheOriginalsFailuresAreCountedOncePerInput) {
  subject s;
  const auto insert = smallscope::make_method<&guarded::list::insert, &guarded::insert_not_two_post>(
      "insert", {smallscope::argument_domain::of(smallscope::ints(2, 2))}, "insert", "insert_not_two_post");
  const std::vector<const smallscope::target_method*> methods{&insert};
  const std::vector<smallscope::mutant_id> crash{{7, 3}};
  auto options = quick();
  options.all_inputs = true;  // mutant 7 runs (and crashes) on every insert of a new key
  const auto report = smallscope::run_mutation_analysis(s.fin, s.invariant, methods, crash, options);
  std::uint64_t lists = 0, without_two = 0;
  for (const auto& st : smallscope::structures(s.fin, s.invariant)) {
    ++lists;
    bool two = false;
    for (const guarded::node* n = st.root<guarded::list>().head; n != nullptr; n = n->next) two = two || n->key == 2;
    without_two += two ? 0 : 1;
  }
  ASSERT_GT(without_two, 0u);  // where mutant 7 crashes on the failing input
  EXPECT_EQ(statuses(report).at(7), smallscope::mutant_status::crash);
  ASSERT_EQ(report.warnings.size(), 1u) << ::testing::PrintToString(report.warnings);
  EXPECT_NE(report.warnings[0].find("(" + std::to_string(lists) + " inputs in all)"), std::string::npos) << report.warnings[0];
  const auto checked = smallscope::run_check(s.fin, s.invariant, insert, smallscope::check_options{});
  EXPECT_EQ(checked.failed, lists);
}

// A mutant in code only the harness runs (the destructor its release calls, mutant 10) is not
// reached by the methods: it neither runs nor is killed.
TEST(MutationAnalysis, AMutantInCodeOnlyTheHarnessRunsIsUnreached) {
  subject s;
  const std::vector<smallscope::mutant_id> ten{{10, 10}};
  const auto report = smallscope::run_mutation_analysis(s.fin, s.invariant, s.methods, ten, quick());
  ASSERT_EQ(report.mutants.size(), 1u);
  EXPECT_EQ(report.mutants[0].status, smallscope::mutant_status::unreached) << report.mutants[0].detail;
  EXPECT_EQ(report.worker_restarts, 0u);
}

// A worker killed from outside (the out-of-memory killer's SIGKILL) while it runs the original or
// a mutant is no one's verdict: the run goes again in a new worker, and the outcomes are an
// undisturbed run's. Killed three times in a row, the run ends with environment_error.
TEST(MutationAnalysis, AWorkerKilledFromOutsideIsReplacedNotBlamed) {
  subject s;
  const auto killed = smallscope::make_method<&guarded::list::sum_killed_once, &guarded::sum_killed_once_post>(
      "sum_killed_once", {}, "sum_killed_once", "sum_killed_once_post");
  const std::vector<const smallscope::target_method*> methods{&killed};
  const std::vector<smallscope::mutant_id> mutants{{1, 1}, {2, 1}};
  auto one = quick();
  one.workers = 1;  // two would both see the file missing
  const auto undisturbed = smallscope::run_mutation_analysis(s.fin, s.invariant, methods, mutants, one);
  const test_files::temp_file original(".flag"), mutant(".flag");
  guarded::outside_kills[0] = original.path();
  guarded::outside_kills[1] = mutant.path();
  std::remove(original.path().c_str());
  std::remove(mutant.path().c_str());
  const auto disturbed = smallscope::run_mutation_analysis(s.fin, s.invariant, methods, mutants, one);
  EXPECT_TRUE(std::ifstream(original.path()).good());  // each kill happened
  EXPECT_TRUE(std::ifstream(mutant.path()).good());
  EXPECT_EQ(statuses(disturbed), statuses(undisturbed));
  EXPECT_EQ(statuses(disturbed).at(1), smallscope::mutant_status::output);
  EXPECT_EQ(statuses(disturbed).at(2), smallscope::mutant_status::survived);
  EXPECT_EQ(disturbed.warnings, undisturbed.warnings);
  EXPECT_EQ(disturbed.worker_restarts, undisturbed.worker_restarts + 2);
  guarded::outside_kills[0] = guarded::outside_kills[1] = "";

  guarded::outside_kills_always = true;
  try {
    smallscope::run_mutation_analysis(s.fin, s.invariant, methods, mutants, one);
    ADD_FAILURE() << "no environment_error";
  } catch (const smallscope::environment_error& e) {
    EXPECT_NE(std::string(e.what()).find("killed from outside 3 times in a row (SIGKILL, running the original"),
              std::string::npos)
        << e.what();
  }
  guarded::outside_kills_always = false;
}

// Cancellation: a stop request ends the run with what it has, marked as interrupted.
TEST(MutationAnalysis, AStopRequestEndsTheRun) {
  subject s;
  auto options = quick();
  options.stop = [] { return true; };
  const auto stopped = smallscope::run_mutation_analysis(s.fin, s.invariant, s.methods, s.mutants, options);
  EXPECT_TRUE(stopped.interrupted);
  EXPECT_EQ(stopped.structures, 1u);  // the generation stops at its first structure
  const auto whole = smallscope::run_mutation_analysis(s.fin, s.invariant, s.methods, s.mutants, quick());
  EXPECT_FALSE(whole.interrupted);
  EXPECT_GT(whole.structures, 1u);
}

// The hang memo: mutant 5's timeout and mutant 7's crash on an input of a smaller scope (the same
// list up to isomorphism, the same key) are kills at the next scope without the run; every
// outcome is as without the memo.
TEST(MutationAnalysis, AHangMemoCarriesTimeoutsToTheNextScope) {
  subject s;
  // Not mutant 6, which allocates without bound: without an address-space limit (AddressSanitizer)
  // it crashes or runs over too, which would change the counts below.
  s.mutants = {{1, 1}, {2, 1}, {3, 3}, {4, 3}, {5, 3}, {7, 3}, {8, 8}, {9, 9}};
  const auto smaller = guarded::fin(2, 4);
  smallscope::hang_memo memo;
  auto options = quick();
  options.workers = 1;
  options.hangs = &memo;
  const auto first = smallscope::run_mutation_analysis(smaller, s.invariant, s.methods, s.mutants, options);
  EXPECT_EQ(statuses(first).at(5), smallscope::mutant_status::timeout);
  EXPECT_EQ(statuses(first).at(7), smallscope::mutant_status::crash);
  EXPECT_EQ(first.memo_kills, 0u);
  EXPECT_EQ(memo.size(), 2u);
  EXPECT_TRUE(memo.knows(5) && memo.knows(7) && !memo.knows(1));
  const auto next = smallscope::run_mutation_analysis(s.fin, s.invariant, s.methods, s.mutants, options);
  EXPECT_EQ(next.memo_kills, 2u);
  EXPECT_EQ(memo.size(), 2u);  // nothing new was waited for or crashed
  auto plain = quick();
  plain.workers = 1;
  const auto without = smallscope::run_mutation_analysis(s.fin, s.invariant, s.methods, s.mutants, plain);
  EXPECT_EQ(statuses(next), statuses(without));
  EXPECT_EQ(without.memo_kills, 0u);
  // The memo's kills name the same inputs as the runs do.
  for (std::size_t k = 0; k < next.mutants.size(); ++k)
    if (next.mutants[k].id == 5 || next.mutants[k].id == 7) {
      EXPECT_EQ(next.mutants[k].input, without.mutants[k].input);
      EXPECT_EQ(next.mutants[k].method, "insert");
    }
  EXPECT_LT(next.worker_restarts, without.worker_restarts);
}

// Reused outcomes (an incremental run): the mutants given an outcome do not run and report it;
// the others run as before; the inputs' hash tells scopes apart and repeats for the same scope.
TEST(MutationAnalysis, ReusedOutcomesAreNotRun) {
  subject s;
  const auto before = smallscope::run_mutation_analysis(s.fin, s.invariant, s.methods, s.mutants, quick());
  std::map<std::uint32_t, smallscope::mutant_outcome> known;
  for (const auto& o : before.mutants)
    if (o.id != 1 && o.id != 9) known[o.id] = o;
  std::uint64_t asked_for = 0;
  auto options = quick();
  options.reuse = [&](std::uint64_t inputs, std::uint32_t id) -> std::optional<smallscope::mutant_outcome> {
    asked_for = inputs;
    const auto it = known.find(id);
    if (it == known.end()) return std::nullopt;
    return it->second;
  };
  const auto again = smallscope::run_mutation_analysis(s.fin, s.invariant, s.methods, s.mutants, options);
  EXPECT_EQ(asked_for, before.inputs_hash);
  EXPECT_EQ(again.inputs_hash, before.inputs_hash);
  EXPECT_EQ(statuses(again), statuses(before));
  EXPECT_EQ(again.reused, known.size());
  EXPECT_EQ(again.killed, before.killed);
  for (const auto& o : again.mutants) EXPECT_EQ(o.reused, known.count(o.id) != 0) << o.id;
  // Only mutants 1 and 9 ran: one kill each, no timeout or crash to restart a worker for.
  EXPECT_EQ(again.worker_restarts, 0u);
  EXPECT_LE(again.mutant_runs, before.mutant_runs);
  const auto smaller = smallscope::run_mutation_analysis(guarded::fin(2, 4), s.invariant, s.methods,
                                                         std::vector<smallscope::mutant_id>{{1, 1}}, quick());
  EXPECT_NE(smaller.inputs_hash, before.inputs_hash);
}

TEST(MutationAnalysis, BadArguments) {
  subject s;
  const std::vector<smallscope::mutant_id> unordered{{2, 1}, {1, 1}};
  EXPECT_THROW(smallscope::run_mutation_analysis(s.fin, s.invariant, s.methods, unordered, quick()),
               std::invalid_argument);
  const std::vector<smallscope::mutant_id> point_after{{1, 2}};
  EXPECT_THROW(smallscope::run_mutation_analysis(s.fin, s.invariant, s.methods, point_after, quick()),
               std::invalid_argument);
  auto options = quick();
  options.sample = {1};  // one per method is needed
  EXPECT_THROW(smallscope::run_mutation_analysis(s.fin, s.invariant, s.methods, s.mutants, options),
               std::invalid_argument);
}

// Ferastrau's equals: a root class with an abstraction (abstraction.hpp) is compared through it.
// Inserting at the tail instead of the head changes the bag's structure, not its keys: killed
// concretely, alive through the abstraction; forgetting the key is killed either way.
template <bool Abstract>
std::map<std::uint32_t, smallscope::mutant_status> bag_outcomes() {
  using bag = bag_list::bag<Abstract>;
  const auto insert = smallscope::make_method<&bag::insert, &bag_list::insert_post<Abstract>>(
      "insert", {smallscope::argument_domain::of(smallscope::ints(0, 2))}, "insert", "insert_post");
  const std::vector<const smallscope::target_method*> methods{&insert};
  const std::vector<smallscope::mutant_id> mutants{{1, 1}, {2, 1}};
  return statuses(smallscope::run_mutation_analysis(bag_list::fin<Abstract>(2, 3), smallscope::make_predicate<&bag::rep_ok>(),
                                                    methods, mutants, quick()));
}

TEST(MutationAnalysis, AnAbstractionDecidesWhichPostStatesAreTheSameOutput) {
  static_assert(smallscope::has_abstraction<bag_list::bag<true>> && !smallscope::has_abstraction<bag_list::bag<false>>);
  const auto concrete = bag_outcomes<false>();
  EXPECT_EQ(concrete.at(1), smallscope::mutant_status::output);
  EXPECT_EQ(concrete.at(2), smallscope::mutant_status::output);
  const auto abstract = bag_outcomes<true>();
  EXPECT_EQ(abstract.at(1), smallscope::mutant_status::survived);
  EXPECT_EQ(abstract.at(2), smallscope::mutant_status::output);
  // Equal abstractions hash alike, different ones apart.
  bag_list::node a1{}, a2{}, b1{}, b2{};
  a1.key = b1.key = 1;
  a2.key = b2.key = 2;
  bag_list::bag<true> one, two;
  one.head = &a1;
  a1.next = &a2;
  two.head = &b2;
  b2.next = &b1;
  EXPECT_EQ(smallscope::output_fingerprint(one), smallscope::output_fingerprint(two));  // 1, 2 and 2, 1
  b2.next = nullptr;
  EXPECT_NE(smallscope::output_fingerprint(one), smallscope::output_fingerprint(two));  // {1, 2} against {2}
}

}  // namespace

namespace {

// Over scopes (run_mutation_scopes): each scope's outcomes are those of its own analysis, the
// scopes share one hang memo, the mutation-adequate scope is the smallest that kills the most,
// R(s) samples are as large as the scope before's suite, and a later part runs only the mutants
// the earlier parts left alive.
TEST(MutationScopes, EachScopeIsItsOwnAnalysisAndTheyShareTheHangMemo) {
  subject s;
  s.mutants = {{1, 1}, {2, 1}, {3, 3}, {4, 3}, {5, 3}, {7, 3}, {8, 8}, {9, 9}};
  std::vector<smallscope::finitization> fins;
  for (int n = 1; n <= 3; ++n) fins.push_back(guarded::fin(n, 4));
  smallscope::scopes_options options;
  options.mutation = quick();
  options.mutation.workers = 1;
  options.random = 2;
  std::vector<std::int64_t> before, after;
  options.before_scope = [&](std::int64_t scope) { before.push_back(scope); };
  options.after_scope = [&](std::int64_t scope) { after.push_back(scope); };
  std::size_t parts_done = 0;
  options.after_part = [&](const smallscope::mutation_report&) { ++parts_done; };
  const auto parts = [&](std::int64_t scope) {
    return std::vector<smallscope::scope_part>{{&fins[static_cast<std::size_t>(scope - 1)], &s.invariant, s.methods, nullptr}};
  };
  const auto all = smallscope::run_mutation_scopes(1, 3, parts, s.mutants, options);
  ASSERT_EQ(all.scopes.size(), 3u);
  EXPECT_EQ(before, (std::vector<std::int64_t>{1, 2, 3}));
  EXPECT_EQ(after, (std::vector<std::int64_t>{1, 2, 3}));
  EXPECT_EQ(parts_done, 3u + 2u);  // a part per scope, and per R(s) sample
  EXPECT_FALSE(all.partial);
  std::uint64_t memo_kills = 0, most = 0;
  std::optional<std::int64_t> adequate;
  for (int n = 1; n <= 3; ++n) {
    auto alone = quick();
    alone.workers = 1;
    const auto own = smallscope::run_mutation_analysis(fins[static_cast<std::size_t>(n - 1)], s.invariant, s.methods,
                                                       s.mutants, alone);
    const auto& scope = all.scopes[static_cast<std::size_t>(n - 1)];
    EXPECT_EQ(scope.scope, n);
    EXPECT_EQ(statuses(scope.report), statuses(own)) << "scope " << n;
    EXPECT_EQ(scope.report.inputs, own.inputs);
    memo_kills += scope.report.memo_kills;
    if (own.killed > most) {
      most = own.killed;
      adequate = n;
    }
  }
  EXPECT_GT(memo_kills, 0u);  // scope 1's timeout and crash were not waited for again
  EXPECT_EQ(all.most_killed, most);
  EXPECT_EQ(all.adequate, adequate);
  ASSERT_TRUE(all.scopes.back().random.has_value());
  EXPECT_EQ(all.scopes.back().random->size, all.scopes[1].inputs());
  EXPECT_EQ(all.scopes.back().random->rates.size(), 2u);
  EXPECT_FALSE(all.scopes[0].random.has_value());
}

TEST(MutationScopes, ALaterPartRunsOnlyTheMutantsStillAlive) {
  subject s;
  s.mutants = {{1, 1}, {2, 1}, {9, 9}};
  const std::vector<const smallscope::target_method*> sum{&s.sum}, insert{&s.insert};
  smallscope::scopes_options options;
  options.mutation = quick();
  std::vector<std::uint64_t> run_per_part;
  options.after_part = [&](const smallscope::mutation_report& part) { run_per_part.push_back(part.mutants.size()); };
  const auto parts = [&](std::int64_t) {
    return std::vector<smallscope::scope_part>{{&s.fin, &s.invariant, sum, nullptr}, {&s.fin, &s.invariant, insert, nullptr}};
  };
  const auto split = smallscope::run_mutation_scopes(3, 3, parts, s.mutants, options);
  // sum kills mutant 1; insert runs on 2 and 9 only, and kills 9.
  EXPECT_EQ(run_per_part, (std::vector<std::uint64_t>{3, 2}));
  ASSERT_EQ(split.scopes.size(), 1u);
  const auto together = smallscope::run_mutation_analysis(s.fin, s.invariant, s.methods, s.mutants, quick());
  EXPECT_EQ(statuses(split.scopes[0].report), statuses(together));
  EXPECT_EQ(split.scopes[0].report.killed, together.killed);
  EXPECT_EQ(split.scopes[0].report.inputs, together.inputs);
}

TEST(MutationScopes, AStopEndsTheScopesAndNoScopeIsAdequateWhenNoneRanWhole) {
  subject s;
  s.mutants = {{1, 1}, {2, 1}};
  smallscope::scopes_options options;
  options.mutation = quick();
  options.mutation.stop = [] { return true; };
  int asked = 0;
  const auto parts = [&](std::int64_t) {
    ++asked;
    return std::vector<smallscope::scope_part>{{&s.fin, &s.invariant, s.methods, nullptr}};
  };
  const auto none = smallscope::run_mutation_scopes(1, 3, parts, s.mutants, options);
  EXPECT_EQ(asked, 0);  // stopped before the first scope
  EXPECT_TRUE(none.scopes.empty());
  EXPECT_FALSE(none.adequate.has_value());
  int polls = 0;
  options.mutation.stop = [&polls] { return ++polls > 2; };
  const auto cut = smallscope::run_mutation_scopes(1, 3, parts, s.mutants, options);
  ASSERT_EQ(cut.scopes.size(), 1u);
  EXPECT_TRUE(cut.partial);
  EXPECT_FALSE(cut.adequate.has_value());
  EXPECT_THROW(smallscope::run_mutation_scopes(2, 1, parts, s.mutants, options), std::invalid_argument);
}

// A file that is not a mutant list, and a list this program was not compiled from, are refused
// by name.
TEST(MutationScopes, AListThatIsNotThisProgramsIsRefused) {
  const std::string junk = test_files::temp_path("not_a_list.jsonl");
  std::ofstream(junk) << "{\"hello\": 1}\n";
  EXPECT_THROW(smallscope::read_compiled_mutants(junk), std::invalid_argument);
  const std::string other = test_files::temp_path("other_list.jsonl");
  smallscope::mutate::mutant m;
  m.id = 1;
  m.point = 1;
  m.file = "elsewhere.hpp";
  m.line = 3;
  m.column = 5;
  m.family = "operator";
  m.mutator = "arithmetic";
  m.function = "elsewhere::f";
  m.original = "a + b";
  m.replacement = "a - b";
  m.end_column = 6;
  m.token = "-";
  std::ofstream(other) << smallscope::mutate::jsonl_header("test", 1) << smallscope::mutate::jsonl_line(m);
  try {
    smallscope::read_compiled_mutants(other);
    FAIL() << "a list of another program was taken";
  } catch (const std::invalid_argument& e) {
    EXPECT_NE(std::string(e.what()).find("not compiled from the schemata this list describes"), std::string::npos)
        << e.what();
  }
  std::remove(junk.c_str());
  std::remove(other.c_str());
}

}  // namespace
