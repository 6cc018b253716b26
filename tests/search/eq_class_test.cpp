// Paper 002, Sec. 3.1: Korat+'s extra pruning skips only valid candidates of classes already
// covered. Checked on small random state spaces with random invariants and random eq_class
// functions (theorem_oracle.hpp), against the plain search on the same space:
//   - with eq_class pruning, every yielded structure is valid and is one plain Korat yields;
//     the classes covered are exactly plain Korat's; no more candidates are explored;
//   - one_per_class yields one structure per class, the first of its class in plain Korat's
//     order, with and without the pruning.
#include <gtest/gtest.h>

#include <map>
#include <memory>
#include <set>
#include <stdexcept>
#include <string>
#include <vector>

#include "smallscope/search.hpp"
#include "subjects/binary_tree.hpp"
#include "search/theorem_oracle.hpp"

namespace {

using namespace theorem_oracle;
using smallscope::search_options;

struct classified_run {
  std::vector<form> forms;              // canonical forms of the yielded structures, in order
  std::vector<std::uint64_t> classes;   // their classes
  std::uint64_t invalid = 0;            // yielded structures the invariant rejects
  smallscope::search_stats stats;
};

classified_run run(const smallscope::finitization& f, const invariant_params& ip, const eq_class_params& ep,
                   const search_options& options) {
  classified_run out;
  const auto objects = std::make_shared<object_table>();
  const random_invariant invariant{ip, objects};
  const random_eq_class eq{ep, objects};
  smallscope::structure_range range(f, smallscope::make_predicate<groot>(invariant),
                                    smallscope::make_eq_class<groot>(eq), options);
  *objects = object_table(range.space());
  for (const smallscope::structure& s : range) {
    const groot& root = s.root<groot>();  // no search is active here: plain reads
    if (!invariant(root)) ++out.invalid;
    out.forms.push_back(form_of(root, *objects, true));
    out.classes.push_back(eq(root));
  }
  out.stats = range.stats();
  return out;
}

search_options with(bool eq_class, bool one_per_class) {
  search_options o;
  o.eq_class = eq_class;
  o.one_per_class = one_per_class;
  return o;
}

void check_space(const smallscope::finitization& f, const invariant_params& ip, const eq_class_params& ep) {
  const classified_run plain = run(f, ip, ep, with(false, false));
  const std::set<std::uint64_t> covered(plain.classes.begin(), plain.classes.end());
  std::map<std::uint64_t, form> first;  // each class's first structure in plain order
  for (std::size_t i = 0; i < plain.forms.size(); ++i) first.emplace(plain.classes[i], plain.forms[i]);
  const form_set plain_forms(plain.forms.begin(), plain.forms.end());
  EXPECT_EQ(plain.stats.classes, covered.size());

  const classified_run pruned = run(f, ip, ep, with(true, false));
  EXPECT_EQ(pruned.invalid, 0u);
  EXPECT_EQ(pruned.stats.valid, pruned.forms.size());
  for (const form& g : pruned.forms) EXPECT_TRUE(plain_forms.contains(g)) << "not a plain structure: " << text(g);
  EXPECT_EQ(std::set<std::uint64_t>(pruned.classes.begin(), pruned.classes.end()), covered)
      << "eq_class pruning covers other classes than plain Korat";
  EXPECT_EQ(pruned.stats.classes, covered.size());
  EXPECT_LE(pruned.stats.explored, plain.stats.explored);

  for (const bool eq_class : {false, true}) {
    SCOPED_TRACE(eq_class ? "one per class, with pruning" : "one per class");
    const classified_run one = run(f, ip, ep, with(eq_class, true));
    ASSERT_EQ(one.forms.size(), covered.size());
    EXPECT_EQ(std::set<std::uint64_t>(one.classes.begin(), one.classes.end()), covered);
    for (std::size_t i = 0; i < one.forms.size(); ++i)
      EXPECT_TRUE(one.forms[i] == first.at(one.classes[i])) << "not the first of class " << one.classes[i];
  }
}

constexpr int batches = 4;
constexpr int seeds_per_batch = 40;

class EqClassRandomSpaces : public ::testing::TestWithParam<int> {};

TEST_P(EqClassRandomSpaces, PrunesOnlyCoveredClasses) {
  std::uint64_t plain_explored = 0;
  for (int i = 0; i < seeds_per_batch; ++i) {
    const int seed = 100000 + GetParam() * seeds_per_batch + i;
    rng r(static_cast<std::uint64_t>(seed));
    const smallscope::finitization f = small_random_finitization(r);
    const invariant_params ip = random_params(r);
    const eq_class_params ep = random_eq_class_params(r);
    SCOPED_TRACE("seed " + std::to_string(seed) + ": " + f.describe());
    check_space(f, ip, ep);
    if (HasFailure()) return;
    plain_explored += candidate_count(f);
  }
  RecordProperty("candidates", std::to_string(plain_explored));
}

INSTANTIATE_TEST_SUITE_P(Korat002, EqClassRandomSpaces, ::testing::Range(0, batches));

// An eq_class that reads nothing puts every structure in one class: Korat+ stops after the
// first valid structure.
TEST(EqClass, OneClassStopsAtTheFirstStructure) {
  rng r(7);
  const smallscope::finitization f = small_random_finitization(r);
  invariant_params ip = random_params(r);
  ip.valid_percent = 100;
  ip.reject_per_mille = 0;
  eq_class_params ep;
  ep.stop_per_mille = 1000;  // stops after its first read: the root's first field
  ep.classes = 1;
  const classified_run pruned = run(f, ip, ep, with(true, false));
  EXPECT_EQ(pruned.stats.classes, 1u);
  const classified_run plain = run(f, ip, ep, with(false, false));
  EXPECT_LT(pruned.stats.explored, plain.stats.explored);
}

// Asking for eq_class pruning without an eq_class function is an error, not a silent no-op.
TEST(EqClass, PruningNeedsAFunction) {
  rng r(3);
  const smallscope::finitization f = small_random_finitization(r);
  const auto objects = std::make_shared<object_table>();
  const random_invariant invariant{random_params(r), objects};
  EXPECT_THROW(smallscope::structure_range(f, smallscope::make_predicate<groot>(invariant), with(true, false)),
               std::invalid_argument);
  EXPECT_THROW(smallscope::structure_range(f, smallscope::make_predicate<groot>(invariant), with(false, true)),
               std::invalid_argument);
}

// A failing eq_class() call (a throw, or a loop stopped by the read budget) is reported and its
// candidate prunes nothing; the search goes on with its field-access stack intact. When every
// call fails, the pruning search is the plain search: same candidates, same structures.
std::uint64_t tree_size(const subjects::binary_tree::tree& t) {
  std::uint64_t n = 0;
  smallscope::small_set<const subjects::binary_tree::node*> seen;  // a mark table the throw must release
  std::vector<const subjects::binary_tree::node*> work;
  if (t.root != nullptr) work.push_back(t.root);
  while (!work.empty()) {
    const auto* x = work.back();
    work.pop_back();
    seen.insert(x);
    ++n;
    if (x->left != nullptr) work.push_back(x->left);
    if (x->right != nullptr) work.push_back(x->right);
  }
  return n;
}

smallscope::search_stats run_tree(std::uint64_t (*eq)(const subjects::binary_tree::tree&), bool prune) {
  search_options o = with(prune, false);
  o.read_budget = 1000;
  smallscope::structure_range range(subjects::binary_tree::fin(5, 0, 5),
                                    smallscope::make_predicate<&subjects::binary_tree::tree::rep_ok>(),
                                    smallscope::make_eq_class<subjects::binary_tree::tree>(eq), o);
  std::uint64_t n = 0;
  for (const smallscope::structure& s : range) {
    EXPECT_TRUE(s.root<subjects::binary_tree::tree>().rep_ok());
    ++n;
  }
  EXPECT_EQ(n, range.stats().valid);
  return range.stats();
}

TEST(EqClass, FailingCallsPruneNothing) {
  const smallscope::search_stats plain = run_tree(&tree_size, false);
  ASSERT_EQ(plain.valid, 1u + 1 + 2 + 5 + 14 + 42);  // Catalan numbers: trees of 0..5 nodes

  const smallscope::search_stats thrown = run_tree(
      [](const subjects::binary_tree::tree& t) -> std::uint64_t {
        tree_size(t);
        throw std::runtime_error("no class");
      },
      true);
  EXPECT_EQ(thrown.predicate_exceptions, plain.valid);
  EXPECT_EQ(thrown.explored, plain.explored);
  EXPECT_EQ(thrown.valid, plain.valid);
  EXPECT_EQ(thrown.classes, 0u);

  const smallscope::search_stats looped = run_tree(
      [](const subjects::binary_tree::tree& t) -> std::uint64_t {
        for (;;)
          if (t.size < 0) return 0;  // never: reads size until the budget stops the call
      },
      true);
  EXPECT_EQ(looped.budget_exceeded, plain.valid);
  EXPECT_EQ(looped.explored, plain.explored);
  EXPECT_EQ(looped.valid, plain.valid);

  // Calls that fail on some structures only: those prune nothing, the others prune as usual
  // (here the other values of size, read after every node, which are all invalid).
  const smallscope::search_stats some = run_tree(
      [](const subjects::binary_tree::tree& t) -> std::uint64_t {
        const std::uint64_t n = tree_size(t);
        if (n % 2 == 1) throw std::runtime_error("odd");
        return n;
      },
      true);
  EXPECT_EQ(some.classes, 3u);  // sizes 0, 2 and 4
  EXPECT_EQ(some.valid, plain.valid);
  EXPECT_LT(some.explored, plain.explored);
}

}  // namespace
