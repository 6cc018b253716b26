// The library's generation at scale (generate.hpp): on two threads, in two shards, and stopped
// and resumed from a checkpoint file, it yields exactly the structures of one thread, each once,
// with the same counts; a checkpoint carries the caller's state and refuses another run's.
#include <gtest/gtest.h>

#include <algorithm>
#include <atomic>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <mutex>
#include <string>
#include <vector>

#include "smallscope/generate.hpp"
#include "smallscope/subject.hpp"

namespace {

using smallscope::generation_options;
using vectors = std::vector<std::vector<std::uint32_t>>;

smallscope::subject_instance binary_tree(std::int64_t n) {
  const auto* s = smallscope::find_subject("BinaryTree");
  return s->make(s->scope(n));
}

struct collected {
  vectors found;
  smallscope::generation_report report;
};

// Runs generate with `o`, collecting every structure; sorted.
collected run(const smallscope::subject_instance& in, generation_options o) {
  collected c;
  std::mutex m;
  o.on_structure = [&](unsigned thread, const smallscope::structure& st) {
    EXPECT_LT(thread, std::max(1u, o.threads));
    std::lock_guard<std::mutex> lock(m);
    c.found.emplace_back(st.values().begin(), st.values().end());
  };
  c.report = smallscope::generate(in.fin, in.invariant, o);
  std::sort(c.found.begin(), c.found.end());
  return c;
}

std::string temp(const std::string& name) {
  return (std::filesystem::temp_directory_path() / ("smallscope_generate_" + name)).string();
}

TEST(Generate, TwoThreadsAndTwoShardsYieldWhatOneThreadYields) {
  const auto in = binary_tree(8);
  const collected one = run(in, {});
  EXPECT_EQ(one.report.stats.valid, 1430u);  // Catalan(8)
  EXPECT_EQ(one.found.size(), 1430u);
  EXPECT_TRUE(one.report.finished);
  generation_options two;
  two.threads = 2;
  const collected both = run(in, two);
  EXPECT_EQ(both.found, one.found);
  EXPECT_EQ(both.report.stats.explored, one.report.stats.explored);
  EXPECT_EQ(both.report.threads, 2u);
  vectors shards;
  std::uint64_t explored = 0;
  for (std::uint64_t i = 0; i < 2; ++i) {
    generation_options shard;
    shard.shard_index = i;
    shard.shard_count = 2;
    shard.units_per_shard = 16;
    const collected part = run(in, shard);
    EXPECT_GT(part.report.plan.owned, 0u);
    shards.insert(shards.end(), part.found.begin(), part.found.end());
    explored += part.report.stats.explored;
  }
  std::sort(shards.begin(), shards.end());
  EXPECT_EQ(shards, one.found);  // each structure in one shard only
  EXPECT_EQ(explored, one.report.stats.explored);
}

TEST(Generate, AStoppedRunGoesOnFromItsCheckpointWithTheCallersState) {
  const auto in = binary_tree(11);
  const collected whole = run(in, {});
  const std::string path = temp("bt11.checkpoint");
  std::filesystem::remove(path);
  generation_options first;
  first.threads = 2;
  first.checkpoint = path;
  first.search.progress_interval = 0.01;  // the stop is polled every tick
  std::atomic<std::uint64_t> seen{0};
  first.stop = [&] { return seen.load() > 1000; };
  std::mutex m;
  vectors found;
  first.on_structure = [&](unsigned, const smallscope::structure& st) {
    ++seen;
    std::lock_guard<std::mutex> lock(m);
    found.emplace_back(st.values().begin(), st.values().end());
  };
  int saves = 0;
  first.save = [&]() -> std::optional<std::string> {
    ++saves;
    return "found " + std::to_string(seen.load());
  };
  bool started_fresh = false;
  first.start = [&](const std::string* saved, const smallscope::search_stats* so_far) {
    started_fresh = saved == nullptr && so_far == nullptr;
  };
  const auto stopped = smallscope::generate(in.fin, in.invariant, first);
  EXPECT_TRUE(started_fresh);
  ASSERT_TRUE(stopped.stopped);
  ASSERT_FALSE(stopped.finished);
  EXPECT_GE(saves, 1);
  ASSERT_TRUE(std::filesystem::exists(path));
  EXPECT_EQ(stopped.stats.valid, found.size());
  ASSERT_LT(found.size(), whole.found.size());

  // Another run's options (one more thread changes nothing it finds; another limit would): refused.
  generation_options other;
  other.checkpoint = path;
  other.search.read_budget = 12345;
  EXPECT_THROW(
      {
        try {
          smallscope::generate(in.fin, in.invariant, other);
        } catch (const smallscope::checkpoint_error& e) {
          EXPECT_TRUE(e.unusable());
          EXPECT_NE(std::string(e.what()).find("was written by another run"), std::string::npos) << e.what();
          throw;
        }
      },
      smallscope::checkpoint_error);

  generation_options second;
  second.threads = 2;
  second.checkpoint = path;
  std::string given;
  std::uint64_t valid_before = 0;
  second.start = [&](const std::string* saved, const smallscope::search_stats* so_far) {
    ASSERT_NE(saved, nullptr);
    ASSERT_NE(so_far, nullptr);
    given = *saved;
    valid_before = so_far->valid;
  };
  const collected rest = run(in, second);
  EXPECT_TRUE(given.starts_with("found ")) << given;
  EXPECT_EQ(valid_before, found.size());
  EXPECT_TRUE(rest.report.resumed);
  EXPECT_TRUE(rest.report.finished);
  EXPECT_FALSE(std::filesystem::exists(path));  // removed when the search ends
  // Both runs together: every structure once, and the whole run's counts.
  found.insert(found.end(), rest.found.begin(), rest.found.end());
  std::sort(found.begin(), found.end());
  EXPECT_EQ(found, whole.found);
  EXPECT_EQ(rest.report.stats.valid, whole.report.stats.valid);
  EXPECT_EQ(rest.report.stats.explored, whole.report.stats.explored);
  // Every count of the search's table of figures (figures.hpp) goes on from the checkpoint: the
  // stopped run's, then the whole run's; the time goes on from the checkpoint's.
#define SMALLSCOPE_TEST_CARRIED(name, type, def, rule, help)                 \
  if (smallscope::figure_rule::rule == smallscope::figure_rule::sum) {      \
    EXPECT_EQ(rest.report.resumed_from.name, stopped.stats.name) << #name; \
    EXPECT_EQ(rest.report.stats.name, whole.report.stats.name) << #name;   \
  }
  SMALLSCOPE_SEARCH_FIGURES(SMALLSCOPE_TEST_CARRIED)
#undef SMALLSCOPE_TEST_CARRIED
  EXPECT_GT(rest.report.resumed_from.seconds, 0);  // taken when the checkpoint was written
  EXPECT_LE(rest.report.resumed_from.seconds, stopped.stats.seconds);
  EXPECT_GE(rest.report.stats.seconds, rest.report.resumed_from.seconds);
}

TEST(Generate, ACheckpointIsWrittenOnlyWhenTheCallersStateIsSaved) {
  const auto in = binary_tree(11);
  const std::string path = temp("bt11_unsaved.checkpoint");
  std::filesystem::remove(path);
  generation_options o;
  o.checkpoint = path;
  o.search.progress_interval = 0.01;
  std::atomic<std::uint64_t> seen{0};
  o.on_structure = [&](unsigned, const smallscope::structure&) { ++seen; };
  o.stop = [&] { return seen.load() > 1000; };
  o.save = []() -> std::optional<std::string> { return std::nullopt; };  // its outputs failed
  const auto r = smallscope::generate(in.fin, in.invariant, o);
  EXPECT_TRUE(r.stopped);
  EXPECT_FALSE(std::filesystem::exists(path));
}

TEST(Generate, ACheckpointThatIsNotOneIsRefusedAndNotOverwritten) {
  const auto in = binary_tree(4);
  const std::string path = temp("not_a_checkpoint");
  std::ofstream(path) << "{\"smallscope_checkpoint\": 3}\n";
  generation_options o;
  o.checkpoint = path;
  EXPECT_THROW(smallscope::generate(in.fin, in.invariant, o), smallscope::checkpoint_error);
  std::ifstream back(path);
  std::string text;
  std::getline(back, text);
  EXPECT_EQ(text, "{\"smallscope_checkpoint\": 3}");
  std::filesystem::remove(path);
}

TEST(Generate, OptionsThatFollowTheSearchOrderRefuseThreadsShardsAndCheckpoints) {
  const auto in = binary_tree(3);
  generation_options limited;
  limited.search.limit = 2;
  EXPECT_EQ(smallscope::generate(in.fin, in.invariant, limited).stats.valid, 2u);
  limited.threads = 2;
  EXPECT_THROW(smallscope::generate(in.fin, in.invariant, limited), std::invalid_argument);
  limited.threads = 1;
  limited.shard_count = 2;
  EXPECT_THROW(smallscope::generate(in.fin, in.invariant, limited), std::invalid_argument);
  generation_options bad_shard;
  bad_shard.shard_index = 2;
  bad_shard.shard_count = 2;
  EXPECT_THROW(smallscope::generate(in.fin, in.invariant, bad_shard), std::invalid_argument);
  generation_options no_units;
  no_units.units_per_shard = 0;
  EXPECT_THROW(smallscope::generate(in.fin, in.invariant, no_units), std::invalid_argument);
  generation_options never;
  never.checkpoint_every = 0;
  EXPECT_THROW(smallscope::generate(in.fin, in.invariant, never), std::invalid_argument);
}

// A checkpoint that cannot be written ends the run with a checkpoint_error that is not about
// the file's content; every structure found before it was handed to on_structure, none twice.
TEST(Generate, ACheckpointThatCannotBeWrittenIsAnErrorAndTheStructuresSoFarWereGiven) {
  const auto in = binary_tree(11);
  generation_options o;
  o.checkpoint = "/nonexistent/dir/bt11.checkpoint";
  o.search.progress_interval = 0.01;
  std::atomic<std::uint64_t> seen{0};
  std::mutex m;
  vectors found;
  o.on_structure = [&](unsigned, const smallscope::structure& st) {
    ++seen;
    std::lock_guard<std::mutex> lock(m);
    found.emplace_back(st.values().begin(), st.values().end());
  };
  o.stop = [&] { return seen.load() > 1000; };
  try {
    smallscope::generate(in.fin, in.invariant, o);
    FAIL() << "no checkpoint_error";
  } catch (const smallscope::checkpoint_error& e) {
    EXPECT_FALSE(e.unusable());
    EXPECT_NE(std::string(e.what()).find("cannot write '/nonexistent/dir/bt11.checkpoint'"), std::string::npos) << e.what();
  }
  EXPECT_EQ(found.size(), seen.load());
  std::sort(found.begin(), found.end());
  EXPECT_EQ(std::adjacent_find(found.begin(), found.end()), found.end());  // none twice
  EXPECT_GT(found.size(), 1000u);
}

}  // namespace
