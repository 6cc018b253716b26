// The search on several threads, in shards and from snapshots (parallel_search.hpp) finds
// exactly what the one-thread search finds: the same candidate vectors, each once, and the same
// explored and valid counts, on Korat 1.0's own rows (bench/korat-counts.tsv).
#include <gtest/gtest.h>

#include <algorithm>
#include <fstream>
#include <mutex>
#include <sstream>
#include <string>
#include <vector>

#include "search/korat_rows.hpp"
#include "search/parallel_search.hpp"
#include "smallscope/subject.hpp"

namespace {

using smallscope::detail::parallel_hooks;
using smallscope::detail::parallel_options;
using smallscope::detail::parallel_search;
using smallscope::detail::search_snapshot;
using smallscope::detail::tick_action;
using vectors = std::vector<std::vector<std::uint32_t>>;

using row = korat_rows::korat_row;

std::vector<row> rows(std::uint64_t max_explored) { return korat_rows::rows_up_to(max_explored); }

smallscope::subject_instance instance_of(const row& r) {
  const smallscope::subject* s = smallscope::find_subject(r.subject);
  return s->make(korat_rows::parameters(*s, r.fin));
}

// The one-thread search's structures, in its order.
vectors reference(const smallscope::subject_instance& in) {
  vectors out;
  smallscope::structure_range range(in.fin, in.invariant);
  for (const auto& st : range) out.emplace_back(st.values().begin(), st.values().end());
  return out;
}

struct outcome {
  vectors found;  // in the order found, the workers' interleaved
  smallscope::search_stats stats;
  smallscope::detail::plan_stats plan;
  std::uint64_t steals = 0;
  bool finished = true;
};

// Runs a parallel search; with `stop_at_tick` > 0, takes a snapshot at that tick and stops.
outcome run(const smallscope::subject_instance& in, parallel_options p, int stop_at_tick = 0,
            search_snapshot* snapshot = nullptr) {
  outcome o;
  std::mutex m;
  parallel_search search(in.fin.data(), in.invariant, {}, std::move(p));
  parallel_hooks hooks;
  hooks.on_structure = [&](unsigned, const smallscope::structure& st) {
    std::lock_guard<std::mutex> lock(m);
    o.found.emplace_back(st.values().begin(), st.values().end());
  };
  int ticks = 0;
  if (stop_at_tick > 0) {
    hooks.tick = std::chrono::milliseconds(1);
    hooks.on_tick = [&](const smallscope::search_stats&) {
      return ++ticks == stop_at_tick ? tick_action::snapshot_and_stop : tick_action::go_on;
    };
    hooks.on_snapshot = [&](const search_snapshot& s) { *snapshot = s; };
  }
  o.finished = search.run(hooks);
  o.stats = search.stats();
  o.plan = search.plan();
  o.steals = search.steals();
  return o;
}

vectors sorted(vectors v) {
  std::sort(v.begin(), v.end());
  return v;
}

class ParallelSearch : public testing::TestWithParam<row> {};

TEST_P(ParallelSearch, TwoAndThreeThreadsFindTheSameStructuresOnce) {
  const row& r = GetParam();
  const auto in = instance_of(r);
  const vectors expected = reference(in);
  ASSERT_EQ(expected.size(), r.valid);
  for (unsigned threads : {1u, 2u, 3u}) {
    parallel_options p;
    p.threads = threads;
    const outcome o = run(in, p);
    EXPECT_EQ(o.stats.explored, r.explored) << threads << " threads";
    EXPECT_EQ(o.stats.valid, r.valid) << threads << " threads";
    if (threads == 1)
      EXPECT_EQ(o.found, expected) << "one thread keeps the search's order";
    else
      EXPECT_EQ(sorted(o.found), sorted(expected)) << threads << " threads";
    // An idle thread asks at once; a search of this size is split long before it ends.
    if (threads > 1 && r.explored >= 100000) {
      EXPECT_GT(o.steals, 0u) << threads << " threads";
    }
  }
}

class ShardedSearch : public testing::TestWithParam<row> {};

TEST_P(ShardedSearch, ShardsPartitionTheSearch) {
  const row& r = GetParam();
  const auto in = instance_of(r);
  const vectors expected = reference(in);
  for (std::uint64_t n = 1; n <= 8; ++n) {
    vectors all;
    std::uint64_t explored = 0;
    std::uint64_t valid = 0;
    for (std::uint64_t i = 0; i < n; ++i) {
      parallel_options p;
      p.shard_index = i;
      p.shard_count = n;
      p.units_per_shard = 8;
      const outcome o = run(in, p);
      EXPECT_EQ(o.found.size(), o.stats.valid);
      explored += o.stats.explored;
      valid += o.stats.valid;
      // Each shard keeps the search's order among its own structures.
      std::vector<std::size_t> at;
      for (const auto& v : o.found) at.push_back(static_cast<std::size_t>(
          std::find(expected.begin(), expected.end(), v) - expected.begin()));
      EXPECT_TRUE(std::is_sorted(at.begin(), at.end())) << "shard " << i << "/" << n;
      all.insert(all.end(), o.found.begin(), o.found.end());
    }
    EXPECT_EQ(explored, r.explored) << n << " shards";
    EXPECT_EQ(valid, r.valid) << n << " shards";
    EXPECT_EQ(sorted(all), sorted(expected)) << n << " shards";
  }
}

std::string row_name(const testing::TestParamInfo<row>& r) { return korat_rows::name_of(r.param); }

INSTANTIATE_TEST_SUITE_P(KoratRows, ParallelSearch, testing::ValuesIn(rows(300000)), row_name);
// Eight shard counts of up to eight runs each: the rows up to 60,000 candidates.
INSTANTIATE_TEST_SUITE_P(KoratRows, ShardedSearch, testing::ValuesIn(rows(60000)), row_name);

// Stopping at a snapshot and going on from it, again and again, on one and two threads: the
// runs together find every structure once, with the counts of one run.
TEST(ParallelSearch, SnapshotsResumeWithNothingLostOrTwice) {
  const row r{"SearchTree", "7", 429, 340990};
  const auto in = instance_of(r);
  const vectors expected = reference(in);
  for (unsigned threads : {1u, 2u}) {
    for (int stop_at : {1, 2, 3}) {
      vectors all;
      parallel_options p;
      p.threads = threads;
      smallscope::search_stats last;
      int legs = 0;
      while (true) {
        search_snapshot snap;
        const outcome o = run(in, p, stop_at, &snap);
        all.insert(all.end(), o.found.begin(), o.found.end());
        last = o.stats;
        ++legs;
        if (o.finished || legs > 10000) break;
        EXPECT_EQ(snap.stats.explored, o.stats.explored);
        p = parallel_options{};
        p.threads = threads;
        p.resuming = true;
        p.resume = snap.units;
        p.resume_stats = snap.stats;
      }
      EXPECT_GT(legs, 1) << "the run was stopped at least once";
      EXPECT_EQ(last.explored, r.explored) << threads << " threads, stop at tick " << stop_at;
      EXPECT_EQ(last.valid, r.valid);
      if (threads == 1)
        EXPECT_EQ(all, expected) << "one thread, resumed, keeps the search's order";
      else
        EXPECT_EQ(sorted(all), sorted(expected));
    }
  }
}

// A plan deepens until the units outnumber the shards as asked (or the stack ends).
TEST(ParallelSearch, ThePlanDeepensUntilThereAreEnoughUnits) {
  const row r{"BinaryTree", "6", 132, 3653};
  const auto in = instance_of(r);
  parallel_options p;
  p.shard_count = 4;
  p.units_per_shard = 16;
  const outcome o = run(in, p);
  EXPECT_GE(o.plan.units, 64u);
  EXPECT_GE(o.plan.depth, 2u);
  EXPECT_EQ(o.plan.evaluations >= o.plan.units, true);
  EXPECT_NEAR(static_cast<double>(o.plan.owned), static_cast<double>(o.plan.units) / 4, 1.0);
}

}  // namespace
