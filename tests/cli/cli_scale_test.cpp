// End-to-end tests of gen and check at scale: on two threads (check: two workers), and killed
// (SIGKILL) or interrupted (SIGINT) and resumed from its checkpoint: the structures and counts
// are always those of one uninterrupted run on one thread. Shards joined by `merge`:
// cli_shard_test.cpp.
#include <gtest/gtest.h>
#include <signal.h>

#include <algorithm>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <random>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include "support/cli_child.hpp"
#include "support/cli_runner.hpp"
#include "support/scale_output.hpp"
#include "support/temp_files.hpp"

namespace {

using cli_child::child;
using cli_child::describe;
using cli_runner::contains;
using cli_runner::lines;
using cli_runner::result;
using cli_runner::run;
using cli_runner::shown;
using json = nlohmann::json;
using namespace scale_output;

using test_files::file_text;
using test_files::temp_path;
using test_files::write_temp;

TEST(Scale, TwoThreadsPrintTheSameStructuresNumberedInOrder) {
  const printed one = gen_jsonl({"SearchTree", "6", "--threads", "1"});
  const printed two = gen_jsonl({"SearchTree", "6", "--threads", "2"});
  ASSERT_EQ(one.structures.size(), 132u);
  EXPECT_EQ(sorted(two.structures), sorted(one.structures));
  EXPECT_EQ(two.indices, one_to(two.structures.size()));
  EXPECT_EQ(two.stats["explored"], one.stats["explored"]);
  EXPECT_EQ(two.stats["valid"], one.stats["valid"]);
  EXPECT_EQ(two.stats["threads"], 2);
}

// --threads 0 means what it means in the library and what leaving it out means: every core this
// process may use, one thread where the run follows the search's order.
TEST(Scale, ZeroThreadsAreTheDefault) {
  const printed left_out = gen_jsonl({"SearchTree", "6"});
  const printed zero = gen_jsonl({"SearchTree", "6", "--threads", "0"});
  EXPECT_EQ(zero.stats["threads"], left_out.stats["threads"]);
  EXPECT_EQ(sorted(zero.structures), sorted(left_out.structures));
  EXPECT_EQ(zero.structures.size(), 132u);
  const result ordered = run({"gen", "BinaryTree", "3", "--limit", "2", "--threads", "0", "--stats", "json", "-q"});
  EXPECT_EQ(ordered.exit_code, 0) << ordered.err;
  EXPECT_TRUE(contains(ordered.out, "\"threads\":1") || contains(ordered.out, "\"threads\": 1")) << ordered.out;
  const result checked = run({"check", "SearchTree", "remove", "3", "--threads", "0", "-q"});
  EXPECT_EQ(checked.exit_code, 0) << checked.err;
}

// check on two workers: the same findings, numbered alike, with the same pictures, and the
// same counts as on one.
TEST(Scale, CheckOnTwoWorkersFindsWhatOneFinds) {
  std::vector<std::vector<json>> findings;
  std::vector<json> stats;
  for (const char* threads : {"1", "2"}) {
    const std::string file = temp_path(std::string("sll_findings_") + threads + ".jsonl");
    const std::vector<std::string> args = {"check", "SinglyLinkedList", "remove_null_deref", "3", "--threads", threads,
                                           "--findings", file, "--format", "dot", "--stats", "json", "-q"};
    const result r = run(args);
    EXPECT_EQ(r.exit_code, 1) << shown(args, r);
    const auto f = cli_runner::read_findings(file);
    EXPECT_FALSE(f.header.is_discarded()) << test_files::file_text(file);
    EXPECT_EQ(f.header.value("complete", false), true);
    findings.push_back(f.findings);
    stats.push_back(cli_runner::last_line_json(r.out));
  }
  EXPECT_GT(findings[0].size(), 10u);
  EXPECT_EQ(findings[1], findings[0]);
  for (const char* key : {"inputs", "passed", "failed", "structures", "explored", "total_inputs",
                          "first_failed_inputs", "worker_restarts", "warnings"})
    EXPECT_EQ(stats[1][key], stats[0][key]) << key;
  EXPECT_EQ(stats[1]["threads"], 2);
  const result ordered = run({"check", "SinglyLinkedList", "remove_null_deref", "3", "--threads", "2", "--stop-after", "1"});
  EXPECT_EQ(ordered.exit_code, 2);
  EXPECT_TRUE(contains(ordered.err, "--stop-after runs on one worker: give --threads 1 or leave --threads out"))
      << ordered.err;
}

TEST(Scale, GeneratorsPrintTheSameStructuresFromFewerCandidates) {
  const printed plain = gen_jsonl({"RedBlackTree", "6", "--threads", "1"});
  const printed generated = gen_jsonl({"RedBlackTree", "6", "--generators"});
  EXPECT_EQ(sorted(generated.structures), sorted(plain.structures));
  EXPECT_LT(generated.stats["explored"].get<std::uint64_t>(), plain.stats["explored"].get<std::uint64_t>());
  EXPECT_EQ(generated.stats["generators"], true);
  EXPECT_EQ(generated.stats["generator_misuse"], 0);
}

// --threads beyond 4 per core is refused at once (it would spend minutes starting threads), and
// the range the message quotes is the real one.
TEST(Scale, ThreadsAreBoundedByTheCores) {
  for (const std::string command : {"gen", "check"}) {
    std::vector<std::string> args = {command, "SearchTree"};
    if (command == "check") args.push_back("remove");
    args.insert(args.end(), {"3", "--threads", "100000"});
    const result r = run(args);
    EXPECT_EQ(r.exit_code, 2) << shown(args, r);
    EXPECT_TRUE(contains(r.err, "--threads must be an integer in [0, ")) << r.err;
    EXPECT_TRUE(contains(r.err, "] (4 per core this process may use: ")) << r.err;
    EXPECT_FALSE(contains(r.err, "18446744073709551615")) << r.err;
    EXPECT_EQ(r.out, "");
  }
  const result most = run({"gen", "SearchTree", "3", "--threads", "4", "-q"});  // 4 <= 4 x cores anywhere
  EXPECT_EQ(most.exit_code, 0) << most.err;
}

// Kills a checkpointing run with SIGKILL at random moments, runs the same command again each
// time, and compares the end with an uninterrupted run: the same structures, each once, and the
// same counts, in --output and in the --suite streamed beside it. One thread keeps the search's
// order, so its output file is the same byte for byte (the statistics line aside).
void kill_and_resume(const std::string& threads) {
  const std::vector<std::string> subject = {"SearchTree", "9"};
  const printed whole = gen_jsonl({"SearchTree", "9", "--threads", "1"});
  const std::string output = temp_path("st9_" + threads + ".jsonl");
  const std::string checkpoint = temp_path("st9_" + threads + ".checkpoint");
  const std::string suite = temp_path("st9_" + threads + ".suite");
  std::filesystem::remove(checkpoint);
  const std::vector<std::string> args = {"gen", "SearchTree", "9", "--threads", threads, "--format", "jsonl",
                                         "--stats", "json", "--output", output, "--checkpoint", checkpoint,
                                         "--checkpoint-every", "0.1", "--suite", suite};
  const unsigned seed = std::random_device{}();
  std::mt19937 random(seed);
  int kills = 0;
  int resumed = 0;
  for (int leg = 0; leg < 12; ++leg) {
    child c(args);
    if (leg < 4) {  // before the run could end (0.6 s on two threads of this machine, unloaded)
      // Once a checkpoint is there (a loaded machine, or a sanitized build, starts later), at a
      // random moment after it.
      for (int waited = 0; waited < 500 && !std::filesystem::exists(checkpoint); ++waited)
        std::this_thread::sleep_for(std::chrono::milliseconds(10));
      const int ms = std::uniform_int_distribution<int>(0, 200)(random);
      std::this_thread::sleep_for(std::chrono::milliseconds(ms));
      if (kill(c.pid(), SIGKILL) == 0) ++kills;
    }
    const int code = c.wait(120);
    if (contains(c.err(), "resuming from")) ++resumed;
    if (code == 0) break;
    ASSERT_EQ(code, 128 + SIGKILL) << "seed " << seed << "\n" << describe(args, c);
  }
  EXPECT_GE(kills, 1) << "seed " << seed;
  EXPECT_GE(resumed, 1) << "no run went on from a checkpoint (seed " << seed << ")";
  EXPECT_FALSE(std::filesystem::exists(checkpoint)) << "a finished run removes its checkpoint";
  const printed end = parse(test_files::file_text(output));
  EXPECT_EQ(end.stats["valid"], whole.stats["valid"]) << "seed " << seed;
  EXPECT_EQ(end.stats["explored"], whole.stats["explored"]) << "seed " << seed;
  EXPECT_EQ(end.indices, one_to(end.structures.size())) << "seed " << seed;
  if (threads == "1")
    EXPECT_EQ(end.structures, whole.structures) << "seed " << seed;
  else
    EXPECT_EQ(sorted(end.structures), sorted(whole.structures)) << "seed " << seed;
  // The suite: its header counts every structure, and its lines are the output's.
  const std::string suite_text = test_files::file_text(suite);
  const json header = json::parse(suite_text.substr(0, suite_text.find('\n')), nullptr, false);
  EXPECT_EQ(header.value("structures", std::uint64_t{0}), whole.structures.size()) << "seed " << seed;
  EXPECT_EQ(header.value("complete", false), true) << "seed " << seed;
  const printed suite_lines = parse(suite_text.substr(suite_text.find('\n') + 1) + "{}\n");
  EXPECT_EQ(suite_lines.indices, one_to(suite_lines.structures.size())) << "seed " << seed;
  EXPECT_EQ(sorted(suite_lines.structures), sorted(whole.structures)) << "seed " << seed;
  EXPECT_FALSE(std::filesystem::exists(suite + ".structures")) << "a finished run removes the lines beside its suite";
}

// gen --suite streams its lines to a file beside the suite while the search runs (it held every
// structure in memory to the end): the file grows during the run, and an interrupted run's
// suite holds what it found, its header counting them.
TEST(Scale, TheSuiteIsStreamedWhileTheSearchRuns) {
  const std::string suite = temp_path("bt14.suite");
  std::filesystem::remove(suite);
  const std::vector<std::string> args = {"gen", "BinaryTree", "14", "--threads", "1", "--suite", suite, "-q"};
  child c(args);
  bool grew = false;
  for (int waited = 0; waited < 3000 && !grew; ++waited) {
    std::error_code ec;
    grew = std::filesystem::file_size(suite + ".structures", ec) > (1u << 20) && !ec;
    if (!grew) std::this_thread::sleep_for(std::chrono::milliseconds(10));
  }
  EXPECT_TRUE(grew) << "no lines beside the suite during the run\n" << describe(args, c);
  std::error_code ec;
  EXPECT_EQ(std::filesystem::file_size(suite, ec), 0u) << "the suite is written at the end";
  EXPECT_EQ(kill(c.pid(), SIGINT), 0);
  EXPECT_EQ(c.wait(), 130) << describe(args, c);
  const std::string text = test_files::file_text(suite);
  const json header = json::parse(text.substr(0, text.find('\n')), nullptr, false);
  EXPECT_EQ(header.value("complete", true), false);
  const auto structures = static_cast<std::uint64_t>(std::count(text.begin(), text.end(), '\n')) - 1;
  EXPECT_GT(structures, 0u);
  EXPECT_EQ(header.value("structures", std::uint64_t{0}), structures);
  EXPECT_FALSE(std::filesystem::exists(suite + ".structures"));
}

// A disk that fills during the suite's final write: the suite is cut to nothing (no header
// counts lines that do not follow), its lines and the checkpoint stay, and the same command run
// again goes on from them to the whole suite. `ulimit -f` between the lines' size and the
// suite's stands for the full disk; a long program path (a link to the binary) makes the header,
// which names the program, longer than the 1 KiB steps of the limit.
TEST(Scale, AFullDiskAtTheSuitesEndKeepsItsLinesAndTheCheckpoint) {
  namespace fs = std::filesystem;
  const fs::path dir = temp_path("suite_full_disk");
  fs::remove_all(dir);
  fs::path long_dir = dir;
  for (int i = 0; i < 5; ++i) long_dir /= std::string(250, static_cast<char>('a' + i));
  fs::create_directories(long_dir);
  const std::string program = (long_dir / "smallscope").string();
  fs::create_symlink(SMALLSCOPE_BINARY, program);
  const std::string whole = (dir / "whole.suite").string(), suite = (dir / "o.suite").string(),
                    checkpoint = (dir / "o.checkpoint").string(), err = (dir / "err").string();
  // Slow enough (no pruning: about a second) for checkpoints every 0.1 s, small enough (51 trees).
  const std::string gen = "'" + program + "' gen SearchTree --fin 4,0,4,0,3 --no-pruning --threads 1 -q";
  const auto sh = [&](const std::string& command) {
    const int status = std::system(("bash -c \"" + command + " 2> '" + err + "'\"").c_str());
    return WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
  };
  ASSERT_EQ(sh(gen + " --suite '" + whole + "'"), 0) << file_text(err);
  const std::string expected = file_text(whole);
  const std::size_t header = expected.find('\n') + 1, lines = expected.size() - header;
  const std::size_t blocks = (expected.size() - 1) / 1024;  // the suite does not fit; its lines do
  ASSERT_GE(blocks * 1024, lines) << "header of " << header << " bytes";

  const std::string resumable = gen + " --suite '" + suite + "' --checkpoint '" + checkpoint + "' --checkpoint-every 0.1";
  EXPECT_EQ(sh("ulimit -f " + std::to_string(blocks) + "; exec " + resumable), 3) << file_text(err);
  EXPECT_TRUE(contains(file_text(err), "--suite: cannot write '" + suite + "' (File too large); its 51 structures are "
                                       "kept in '" + suite + ".structures'")) << file_text(err);
  std::error_code ec;
  EXPECT_TRUE(!fs::exists(suite) || fs::file_size(suite, ec) == 0) << "a header that counts lines which do not follow";
  EXPECT_EQ(file_text(suite + ".structures"), expected.substr(header));
  ASSERT_TRUE(fs::exists(checkpoint)) << file_text(err);
  EXPECT_TRUE(contains(file_text(err), "run the same command again: it goes on from the checkpoint")) << file_text(err);

  EXPECT_EQ(sh(resumable), 0) << file_text(err);
  EXPECT_EQ(file_text(suite), expected);
  EXPECT_FALSE(fs::exists(suite + ".structures"));
  EXPECT_FALSE(fs::exists(checkpoint));
  fs::remove_all(dir);
}

// SUITE.structures is an output of the run: a file of that name that no checkpoint goes on from
// is refused and left as it was, and no other output of the run may be it.
TEST(Scale, TheLinesBesideASuiteAreNeverSomeoneElsesFile) {
  const std::string suite = temp_path("beside.suite");
  std::filesystem::remove(suite);
  write_temp("beside.suite.structures", "someone's notes\n");
  const result refused = run({"gen", "BinaryTree", "3", "--suite", suite, "-q"});
  EXPECT_EQ(refused.exit_code, 2) << refused.err;
  EXPECT_TRUE(contains(refused.err, "'" + suite + ".structures' exists, and it is where --suite")) << refused.err;
  EXPECT_EQ(file_text(suite + ".structures"), "someone's notes\n");
  EXPECT_FALSE(std::filesystem::exists(suite)) << "a refused run leaves no suite";
  std::filesystem::remove(suite + ".structures");
  const result clash = run({"gen", "BinaryTree", "3", "--suite", suite, "--print", "--output", suite + ".structures", "-q"});
  EXPECT_EQ(clash.exit_code, 2) << clash.err;
  EXPECT_TRUE(contains(clash.err, "--suite's lines")) << clash.err;
  EXPECT_FALSE(std::filesystem::exists(suite + ".structures"));
}

// A suite written to a stream (/dev/stdout, a pipe): no lock file and no lines beside it, the
// suite whole on the stream.
TEST(Scale, ASuiteCanBeWrittenToAStream) {
  const result r = cli_runner::run_program(
      "/bin/sh", {"-c", "'" SMALLSCOPE_BINARY "' gen BinaryTree 2 --suite /dev/stdout -q | cat"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const auto all = lines(r.out);
  ASSERT_EQ(all.size(), 4u) << r.out;  // the header, two structures, the summary
  EXPECT_EQ(json::parse(all[0]).value("structures", 0), 2);
  EXPECT_EQ(json::parse(all[2]).value("index", 0), 2);
  EXPECT_TRUE(contains(all[3], "2 valid")) << r.out;
}

TEST(Scale, SigkillAndResumeGiveTheUninterruptedOutputOnOneThread) { kill_and_resume("1"); }
TEST(Scale, SigkillAndResumeGiveTheUninterruptedStructuresOnTwoThreads) { kill_and_resume("2"); }

// A checkpoint of this command whose unit names a slot the finitization does not have is
// refused with exit 2 (a corrupt or hand-edited file), not followed.
TEST(Scale, ACheckpointThatDoesNotFitTheFinitizationIsRefused) {
  const std::string path = temp_path("bt3_bad.checkpoint");
  json j = json::parse(R"({"smallscope_checkpoint":4,"identity":"","stats":{"explored":1,)"
                       R"("valid":0,"predicate_calls":1,"budget_exceeded":0,"predicate_exceptions":0,)"
                       R"("generator_misuse":0,"seconds":0.1},"units":[{"slots":[99999],)"
                       R"("values":[0],"floor":0,"advance_first":false,"lo":[],"hi":[],"tree_slots":[]}],)"
                       R"("classes":[],"sample_count":0,"sample":[],)"
                       R"("saved":"{\"output_bytes\":0,\"output_tail\":0,\"suite\":{\"count\":0,\"bytes\":0,\"tail\":0}}"})");
  j["identity"] = "BinaryTree --fin 3,3,3 judged by " + cpp_judge();
  j["content_hash"] = checkpoint_hash(j);  // as a run writes it: only the unit is wrong
  std::ofstream(path) << j.dump() << "\n";
  const result r = run({"gen", "BinaryTree", "3", "--checkpoint", path});
  EXPECT_EQ(r.exit_code, 2) << r.err;
  EXPECT_TRUE(contains(r.err, "does not fit this finitization (unit 1)")) << r.err;
}

// Starts `args` (a gen with --checkpoint CHECKPOINT and --progress-interval), interrupts it with
// SIGINT once it shows progress, and expects exit 130 with the checkpoint saved; its statistics.
json interrupt_after_progress(const std::vector<std::string>& args, const std::string& checkpoint) {
  child c(args);
  EXPECT_TRUE(c.wait_for_err([](const std::string& err) { return contains(err, " explored ("); }))
      << "no progress line\n" << describe(args, c);
  EXPECT_EQ(kill(c.pid(), SIGINT), 0);
  EXPECT_EQ(c.wait(), 130) << describe(args, c);
  EXPECT_TRUE(contains(c.err(), "checkpoint saved to " + checkpoint)) << describe(args, c);
  EXPECT_TRUE(contains(c.err(), "run the same command again")) << describe(args, c);
  const json stopped = cli_runner::last_line_json(c.out());
  EXPECT_EQ(stopped.value("interrupted", false), true) << c.out();
  return stopped;
}

TEST(Scale, SigintSavesACheckpointAndSaysHowToGoOn) {
  const std::string checkpoint = temp_path("rbt10.checkpoint");
  std::filesystem::remove(checkpoint);
  const std::vector<std::string> args = {"gen", "RedBlackTree", "10", "--checkpoint", checkpoint, "--stats", "json",
                                         "--progress-interval", "0.02"};
  interrupt_after_progress(args, checkpoint);
  ASSERT_TRUE(std::filesystem::exists(checkpoint));
  // Another command is refused, naming both.
  const result other = run({"gen", "RedBlackTree", "9", "--checkpoint", checkpoint});
  EXPECT_EQ(other.exit_code, 2);
  EXPECT_TRUE(contains(other.err, "was written by another run")) << other.err;
  // The same command goes on and ends with the counts of an uninterrupted run.
  const json whole = cli_runner::last_line_json(run({"gen", "RedBlackTree", "10", "--stats", "json", "-q"}).out);
  const result rest = run({"gen", "RedBlackTree", "10", "--checkpoint", checkpoint, "--stats", "json"});
  ASSERT_EQ(rest.exit_code, 0) << rest.err;
  EXPECT_TRUE(contains(rest.err, "resuming from")) << rest.err;
  const json done = cli_runner::last_line_json(rest.out);
  EXPECT_EQ(done.value("valid", 0), whole.value("valid", 1));
  EXPECT_EQ(done.value("explored", 0), whole.value("explored", 1));
  EXPECT_EQ(done.value("interrupted", true), false);
}

// A shard interrupted goes on from its checkpoint: a shard's units may have a floor past their
// prefix (an invariant that read fewer fields than the plan's depth), which the resume took for
// a checkpoint of another finitization.
TEST(Scale, AShardInterruptedGoesOnFromItsCheckpoint) {
  const std::string checkpoint = temp_path("heap9_shard.checkpoint");
  std::filesystem::remove(checkpoint);
  const std::vector<std::string> args = {"gen",          "HeapArray", "9",       "--shard",      "2/2",
                                         "--threads",    "1",         "--stats", "json",         "--checkpoint",
                                         checkpoint,     "--progress-interval",  "0.02"};
  interrupt_after_progress(args, checkpoint);
  ASSERT_TRUE(std::filesystem::exists(checkpoint));
  const json whole =
      cli_runner::last_line_json(run({"gen", "HeapArray", "9", "--shard", "2/2", "--stats", "json", "-q"}).out);
  const result rest = run({"gen", "HeapArray", "9", "--shard", "2/2", "--threads", "1", "--stats", "json",
                           "--checkpoint", checkpoint});
  ASSERT_EQ(rest.exit_code, 0) << rest.err;
  EXPECT_TRUE(contains(rest.err, "resuming from")) << rest.err;
  const json done = cli_runner::last_line_json(rest.out);
  EXPECT_EQ(done.value("valid", 0), whole.value("valid", 1));
  EXPECT_EQ(done.value("explored", 0), whole.value("explored", 1));
  EXPECT_EQ(done.value("interrupted", true), false);
}

// With a spec as the invariant: SIGINT saves a checkpoint, and the same command goes on from it
// to the structures of the C++ invariant (search trees of 7 nodes: a run of about a second).
// SearchTree 9 (about 3 s on two threads): the binary judges the spec compiled, and 7 ends in
// 0.07 s, before the first leg's interrupt comes.
TEST(Scale, ASpecInvariantRunInterruptedGoesOnFromItsCheckpoint) {
  const std::string checkpoint = temp_path("st9_spec.checkpoint");
  std::filesystem::remove(checkpoint);
  const std::vector<std::string> args = {"gen", "SearchTree", "9", "--invariant",
                                         std::string(SMALLSCOPE_SOURCE_DIR) + "/examples/specs/korat/search_tree.als",
                                         "--checkpoint", checkpoint, "--stats", "json", "--progress-interval", "0.02"};
  const json stopped = interrupt_after_progress(args, checkpoint);
  const json cpp = cli_runner::last_line_json(run({"gen", "SearchTree", "9", "--stats", "json", "-q"}).out);
  const result rest = run(args);
  ASSERT_EQ(rest.exit_code, 0) << rest.err;
  EXPECT_TRUE(contains(rest.err, "resuming from")) << rest.err;
  const json done = cli_runner::last_line_json(rest.out);
  EXPECT_EQ(done.value("valid", 0), cpp.value("valid", 1));
  EXPECT_LT(stopped.value("valid", 0), done.value("valid", 0)) << "the first leg ran part of the search";
  EXPECT_EQ(done.value("interrupted", true), false);
}

// A checkpoint records what judged its structures: after the spec is edited, the same command
// is refused instead of going on with another invariant (its count would be neither spec's).
TEST(Scale, ACheckpointIsNotResumedAfterItsSpecChanged) {
  const std::string checkpoint = temp_path("st9_edited.checkpoint");
  std::filesystem::remove(checkpoint);
  const std::string spec = temp_path("st9_edited.als");
  std::filesystem::copy_file(std::string(SMALLSCOPE_SOURCE_DIR) + "/examples/specs/korat/search_tree.als", spec,
                             std::filesystem::copy_options::overwrite_existing);
  const std::vector<std::string> args = {"gen", "SearchTree", "9", "--invariant", spec, "--checkpoint", checkpoint,
                                         "--stats", "json", "--progress-interval", "0.02"};
  interrupt_after_progress(args, checkpoint);
  ASSERT_TRUE(std::filesystem::exists(checkpoint));
  std::ofstream(spec, std::ios::app) << "\n-- edited after the checkpoint\n";
  const result edited = run(args);
  EXPECT_EQ(edited.exit_code, 2) << edited.err;
  EXPECT_TRUE(contains(edited.err, "was written by another run")) << edited.err;
  EXPECT_TRUE(std::filesystem::exists(checkpoint)) << "the refused run left the checkpoint as it was";
}


// `gen BinaryTree 13 --print --output OUTPUT --checkpoint CHECKPOINT` (a run of several
// seconds), its checkpoint removed first; the arguments.
std::vector<std::string> long_gen(const std::string& name) {
  std::filesystem::remove(temp_path(name + ".checkpoint"));
  return {"gen", "BinaryTree", "13", "--print", "--output", temp_path(name + ".out"), "--checkpoint",
          temp_path(name + ".checkpoint"), "--progress-interval", "0.02"};
}

// A running long_gen, once it has shown progress.
bool shows_progress(child& c) {
  return c.wait_for_err([](const std::string& err) { return contains(err, " explored ("); });
}

// A checkpoint edited by hand (still valid JSON) is refused; so is resuming with an output that
// is not the one the checkpoint's run wrote.
TEST(Scale, ACheckpointVouchesForItselfAndForItsOutput) {
  const std::vector<std::string> args = long_gen("bt13_edit");
  const std::string checkpoint = args[7];
  child c(args);
  ASSERT_TRUE(shows_progress(c)) << "no progress line\n" << describe(args, c);
  ASSERT_EQ(kill(c.pid(), SIGINT), 0);
  ASSERT_EQ(c.wait(), 130) << describe(args, c);
  ASSERT_TRUE(std::filesystem::exists(checkpoint));
  std::stringstream text;
  text << std::ifstream(checkpoint).rdbuf();
  const json saved = json::parse(text.str());
  const json outputs = json::parse(saved.at("saved").get<std::string>());  // the command line's state
  ASSERT_GT(outputs.at("output_bytes").get<std::uint64_t>(), 0u) << "nothing was written before the interruption";
  // Another output file of the same size: its bytes are not those the checkpoint vouches for.
  const std::string other = temp_path("bt13_other.out");
  std::ofstream(other) << std::string(outputs.at("output_bytes").get<std::uint64_t>() + 10, 'x');
  std::vector<std::string> elsewhere = args;
  elsewhere[5] = other;
  const result moved = run(elsewhere);
  EXPECT_EQ(moved.exit_code, 2) << moved.err;
  EXPECT_TRUE(contains(moved.err, "--output: '" + other + "' is not the file the checkpoint's run wrote")) << moved.err;
  // One count changed by hand.
  json edited = saved;
  edited["stats"]["valid"] = edited["stats"]["valid"].get<std::uint64_t>() + 1000;
  std::ofstream(checkpoint) << edited.dump() << "\n";
  const result r = run(args);
  EXPECT_EQ(r.exit_code, 2) << r.err;
  EXPECT_TRUE(contains(r.err, "was changed after its run wrote it")) << r.err;
}

// Two runs with one output and checkpoint: the second stops at once and names the first's
// process; a lock file left by a run killed with SIGKILL is taken over.
TEST(Scale, TwoRunsDoNotShareAnOutputOrACheckpoint) {
  const std::vector<std::string> args = long_gen("bt13_lock");
  const std::string output = args[5], checkpoint = args[7];
  child first(args);
  ASSERT_TRUE(shows_progress(first)) << "no progress line\n" << describe(args, first);
  const result second = run(args);
  EXPECT_EQ(second.exit_code, 2) << second.err;
  EXPECT_TRUE(contains(second.err, "--output: '" + output + "' is in use by process " + std::to_string(first.pid())))
      << second.err;
  ASSERT_EQ(kill(first.pid(), SIGKILL), 0);
  first.wait();
  std::filesystem::remove(checkpoint);
  EXPECT_TRUE(std::filesystem::exists(output + ".lock"));  // stale: its process is gone
  const result after = run({"gen", "BinaryTree", "3", "--print", "--output", output, "-q"});
  EXPECT_EQ(after.exit_code, 0) << after.err;
  EXPECT_FALSE(std::filesystem::exists(output + ".lock")) << "a finished run removes its lock file";
}

// Every name of the file finds the lock: a symbolic link to the output, and a hard link to it,
// are refused while the first run writes it; so is a second check writing the same --findings.
TEST(Scale, ALockHoldsTheFileUnderEveryName) {
  const std::vector<std::string> args = long_gen("bt13_names");
  const std::string output = args[5];
  // Not there when the first run starts: the lock of the file itself must hold from the start,
  // not only when a run before left the file behind.
  std::filesystem::remove(output);
  child first(args);
  ASSERT_TRUE(shows_progress(first)) << "no progress line\n" << describe(args, first);
  const std::string link = temp_path("bt13_names_link.out"), hard = temp_path("bt13_names_hard.out");
  std::filesystem::remove(link);
  std::filesystem::remove(hard);
  std::filesystem::create_symlink(output, link);
  std::filesystem::create_hard_link(output, hard);
  for (const std::string& name : {link, hard}) {
    const result second = run({"gen", "BinaryTree", "3", "--print", "--output", name, "-q"});
    EXPECT_EQ(second.exit_code, 2) << second.err;
    EXPECT_TRUE(contains(second.err, "is in use by")) << second.err;
  }
  ASSERT_EQ(kill(first.pid(), SIGKILL), 0);
  first.wait();
  std::filesystem::remove(link);
  std::filesystem::remove(hard);

  const std::string findings = temp_path("st9_findings.jsonl");
  const std::vector<std::string> check = {"check", "SinglyLinkedList", "remove_null_deref", "9", "--progress-interval",
                                          "0.05", "--findings", findings, "--show", "0"};
  child checking(check);
  ASSERT_TRUE(checking.wait_for_err([](const std::string& err) { return contains(err, " inputs checked"); }))
      << "no progress line\n" << describe(check, checking);
  const result other = run({"check", "SearchTree", "remove", "3", "--findings", findings, "-q"});
  EXPECT_EQ(other.exit_code, 2) << other.err;
  EXPECT_TRUE(contains(other.err, "--findings: '" + findings + "' is in use by process " + std::to_string(checking.pid())))
      << other.err;
  ASSERT_EQ(kill(checking.pid(), SIGKILL), 0);
  checking.wait();
}

// Interrupted on two workers, a check's counts add up: the structures of the units in progress
// are counted with the inputs they gave, and the candidates explored are at least the structures.
TEST(Scale, AnInterruptedCheckOnTwoWorkersCountsWhatItChecked) {
  const std::vector<std::string> args = {"check", "SearchTree", "remove", "9", "--threads", "2", "--stats", "json",
                                         "--progress-interval", "0.05"};
  child c(args);
  ASSERT_TRUE(c.wait_for_err([](const std::string& err) { return contains(err, " inputs checked"); }))
      << "no progress line\n" << describe(args, c);
  std::this_thread::sleep_for(std::chrono::milliseconds(300));
  ASSERT_EQ(kill(c.pid(), SIGINT), 0);
  ASSERT_EQ(c.wait(), 130) << describe(args, c);
  const json stats = cli_runner::last_line_json(c.out());
  ASSERT_FALSE(stats.is_discarded()) << describe(args, c);
  const auto inputs = stats.value("inputs", std::uint64_t{0});
  const auto structures = stats.value("structures", std::uint64_t{0});
  ASSERT_GT(inputs, 0u) << stats.dump();
  EXPECT_GT(structures, 0u) << stats.dump();
  EXPECT_GE(stats.value("explored", std::uint64_t{0}), structures) << stats.dump();
  // SearchTree's remove takes the keys 0..9 (and absent ones): at most that many inputs each.
  EXPECT_LE(inputs, structures * 20) << stats.dump();
}

// Runs `args`, kills its worker with SIGKILL once it shows `progress`, and returns the run's
// statistics once it ends, which must be with exit code 0: no finding blames the kill.
json stats_after_killing_a_worker(const std::vector<std::string>& args, const std::string& progress) {
  child c(args);
  EXPECT_TRUE(c.wait_for_err([&](const std::string& err) { return contains(err, progress); }))
      << "no progress line\n" << describe(args, c);
  const auto workers = cli_child::children_of(c.pid());
  EXPECT_FALSE(workers.empty()) << "no worker to kill";
  if (!workers.empty()) {
    EXPECT_EQ(kill(workers.front(), SIGKILL), 0);
  }
  EXPECT_EQ(c.wait(), 0) << describe(args, c);
  EXPECT_FALSE(contains(c.out(), "SIGKILL")) << c.out();
  return cli_runner::last_line_json(c.out());
}

// A worker killed from outside (the OOM killer's SIGKILL) is not a finding: it is replaced, its
// input runs again, and the check ends with the counts of an undisturbed run (SearchTree 9's
// remove: 3 s, long enough to kill its worker on the way).
TEST(Scale, AWorkerKilledFromOutsideIsReplacedNotBlamed) {
  const json whole = cli_runner::last_line_json(run({"check", "SearchTree", "remove", "9", "--stats", "json", "-q"}).out);
  const json stats = stats_after_killing_a_worker({"check", "SearchTree", "remove", "9", "--stats", "json",
                                                   "--progress-interval", "0.05", "--no-reproducers"},
                                                  " inputs checked");
  EXPECT_EQ(stats.value("failed", std::uint64_t{1}), 0u) << stats.dump();
  EXPECT_EQ(stats.value("inputs", std::uint64_t{0}), whole.value("inputs", std::uint64_t{1})) << stats.dump();
}

// The same in explore: the worker killed from outside is replaced, no call is blamed.
TEST(Scale, AnExplorationWorkerKilledFromOutsideIsReplacedNotBlamed) {
  const json stats = stats_after_killing_a_worker({"explore", "TreeMap", "12", "--methods", "put_key,remove",
                                                   "--max-states", "30000", "--no-differential", "--stats", "json",
                                                   "--progress-interval", "0.1"},
                                                  " states, ");
  EXPECT_EQ(stats.value("failed", std::uint64_t{1}), 0u) << stats.dump();
  EXPECT_EQ(stats.value("states", std::uint64_t{0}), 30000u) << stats.dump();
}

}  // namespace
