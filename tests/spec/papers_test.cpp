// Paper 003's and paper 004's numbers from the SAT engine: red-black trees under TestEra's
// invariant (1, 2, 2, 3, 8, 14, 20, 35, 64, 122, 260 for n = 0..10), paper 004 Fig. 4's binary
// search trees (S(k) = 15, 51, 188, 731, 2950 for k = 3..7), TestEra's 27 mergeSort inputs, and
// Table I's checks: mergeSort passes 27, its reversed mutant 3 (failing "sorted"), TreeMap remove
// 70 of 70 and the flipped replacement test 50 of 70 (failing property 4, the black height).
#include <gtest/gtest.h>

#include <fstream>
#include <set>
#include <sstream>

#include "sat/enumerator.hpp"
#include "smallscope/spec.hpp"
#include "smallscope/subject.hpp"
#include "evaluate/evaluator.hpp"
#include "spec_front/instance_printer.hpp"
#include "spec_front/load.hpp"

namespace smallscope {
namespace {

std::string example(const std::string& name) { return std::string(SMALLSCOPE_SOURCE_DIR) + "/examples/specs/" + name; }

std::string read(const std::string& path) {
  std::ifstream in(path);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

// The example with its first run command replaced by `run` and the others dropped.
spec::module with_run(const std::string& file, const std::string& run) {
  std::string text = read(example(file));
  std::string out;
  bool replaced = false;
  for (std::size_t at = 0; at < text.size();) {
    std::size_t end = text.find('\n', at);
    if (end == std::string::npos) end = text.size();
    std::string line = text.substr(at, end - at);
    if (line.rfind("run ", 0) == 0) {
      if (!replaced) out += run + "\n";
      replaced = true;
    } else {
      out += line + "\n";
    }
    at = end + 1;
  }
  return spec::load_text(out, file);
}

// Every instance of the module's first command, checked to be pairwise non-isomorphic.
std::uint64_t count(const spec::module& m) {
  sat::enumerator e(m, 0);
  spec::instance whole;
  std::vector<std::uint32_t> reached;
  std::set<std::string> pictures;
  while (e.next(whole, reached)) {
    spec::instance part = sat::reached_part(m, whole, reached);
    // The traversal's root: the run predicate's receiver, or the one-atom sig (`one sig Tree`).
    const auto& b = e.bound();
    const std::uint32_t root = b.root_sig >= 0 || b.roots.empty() ? b.root_atom : b.roots.front();
    EXPECT_TRUE(pictures.insert(spec::canonical_picture(m, part, root)).second)
        << "two instances are isomorphic";
  }
  EXPECT_TRUE(e.inexact().empty());
  return e.stats().instances;
}

TEST(Paper003, RedBlackTreesWithExactlyNNodes) {
  const std::uint64_t expected[] = {1, 2, 2, 3, 8, 14, 20, 35, 64, 122, 260};
  for (int n = 0; n <= 10; ++n) {
    auto m = with_run("red_black_tree.als",
                      "run inputs for exactly 1 TreeMap, exactly " + std::to_string(n) + " Entry, 5 Int");
    EXPECT_EQ(count(m), expected[n]) << n << " nodes";
  }
}

// The same trees as Alloy users write them (examples/specs/alloy): a `one sig` root, facts and
// `run {}`. The one atom roots the traversal, so the counts are one per isomorphism class, with
// no warning (they were n! labellings of each tree).
TEST(PlainAlloy, OneSigRootedRedBlackTreesGivePaper003sCounts) {
  const std::uint64_t expected[] = {1, 2, 2, 3, 8, 14, 20, 35, 64};
  for (int n = 0; n <= 8; ++n) {
    auto m = with_run("alloy/red_black_tree.als", "run {} for exactly " + std::to_string(n) + " Entry, 5 Int");
    EXPECT_EQ(count(m), expected[n]) << n << " nodes";
  }
}

TEST(PlainAlloy, OneSigRootedBinaryTreesAreCatalanNumbers) {
  const std::uint64_t catalan[] = {1, 1, 2, 5, 14, 42, 132, 429};
  for (int n = 0; n <= 7; ++n) {
    auto m = with_run("alloy/binary_tree.als", "run {} for exactly " + std::to_string(n) + " Node");
    EXPECT_EQ(count(m), catalan[n]) << n << " nodes";
  }
  // Without the one sig (`sig Tree` and no scope that makes it one atom) nothing roots a
  // traversal: lex-leader constraints break the symmetries instead (here down to the 5 trees,
  // from 30 labellings without them), and the warning says the count need not be exact.
  std::string text = read(example("alloy/binary_tree.als"));
  text.replace(text.find("one sig Tree"), 12, "sig Tree");
  text.replace(text.find("run {} for exactly 4 Node"), 25, "run {} for 1 Tree, exactly 3 Node");
  const auto m = spec::load_text(text, "unrooted.als");
  sat::enumerator e(m, 0);
  spec::instance whole;
  std::vector<std::uint32_t> reached;
  std::uint64_t n = 0;
  while (e.next(whole, reached)) ++n;
  EXPECT_EQ(n, 5u);
  EXPECT_FALSE(e.inexact().empty());
}

TEST(Paper004, BinarySearchTreesOfFigure4) {
  const std::uint64_t expected[] = {15, 51, 188, 731, 2950};
  for (int k = 3; k <= 7; ++k) {
    auto m = with_run("binary_search_tree.als",
                      "run inputs for exactly 1 BinaryTree, exactly " + std::to_string(k) + " Node, 5 Int");
    EXPECT_EQ(count(m), expected[k - 3]) << "k = " << k;
  }
}

TEST(Paper004, TreeSetStructuresUpToKNodes) {
  // Red-black trees of up to k nodes with keys in [0, k-1] (root colour free): the structures
  // behind paper 004 Table 1's TreeSet column, S(k) = 16, 41, 115, 327 for k = 3..6.
  const std::uint64_t expected[] = {16, 41, 115, 327};
  for (int k = 3; k <= 6; ++k) {
    auto m = with_run("red_black_tree.als", "run upTo for exactly 1 TreeMap, " + std::to_string(k) + " Entry, 4 Int");
    EXPECT_EQ(count(m), expected[k - 3]) << "k = " << k;
  }
}

TEST(Paper003, MergeSortHas27Inputs) {
  auto m = spec::load_file(example("merge_sort.als"));
  EXPECT_EQ(count(m), 27u);
}

TEST(Paper003, InstancesOneAndTwoOfTheListingAreOneClass) {
  // TestEra's instances 1 and 2 (S11) are isomorphic; the list 0 -> 0 -> 1 appears once.
  auto m = spec::load_file(example("merge_sort.als"));
  sat::enumerator e(m, 0);
  spec::instance whole;
  std::vector<std::uint32_t> reached;
  int found = 0;
  while (e.next(whole, reached)) {
    spec::instance part = sat::reached_part(m, whole, reached);
    if (spec::canonical_picture(m, part, e.bound().root_atom) ==
        "#0(header=#1) #1(elem=0,next=#2) #2(elem=0,next=#3) #3(elem=1) ")
      ++found;
  }
  EXPECT_EQ(found, 1);
}

spec_check_report check(const std::string& subject_name, const std::string& method_name, std::int64_t scope,
                        const spec_check_options& spec) {
  const subject* s = find_subject(subject_name);
  EXPECT_NE(s, nullptr);
  auto params = s->scope(scope);
  subject_instance instance = s->make(params);
  const target_method* method = nullptr;
  for (const auto& m : instance.methods) {
    if (m.name == method_name) method = &m;
  }
  EXPECT_NE(method, nullptr);
  check_options options;
  options.timeout = 10;
  return run_spec_check(instance.fin, instance.invariant, *method, spec, options);
}

TEST(Paper003, MergeSortPasses27AndItsReversedMutant3) {
  const spec_check_options spec{example("merge_sort.als"), "inputs", "mergeSortOk", ""};
  auto good = check("MergeSortList", "merge_sort", 3, spec);
  EXPECT_EQ(good.instances, 27u);
  EXPECT_EQ(good.check.inputs, 27u);
  EXPECT_EQ(good.check.passed, 27u);
  auto bad = check("MergeSortList", "merge_sort_reversed", 3, spec);
  EXPECT_EQ(bad.check.inputs, 27u);
  EXPECT_EQ(bad.check.passed, 3u);
  ASSERT_EQ(bad.check.failures.size(), 24u);
  for (const auto& f : bad.check.failures) {
    EXPECT_EQ(f.kind, outcome_kind::postcondition);
    EXPECT_EQ(f.detail, "sorted");  // a permutation, acyclic, but not sorted
  }
}

TEST(Paper003, TreeMapRemovePasses70AndTheFlippedTest50) {
  const spec_check_options spec{example("red_black_tree.als"), "inputs", "removeOk", ""};
  auto good = check("TreeMap", "remove", 5, spec);
  EXPECT_EQ(good.instances, 14u);
  EXPECT_EQ(good.check.inputs, 70u);
  EXPECT_EQ(good.check.passed, 70u);
  auto bad = check("TreeMap", "remove_flipped", 5, spec);
  EXPECT_EQ(bad.check.inputs, 70u);
  EXPECT_EQ(bad.check.passed, 50u);
  ASSERT_EQ(bad.check.failures.size(), 20u);
  for (const auto& f : bad.check.failures)
    EXPECT_NE(f.detail.find("repOk: 4. all paths from root to NIL have same # of black nodes"), std::string::npos)
        << f.detail;
}

TEST(SpecCheck, PutsNewEntryBecomesAFreshAtom) {
  // Trees of up to 5 entries (the Korat search's 115 for TreeMap 5) and keys 0..4: put of an
  // absent key allocates an entry, which the abstracted post-state must hold (a fresh atom) for
  // "adds exactly k" to pass.
  const spec_check_options spec{example("red_black_tree.als"), "upTo", "putOk", ""};
  auto put = check("TreeMap", "put", 5, spec);
  EXPECT_EQ(put.instances, 115u);
  EXPECT_EQ(put.check.inputs, 575u);
  EXPECT_EQ(put.check.passed, 575u);
}

TEST(SpecCheck, ASpecThatDoesNotFitTheSubjectIsRefusedByName) {
  // The red-black spec's sigs are TreeMap and Entry; MergeSortList has List and Node.
  const spec_check_options spec{example("red_black_tree.als"), "inputs", "", ""};
  try {
    check("MergeSortList", "merge_sort", 3, spec);
    FAIL() << "no error";
  } catch (const std::invalid_argument& e) {
    EXPECT_NE(std::string(e.what()).find("sig TreeMap"), std::string::npos) << e.what();
  } catch (const std::exception& e) {
    FAIL() << e.what();
  }
}

TEST(SpecCheck, APostconditionWithTheWrongArityIsRefused) {
  const spec_check_options spec{example("merge_sort.als"), "inputs", "mergeSortOk", ""};
  EXPECT_THROW(check("TreeMap", "remove", 3, spec), std::invalid_argument);
}

}  // namespace
}  // namespace smallscope
