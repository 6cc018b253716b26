// End-to-end tests of the `smallscope` binary (DESIGN.md, "CLI contract"; STYLE.md habit 9):
// every test runs the real executable with fixed arguments and checks its exit code, its stdout
// and its stderr. The oracles are independent of the code under test: Korat's published counts
// (reference/korat-counts.tsv), counts derived by hand (BinaryTree 3 has 5 shapes, hence
// 5 * 3! = 30 labelled trees), and cross-checks between options that must agree (SCOPE and
// --fin, pruning on and off, --limit and the full run). Running the binary and reading its
// output (JSON included, without a JSON library) is in cli_runner.hpp.
#include <gtest/gtest.h>

#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <map>
#include <ostream>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "support/cli_runner.hpp"
#include "support/temp_files.hpp"

namespace {

using cli_runner::contains;
using cli_runner::gen_stats;
using cli_runner::has_line;
using cli_runner::is_integer;
using cli_runner::is_json_number;
using cli_runner::json_object;
using cli_runner::lines;
using cli_runner::parse_json_object;
using cli_runner::result;
using cli_runner::run;
using cli_runner::shown;
using cli_runner::text_structures;
using cli_runner::words;

// ---------------------------------------------------------------------------------------------
// The built-in subjects: list, and gen SCOPE 3 against Korat's published counts.

struct subject_case {
  std::string name;
  std::string parameters;  // the --fin parameter names, in order
  std::string scope3_fin;  // what SCOPE 3 means (Korat's finX(3))
  std::uint64_t valid;     // reference/korat-counts.tsv, fin 3
  std::uint64_t explored;
};

const std::vector<subject_case> built_in_subjects = {
    {"BinaryTree", "nodes,minSize,maxSize", "3,3,3", 5, 63},
    {"SearchTree", "nodes,minSize,maxSize,minInfo,maxInfo", "3,3,3,0,2", 5, 133},
    {"HeapArray", "maxSize,maxLength,maxValue", "3,3,3", 66, 240},
    {"SinglyLinkedList", "minSize,maxSize,entries,elements", "3,3,4,4", 5, 44},
    {"DoublyLinkedList", "minSize,maxSize,entries,elements", "3,3,4,4", 10, 49},
    {"RedBlackTree", "entries,minSize,maxSize,keys", "3,3,3,3", 3, 179},
    {"SortedList", "minSize,maxSize,entries,elems", "3,3,4,3", 10, 72},
    {"DisjSet", "n", "3", 38, 278},
    {"FibonacciHeap", "nodes", "3", 136, 803},
    {"BinomialHeap", "size", "3", 28, 335},
    {"DAG", "n", "3", 4, 16},
};

// Whether `line` reads "NAME description... [LO, HI]", as `list` describes a parameter.
bool describes_with_range(const std::string& line, const std::string& name) {
  const auto w = words(line);
  if (w.size() < 4 || w[0] != name) return false;
  const std::string& lo = w[w.size() - 2];
  const std::string& hi = w.back();
  return lo.size() > 2 && lo.front() == '[' && lo.back() == ',' && is_integer(lo.substr(1, lo.size() - 2)) &&
         hi.size() > 1 && hi.back() == ']' && is_integer(hi.substr(0, hi.size() - 1));
}

void PrintTo(const subject_case& s, std::ostream* os) { *os << s.name; }

class subject_test : public testing::TestWithParam<subject_case> {};

// `list` names the subject on a line of its own, then its --fin parameters, one line with an
// allowed range for each, and what SCOPE 3 means.
TEST_P(subject_test, ListShowsParametersRangesAndScope) {
  const auto& s = GetParam();
  const result r = run({"list"});
  ASSERT_EQ(r.exit_code, 0) << shown({"list"}, r);
  EXPECT_EQ(r.err, "");
  const auto out = lines(r.out);
  std::size_t at = 0;
  while (at < out.size() && out[at] != s.name) ++at;
  ASSERT_LT(at, out.size()) << s.name << " is not listed\n" << r.out;

  std::string block;  // the subject's block: the indented lines after its name
  for (std::size_t i = at + 1; i < out.size() && !out[i].empty() && out[i][0] == ' '; ++i) block += out[i] + "\n";
  EXPECT_TRUE(contains(block, "--fin " + s.parameters + "\n")) << block;
  for (std::string parameters = s.parameters + ","; !parameters.empty(); parameters.erase(0, parameters.find(',') + 1)) {
    const std::string parameter = parameters.substr(0, parameters.find(','));
    bool described = false;
    for (const auto& line : lines(block)) described |= describes_with_range(line, parameter);
    EXPECT_TRUE(described) << parameter << " has no line with its range in\n" << block;
  }
  EXPECT_TRUE(contains(block, "SCOPE 3 means --fin " + s.scope3_fin + "\n")) << block;
}

// SCOPE 3 is Korat's finX(3): the same counts as Korat 1.0, and the same as the --fin that
// `list` gives for it.
TEST_P(subject_test, Scope3MatchesKoratAndTheListedFin) {
  const auto& s = GetParam();
  auto by_scope = gen_stats({s.name, "3"});
  auto by_fin = gen_stats({s.name, "--fin", s.scope3_fin});
  EXPECT_EQ(by_scope["subject"], "\"" + s.name + "\"");
  EXPECT_EQ(by_scope["fin"], "[" + s.scope3_fin + "]");
  EXPECT_EQ(by_scope["valid"], std::to_string(s.valid));
  EXPECT_EQ(by_scope["explored"], std::to_string(s.explored));
  for (const char* key : {"subject", "fin", "valid", "explored", "predicate_calls"})
    EXPECT_EQ(by_fin[key], by_scope[key]) << key;
}

INSTANTIATE_TEST_SUITE_P(BuiltIn, subject_test, testing::ValuesIn(built_in_subjects),
                         [](const auto& test) { return test.param.name; });

// ---------------------------------------------------------------------------------------------
// gen: statistics

TEST(Gen, StatsJsonIsTheLastLineOfStdout) {
  const std::vector<std::string> args = {"gen", "BinaryTree", "3", "--stats", "json"};
  const result r = run(args);
  ASSERT_EQ(r.exit_code, 0) << shown(args, r);
  const auto out = lines(r.out);
  ASSERT_FALSE(out.empty()) << shown(args, r);
  auto stats = parse_json_object(out.back());
  ASSERT_TRUE(stats.has_value()) << shown(args, r);
  EXPECT_EQ((*stats)["subject"], "\"BinaryTree\"");
  EXPECT_EQ((*stats)["fin"], "[3,3,3]");
  EXPECT_EQ((*stats)["valid"], "5");
  EXPECT_EQ((*stats)["explored"], "63");
  EXPECT_EQ((*stats)["limit_reached"], "false");
  ASSERT_TRUE(is_json_number((*stats)["seconds"])) << (*stats)["seconds"];
  EXPECT_GE(std::stod((*stats)["seconds"]), 0.0);
}

TEST(Gen, FinGivesTheSameSearchAsScope) {
  auto by_scope = gen_stats({"BinaryTree", "3"});
  auto by_fin = gen_stats({"BinaryTree", "--fin", "3,3,3"});
  EXPECT_EQ(by_fin["fin"], "[3,3,3]");
  EXPECT_EQ(by_fin["valid"], "5");
  for (const char* key : {"valid", "explored", "predicate_calls"})
    EXPECT_EQ(by_fin[key], by_scope[key]) << key;
}

// The paper's evaluation finitization of SearchTree: 3 nodes, size 0..3, keys 1..3. The binary
// search trees over a subset of {1,2,3}: 1 empty + 3 of size 1 + 3*2 of size 2 + 5 of size 3.
TEST(Gen, SearchTreeWithEveryParameterGiven) {
  auto stats = gen_stats({"SearchTree", "--fin", "3,0,3,1,3"});
  EXPECT_EQ(stats["subject"], "\"SearchTree\"");
  EXPECT_EQ(stats["fin"], "[3,0,3,1,3]");
  EXPECT_EQ(stats["valid"], "15");
  EXPECT_TRUE(contains(stats["parameters"], "\"minInfo\":1")) << stats["parameters"];
}

// Binary trees of exactly n nodes, up to isomorphism: the Catalan numbers, from n = 0 on.
TEST(Gen, BinaryTreeCountsAreCatalanNumbers) {
  const std::vector<std::string> catalan = {"1", "1", "2", "5", "14", "42"};
  for (std::size_t n = 0; n < catalan.size(); ++n)
    EXPECT_EQ(gen_stats({"BinaryTree", std::to_string(n)})["valid"], catalan[n]) << "scope " << n;
}

// Warnings about the finitization (report/finitization_warnings.hpp): SearchTreeDelete's value field is
// unconstrained by the invariant, so it multiplies the count; SearchTree's bounds are tight.
TEST(Gen, WarningsNameTheFieldThatMultipliesTheCount) {
  const result r = run({"gen", "SearchTreeDelete", "3"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_TRUE(contains(r.err, "warning: the invariant accepts every value of SearchTreeDelete.value (3 values)"))
      << r.err;
  const auto stats = cli_runner::gen_stats({"SearchTreeDelete", "3"});
  ASSERT_TRUE(stats.count("warnings")) << "no warnings member";
  EXPECT_TRUE(contains(stats.at("warnings"), "multiplies the count by 3")) << stats.at("warnings");
  const result tight = run({"gen", "SearchTree", "4"});
  ASSERT_EQ(tight.exit_code, 0) << tight.err;
  EXPECT_FALSE(contains(tight.err, "warning:")) << tight.err;
  EXPECT_EQ(cli_runner::gen_stats({"SearchTree", "4"}).at("warnings"), "[]");
}

TEST(Gen, StatsText) {
  const result r = run({"gen", "BinaryTree", "3", "--stats", "text", "-q"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_TRUE(has_line(r.out, {"subject:", "BinaryTree"})) << r.out;
  EXPECT_TRUE(has_line(r.out, {"fin:", "3,3,3"})) << r.out;
  EXPECT_TRUE(has_line(r.out, {"valid:", "5"})) << r.out;
  EXPECT_TRUE(has_line(r.out, {"explored:", "63"})) << r.out;
}

// ---------------------------------------------------------------------------------------------
// gen: printing structures

TEST(Print, TextPrintsOneNumberedLinePerStructure) {
  const auto structures = text_structures({"BinaryTree", "3"});
  ASSERT_EQ(structures.size(), 5u);
  for (std::size_t i = 0; i < structures.size(); ++i) {
    const std::string prefix = std::to_string(i + 1) + ": BinaryTree#0{root=Node#0 size=3} ";
    EXPECT_EQ(structures[i].rfind(prefix, 0), 0u) << structures[i];
  }
  EXPECT_EQ(std::set<std::string>(structures.begin(), structures.end()).size(), 5u);
}

TEST(Print, JsonlPrintsOneObjectPerStructure) {
  const std::vector<std::string> args = {"gen", "BinaryTree", "3", "--format", "jsonl", "--stats", "json", "-q"};
  const result r = run(args);  // --format implies --print
  ASSERT_EQ(r.exit_code, 0) << shown(args, r);
  const auto out = lines(r.out);
  ASSERT_EQ(out.size(), 6u) << "5 structures and the statistics\n" << shown(args, r);
  for (std::size_t i = 0; i < 5; ++i) {
    auto structure = parse_json_object(out[i]);
    ASSERT_TRUE(structure.has_value()) << out[i];
    EXPECT_EQ((*structure)["index"], std::to_string(i + 1));
    EXPECT_EQ((*structure)["objects"].rfind("{\"BinaryTree#0\":{", 0), 0u) << out[i];
  }
  EXPECT_EQ(parse_json_object(out.back()).value_or(json_object{})["valid"], "5");
}

TEST(Print, DotPrintsOneDigraphPerStructure) {
  const std::vector<std::string> args = {"gen", "BinaryTree", "3", "--format", "dot", "--stats", "json", "-q"};
  const result r = run(args);
  ASSERT_EQ(r.exit_code, 0) << shown(args, r);
  auto out = lines(r.out);
  ASSERT_FALSE(out.empty());
  out.pop_back();  // the statistics
  std::vector<std::string> blocks;  // the text of each digraph
  bool open = false;
  for (const auto& line : out) {
    if (line.rfind("digraph ", 0) == 0) {
      EXPECT_FALSE(open) << "digraph inside a digraph: " << line;
      open = true;
      blocks.emplace_back();
    } else if (line == "}") {
      EXPECT_TRUE(open) << "unbalanced }";
      open = false;
    } else {
      EXPECT_TRUE(open) << "text outside a digraph: " << line;
    }
    if (!blocks.empty()) blocks.back() += line + "\n";
  }
  EXPECT_FALSE(open);
  ASSERT_EQ(blocks.size(), 5u) << r.out;
  std::set<std::string> names;
  for (const auto& block : blocks) {
    names.insert(block.substr(0, block.find('\n')));
    EXPECT_TRUE(contains(block, "\"BinaryTree#0\" -> \"Node#0\" [label=\"root\"]")) << block;
  }
  EXPECT_EQ(names.size(), 5u) << "every digraph has its own name";
}

// Without --stats, jsonl and dot output must still be valid as a whole (for `| jq` or `| dot`).
TEST(Print, MachineReadableFormatsAreAloneOnStdout) {
  const result jsonl = run({"gen", "BinaryTree", "3", "--format", "jsonl", "-q"});
  ASSERT_EQ(jsonl.exit_code, 0) << jsonl.err;
  for (const auto& line : lines(jsonl.out))
    EXPECT_TRUE(parse_json_object(line).has_value()) << "not a JSON line in --format jsonl output: " << line;

  const result dot = run({"gen", "BinaryTree", "3", "--format", "dot", "-q"});
  ASSERT_EQ(dot.exit_code, 0) << dot.err;
  const auto out = lines(dot.out);
  ASSERT_FALSE(out.empty());
  EXPECT_EQ(out.back(), "}") << "--format dot output ends with text after the last digraph";
}

// ---------------------------------------------------------------------------------------------
// gen: search options

TEST(Gen, LimitStopsAtTheGivenNumberOfValidStructures) {
  const auto all = text_structures({"BinaryTree", "3"});
  const auto first_two = text_structures({"BinaryTree", "3", "--limit", "2"});
  ASSERT_EQ(all.size(), 5u);
  EXPECT_EQ(first_two, std::vector<std::string>(all.begin(), all.begin() + 2));

  auto limited = gen_stats({"BinaryTree", "3", "--limit", "2"});
  EXPECT_EQ(limited["valid"], "2");
  EXPECT_EQ(limited["limit_reached"], "true");
  EXPECT_LT(std::stoull(limited["explored"]), 63u);
  EXPECT_EQ(gen_stats({"BinaryTree", "3", "--limit", "0"})["valid"], "5") << "--limit 0 means no limit";
}

// Renames the objects of a text structure in breadth-first order from the root, as the one
// representative of its isomorphism class: "1: A#0{f=B#1} B#1{g=null}" -> "A#0{f=B#0} B#0{g=null}".
std::string canonical(const std::string& line) {
  std::map<std::string, std::vector<std::pair<std::string, std::string>>> objects;
  std::string root, current;
  for (std::string word : words(line)) {  // "1:", "A#0{f=B#1}", "B#1{g=null", "h=null}"
    if (const auto brace = word.find('{'); brace != std::string::npos) {
      current = word.substr(0, brace);
      objects[current];
      if (root.empty()) root = current;
      word.erase(0, brace + 1);
    }
    if (!word.empty() && word.back() == '}') word.pop_back();
    if (const auto equals = word.find('='); !current.empty() && equals != std::string::npos)
      objects[current].emplace_back(word.substr(0, equals), word.substr(equals + 1));
  }
  std::map<std::string, std::string> renamed;
  std::map<std::string, int> per_class;
  std::vector<std::string> order;
  const auto visit = [&](const std::string& id) {
    if (objects.count(id) == 0 || renamed.count(id) != 0) return;
    const std::string cls = id.substr(0, id.find('#'));
    renamed[id] = cls + "#" + std::to_string(per_class[cls]++);
    order.push_back(id);
  };
  visit(root);
  for (std::size_t i = 0; i < order.size(); ++i)
    for (const auto& [field, value] : objects[order[i]]) visit(value);
  std::string out;
  for (const auto& id : order) {
    out += renamed[id] + "{";
    for (const auto& [field, value] : objects[id])
      out += field + "=" + (renamed.count(value) != 0 ? renamed[value] : value) + " ";
    out += "} ";
  }
  return out;
}

// Without isomorphism breaking, every labelling of every valid tree is valid: each of the
// 5 shapes of BinaryTree 3 appears with all 3! assignments of Node#0..2 to its nodes.
TEST(Gen, WithoutIsomorphismBreakingEveryLabelledTreeIsGenerated) {
  const auto representatives = text_structures({"BinaryTree", "3"});
  const auto labelled = text_structures({"BinaryTree", "3", "--no-isomorphism-breaking"});
  ASSERT_EQ(representatives.size(), 5u);
  ASSERT_EQ(labelled.size(), 30u);

  std::map<std::string, int> class_sizes;
  for (const auto& line : labelled) ++class_sizes[canonical(line)];
  std::set<std::string> expected_classes;
  for (const auto& line : representatives) expected_classes.insert(canonical(line));
  std::set<std::string> classes;
  for (const auto& [form, count] : class_sizes) {
    classes.insert(form);
    EXPECT_EQ(count, 6) << "labellings of " << form;
  }
  EXPECT_EQ(classes, expected_classes);
  EXPECT_EQ(std::set<std::string>(labelled.begin(), labelled.end()).size(), 30u) << "a structure repeats";

  auto stats = gen_stats({"BinaryTree", "3", "--no-isomorphism-breaking"});
  EXPECT_EQ(stats["valid"], "30");
  EXPECT_TRUE(contains(stats["options"], "\"isomorphism_breaking\":false")) << stats["options"];
}

// Korat* (paper 000, Sec. 4): the same structures, found among more candidates. BinaryTree 3
// has 4^7 = 16384 candidates in all (root and six child fields over null and three nodes).
TEST(Gen, WithoutPruningTheSameStructuresFromMoreCandidates) {
  EXPECT_EQ(text_structures({"BinaryTree", "3", "--no-pruning"}), text_structures({"BinaryTree", "3"}));
  auto stats = gen_stats({"BinaryTree", "3", "--no-pruning"});
  EXPECT_EQ(stats["valid"], "5");
  const auto explored = std::stoull(stats["explored"]);
  EXPECT_GT(explored, 63u);
  EXPECT_LT(explored, 16384u);
  EXPECT_TRUE(contains(stats["options"], "\"pruning\":false")) << stats["options"];
}

// --eq-class (paper 002, Sec. 3) on paper 002's binomial heap pairs at scope 3: fewer candidates,
// the same 10 classes (the paper's figures: 5,389 (784) plain, 1,315 (56) Korat+, CC 10);
// --one-per-class prints one structure per class.
TEST(Gen, EqClassPrunesAndCoversTheSameClasses) {
  auto plain = gen_stats({"BinomialHeapPairReplicated", "3"});
  auto pruned = gen_stats({"BinomialHeapPairReplicated", "3", "--eq-class"});
  EXPECT_EQ(plain["explored"], "5389");
  EXPECT_EQ(plain["valid"], "784");
  EXPECT_EQ(pruned["explored"], "1315");
  EXPECT_EQ(pruned["valid"], "56");
  EXPECT_EQ(plain["classes"], "10");
  EXPECT_EQ(pruned["classes"], "10");
  EXPECT_EQ(text_structures({"BinomialHeapPairReplicated", "3", "--one-per-class"}).size(), 10u);
  EXPECT_EQ(text_structures({"BinomialHeapPairReplicated", "3", "--one-per-class", "--eq-class"}),
            text_structures({"BinomialHeapPairReplicated", "3", "--one-per-class"}));
}

// An invariant call stopped by --read-budget is a finding: exit code 1, reported on stderr.
// NaiveList's invariant loops on cyclic lists; the run still ends with every acyclic list.
TEST(Gen, ReadBudgetExceededIsAFinding) {
  const std::vector<std::string> args = {"gen", "NaiveList", "2", "--read-budget", "1000", "--stats", "json"};
  const result r = run(args);
  EXPECT_EQ(r.exit_code, 1) << shown(args, r);
  EXPECT_TRUE(contains(r.err, "finding:")) << r.err;
  EXPECT_TRUE(contains(r.err, "--read-budget")) << r.err;
  const auto out = lines(r.out);
  ASSERT_FALSE(out.empty());
  auto stats = parse_json_object(out.back()).value_or(json_object{});
  // Acyclic lists of 0, 1 and 2 nodes, one per isomorphism class.
  EXPECT_EQ(stats["valid"], "3");
  ASSERT_TRUE(is_json_number(stats["budget_exceeded"])) << shown(args, r);
  EXPECT_GT(std::stoull(stats["budget_exceeded"]), 0u);
  EXPECT_TRUE(contains(r.err, "Node#0{next=Node#")) << r.err;  // the looping candidate is shown
}

// The progress line's estimate probes candidates too (on the coordinator thread): the read
// budget stops a looping invariant there as well, and the run ends.
TEST(Gen, ReadBudgetStopsTheEstimatesProbes) {
  const std::vector<std::string> args = {"gen", "NaiveList", "3", "--read-budget", "100000", "--progress-interval",
                                         "0.01", "--stats", "json"};
  const result r = run(args);
  EXPECT_EQ(r.exit_code, 1) << shown(args, r);
  auto stats = parse_json_object(lines(r.out).back()).value_or(json_object{});
  EXPECT_EQ(stats["valid"], "4") << shown(args, r);  // acyclic lists of 0..3 nodes
}

// ---------------------------------------------------------------------------------------------
// stderr: the configuration line, and -q

TEST(Stderr, ConfigurationLineNamesTheFinitization) {
  const result r = run({"gen", "BinaryTree", "3"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const auto err = lines(r.err);
  ASSERT_FALSE(err.empty());
  EXPECT_EQ(err[0].rfind(std::string(SMALLSCOPE_BINARY) + " gen BinaryTree --fin 3,3,3", 0), 0u) << "a command that reproduces the run: "
                                                                        << err[0];
  EXPECT_TRUE(contains(err[0], "nodes=3 minSize=3 maxSize=3")) << err[0];
  EXPECT_TRUE(contains(r.err, "finitization: BinaryTree x1, Node x3")) << r.err;
  EXPECT_TRUE(contains(r.out, "5 valid")) << r.out;

  const result off = run({"gen", "BinaryTree", "3", "--no-isomorphism-breaking", "--no-pruning"});
  const auto first = lines(off.err).empty() ? std::string() : lines(off.err)[0];
  EXPECT_TRUE(contains(first, "--no-isomorphism-breaking")) << first;
  EXPECT_TRUE(contains(first, "--no-pruning")) << first;
}

TEST(Stderr, QuietPrintsNothingOnStderr) {
  for (const char* quiet : {"-q", "--quiet"}) {
    const result r = run({"gen", "BinaryTree", "3", quiet});
    EXPECT_EQ(r.exit_code, 0) << quiet;
    EXPECT_EQ(r.err, "") << quiet;
    EXPECT_TRUE(contains(r.out, "5 valid")) << quiet << ": " << r.out;
  }
  const result with_stats = run({"gen", "BinaryTree", "3", "--stats", "json", "-q"});
  EXPECT_EQ(with_stats.err, "");
}

// ---------------------------------------------------------------------------------------------
// Bad input: exit code 2, nothing on stdout, "error: ..." on stderr naming the argument and
// what is allowed.

struct bad_input {
  std::string name;
  std::vector<std::string> args;
  std::vector<std::string> message_parts;  // each must appear in stderr
};

const std::vector<bad_input> bad_inputs = {
    {"UnknownSubject",
     {"gen", "Foo", "3"},
     {"SUBJECT", "'Foo'", "BinaryTree", "SearchTree", "HeapArray", "SinglyLinkedList", "DoublyLinkedList",
      "RedBlackTree"}},
    {"MissingSubject", {"gen"}, {"SUBJECT"}},
    {"ScopeNotAnInteger", {"gen", "BinaryTree", "x"}, {"SCOPE", "integer", "[0, 64]", "'x'"}},
    {"ScopeTooLarge", {"gen", "BinaryTree", "1000"}, {"SCOPE", "[0, 64]", "1000"}},
    {"ScopeNegative", {"gen", "BinaryTree", "-1"}, {"SCOPE", "[0, 64]", "-1"}},
    {"ScopeAndFin", {"gen", "BinaryTree", "3", "--fin", "3,3,3"}, {"SCOPE", "--fin", "not both"}},
    {"NeitherScopeNorFin", {"gen", "BinaryTree"}, {"SCOPE", "--fin"}},
    {"FinTooFew", {"gen", "BinaryTree", "--fin", "3,3"}, {"--fin", "3 integers", "nodes,minSize,maxSize", "'3,3'"}},
    {"FinTooMany", {"gen", "BinaryTree", "--fin", "3,3,3,3"}, {"--fin", "3 integers", "nodes,minSize,maxSize"}},
    {"FinNotIntegers", {"gen", "BinaryTree", "--fin", "3,x,3"}, {"--fin", "integers", "'3,x,3'"}},
    {"FinParameterOutOfRange", {"gen", "BinaryTree", "--fin", "3,3,100"}, {"maxSize", "[0, 64]", "100"}},
    {"FinKeyOutOfRange",
     {"gen", "SearchTree", "--fin", "3,0,3,0,2000000"},
     {"maxInfo", "[-1000000, 1000000]", "2000000"}},
    {"FinMinSizeAboveMaxSize", {"gen", "BinaryTree", "--fin", "3,3,2"}, {"minSize", "maxSize"}},
    {"FinMinInfoAboveMaxInfo", {"gen", "SearchTree", "--fin", "3,0,3,5,1"}, {"minInfo", "maxInfo"}},
    {"FormatXml", {"gen", "BinaryTree", "3", "--format", "xml"}, {"--format", "text", "jsonl", "dot", "'xml'"}},
    {"StatsYaml", {"gen", "BinaryTree", "3", "--stats", "yaml"}, {"--stats", "json", "text", "'yaml'"}},
    {"LimitNegative", {"gen", "BinaryTree", "3", "--limit", "-1"}, {"--limit", "an integer in [0, ", "-1"}},
    {"LimitNotANumber", {"gen", "BinaryTree", "3", "--limit", "abc"}, {"--limit", "an integer in [0, ", "abc"}},
    {"ReadBudgetZero", {"gen", "BinaryTree", "3", "--read-budget", "0"}, {"--read-budget", "an integer in [1, "}},
    {"ProgressIntervalZero", {"gen", "BinaryTree", "3", "--progress-interval", "0"}, {"--progress-interval", "[0.01, 86400]"}},
    {"ProgressIntervalNan", {"gen", "BinaryTree", "3", "--progress-interval", "nan"}, {"--progress-interval", "nan"}},
    {"UnknownOption", {"gen", "BinaryTree", "3", "--bogus"}, {"--bogus", "--help"}},
    {"EqClassWithoutAnEqClass",
     {"gen", "BinaryTree", "3", "--eq-class"},
     {"--eq-class", "eq_class()", "BinaryTree has none", "BinomialHeapPairReplicated"}},
    {"OnePerClassWithoutAnEqClass", {"gen", "HeapArray", "3", "--one-per-class"}, {"--one-per-class", "HeapArray"}},
    {"ExtraArgument", {"gen", "BinaryTree", "3", "4"}, {"not expected: 4"}},
    {"NoSubcommand", {}, {"subcommand", "--help"}},
    {"UnknownSubcommand", {"bogus"}, {"bogus"}},
    // The SCOPE ranges `list` shows are the ones accepted (SinglyLinkedList 64 needs 65 entries).
    {"ScopeBeyondTheListedRange", {"gen", "SinglyLinkedList", "64"}, {"SCOPE", "[0, 63]", "'64'"}},
    {"ScopeBelowTheListedRange", {"gen", "SearchTree", "0"}, {"SCOPE", "[1, 64]", "'0'"}},
    {"StatsWithoutItsValue", {"gen", "BinaryTree", "3", "--stats"}, {"--stats", "json or text"}},
    {"UnknownSubjectEscaped", {"gen", "Foo\x1b[31m", "3"}, {"'Foo\\x1b[31m'"}},
};

void PrintTo(const bad_input& c, std::ostream* os) { *os << c.name; }

class bad_input_test : public testing::TestWithParam<bad_input> {};

TEST_P(bad_input_test, ExitsTwoWithAMessageAndNoOutput) {
  const auto& c = GetParam();
  const result r = run(c.args);
  EXPECT_EQ(r.exit_code, 2) << shown(c.args, r);
  EXPECT_EQ(r.out, "") << shown(c.args, r);
  EXPECT_EQ(r.err.rfind("error: ", 0), 0u) << shown(c.args, r);
  for (const auto& part : c.message_parts)
    EXPECT_TRUE(contains(r.err, part)) << "the message does not mention " << part << "\n" << shown(c.args, r);
}

INSTANTIATE_TEST_SUITE_P(Cli, bad_input_test, testing::ValuesIn(bad_inputs),
                         [](const auto& test) { return test.param.name; });

// ---------------------------------------------------------------------------------------------
// Help and version

class help_test : public testing::TestWithParam<std::vector<std::string>> {};

TEST_P(help_test, MentionsTheGenOptions) {
  const result r = run(GetParam());
  EXPECT_EQ(r.exit_code, 0) << shown(GetParam(), r);
  std::string missing;
  for (const char* option :
       {"--fin", "--format", "--stats", "--limit", "--no-isomorphism-breaking", "--read-budget", "--print", "-q"})
    if (!contains(r.out, option)) missing += std::string(" ") + option;
  EXPECT_EQ(missing, "") << "help does not mention these options\n" << shown(GetParam(), r);
}

INSTANTIATE_TEST_SUITE_P(Cli, help_test,
                         testing::Values(std::vector<std::string>{"--help"}, std::vector<std::string>{"gen", "--help"}),
                         [](const auto& test) { return test.param.size() == 1 ? "TopLevel" : "Gen"; });

TEST(Help, TopLevelHelpNamesTheSubcommandsAndExitCodes) {
  const result r = run({"--help"});
  EXPECT_EQ(r.exit_code, 0);
  for (const char* subcommand : {"list", "gen"}) {
    bool described = false;
    for (const auto& line : lines(r.out)) described |= words(line).size() > 1 && words(line)[0] == subcommand;
    EXPECT_TRUE(described) << subcommand << " is not described in\n" << r.out;
  }
  EXPECT_TRUE(contains(r.out, "2 bad input")) << r.out;
}

TEST(Help, Version) {
  const result r = run({"--version"});
  EXPECT_EQ(r.exit_code, 0);
  // The package's version is CHANGELOG.md's newest.
  std::string newest;
  for (const auto& line : cli_runner::lines(test_files::file_text(std::string(SMALLSCOPE_SOURCE_DIR) + "/CHANGELOG.md")))
    if (newest.empty() && line.starts_with("## ")) newest = line.substr(3);
  ASSERT_FALSE(newest.empty());
  EXPECT_EQ(r.out.rfind("smallscope " + newest + "\n", 0), 0u) << r.out;
}

// `version`, a subcommand that is one file and one row of the table in cli.cpp, prints what
// --version prints, and --help lists it.
TEST(Help, VersionSubcommand) {
  const result r = run({"version"});
  EXPECT_EQ(r.exit_code, 0);
  EXPECT_EQ(r.out, run({"--version"}).out);
  bool listed = false;
  for (const auto& line : lines(run({"--help"}).out)) listed |= words(line).size() > 1 && words(line)[0] == "version";
  EXPECT_TRUE(listed);
}

}  // namespace

namespace {

// A binary of the user's own (smallscope::main with their subjects) names itself in `list` and
// in its help, not "smallscope".
TEST(CliOwnBinary, ListAndHelpNameTheBinaryThatRuns) {
  const std::string dir = ::testing::TempDir() + "smallscope_own_binary";
  const std::string own = dir + "/shop_check";
  ASSERT_EQ(std::system(("mkdir -p '" + dir + "' && ln -sf '" SMALLSCOPE_BINARY "' '" + own + "'").c_str()), 0);
  const result listed = cli_runner::run_program(own, {"list"});
  EXPECT_EQ(listed.exit_code, 0);
  EXPECT_TRUE(contains(listed.out, "methods (" + own + " check SearchTree METHOD SCOPE)")) << listed.out;
  EXPECT_FALSE(contains(listed.out, "smallscope check")) << listed.out;
  const result help = cli_runner::run_program(own, {"cover", "--help"});
  EXPECT_TRUE(contains(help.out, "Example: " + own + "-branches cover ")) << help.out;  // its branch variant
}

}  // namespace
