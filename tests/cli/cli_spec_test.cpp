// End-to-end tests of `smallscope spec` and `smallscope check --spec` (paper 003): counts,
// statistics, pictures, exit codes and the messages of bad input.
#include <gtest/gtest.h>

#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>
#include <string>
#include <vector>

#include "support/cli_runner.hpp"
#include "support/temp_files.hpp"

namespace {

using cli_runner::lines;
using cli_runner::result;
using cli_runner::run;
using cli_runner::shown;
using nlohmann::json;

std::string spec(const std::string& name) { return std::string(SMALLSCOPE_SOURCE_DIR) + "/examples/specs/" + name; }

bool contains(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

// A spec file with `text` in the temporary directory.
std::string write_spec(const std::string& name, const std::string& text) { return test_files::write_temp(name, text); }

TEST(SpecCli, CountsTheInstancesOfTheFirstRunCommand) {
  const std::vector<std::string> args = {"spec", spec("red_black_tree.als")};
  const result r = run(args);
  ASSERT_EQ(r.exit_code, 0) << shown(args, r);
  EXPECT_TRUE(contains(r.out, "run inputs: 14 instances in ")) << r.out;
  EXPECT_TRUE(contains(r.err, "spec " + spec("red_black_tree.als") + " --run inputs (for exactly 1 TreeMap, exactly 5 Entry, 4 Int)"))
      << r.err;
}

// A long flat chain of `and`s or `or`s (as generated specs write them) is no deep nesting, and
// means what its distinct operands joined once mean: the same instances.
TEST(SpecCli, LongFlatChainsParseAndMeanWhatTheyMean) {
  const std::string head =
      "sig BinaryTree { root: lone Node, size: one Int }\nsig Node { left: lone Node, right: lone Node }\n";
  const std::string tail = "\nrun inputs for exactly 1 BinaryTree, exactly 3 Node, 4 Int\n";
  const std::vector<std::string> operands = {"(no n: Node | n in n.^(left + right))", "(#(left + right) =< 2 or no root)",
                                             "(size = #root.*(left + right))"};
  const auto count = [](const std::string& out) {  // "run inputs: N" of "FILE run inputs: N instances in ..."
    const auto at = out.find("run inputs: ");
    return at == std::string::npos ? out : out.substr(at, out.find(" instances") - at);
  };
  for (const std::string op : {" and ", " or "}) {
    std::string flat = "pred BinaryTree.inputs { ", once = flat;
    for (std::size_t i = 0; i < 220; ++i) flat += (i == 0 ? "" : op) + operands[i % 3];
    for (std::size_t i = 0; i < 3; ++i) once += (i == 0 ? "" : op) + operands[i];
    const result f = run({"spec", write_spec("flat_chain.als", head + flat + " }" + tail), "-q"});
    const result o = run({"spec", write_spec("once_chain.als", head + once + " }" + tail), "-q"});
    ASSERT_EQ(f.exit_code, 0) << f.err;
    ASSERT_EQ(o.exit_code, 0) << o.err;
    EXPECT_EQ(count(f.out), count(o.out)) << op;
    EXPECT_TRUE(contains(f.out, "run inputs: ")) << f.out;
  }
}

TEST(SpecCli, PrintShowsEachInstancesReachedPart) {
  const std::vector<std::string> args = {"spec", spec("merge_sort.als"), "--print", "-q"};
  const result r = run(args);
  ASSERT_EQ(r.exit_code, 0) << shown(args, r);
  std::size_t instances = 0;
  for (const auto& line : lines(r.out)) instances += line.rfind("instance ", 0) == 0 ? 1 : 0;
  EXPECT_EQ(instances, 27u) << r.out;
  EXPECT_TRUE(contains(r.out, "  List$0: header = Node$0\n")) << r.out;
  // The integers are not atoms of the structure.
  EXPECT_FALSE(contains(r.out, "  0\n")) << r.out;
}

TEST(SpecCli, JsonLinesAndStatsJson) {
  const std::vector<std::string> args = {"spec", spec("binary_search_tree.als"), "--format", "jsonl", "--stats", "json", "-q"};
  const result r = run(args);
  ASSERT_EQ(r.exit_code, 0) << shown(args, r);
  const auto out = lines(r.out);
  ASSERT_EQ(out.size(), 52u) << r.out;  // 51 trees and the statistics, nothing else
  for (std::size_t i = 0; i + 1 < out.size(); ++i) {
    const json j = json::parse(out[i], nullptr, false);
    ASSERT_FALSE(j.is_discarded()) << out[i];
    EXPECT_EQ(j.value("instance", 0), static_cast<int>(i + 1));
  }
  const json stats = cli_runner::last_line_json(r.out);
  ASSERT_FALSE(stats.is_discarded()) << out.back();
  EXPECT_EQ(stats.value("instances", 0), 51);
  EXPECT_EQ(stats.value("run", ""), "inputs");
  EXPECT_GT(stats.value("cnf_clauses", 0), 0);
}

TEST(SpecCli, LimitStopsEarly) {
  const std::vector<std::string> args = {"spec", spec("binary_search_tree.als"), "--limit", "5", "-q"};
  const result r = run(args);
  ASSERT_EQ(r.exit_code, 0) << shown(args, r);
  EXPECT_TRUE(contains(r.out, ": 5 instances in ")) << r.out;
  EXPECT_TRUE(contains(r.out, "stopped at --limit")) << r.out;
}

TEST(SpecCli, BadSpecsExitTwoWithTheirPlace) {
  const std::string path = write_spec("bad_spec.als", "sig Node { next: lone Nod }\n");
  const std::vector<std::string> args = {"spec", path};
  const result r = run(args);
  EXPECT_EQ(r.exit_code, 2) << shown(args, r);
  EXPECT_TRUE(contains(r.err, path + ":1:23: error: unknown sig 'Nod'; did you mean 'Node'?")) << r.err;
  const std::vector<std::string> missing = {"spec", "/nonexistent/x.als"};
  const result m = run(missing);
  EXPECT_EQ(m.exit_code, 2) << shown(missing, m);
  EXPECT_TRUE(contains(m.err, "/nonexistent/x.als: error: cannot read the file: it does not exist")) << m.err;
  // Files that never end, or are not files, are refused at once.
  for (const std::string& odd : {std::string("/dev/urandom"), std::string("/")}) {
    const std::vector<std::string> endless = {"spec", odd};
    const result e = run(endless);
    EXPECT_EQ(e.exit_code, 2) << shown(endless, e);
    EXPECT_TRUE(contains(e.err, odd + ": error: cannot read the file: it is " +
                                    (odd == "/" ? "a directory" : "not a regular file")))
        << e.err;
  }
  const std::vector<std::string> run_name = {"spec", spec("merge_sort.als"), "--run", "nope"};
  const result n = run(run_name);
  EXPECT_EQ(n.exit_code, 2) << shown(run_name, n);
  EXPECT_TRUE(contains(n.err, "--run: ")) << n.err;
  EXPECT_TRUE(contains(n.err, "its run commands: inputs")) << n.err;
}

// A spec with an aux field (the solver's state) judges no C++ object: as gen's invariant and as
// check's postcondition it is refused at its place with exit 2, and nothing runs.
TEST(SpecCli, ASpecWithAnAuxFieldIsRefusedWhereItWouldJudgeCppObjects) {
  const std::vector<std::vector<std::string>> uses = {
      {"gen", "TreeSet", "3", "--invariant", spec("tree_set_fe.als"), "--stats", "json"},
      {"check", "TreeSet", "add", "3", "--spec", spec("tree_set_fe.als"), "--stats", "json"}};
  for (const auto& args : uses) {
    const result r = run(args);
    EXPECT_EQ(r.exit_code, 2) << shown(args, r);
    EXPECT_TRUE(contains(r.err, "tree_set_fe.als:30:7: field bh of sig TreeSetEntry is aux")) << r.err;
    EXPECT_TRUE(contains(r.err, "judge with a spec without aux fields")) << r.err;
    EXPECT_FALSE(contains(r.out, "\"valid\"")) << r.out;
  }
}

TEST(SpecCli, BadOptionValuesExitTwoNamingTheOption) {
  const std::vector<std::vector<std::string>> cases = {
      {"spec", spec("merge_sort.als"), "--format", "svg"},
      {"spec", spec("merge_sort.als"), "--stats", "xml"},
      {"spec", spec("merge_sort.als"), "--limit", "-1"},
      {"spec"},
  };
  const std::vector<std::string> expected = {"--format must be text, jsonl or dot, got 'svg'",
                                             "--stats must be json or text, got 'xml'", "--limit must be an integer",
                                             "FILE is required"};
  for (std::size_t i = 0; i < cases.size(); ++i) {
    const result r = run(cases[i]);
    EXPECT_EQ(r.exit_code, 2) << shown(cases[i], r);
    EXPECT_TRUE(contains(r.err, expected[i])) << shown(cases[i], r);
    EXPECT_TRUE(r.out.empty()) << shown(cases[i], r);
  }
}

TEST(SpecCli, CheckWithASpecPassesMergeSortAndCatchesItsMutant) {
  const std::vector<std::string> good = {"check", "MergeSortList", "merge_sort", "3", "--spec", spec("merge_sort.als"),
                                         "--post", "mergeSortOk", "-q"};
  const result g = run(good);
  ASSERT_EQ(g.exit_code, 0) << shown(good, g);
  EXPECT_TRUE(contains(g.out, "27 inputs, 27 passed, 0 failed")) << g.out;
  EXPECT_TRUE(contains(g.out, "the 27 instances of run inputs")) << g.out;
  const std::vector<std::string> bad = {"check", "MergeSortList", "merge_sort_reversed", "3", "--spec",
                                        spec("merge_sort.als"), "--post", "mergeSortOk", "-q", "--no-reproducers"};
  const result b = run(bad);
  ASSERT_EQ(b.exit_code, 1) << shown(bad, b);
  EXPECT_TRUE(contains(b.out, "27 inputs, 3 passed, 24 failed")) << b.out;
  EXPECT_TRUE(contains(b.out, "postcondition clause \"sorted\" fails")) << b.out;
  EXPECT_TRUE(contains(b.out, "--spec " + spec("merge_sort.als") + " --post mergeSortOk --input ")) << b.out;
}

// SCOPE sizes the spec's sigs as it sizes the finitization (the file says exactly 4 Node), and
// --scope replaces the run command's scope outright, as fe's does.
TEST(SpecCli, CheckTakesItsScopeFromScopeOrFromTheScopeOption) {
  const std::string file = spec("korat/search_tree.als");
  const std::vector<std::string> three = {"check", "SearchTree", "remove", "3", "--spec", file, "--post", "removeOk", "-q"};
  const result t = run(three);
  ASSERT_EQ(t.exit_code, 0) << shown(three, t);
  EXPECT_TRUE(contains(t.out, "the 5 instances of run inputs for exactly 1 SearchTree, exactly 3 Node, 4 Int")) << t.out;
  const std::vector<std::string> given = {"check", "SearchTree", "remove", "--fin", "4,0,4,0,3", "--spec", file, "--post", "removeOk", "-q",
                                          "--scope", "exactly 1 SearchTree, exactly 2 Node, 4 Int"};
  const result g = run(given);
  ASSERT_EQ(g.exit_code, 0) << shown(given, g);
  EXPECT_TRUE(contains(g.out, "the 2 instances of run inputs for exactly 1 SearchTree, exactly 2 Node, 4 Int")) << g.out;
  const std::vector<std::string> more = {"check", "SearchTree", "remove", "4", "--spec", file, "--scope", "3 fact { no Node }"};
  const result m = run(more);
  EXPECT_EQ(m.exit_code, 2) << shown(more, m);
  EXPECT_TRUE(contains(m.err, "--scope '3 fact { no Node }' is not a scope: it adds to the spec")) << m.err;
  EXPECT_TRUE(m.out.empty()) << m.out;
}

TEST(SpecCli, CheckRefusesOptionsASpecDoesNotTake) {
  const std::vector<std::string> args = {"check", "MergeSortList", "merge_sort", "3", "--post", "mergeSortOk"};
  const result r = run(args);
  EXPECT_EQ(r.exit_code, 2) << shown(args, r);
  EXPECT_TRUE(contains(r.err, "--run, --post and --scope need --spec FILE")) << r.err;
  const std::vector<std::string> wb = {"check", "MergeSortList", "merge_sort", "3", "--spec", spec("merge_sort.als"),
                                       "--white-box"};
  const result w = run(wb);
  EXPECT_EQ(w.exit_code, 2) << shown(wb, w);
  const std::vector<std::string> misfit = {"check", "MergeSortList", "merge_sort", "3", "--spec", spec("red_black_tree.als")};
  const result m = run(misfit);
  EXPECT_EQ(m.exit_code, 2) << shown(misfit, m);
  EXPECT_TRUE(contains(m.err, "sig TreeMap, the receiver of the run predicate, must be the finitization's root class domain List"))
      << m.err;
  const std::vector<std::string> arity = {"check", "TreeMap", "remove", "3", "--spec", spec("merge_sort.als")};
  const result a = run(arity);
  EXPECT_EQ(a.exit_code, 2) << shown(arity, a);
  EXPECT_TRUE(contains(a.err, "predicate inputs takes 1 parameter(s) with its receiver; method remove needs 2")) << a.err;
}

// A spec is an invariant too: gen and check run the spec's run predicate in the search, with
// the counts of the C++ invariant, on one thread or two; check's inputs are then the same.
TEST(SpecCli, GenAndCheckTakeASpecAsTheInvariant) {
  const std::string file = spec("korat/search_tree.als");
  for (const char* threads : {"1", "2"}) {
    const std::vector<std::string> args = {"gen", "SearchTree", "5", "--invariant", file, "--threads", threads, "--stats", "json"};
    const result r = run(args);
    ASSERT_EQ(r.exit_code, 0) << shown(args, r);
    const json stats = cli_runner::last_line_json(r.out);
    EXPECT_EQ(stats.value("valid", 0), 42) << r.out;
    EXPECT_EQ(stats["invariant"].value("file", ""), file) << r.out;
  }
  const std::vector<std::string> check = {"check", "SearchTree", "remove", "3", "--invariant", file, "-q"};
  const result c = run(check);
  ASSERT_EQ(c.exit_code, 0) << shown(check, c);
  EXPECT_TRUE(contains(c.out, "15 inputs, 15 passed, 0 failed")) << c.out;
  const std::vector<std::string> cpp = {"check", "SearchTree", "remove", "3", "-q"};
  EXPECT_TRUE(contains(run(cpp).out, "15 inputs, 15 passed, 0 failed"));
}

// A spec that does not compile to masks still runs, by the interpreted evaluator, with the same
// structures, and the user is told where and why (a relation as a value); a compiled one is not.
TEST(SpecCli, ASpecInvariantJudgedByTheInterpretedEvaluatorSaysWhere) {
  const std::string relation = write_spec("relation_valued.als",
                                          "sig SearchTree { root: lone Node, size: one Int }\n"
                                          "sig Node { left: lone Node, right: lone Node, info: one Int }\n"
                                          "pred SearchTree.inputs {\n"
                                          "  let kids = left + right | all n: root.*kids {\n"
                                          "    n !in n.^kids\n"
                                          "    no n.left.*kids & n.right.*kids\n"
                                          "    n.info >= 0 and n.info < #Node\n"
                                          "    all m: n.left.*kids | m.info < n.info\n"
                                          "    all m: n.right.*kids | m.info > n.info\n"
                                          "  }\n"
                                          "  size = #root.*(left + right)\n"
                                          "  size = #Node\n"
                                          "}\n"
                                          "run inputs for exactly 1 SearchTree, exactly 4 Node, 4 Int\n");
  const std::vector<std::string> slow = {"gen", "SearchTree", "4", "--invariant", relation, "--stats", "json"};
  const result r = run(slow);
  ASSERT_EQ(r.exit_code, 0) << shown(slow, r);
  EXPECT_EQ(cli_runner::last_line_json(r.out).value("valid", 0), 14) << r.out;
  EXPECT_TRUE(contains(r.err, "note: " + relation + ":4:19: a relation of arity 2 or more as a value: so the spec is "
                              "judged by the interpreted evaluator"))
      << r.err;
  const std::vector<std::string> fast = {"gen", "SearchTree", "4", "--invariant", spec("korat/search_tree.als"), "--stats", "json"};
  const result f = run(fast);
  ASSERT_EQ(f.exit_code, 0) << shown(fast, f);
  EXPECT_EQ(cli_runner::last_line_json(f.out).value("valid", 0), 14) << f.out;
  EXPECT_FALSE(contains(f.err, "interpreted evaluator")) << f.err;
  const std::vector<std::string> check = {"check", "SearchTree", "remove", "3", "--invariant", relation};
  const result c = run(check);
  EXPECT_EQ(c.exit_code, 0) << shown(check, c);
  EXPECT_TRUE(contains(c.err, "a relation of arity 2 or more as a value")) << shown(check, c);
  EXPECT_TRUE(contains(c.out, "15 inputs, 15 passed, 0 failed")) << c.out;
}

// Past the 4096 atoms a problem may have: the message names what made them. Keys up to 2000 in
// --fin need a 12-bit Int (it blamed the scope); a scope of 5000 nodes counts its sigs' atoms.
TEST(SpecCli, TooManyAtomsNamesWhatMadeThem) {
  const std::vector<std::string> keys = {"gen", "SearchTree", "--fin", "3,0,3,0,2000", "--invariant",
                                         spec("korat/search_tree.als")};
  const result k = run(keys);
  EXPECT_EQ(k.exit_code, 2) << shown(keys, k);
  EXPECT_TRUE(contains(k.err, "the finitization's integers from 0 to 2000 need a 12-bit Int, 4096 atoms, and its objects 4 "
                              "more: past the 4096 atoms a problem may have; narrow the integer ranges of the "
                              "finitization (--fin)"))
      << k.err;
  const std::string big = write_spec("big_scope.als", "sig Node { next: lone Node }\npred p {}\nrun p for 5000\n");
  const std::vector<std::string> nodes = {"spec", big};
  const result n = run(nodes);
  EXPECT_EQ(n.exit_code, 2) << shown(nodes, n);
  EXPECT_TRUE(contains(n.err, "the scope's sigs make more than 4096 atoms; lower their scopes")) << n.err;
  const std::string wide = write_spec("wide_int.als", "sig Node { next: lone Node }\npred p {}\nrun p for 3 but 12 Int\n");
  const result w = run({"spec", wide});
  EXPECT_EQ(w.exit_code, 2) << w.err;
  EXPECT_TRUE(contains(w.err, "the scope makes more than 4096 atoms: 3 of sigs and 4096 integers of a 12-bit Int; "
                              "lower the scopes or the Int width"))
      << w.err;
}

// The binary holds the korat specs compiled to C++ (smallscope_spec): `--invariant` runs the
// compiled predicate, `--invariant-interpreted` the evaluators, with the same structures; a copy
// of the file with another text is judged by the evaluators.
TEST(SpecCli, ACompiledSpecRunsCompiledUnlessToldOtherwise) {
  const std::string file = spec("korat/red_black_tree.als");
  for (const bool interpreted : {false, true}) {
    std::vector<std::string> args = {"gen", "RedBlackTree", "5", "--invariant", file, "--stats", "json", "-q"};
    if (interpreted) args.push_back("--invariant-interpreted");
    const result r = run(args);
    ASSERT_EQ(r.exit_code, 0) << shown(args, r);
    const json stats = cli_runner::last_line_json(r.out);
    EXPECT_EQ(stats.value("valid", 0), 14) << r.out;
    EXPECT_EQ(stats["invariant"].value("compiled", interpreted), !interpreted) << r.out;
  }
  std::ifstream in(file);
  std::stringstream text;
  text << in.rdbuf();
  const std::string copy = write_spec("red_black_tree_copy.als", text.str() + "\n// a copy\n");
  const std::vector<std::string> args = {"gen", "RedBlackTree", "5", "--invariant", copy, "--stats", "json", "-q"};
  const result c = run(args);
  ASSERT_EQ(c.exit_code, 0) << shown(args, c);
  EXPECT_EQ(cli_runner::last_line_json(c.out).value("valid", 0), 14) << c.out;
  EXPECT_FALSE(cli_runner::last_line_json(c.out)["invariant"].value("compiled", true)) << c.out;
  const std::vector<std::string> alone = {"gen", "RedBlackTree", "3", "--invariant-interpreted"};
  const result a = run(alone);
  EXPECT_EQ(a.exit_code, 2) << shown(alone, a);
  EXPECT_TRUE(contains(a.err, "--invariant-interpreted needs --invariant FILE")) << a.err;
}

TEST(SpecCli, ASpecInvariantThatDoesNotFitIsRefused) {
  const std::vector<std::string> alone = {"gen", "SearchTree", "3", "--invariant-run", "repOk"};
  const result a = run(alone);
  EXPECT_EQ(a.exit_code, 2) << shown(alone, a);
  EXPECT_TRUE(contains(a.err, "--invariant-run needs --invariant FILE")) << a.err;
  const std::vector<std::string> both = {"gen", "BinaryTree", "3", "--invariant", spec("korat/binary_tree.als"), "--generators"};
  const result b = run(both);
  EXPECT_EQ(b.exit_code, 2) << shown(both, b);
  EXPECT_TRUE(contains(b.err, "give one of --invariant and --generators")) << b.err;
  const std::vector<std::string> misfit = {"gen", "SearchTree", "3", "--invariant", spec("korat/binary_tree.als")};
  const result m = run(misfit);
  EXPECT_EQ(m.exit_code, 2) << shown(misfit, m);
  EXPECT_TRUE(contains(m.err, "sig BinaryTree, the receiver of the run predicate, must be the finitization's root class domain SearchTree"))
      << m.err;
  const std::vector<std::string> run_name = {"gen", "SearchTree", "3", "--invariant", spec("korat/search_tree.als"),
                                            "--invariant-run", "nosuch"};
  const result u = run(run_name);
  EXPECT_EQ(u.exit_code, 2) << shown(run_name, u);
  EXPECT_TRUE(contains(u.err, "has no run command of predicate 'nosuch' (its run commands: inputs)")) << u.err;
  EXPECT_TRUE(u.out.empty()) << u.out;
  // A field of three columns named after a C++ member: located, with what to write instead.
  const std::string ternary = write_spec("ternary.als",
                                         "sig SearchTree { root: lone Node, size: one Int }\n"
                                         "sig Node { left: Int -> lone Node, right: lone Node, info: one Int }\n"
                                         "pred SearchTree.inputs { some root }\nrun inputs for 3\n");
  const std::vector<std::string> wide = {"gen", "SearchTree", "3", "--invariant", ternary};
  const result w = run(wide);
  EXPECT_EQ(w.exit_code, 2) << shown(wide, w);
  EXPECT_TRUE(contains(w.err, "ternary.als:2:12: field left of sig Node has 3 columns, and only binary fields (one "
                              "value or pointer per object) bind to C++ fields: name it apart from C++ field"))
      << w.err;
  const std::vector<std::string> missing = {"gen", "SearchTree", "3", "--invariant", "no-such.als"};
  const result n = run(missing);
  EXPECT_EQ(n.exit_code, 2) << shown(missing, n);
  EXPECT_TRUE(contains(n.err, "no-such.als")) << n.err;
}

}  // namespace
