// Tests of a method's cost (cost.hpp): the counts of every input against a second count (a walk
// of the search path the method takes, written here by hand), the report against an in-process
// run of every input, the same report on one worker and on two, the worst case against a hand
// count from the trees' heights, the growth fitted to it, and bounds as an oracle.
#include <gtest/gtest.h>

#include <algorithm>
#include <map>
#include <stdexcept>
#include <string>

#include "smallscope/checker.hpp"
#include "smallscope/cost.hpp"
#include "smallscope/detail/allocation_watch.hpp"
#include "smallscope/search.hpp"
#include "smallscope/subject.hpp"
#include "subjects/binary_search_tree.hpp"
#include "subjects/red_black_tree.hpp"
#include "subjects/methods_test_support.hpp"

namespace {

using smallscope::check_options;
using smallscope::cost_bound;
using smallscope::cost_measure;

using methods_test::method_of;

// find's reads by hand: the root pointer, then per node on the path its key, and the child
// pointer it follows unless the key is the one sought.
template <class Node, class KeyOf>
std::uint64_t find_reads(const Node* n, int key, KeyOf key_of) {
  std::uint64_t reads = 1;
  while (n != nullptr) {
    ++reads;
    const int k = key_of(n);
    if (k == key) return reads;
    ++reads;
    n = key < k ? static_cast<const Node*>(n->left) : static_cast<const Node*>(n->right);
  }
  return reads;
}

template <class Node>
std::uint64_t nodes_of(const Node* n) {
  return n == nullptr ? 0 : 1 + nodes_of<Node>(n->left) + nodes_of<Node>(n->right);
}
template <class Node>
std::uint64_t height_of(const Node* n) {
  return n == nullptr ? 0 : 1 + std::max(height_of<Node>(n->left), height_of<Node>(n->right));
}

// What every input of a find does, counted in this process, and each size's tallest tree.
struct brute_force {
  std::map<std::uint64_t, smallscope::cost_row> by_size;
  std::map<std::uint64_t, std::uint64_t> height;  // size -> the tallest tree's height
  std::uint64_t inputs = 0;
};

template <class Tree, class KeyOf>
brute_force run_every_find(const smallscope::subject_instance& instance, const smallscope::target_method& find,
                           KeyOf key_of) {
  brute_force b;
  const auto& keys = find.arguments.at(0).integers;
  smallscope::detail::count_cost = true;
  for (const auto& s : smallscope::structures(instance.fin, instance.invariant)) {
    const Tree& t = s.template root<Tree>();
    const std::uint64_t size = nodes_of(static_cast<decltype(key_of.node)>(t.root));
    b.height[size] = std::max(b.height[size], height_of(static_cast<decltype(key_of.node)>(t.root)));
    for (std::size_t k = 0; k < keys.size(); ++k) {
      const std::int64_t key = keys[k];
      const auto run = find.call(&t, std::span<const std::int64_t>(&key, 1));
      const std::uint64_t expected = find_reads(static_cast<decltype(key_of.node)>(t.root), static_cast<int>(key), key_of);
      EXPECT_EQ(run.cost.reads, expected) << "structure " << s.index() << ", key " << key;
      EXPECT_EQ(run.cost.writes, 0u);
      const std::uint64_t input = (s.index() - 1) * keys.size() + k + 1;
      auto& row = b.by_size[size];
      row.size = size;
      ++row.inputs;
      auto& f = row.measures[0];
      if (f.worst_input == 0 || run.cost.reads > f.max) f = {run.cost.reads, input, f.total};
      f.total += run.cost.reads;
      ++b.inputs;
    }
  }
  smallscope::detail::count_cost = false;
  return b;
}

struct bst_keys {
  const subjects::search_tree::node* node = nullptr;
  int operator()(const subjects::search_tree::node* n) const { return n->info; }
};
struct rbt_keys {
  const subjects::red_black_tree::node* node = nullptr;
  int operator()(const subjects::red_black_tree::node* n) const { return n->key; }
};

void expect_report_matches(const smallscope::cost_report& cost, const brute_force& b, const std::string& what) {
  ASSERT_TRUE(cost.measured) << what;
  ASSERT_EQ(cost.by_size.size(), b.by_size.size()) << what;
  for (const auto& row : cost.by_size) {
    const auto& expected = b.by_size.at(row.size);
    EXPECT_EQ(row.inputs, expected.inputs) << what << ", size " << row.size;
    EXPECT_EQ(row[cost_measure::reads].max, expected.measures[0].max) << what << ", size " << row.size;
    EXPECT_EQ(row[cost_measure::reads].worst_input, expected.measures[0].worst_input) << what << ", size " << row.size;
    EXPECT_EQ(row[cost_measure::reads].total, expected.measures[0].total) << what << ", size " << row.size;
    EXPECT_EQ(row[cost_measure::writes].max, 0u) << what;
  }
  EXPECT_EQ(cost.all.inputs, b.inputs) << what;
  std::uint64_t histogram = 0;
  for (const auto& bucket : cost.distribution[0]) histogram += bucket.inputs;
  EXPECT_EQ(histogram, b.inputs) << what;
}

TEST(Cost, EveryInputsReadsAreThePathItWalksOnOneWorkerAndOnTwo) {
  const auto* s = smallscope::find_subject("BinarySearchTree");
  const auto instance = s->make(s->scope(5));
  const auto& find = method_of(instance, "find");
  const brute_force b = run_every_find<subjects::search_tree::tree>(instance, find, bst_keys{});
  ASSERT_GT(b.inputs, 500u);
  for (unsigned threads : {1u, 2u}) {
    check_options o;
    o.cost = true;
    o.threads = threads;
    const auto report = smallscope::run_check(instance.fin, instance.invariant, find, o);
    EXPECT_EQ(report.failed, 0u);
    expect_report_matches(report.cost, b, std::to_string(threads) + " workers");
    // The worst input of all: the first in scope order with the most reads, pictured as a
    // counterexample would be.
    const auto& worst = report.cost.worst_in(cost_measure::reads);
    EXPECT_EQ(worst.input, report.cost.all[cost_measure::reads].worst_input);
    EXPECT_EQ(worst.cost.reads, report.cost.all[cost_measure::reads].max);
    EXPECT_EQ(worst.arguments.size(), 1u);
    EXPECT_FALSE(worst.candidate.empty());
    // After the call: find leaves the tree as it was (the deepest chain's nodes, keys in order).
    EXPECT_NE(worst.post_state.find("SearchTree#0{root=Node#0 size=5}"), std::string::npos) << worst.post_state;
  }
}

// The worst case of find at each size is the tallest tree's path: 2 reads per level and one
// more for the root pointer when an absent key leads past the deepest leaf (every size below
// the number of keys), one fewer when all keys are in the tree. A search tree's tallest tree
// is a chain (linear); a red-black tree's is at most 2 log2(n + 1) high (logarithmic).
template <class Tree, class KeyOf>
void expect_worst_case_by_height(const char* subject, const std::vector<std::int64_t>& fin, KeyOf key_of,
                                 smallscope::cost_growth growth) {
  const auto* s = smallscope::find_subject(subject);
  const auto instance = s->make(fin);
  const auto& find = method_of(instance, "find");
  const brute_force b = run_every_find<Tree>(instance, find, key_of);
  check_options o;
  o.cost = true;
  o.threads = 2;
  const auto report = smallscope::run_check(instance.fin, instance.invariant, find, o);
  const std::uint64_t keys = find.arguments.at(0).integers.size();
  for (const auto& row : report.cost.by_size) {
    const std::uint64_t h = b.height.at(row.size);
    const std::uint64_t hand = row.size < keys ? 2 * h + 1 : 2 * h;
    EXPECT_EQ(row[cost_measure::reads].max, hand) << subject << ", size " << row.size << ", height " << h;
  }
  const auto fit = smallscope::fit_growth(report.cost.by_size, cost_measure::reads);
  EXPECT_EQ(fit.growth, growth) << subject << ": " << smallscope::cost_growth_name(fit.growth) << ", a " << fit.a
                                << ", b " << fit.b << ", error " << fit.error;
  EXPECT_GT(fit.sizes, 5u);
  EXPECT_TRUE(fit.fitted);
}

TEST(Cost, FindsWorstCaseGrowsLinearlyInASearchTreeAndLogarithmicallyInARedBlackTree) {
  expect_worst_case_by_height<subjects::search_tree::tree>("BinarySearchTree", {7, 0, 7, 0, 6}, bst_keys{},
                                                            smallscope::cost_growth::linear);
  expect_worst_case_by_height<subjects::red_black_tree::tree>("RedBlackTree", {9, 0, 9, 9}, rbt_keys{},
                                                               smallscope::cost_growth::logarithmic);
}

// Through three sizes a log, a line and a parabola all pass closely: a worst case that is
// bounded (5, 6, 6 reads) read as "grows as log n". Fewer than four sizes fit no curve, and
// the fit says how many it had.
TEST(Cost, FewerThanFourSizesFitNoCurve) {
  std::vector<smallscope::cost_row> rows;
  for (const std::uint64_t reads : {5u, 6u, 6u}) {
    smallscope::cost_row r;
    r.size = rows.size() + 1;
    r.inputs = 1;
    r.measures[static_cast<std::size_t>(cost_measure::reads)].max = reads;
    rows.push_back(r);
  }
  const auto three = smallscope::fit_growth(rows, cost_measure::reads);
  EXPECT_FALSE(three.fitted);
  EXPECT_EQ(three.sizes, 3u);
  rows.push_back(rows.back());
  rows.back().size = 4;
  const auto four = smallscope::fit_growth(rows, cost_measure::reads);
  EXPECT_TRUE(four.fitted);
  EXPECT_EQ(four.sizes, 4u);
}

TEST(Cost, ABoundFailsExactlyTheInputsAboveItWithTheirCost) {
  const auto* s = smallscope::find_subject("BinarySearchTree");
  const auto instance = s->make(s->scope(5));
  const auto& find = method_of(instance, "find");
  check_options o;
  o.max_cost.push_back(cost_bound::parse("reads <= 2*n"));
  o.threads = 2;
  const auto report = smallscope::run_check(instance.fin, instance.invariant, find, o);
  // By hand: the inputs whose walk reads more than twice the tree's nodes.
  const auto& keys = find.arguments.at(0).integers;
  std::vector<std::uint64_t> expected;
  for (const auto& st : smallscope::structures(instance.fin, instance.invariant)) {
    const auto& t = st.root<subjects::search_tree::tree>();
    const subjects::search_tree::node* root = t.root;
    for (std::size_t k = 0; k < keys.size(); ++k)
      if (find_reads(root, static_cast<int>(keys[k]), bst_keys{}) > 2 * nodes_of(root))
        expected.push_back((st.index() - 1) * keys.size() + k + 1);
  }
  ASSERT_FALSE(expected.empty());
  std::vector<std::uint64_t> failed;
  for (const auto& c : report.failures) {
    failed.push_back(c.input);
    EXPECT_EQ(c.kind, smallscope::outcome_kind::cost);
    EXPECT_NE(c.detail.find(" > 2*n = "), std::string::npos) << c.detail;
    EXPECT_TRUE(c.cost_condition.starts_with("cost.reads <= ")) << c.cost_condition;
  }
  std::sort(failed.begin(), failed.end());
  EXPECT_EQ(failed, expected);
  EXPECT_EQ(report.failed, expected.size());
  EXPECT_TRUE(report.cost.measured);  // a bound measures cost
}

TEST(Cost, AllocationsAndFreesAreTheBlocksTheMethodTakesAndGives) {
  if (!smallscope::detail::allocation_watch_active())
    GTEST_SKIP() << "another operator new is in force (a sanitizer's): allocations are not counted";
  // Four nodes, sizes 0..4, keys 0..4: present keys and absent ones.
  const auto instance = smallscope::find_subject("SearchTree")->make(std::vector<std::int64_t>{4, 0, 4, 0, 4});
  check_options o;
  o.cost = true;
  const auto add = smallscope::run_check(instance.fin, instance.invariant, method_of(instance, "add"), o);
  EXPECT_TRUE(add.cost.allocations_counted);
  EXPECT_EQ(add.cost.all[cost_measure::allocations].max, 1u);  // a new node, or none
  EXPECT_EQ(add.cost.all[cost_measure::frees].max, 0u);
  EXPECT_GT(add.cost.all[cost_measure::writes].max, 1u);  // the link and the size
  // The first input that allocates adds to the empty tree: its post-state holds the new node.
  EXPECT_EQ(add.cost.worst_in(cost_measure::allocations).post_state,
            "SearchTree#0{root=new Node#0 size=1} new Node#0{left=null right=null info=0}");
  const auto remove = smallscope::run_check(instance.fin, instance.invariant, method_of(instance, "remove"), o);
  EXPECT_EQ(remove.cost.all[cost_measure::allocations].max, 0u);
  EXPECT_EQ(remove.cost.all[cost_measure::frees].max, 1u);  // the node unlinked
  // Inputs with a frees count of 0 (absent keys) and 1 (present ones): both in the distribution.
  ASSERT_EQ(remove.cost.distribution[static_cast<std::size_t>(cost_measure::frees)].size(), 2u);
}

TEST(Cost, BoundsAreParsedWithPrecedenceNamesAndFunctions) {
  const auto b = cost_bound::parse("reads <= 2 + 3 * log2(n) ^ 2 - -1", {{"keys", 9}});
  EXPECT_DOUBLE_EQ(b.limit(4), 2 + 3 * 4 + 1);
  EXPECT_DOUBLE_EQ(cost_bound::parse("writes<=max(n, keys)/sqrt(4)", {{"keys", 9}}).limit(20), 10);
  EXPECT_DOUBLE_EQ(cost_bound::parse("frees <= min(n, 2) * (1 + 1)").limit(5), 4);
  const auto a = cost_bound::parse("accesses <= n");
  EXPECT_EQ(a.measured({3, 4, 0, 0}), 7u);
  EXPECT_EQ(a.exceeded({3, 4, 0, 0}, 7), "");
  EXPECT_EQ(a.exceeded({3, 5, 0, 0}, 7), "accesses 8 > n = 7 at n = 7");
  EXPECT_EQ(a.condition(7), "cost.reads + cost.writes <= 7u");
  EXPECT_EQ(cost_bound::parse("reads <= n - 10").condition(3), "false");
  const auto error = [](const std::string& text) {
    try {
      cost_bound::parse(text, {{"keys", 3}});
    } catch (const std::invalid_argument& e) {
      return std::string(e.what());
    }
    return std::string("no error");
  };
  EXPECT_EQ(error("reeds <= 1"),
            "column 1: expected a measure (reads, writes, allocations, frees or accesses), found 'reeds'");
  EXPECT_EQ(error("reads < 1"), "column 7: expected '<=' after the measure, found '<'");
  EXPECT_EQ(error("reads <= (n + 1"), "column 16: expected ')', found the end");
  EXPECT_EQ(error("reads <= n n"), "column 12: expected an operator (+ - * / ^) or the end, found 'n'");
  EXPECT_EQ(error("reads <= nodes"),
            "column 10: unknown name 'nodes'; the names are n, keys (and log2, sqrt, min, max)");
  EXPECT_EQ(error("reads <= log2 n"), "column 15: expected '(' after log2, found 'n'");
  EXPECT_EQ(error("reads <= "), "column 10: expected a number, n, a name, a function or '(', found the end");
}

TEST(Cost, WhiteBoxChecksMeasureNoCost) {
  const auto* s = smallscope::find_subject("BinarySearchTree");
  const auto instance = s->make(s->scope(2));
  check_options o;
  o.white_box = true;
  o.cost = true;
  EXPECT_THROW(smallscope::run_check(instance.fin, instance.invariant, method_of(instance, "find"), o),
               std::invalid_argument);
}

}  // namespace
