// The engines from the library alone, in GoogleTest: generation on two threads, in two shards
// and from a checkpoint file; every sequence of calls from the empty list, in a worker process,
// so that a call that crashes is a finding and not the end of the test program; and, in
// library_test-schemata (this file compiled from sorted_list.hpp's mutant schemata), mutation
// analysis over two scopes.
#include <gtest/gtest.h>
#include <smallscope/explore.hpp>
#include <smallscope/generate.hpp>
#include <smallscope/gtest.hpp>
#include <smallscope/drivers/mutation_analysis.hpp>

#include <chrono>
#include <cstdio>
#include <mutex>
#include <set>
#include <string>
#include <thread>
#include <vector>

#include "sorted_list.hpp"

namespace {

// A helper with a bug of the kind that kills a process: it takes the first value without
// looking whether there is one (a null dereference on the empty list).
int pop_front(shop::sorted_list& l) {
  shop::node* first = l.head;
  const int v = first->value;
  l.head = first->next;
  --l.size;
  delete first;
  return v;
}

void pop_front_post(smallscope::verdict& v, const shop::sorted_list& old, const shop::sorted_list& now, int popped) {
  std::vector<int> rest = shop::values(old);
  v.require(!rest.empty() && rest.front() == popped, "returns the smallest value");
  if (!rest.empty()) rest.erase(rest.begin());
  v.require(shop::values(now) == rest, "the values are the old values but the smallest");
}

// The lists a generation yields, as their values; `slow`: a millisecond each.
std::multiset<std::vector<int>> lists(const smallscope::generation_options& asked,
                                      smallscope::generation_report* report = nullptr, bool slow = false) {
  std::multiset<std::vector<int>> found;
  std::mutex m;
  smallscope::generation_options o = asked;
  o.on_structure = [&](unsigned, const smallscope::structure& s) {
    const std::vector<int> values = shop::values(s.root<shop::sorted_list>());
    if (slow) std::this_thread::sleep_for(std::chrono::milliseconds(1));
    std::lock_guard<std::mutex> lock(m);
    found.insert(values);
  };
  const auto r = smallscope::generate(shop::fin(6, 7), smallscope::make_predicate<&shop::sorted_list::rep_ok>(), o);
  if (report != nullptr) *report = r;
  return found;
}

}  // namespace

// Sorted lists of at most 6 distinct values from 0..7: the subsets of 8 values with at most 6,
// 256 - 1 - 8 = 247.
TEST(SortedList, GenerationOnThreadsInShardsAndFromACheckpointYieldsEveryListOnce) {
  smallscope::generation_options two_threads;
  two_threads.threads = 2;
  const auto all = lists(two_threads);
  EXPECT_EQ(all.size(), 247u);
  EXPECT_EQ(std::set<std::vector<int>>(all.begin(), all.end()).size(), 247u);

  std::multiset<std::vector<int>> shards;
  for (std::uint64_t i = 0; i < 2; ++i) {
    smallscope::generation_options shard;
    shard.shard_index = i;
    shard.shard_count = 2;
    shard.units_per_shard = 8;
    shards.merge(lists(shard));
  }
  EXPECT_EQ(shards, all);

  // Stopped after 50 ms of a run that takes at least 247 (a checkpoint is written), then
  // resumed from the checkpoint to the end.
  const std::string checkpoint = "sorted_lists.checkpoint";
  std::remove(checkpoint.c_str());
  smallscope::generation_options first;
  first.checkpoint = checkpoint;
  first.search.progress_interval = 0.01;  // the stop is polled every 10 ms
  const auto started = std::chrono::steady_clock::now();
  first.stop = [started] { return std::chrono::steady_clock::now() - started > std::chrono::milliseconds(50); };
  smallscope::generation_report stopped;
  auto found = lists(first, &stopped, true);
  EXPECT_TRUE(stopped.stopped);
  EXPECT_LT(found.size(), all.size());
  smallscope::generation_options rest;
  rest.checkpoint = checkpoint;
  smallscope::generation_report resumed;
  found.merge(lists(rest, &resumed));
  EXPECT_TRUE(resumed.resumed);
  EXPECT_TRUE(resumed.finished);
  EXPECT_EQ(found, all);
}

TEST(SortedList, EverySequenceOfInsertAndErasePasses) {
  const auto insert = SMALLSCOPE_METHOD(shop::sorted_list::insert, shop::insert_post, smallscope::ints(0, 2));
  const auto erase = SMALLSCOPE_METHOD(shop::sorted_list::erase, shop::erase_post, smallscope::ints(0, 2));
  EXPECT_TRUE(smallscope::testing::all_sequences_pass({&insert, &erase}));
}

TEST(SortedList, ACallThatCrashesIsAFindingWithItsSequence) {
  const auto insert = SMALLSCOPE_METHOD(shop::sorted_list::insert, shop::insert_post, smallscope::ints(0, 2));
  const auto pop = SMALLSCOPE_METHOD(pop_front, pop_front_post);
  const smallscope::explore_report r = smallscope::explore_sequences(smallscope::api_calls({&insert, &pop}));
  // Every subset of {0, 1, 2} is reached; pop_front on the empty list crashed its worker.
  EXPECT_EQ(r.states, 8u);
  EXPECT_TRUE(r.complete);
  ASSERT_EQ(r.findings.size(), 1u);
  EXPECT_EQ(r.findings[0].run.kind, smallscope::outcome_kind::crash);
  EXPECT_EQ(r.findings[0].calls, std::vector<std::string>{"pop_front()"});
  EXPECT_EQ(r.worker_restarts, 1u);
}

#ifdef SORTED_LIST_MUTANTS
// Every mutant of insert and erase on every input of scopes 1 and 2 (lists of up to 1 and 2
// values from 0..3), in worker processes.
TEST(SortedList, MutationAnalysisOverTwoScopes) {
  const smallscope::compiled_mutants compiled = smallscope::read_compiled_mutants(SORTED_LIST_MUTANTS);
  ASSERT_FALSE(compiled.mutants.empty());
  const auto insert = SMALLSCOPE_METHOD(shop::sorted_list::insert, shop::insert_post, smallscope::ints(0, 3));
  const auto erase = SMALLSCOPE_METHOD(shop::sorted_list::erase, shop::erase_post, smallscope::ints(0, 3));
  const std::vector<smallscope::finitization> fins{shop::fin(1, 3), shop::fin(2, 3)};
  const auto invariant = smallscope::make_predicate<&shop::sorted_list::rep_ok>();
  smallscope::scopes_options options;
  options.mutation.id_base = compiled.id_base;
  const auto parts = [&](std::int64_t scope) {
    return std::vector<smallscope::scope_part>{
        {&fins[static_cast<std::size_t>(scope - 1)], &invariant, {&insert, &erase}, nullptr}};
  };
  const smallscope::scopes_report r = smallscope::run_mutation_scopes(1, 2, parts, compiled.mutants, options);
  ASSERT_EQ(r.scopes.size(), 2u);
  const auto& one = r.scopes[0].report;
  const auto& two = r.scopes[1].report;
  EXPECT_TRUE(two.any_point_reached);  // this program runs its mutants
  EXPECT_EQ(two.mutants.size(), compiled.mutants.size());
  EXPECT_GT(two.killed, 0u);
  // Scope 2's inputs hold scope 1's: what one kills, two kills.
  for (std::size_t k = 0; k < one.mutants.size(); ++k)
    if (smallscope::killed(one.mutants[k].status)) EXPECT_TRUE(smallscope::killed(two.mutants[k].status)) << one.mutants[k].id;
  EXPECT_GE(two.killed, one.killed);
  ASSERT_TRUE(r.adequate.has_value());
  EXPECT_EQ(r.most_killed, two.killed);
}
#endif
