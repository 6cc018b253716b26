// Classes as they are written (include/smallscope/rewritten/instrument.hpp): SearchTree in plain C++
// (subjects/unmodified/plain/search_tree.hpp, private members, no smallscope type in the
// classes), compiled from the copy smallscope-instrument rewrites, gives exactly what the
// field<T> port gives: the same structures in the same order, the same explored counts (so the
// same fields are read in the same order), and the same findings of check.
#include <gtest/gtest.h>

#include <cstdint>
#include <set>
#include <vector>

#include "plain/search_tree.hpp"
#include "smallscope/checker.hpp"
#include "smallscope/search.hpp"
#include "subjects/search_tree.hpp"

namespace {

namespace pst = plain_subjects::search_tree;
namespace st = subjects::search_tree;

struct run {
  std::vector<std::vector<std::uint32_t>> structures;
  std::uint64_t explored = 0;
};

run search(const smallscope::finitization& f, const smallscope::predicate& p) {
  smallscope::structure_range range(f, p);
  run r;
  for (const auto& s : range) r.structures.emplace_back(s.values().begin(), s.values().end());
  r.explored = range.stats().explored;
  return r;
}

// The keys in order, and whether the walk met a node twice.
void keys_of(const pst::node* n, std::multiset<int>& out, std::size_t& budget) {
  if (n == nullptr || budget == 0) return;
  --budget;
  keys_of(n->left, out, budget);
  out.insert(n->info);
  keys_of(n->right, out, budget);
}
std::multiset<int> keys(const pst::tree& t) {
  std::multiset<int> out;
  std::size_t budget = 1000;
  keys_of(t.root, out, budget);
  return out;
}

void remove_post(smallscope::verdict& v, const pst::tree& old, const pst::tree& now, bool result, int info) {
  std::multiset<int> expected = keys(old);
  const bool present = expected.erase(info) > 0;
  v.require(result == present, "returns whether info was present");
  v.require(keys(now) == expected, "the keys are the old ones less info");
}

void add_post(smallscope::verdict& v, const pst::tree& old, const pst::tree& now, bool result, int info) {
  std::multiset<int> expected = keys(old);
  const bool added = info != -1 && expected.count(info) == 0;
  if (added) expected.insert(info);
  v.require(result == added, "returns whether info was added");
  v.require(keys(now) == expected, "the keys are the old ones and info");
}

}  // namespace

TEST(UnmodifiedSearchTree, SameStructuresAndExploredCountsAsTheFieldPort) {
  for (std::int64_t n = 0; n <= 6; ++n) {
    const std::int64_t max_key = n == 0 ? 0 : n - 1;
    const run plain = search(pst::fin(n, 0, n, 0, max_key), smallscope::make_predicate<&pst::tree::rep_ok>());
    const run field = search(st::fin(n, 0, n, 0, max_key), smallscope::make_predicate<&st::tree::rep_ok>());
    EXPECT_EQ(plain.structures, field.structures) << "n = " << n;
    EXPECT_EQ(plain.explored, field.explored) << "n = " << n;
    EXPECT_GT(plain.structures.size(), 0u);
  }
  // Korat's SearchTree rows (bench/korat-counts.tsv): fin(n, n, n, 0, n - 1).
  const std::vector<std::pair<std::uint64_t, std::uint64_t>> korat = {{5, 133}, {14, 875}, {42, 6155}, {132, 45233}};
  for (std::int64_t n = 3; n <= 6; ++n) {
    const run r = search(pst::fin(n, n, n, 0, n - 1), smallscope::make_predicate<&pst::tree::rep_ok>());
    EXPECT_EQ(r.structures.size(), korat[static_cast<std::size_t>(n - 3)].first) << "n = " << n;
    EXPECT_EQ(r.explored, korat[static_cast<std::size_t>(n - 3)].second) << "n = " << n;
  }
}

// check: add and remove pass on every input; the two ports report the same numbers.
TEST(UnmodifiedSearchTree, CheckPassesOnTheCorrectMethodsAsTheFieldPortDoes) {
  const auto keys = std::vector<smallscope::argument_domain>{smallscope::ints(-1, 4)};
  const auto plain_add = smallscope::make_method<&pst::tree::add, &add_post>("add", keys, "add", "add_post");
  const auto plain_remove = smallscope::make_method<&pst::tree::remove, &remove_post>("remove", keys, "remove", "remove_post");
  for (const auto* m : {&plain_add, &plain_remove}) {
    const auto r = smallscope::run_check(pst::fin(4, 0, 4, 0, 3), smallscope::make_predicate<&pst::tree::rep_ok>(), *m, {});
    EXPECT_EQ(r.failed, 0u) << m->name << ": " << (r.failures.empty() ? "" : r.failures.front().detail);
    EXPECT_EQ(r.structures, 1u + 4u + 6u * 2u + 4u * 5u + 14u) << m->name;  // search trees over keys 0..3
    EXPECT_EQ(r.inputs, r.structures * 6u);
  }
}

