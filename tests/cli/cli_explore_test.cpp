// End-to-end tests of `smallscope explore` (paper 001, Sec. 5.1 and 5.2): states by depth, the
// differential against gen, failed calls with their sequences, and the statistics line.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "support/cli_runner.hpp"

namespace {

using cli_runner::contains;
using cli_runner::lines;
using cli_runner::result;
using cli_runner::run;
using cli_runner::shown;
using json = nlohmann::json;

json stats_of(const std::vector<std::string>& args, int code) {
  const result r = run(args);
  EXPECT_EQ(r.exit_code, code) << shown(args, r);
  return cli_runner::last_line_json(r.out);
}

TEST(ExploreCli, TreeMapSequencesReachASubsetOfGensTrees) {
  for (const char* n : {"3", "4", "5"}) {
    const json j = stats_of({"explore", "TreeMap", n, "--methods", "put_key,remove", "--stats", "json", "-q"}, 0);
    EXPECT_EQ(j["complete"], true);
    EXPECT_EQ(j["failed"], 0);
    std::uint64_t sum = 0;
    for (const auto& c : j["states_by_depth"]) sum += c.get<std::uint64_t>();
    EXPECT_EQ(j["states"].get<std::uint64_t>(), sum);
    // The valid trees gen counts at this finitization (Table 4's TreeMap inputs / (2 s)).
    const json gen = stats_of({"gen", "TreeMap", n, "--stats", "json", "-q"}, 0);
    EXPECT_EQ(j["differential"]["valid"], gen["valid"]);
    EXPECT_EQ(j["differential"]["valid_reached"], j["states"]);
    EXPECT_EQ(j["differential"]["reached_not_valid"], 0);
    EXPECT_GT(j["differential"]["valid_unreached"].get<std::uint64_t>(), 0u);
  }
}

TEST(ExploreCli, ASeededBugIsPrintedWithTheCallsThatReachIt) {
  const std::vector<std::string> args = {"explore", "TreeMap", "3", "--methods", "put_key,remove_flipped", "--show", "1"};
  const result r = run(args);
  EXPECT_EQ(r.exit_code, 1) << shown(args, r);
  EXPECT_TRUE(contains(r.out, "finding 1 (after 3 calls): postcondition clause \"")) << r.out;
  EXPECT_TRUE(contains(r.out, "  calls:      put_key(")) << r.out;
  EXPECT_TRUE(contains(r.out, "; remove_flipped(")) << r.out;
  EXPECT_TRUE(contains(r.out, "  post-state: TreeMap#0{")) << r.out;
  EXPECT_TRUE(contains(r.out, "more failed calls; --show N prints more")) << r.out;
  EXPECT_TRUE(contains(r.err, "explore TreeMap --fin 3,0,3,3,1 --methods put_key,remove_flipped")) << r.err;
}

// A method that crashes kills the worker, not the run: each crash is a finding with its calls,
// and the workers that follow skip it, so the states are those of the correct remove (which
// removes nothing where remove_unchecked crashes).
TEST(ExploreCli, ACrashIsAFindingAndTheRunGoesOn) {
  const json correct =
      stats_of({"explore", "TreeMap", "3", "--methods", "put_key,remove", "--stats", "json", "-q"}, 0);
  const std::vector<std::string> args = {"explore", "TreeMap", "3", "--methods", "put_key,remove_unchecked", "--stats",
                                         "json", "-q", "--show", "1"};
  const result r = run(args);
  ASSERT_EQ(r.exit_code, 1) << shown(args, r);
  const json j = cli_runner::last_line_json(r.out);
  EXPECT_EQ(j["states_by_depth"], correct["states_by_depth"]);
  EXPECT_EQ(j["complete"], true);
  EXPECT_GT(j["failed"].get<std::uint64_t>(), 0u);
  EXPECT_EQ(j["worker_restarts"], j["failed"]);
  // Every state meets every call once: run, or crashed.
  EXPECT_EQ(j["calls"].get<std::uint64_t>() + j["failed"].get<std::uint64_t>(),
            j["states"].get<std::uint64_t>() * j["calls_per_state"].get<std::uint64_t>());
  // SIGSEGV; where AddressSanitizer reports the null dereference first, its exit status.
  EXPECT_TRUE(contains(r.out, "finding 1 (after 1 calls): the method crashed: ")) << r.out;
  EXPECT_TRUE(contains(r.out, "  calls:      remove_unchecked(0)")) << r.out;
}

// Paper 000's loop mutant of SearchTree's remove hangs on one tree of six keys: a timeout, found
// after the six adds that build it, and the run goes on to every other state.
TEST(ExploreCli, AHangIsATimeoutAndTheRunGoesOn) {
  const std::vector<std::string> args = {"explore", "SearchTree", "6", "--methods", "add,remove_mutant", "--timeout",
                                         "0.2", "--stats", "json", "-q", "--show", "1"};
  const result r = run(args);
  ASSERT_EQ(r.exit_code, 1) << shown(args, r);
  const json j = cli_runner::last_line_json(r.out);
  EXPECT_EQ(j["failed"], 1);
  EXPECT_EQ(j["worker_restarts"], 1);
  EXPECT_EQ(j["complete"], true);
  EXPECT_EQ(j["states"], 731);  // every binary search tree over a subset of the six keys
  EXPECT_TRUE(contains(r.out, "finding 1 (after 7 calls): timeout: the method ran over its limit of 0.2 s")) << r.out;
}

TEST(ExploreCli, TheDifferentialShowsValidTreesNoSequenceBuilds) {
  const result r = run({"explore", "TreeMap", "2", "--methods", "put_key,remove", "--show", "1", "-q"});
  EXPECT_EQ(r.exit_code, 0);
  EXPECT_TRUE(contains(r.out, "valid, reached by no sequence: TreeMap#0{root=Entry#0 size=1} Entry#0{")) << r.out;
  EXPECT_TRUE(contains(r.out, "every reachable state found")) << r.out;
  const result off = run({"explore", "TreeMap", "2", "--methods", "put_key,remove", "--no-differential", "-q"});
  EXPECT_FALSE(contains(off.out, "differential")) << off.out;
}

TEST(ExploreCli, ADepthLimitSaysSoAndIsNotComplete) {
  const json j =
      stats_of({"explore", "TreeMap", "4", "--methods", "put_key,remove", "--depth", "2", "--stats", "json", "-q"}, 0);
  EXPECT_EQ(j["complete"], false);
  EXPECT_EQ(j["stopped_by"], "the depth limit");
  EXPECT_EQ(j["states_by_depth"].size(), 3u);
}

// At a scope whose valid structures do not end, the differential stops at the time limit, keeps
// the states explored and says that it is a part.
TEST(ExploreCli, TheDifferentialStopsAtTheTimeLimitAndKeepsTheStates) {
  const std::vector<std::string> args = {"explore", "TreeMap", "64", "--methods", "put_key", "--depth", "2",
                                         "--time-limit", "1", "--stats", "json", "--progress-interval", "0.1"};
  const result r = run(args);
  EXPECT_EQ(r.exit_code, 0) << shown(args, r);
  const json j = cli_runner::last_line_json(r.out);
  EXPECT_GT(j.value("states", std::uint64_t{0}), 1u) << j.dump();
  EXPECT_EQ(j["differential"].value("complete", true), false) << j.dump();
  EXPECT_GT(j["differential"].value("valid", std::uint64_t{0}), 0u) << j.dump();
  EXPECT_TRUE(contains(r.out, "interrupted (or at the time limit) after")) << shown(args, r);
  EXPECT_TRUE(contains(r.err, "differential: ")) << "no progress while the differential runs\n" << shown(args, r);
}

}  // namespace
