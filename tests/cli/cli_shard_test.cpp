// End-to-end tests of gen and check in shards (`--shard I/N`) joined by `merge`: the structures,
// counts and failures of one unsharded run, and what merge refuses (a shard missing, given twice,
// of another search or judged otherwise, a line lost, counts that cannot be).
#include <gtest/gtest.h>

#include <fstream>
#include <nlohmann/json.hpp>
#include <string>
#include <utility>
#include <vector>

#include "support/cli_runner.hpp"
#include "support/scale_output.hpp"
#include "support/temp_files.hpp"

namespace {

using cli_runner::contains;
using cli_runner::result;
using cli_runner::run;
using cli_runner::shown;
using json = nlohmann::json;
using namespace scale_output;
using test_files::temp_path;
using test_files::write_temp;

TEST(Scale, ShardsJoinedByMergeAreTheWholeSearch) {
  const printed whole = gen_jsonl({"RedBlackTree", "6", "--threads", "1"});
  ASSERT_FALSE(whole.structures.empty());
  for (int n = 1; n <= 5; ++n) {
    std::vector<std::string> merge_args = {"merge", "-q"};
    std::uint64_t explored = 0;
    for (int i = n; i >= 1; --i) {  // given to merge in any order
      const std::vector<std::string> args = {"gen", "RedBlackTree", "6", "--shard", std::to_string(i) + "/" + std::to_string(n),
                                             "--format", "jsonl", "--stats", "json", "-q"};
      const result r = run(args);
      ASSERT_EQ(r.exit_code, 0) << shown(args, r);
      const std::string path = temp_path("rbt6_shard" + std::to_string(i));
      std::ofstream(path) << r.out;
      merge_args.push_back(path);
      explored += parse(r.out).stats.value("explored", std::uint64_t{0});
    }
    EXPECT_EQ(explored, whole.stats["explored"].get<std::uint64_t>()) << n << " shards";
    const result m = run(merge_args);
    ASSERT_EQ(m.exit_code, 0) << shown(merge_args, m);
    const printed merged = parse(m.out);
    EXPECT_EQ(sorted(merged.structures), sorted(whole.structures)) << n << " shards";
    EXPECT_EQ(merged.indices, one_to(merged.structures.size()));
    EXPECT_EQ(merged.stats["valid"], whole.stats["valid"]);
    EXPECT_EQ(merged.stats["explored"], whole.stats["explored"]);
    EXPECT_EQ(merged.stats["shards"]["count"], n);
  }
}

TEST(Scale, MergeRefusesShardsMissingTwiceOrOfAnotherSearch) {
  std::vector<std::string> paths;
  for (const std::string shard : {"1/3", "2/3"}) {
    const std::vector<std::string> args = {"gen", "BinaryTree", "5", "--shard", shard, "--stats", "json", "-q"};
    const result r = run(args);
    ASSERT_EQ(r.exit_code, 0) << shown(args, r);
    paths.push_back(temp_path("bt5_" + std::to_string(paths.size())));
    std::ofstream(paths.back()) << r.out;
  }
  const result other = run({"gen", "BinaryTree", "6", "--shard", "3/3", "--stats", "json", "-q"});
  paths.push_back(temp_path("bt6_3"));
  std::ofstream(paths.back()) << other.out;
  const result missing = run({"merge", paths[0], paths[1]});
  EXPECT_EQ(missing.exit_code, 2);
  EXPECT_TRUE(contains(missing.err, "shard 3/3 is missing")) << missing.err;
  const result twice = run({"merge", paths[0], paths[0], paths[1]});
  EXPECT_EQ(twice.exit_code, 2);
  EXPECT_TRUE(contains(twice.err, "shard 1/3 is given twice")) << twice.err;
  const result mixed = run({"merge", paths[0], paths[1], paths[2]});
  EXPECT_EQ(mixed.exit_code, 2);
  EXPECT_TRUE(contains(mixed.err, "are not shards of one search")) << mixed.err;
}

// check --shard I/N on each shard, joined by merge: the whole check's counts and every failure
// with the number, the kind, the arguments and the pictures the unsharded check gives it, with
// the shards given in any order, on one or two workers each, the pictures in text or dot.
TEST(Scale, CheckShardsJoinedByMergeAreTheWholeCheck) {
  struct setup {
    std::vector<std::string> check;  // subject, method, scope
    std::vector<std::string> extra;
    std::uint64_t shards;
  };
  for (const setup& c : {setup{{"TreeMap", "remove_flipped", "6"}, {"--threads", "2"}, 3},
                         setup{{"SinglyLinkedList", "remove_null_deref", "5"}, {"--format", "dot", "--threads", "1"}, 2}}) {
    std::vector<std::string> whole_args = {"check"};
    whole_args.insert(whole_args.end(), c.check.begin(), c.check.end());
    whole_args.insert(whole_args.end(), c.extra.begin(), c.extra.end());
    for (const char* a : {"--stats", "json", "-q", "--show", "0"}) whole_args.push_back(a);
    std::vector<std::string> merge_args = {"merge", "-q", "--findings", temp_path("merged.jsonl")};
    for (std::uint64_t i = c.shards; i >= 1; --i) {  // the shards in reverse: merge puts them in order
      auto args = whole_args;
      args.insert(args.end(), {"--shard", std::to_string(i) + "/" + std::to_string(c.shards), "--shard-units", "64"});
      const result r = run(args);
      ASSERT_EQ(r.exit_code, 1) << shown(args, r);
      merge_args.push_back(write_temp("check_shard" + std::to_string(i), r.out));
    }
    whole_args.insert(whole_args.end(), {"--findings", temp_path("whole.jsonl")});
    const result whole = run(whole_args);
    ASSERT_EQ(whole.exit_code, 1) << shown(whole_args, whole);
    const result merged = run(merge_args);
    ASSERT_EQ(merged.exit_code, 1) << shown(merge_args, merged);
    const auto w = cli_runner::last_line_json(whole.out);
    const auto m = cli_runner::last_line_json(merged.out);
    for (const char* key : {"subject", "method", "fin", "inputs", "passed", "failed", "structures", "total_inputs",
                            "explored", "first_failed_inputs", "warnings"})
      EXPECT_EQ(m[key], w[key]) << c.check[0] << ": " << key;
    EXPECT_GT(w["failed"].get<std::uint64_t>(), 10u) << c.check[0];
    EXPECT_EQ(m["shards"]["count"], c.shards);
    EXPECT_EQ(findings(temp_path("merged.jsonl")), findings(temp_path("whole.jsonl"))) << c.check[0];
  }
}

// A shard's numbers are its own: no --findings or reproduce line with --shard, and what needs the
// search's order is refused; merge refuses a shard interrupted, edited or of another check.
TEST(Scale, CheckShardsRefuseWhatNeedsTheWholeCheck) {
  const std::vector<std::string> base = {"check", "TreeMap", "remove_flipped", "5"};
  for (const auto& [extra, message] : std::vector<std::pair<std::vector<std::string>, std::string>>{
           {{"--shard", "1/2", "--findings", temp_path("f.jsonl")}, "--findings does not go with --shard"},
           {{"--shard", "1/2", "--sample", "3"}, "--sample does not go with --shard"},
           {{"--shard", "1/2", "--input", "3"}, "--input does not go with --shard"},
           {{"--shard", "1/2", "--white-box"}, "--white-box does not go with --shard"},
           {{"--shard", "3/2"}, "--shard must be I/N"}}) {
    auto args = base;
    args.insert(args.end(), extra.begin(), extra.end());
    const result r = run(args);
    EXPECT_EQ(r.exit_code, 2) << shown(args, r);
    EXPECT_TRUE(contains(r.err, message)) << shown(args, r);
  }
  const result shown_one = run({"check", "TreeMap", "remove_flipped", "5", "--shard", "2/2", "--show", "1"});
  EXPECT_EQ(shown_one.exit_code, 1) << shown_one.err;
  EXPECT_FALSE(contains(shown_one.out, "reproduce:")) << shown_one.out;
  EXPECT_TRUE(contains(shown_one.out, "inputs numbered within the shard")) << shown_one.out;

  std::vector<std::string> outs;
  for (const std::string shard : {"1/2", "2/2"}) {
    const std::vector<std::string> args = {"check", "TreeMap", "remove_flipped", "5", "--shard", shard,
                                           "--stats", "json", "-q", "--show", "0"};
    const result r = run(args);
    ASSERT_EQ(r.exit_code, 1) << shown(args, r);
    outs.push_back(lines(r.out).back());
  }
  const std::string first = write_temp("cs_1", outs[0] + "\n");
  const auto refused = [&](const std::string& name, nlohmann::json edited, const std::string& message) {
    const result r = run({"merge", first, write_temp(name, edited.dump() + "\n")});
    EXPECT_EQ(r.exit_code, 2) << name << ": " << r.err;
    EXPECT_TRUE(contains(r.err, message)) << name << ": " << r.err;
  };
  const auto second = nlohmann::json::parse(outs[1]);
  // A failure deleted by hand, its counts made to agree: the line no longer matches its hash.
  auto edited = second;
  edited["failures"].erase(0);
  edited["failed"] = edited["failed"].get<std::uint64_t>() - 1;
  edited["passed"] = edited["passed"].get<std::uint64_t>() + 1;
  refused("cs_deleted", edited, "were changed after its run wrote them");
  // Lines that hold together by their hash but not with each other or the first shard.
  edited = second;
  edited["interrupted"] = true;
  refused("cs_interrupted", resealed(edited), "the shard was interrupted");
  edited = second;
  edited["shard"]["units"].push_back(3);
  refused("cs_units", resealed(edited), "its units hold");
  edited = second;
  edited["failures"].erase(0);
  refused("cs_failures", resealed(edited), "failures, but it says");
  edited = second;
  edited["method"] = "remove";
  refused("cs_method", resealed(edited), "not shards of one check");
  edited = second;
  edited["shard"]["units_per_shard"] = 7;
  refused("cs_units_per_shard", resealed(edited), "--shard-units differs");
  const result gen_findings = run({"merge", "--findings", temp_path("x.jsonl"),
                                   write_temp("g1", lines(run({"gen", "BinaryTree", "4", "--shard", "1/1", "--stats", "json", "-q"}).out).back() + "\n")});
  EXPECT_EQ(gen_findings.exit_code, 2) << gen_findings.err;
  EXPECT_TRUE(contains(gen_findings.err, "--findings goes with the shards of a check")) << gen_findings.err;
}

// merge checks what it adds up: every shard prints all its structures or none does, no line is
// lost, and counts are counts.
TEST(Scale, MergeRefusesLostLinesMixedPrintingAndImpossibleCounts) {
  std::vector<std::string> outs;
  for (const std::string shard : {"1/2", "2/2"}) {
    const std::vector<std::string> args = {"gen", "BinaryTree", "5", "--shard", shard, "--format", "jsonl",
                                           "--stats", "json", "-q"};
    const result r = run(args);
    ASSERT_EQ(r.exit_code, 0) << shown(args, r);
    outs.push_back(r.out);
  }
  const auto write = [](const std::string& name, const std::string& text) {
    const std::string path = temp_path(name);
    std::ofstream(path) << text;
    return path;
  };
  const std::string first = write("merge_1", outs[0]);
  const std::string second = write("merge_2", outs[1]);
  const result good = run({"merge", first, second, "-q"});
  ASSERT_EQ(good.exit_code, 0) << good.err;
  // A structure line lost.
  const std::string lost = write("merge_lost", outs[1].substr(outs[1].find('\n') + 1));
  const result r1 = run({"merge", first, lost});
  EXPECT_EQ(r1.exit_code, 2);
  EXPECT_TRUE(contains(r1.err, "structures but says it yielded")) << r1.err;
  // A shard run without --format: only its statistics line.
  const std::string bare = write("merge_bare", lines(outs[1]).back() + "\n");
  const result r2 = run({"merge", first, bare});
  EXPECT_EQ(r2.exit_code, 2);
  EXPECT_TRUE(contains(r2.err, "prints its structures and")) << r2.err;
  // A count that is not one, and counts that cannot be.
  std::string stats_line = lines(outs[1]).back();
  const auto negative = nlohmann::json::parse(stats_line);
  auto edited = negative;
  edited["explored"] = -5;
  const result r3 = run({"merge", first, write("merge_negative", edited.dump() + "\n")});
  EXPECT_EQ(r3.exit_code, 2);
  EXPECT_TRUE(contains(r3.err, "\"explored\" is -5, not a count")) << r3.err;
  edited = negative;
  edited["valid"] = edited["explored"].get<std::uint64_t>() + 1;
  const result r4 = run({"merge", first, write("merge_impossible", edited.dump() + "\n")});
  EXPECT_EQ(r4.exit_code, 2);
  EXPECT_TRUE(contains(r4.err, "impossible counts")) << r4.err;
  // A count of the table missing, and a flag that is not one, in statistics sealed as a run would
  // seal them: refused naming the file, never read as 0 or false.
  const std::string first_bare = write("merge_first_bare", lines(outs[0]).back() + "\n");
  edited = negative;
  edited.erase("predicate_calls");
  const std::string missing = write("merge_missing", resealed(edited).dump() + "\n");
  const result r5 = run({"merge", first_bare, missing});
  EXPECT_EQ(r5.exit_code, 2) << r5.out;
  EXPECT_EQ(r5.out, "");
  EXPECT_TRUE(contains(r5.err, "merge: " + missing + ": \"predicate_calls\" is missing")) << r5.err;
  edited = negative;
  edited["interrupted"] = "no";
  const std::string flag = write("merge_flag", resealed(edited).dump() + "\n");
  const result r6 = run({"merge", first_bare, flag});
  EXPECT_EQ(r6.exit_code, 2) << r6.out;
  EXPECT_EQ(r6.out, "");
  EXPECT_TRUE(contains(r6.err, "merge: " + flag + ": \"interrupted\" is \"no\", not true or false")) << r6.err;
}

// Shards judged by different invariants are not one search: merge refuses the mix.
TEST(Scale, MergeRefusesShardsJudgedByDifferentInvariants) {
  const std::string spec = std::string(SMALLSCOPE_SOURCE_DIR) + "/examples/specs/korat/binary_tree.als";
  const std::string one = temp_path("bt5_spec_shard1"), two = temp_path("bt5_cpp_shard2");
  const result a = run({"gen", "BinaryTree", "5", "--shard", "1/2", "--invariant", spec, "--stats", "json", "-q"});
  const result b = run({"gen", "BinaryTree", "5", "--shard", "2/2", "--stats", "json", "-q"});
  ASSERT_EQ(a.exit_code, 0) << a.err;
  ASSERT_EQ(b.exit_code, 0) << b.err;
  std::ofstream(one) << a.out;
  std::ofstream(two) << b.out;
  const result m = run({"merge", one, two});
  EXPECT_EQ(m.exit_code, 2) << m.out;
  EXPECT_TRUE(contains(m.err, "their judge differ")) << m.err;
  // The same with check's shards.
  const std::string st = std::string(SMALLSCOPE_SOURCE_DIR) + "/examples/specs/korat/search_tree.als";
  const result c1 = run({"check", "SearchTree", "remove", "4", "--shard", "1/2", "--invariant", st, "--stats", "json", "-q"});
  const result c2 = run({"check", "SearchTree", "remove", "4", "--shard", "2/2", "--stats", "json", "-q"});
  if (c1.exit_code <= 1 && c2.exit_code <= 1) {
    std::ofstream(one) << c1.out;
    std::ofstream(two) << c2.out;
    const result mc = run({"merge", one, two});
    EXPECT_EQ(mc.exit_code, 2) << mc.out;
    EXPECT_TRUE(contains(mc.err, "differ")) << mc.err;
  } else {
    ADD_FAILURE() << c1.err << c2.err;
  }
}

}  // namespace
