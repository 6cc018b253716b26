// DisjSet (Korat 1.0's disjset example; paper 000, Table 1: union and find; Table 4: inputs).
// - random union/find sequences agree with a plain partition model, keep rep_ok and pass the
//   postconditions;
// - each postcondition rejects a wrong result or post-state by the expected clause;
// - the valid count of finDisjSet(n) equals a brute-force count over parent/rank vectors, and
//   `check` runs every method on valid count x argument tuples inputs, Table 4's numbers;
// - a find without path compression fails the check by the compression clause.
#include <gtest/gtest.h>

#include <cstdint>
#include <functional>
#include <numeric>
#include <random>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "methods_test_support.hpp"
#include "smallscope/checker.hpp"
#include "smallscope/subject.hpp"
#include "subjects/disj_set.hpp"

namespace {

using namespace methods_test;
namespace ds = subjects::disj_set;

// A disjoint set of n singletons built with `new`, owning its records.
struct disj_set_box : owned_structure<ds::disj_set> {
  using owned_structure::owned_structure;
  ds::disj_set& s = *root;
  explicit disj_set_box(int n) {
    s.elements.allocate_storage(n);
    s.elements.set_length(n);
    s.size = n;
    for (int i = 0; i < n; ++i) {
      auto* r = new ds::record();
      r->parent = i;
      r->rank = 0;
      s.elements[i] = r;
    }
  }
};

// The partition model: a label per element, relabelled on union.
struct partition_model {
  std::vector<int> label;
  explicit partition_model(int n) : label(static_cast<std::size_t>(n)) { std::iota(label.begin(), label.end(), 0); }
  bool same(int x, int y) const { return label[static_cast<std::size_t>(x)] == label[static_cast<std::size_t>(y)]; }
  bool join(int x, int y) {
    const int from = label[static_cast<std::size_t>(y)], to = label[static_cast<std::size_t>(x)];
    if (from == to) return false;
    for (int& l : label)
      if (l == from) l = to;
    return true;
  }
};

// The height of the tallest tree: union by rank keeps it at most log2(n).
int height(const ds::disj_set& s) {
  int tallest = 0;
  for (int i = 0; i < s.size; ++i) {
    int h = 0;
    for (int x = i; s.elements[x]->parent != x; x = s.elements[x]->parent) ++h;
    tallest = std::max(tallest, h);
  }
  return tallest;
}

TEST(MethodsDisjSet, RandomOperationsAgreeWithAPartitionModel) {
  std::mt19937 rng(seed);
  for (int n : {1, 2, 5, 16, 64}) {
    disj_set_box box(n);
    partition_model model(n);
    for (int step = 0; step < random_steps / 4; ++step) {
      const int x = pick(rng, -1, n), y = pick(rng, -1, n);  // -1 and n are not elements
      const disj_set_box before(box.s);
      if (pick(rng, 0, 2) == 0) {
        const bool in_range = x >= 0 && x < n && y >= 0 && y < n;
        const bool merged = box.s.unite(x, y);
        ASSERT_EQ(merged, in_range && model.join(x, y)) << n << " " << step;
        EXPECT_EQ(failed_clause([&](smallscope::verdict& v) { ds::unite_post(v, before.s, box.s, merged, x, y); }), "");
      } else {
        const int r = box.s.find(x);
        if (x < 0 || x >= n) {
          ASSERT_EQ(r, -1);
        } else {
          ASSERT_TRUE(model.same(x, r));
          ASSERT_EQ(box.s.elements[x]->parent, r);  // compressed
        }
        EXPECT_EQ(failed_clause([&](smallscope::verdict& v) { ds::find_post(v, before.s, box.s, r, x); }), "");
      }
      ASSERT_TRUE(box.s.rep_ok()) << n << " " << step;
      for (int i = 0; i < n; ++i)
        for (int j = 0; j < n; ++j) ASSERT_EQ(model.same(i, j), box.s.find(i) == box.s.find(j));
      ASSERT_LE(1 << height(box.s), n);
    }
  }
}

// 0 <- 1 <- 2 (ranks 2, 1, 0), 3 <- 4 (ranks 1, 0), 5 alone: a valid DisjSet of 6 elements.
struct sample_box : disj_set_box {
  sample_box() : disj_set_box(6) {
    const int parent[] = {0, 0, 1, 3, 3, 5};
    const int rank[] = {2, 1, 0, 1, 0, 0};
    for (int i = 0; i < 6; ++i) {
      s.elements[i]->parent = parent[i];
      s.elements[i]->rank = rank[i];
    }
  }
};

TEST(MethodsDisjSet, PostconditionsNameTheBrokenClause) {
  const sample_box pre;
  ASSERT_TRUE(pre.s.rep_ok());
  {
    disj_set_box now(pre.s);
    ASSERT_EQ(now.s.find(2), 0);
    auto post = [&](int result, int x) {
      return failed_clause([&](smallscope::verdict& v) { ds::find_post(v, pre.s, now.s, result, x); });
    };
    EXPECT_EQ(post(0, 2), "");
    EXPECT_EQ(post(1, 2), "result is x's representative");
    now.s.elements[2]->parent = 1;  // the path is not compressed
    EXPECT_EQ(post(0, 2), "every element on x's path points at the root");
    now.s.elements[2]->parent = 0;
    now.s.elements[4]->parent = 4;  // another set split
    EXPECT_EQ(post(0, 2), "every element keeps its representative");
    now.s.elements[4]->parent = 3;
    now.s.elements[2]->rank = 1;
    EXPECT_EQ(post(0, 2), "ranks are unchanged");
    now.s.elements[2]->rank = 0;
    EXPECT_EQ(post(0, 2), "");
    EXPECT_EQ(post(0, 6), "result is -1 for a non-element");
  }
  {
    disj_set_box now(pre.s);
    EXPECT_EQ(now.s.find(-1), -1);
    EXPECT_EQ(failed_clause([&](smallscope::verdict& v) { ds::find_post(v, pre.s, now.s, -1, -1); }), "");
    now.s.elements[5]->rank = 1;
    EXPECT_EQ(failed_clause([&](smallscope::verdict& v) { ds::find_post(v, pre.s, now.s, -1, -1); }),
              "a non-element changes nothing");
  }
  {
    disj_set_box now(pre.s);
    ASSERT_TRUE(now.s.unite(4, 2));  // ranks 1 and 2: 3 goes under 0
    auto post = [&](bool result, int x, int y) {
      return failed_clause([&](smallscope::verdict& v) { ds::unite_post(v, pre.s, now.s, result, x, y); });
    };
    EXPECT_EQ(post(true, 4, 2), "");
    EXPECT_EQ(post(false, 4, 2), "result is true iff x and y were in different sets");
    EXPECT_EQ(post(true, 4, 5), "the sets are the old ones with x's and y's joined");
    now.s.elements[3]->parent = 3;  // not merged after all
    now.s.elements[0]->parent = 3;  // 0 under 3, the root of smaller rank
    EXPECT_EQ(post(true, 4, 2), "the root of greater rank (x's on a tie) represents the joined set");
    now.s.elements[0]->parent = 0;
    now.s.elements[3]->parent = 0;
    now.s.elements[0]->rank = 3;
    EXPECT_EQ(post(true, 4, 2), "ranks are unchanged but for the new root's on a tie, which grows by one");
    now.s.elements[0]->rank = 2;
    now.s.elements[4]->parent = 0;  // the same partition, but 4's path goes to its old root 3
    EXPECT_EQ(post(true, 4, 2), "parents change only by compressing x's and y's paths and linking the roots");
    now.s.elements[4]->parent = 3;
    EXPECT_EQ(post(true, 4, 2), "");
  }
  {
    disj_set_box now(pre.s);
    ASSERT_TRUE(now.s.unite(5, 4));  // ranks 0 and 1: 5 goes under 3
    EXPECT_EQ(now.s.elements[5]->parent, 3);
    EXPECT_EQ(failed_clause([&](smallscope::verdict& v) { ds::unite_post(v, pre.s, now.s, true, 5, 4); }), "");
    ASSERT_FALSE(now.s.unite(5, 3));
  }
  {
    disj_set_box single(2);
    const disj_set_box before(single.s);
    ASSERT_TRUE(single.s.unite(1, 0));  // a tie: 0 goes under 1, whose rank grows
    EXPECT_EQ(single.s.elements[0]->parent, 1);
    EXPECT_EQ(single.s.elements[1]->rank, 1);
    EXPECT_EQ(failed_clause([&](smallscope::verdict& v) { ds::unite_post(v, before.s, single.s, true, 1, 0); }), "");
    single.s.elements[1]->rank = 0;
    EXPECT_EQ(failed_clause([&](smallscope::verdict& v) { ds::unite_post(v, before.s, single.s, true, 1, 0); }),
              "ranks are unchanged but for the new root's on a tie, which grows by one");
  }
}

// Java's repOK over plain parent/rank vectors, for the brute-force count.
bool plain_rep_ok(const std::vector<int>& parent, const std::vector<int>& rank) {
  const int n = static_cast<int>(parent.size());
  std::vector<bool> seen(parent.size(), false);
  int roots = 0, zero = 0;
  for (int i = 0; i < n; ++i) {
    const auto p = static_cast<std::size_t>(parent[static_cast<std::size_t>(i)]);
    const int r = rank[static_cast<std::size_t>(i)];
    if (static_cast<int>(p) == i) {
      ++roots;
    } else {
      if (rank[p] <= r) return false;
      if (r == rank[p] - 1) seen[p] = true;
    }
  }
  for (int i = 0; i < n; ++i) zero += !seen[static_cast<std::size_t>(i)] && rank[static_cast<std::size_t>(i)] == 0;
  return roots <= zero;
}

// Structures of finDisjSet(n) up to isomorphism: the records sit in the array in index order,
// so a structure is a size s and parent and rank vectors over 0..s-1 and 0..n-1.
std::uint64_t brute_force_valid(int n) {
  std::uint64_t count = 0;
  for (int s = 0; s <= n; ++s) {
    std::vector<int> parent(static_cast<std::size_t>(s), 0), rank(static_cast<std::size_t>(s), 0);
    std::function<void(int)> fill = [&](int i) {
      if (i == 2 * s) {
        count += plain_rep_ok(parent, rank);
        return;
      }
      auto& slot = i < s ? parent[static_cast<std::size_t>(i)] : rank[static_cast<std::size_t>(i - s)];
      const int top = i < s ? s - 1 : n - 1;  // parents outside 0..s-1 are never valid
      for (slot = 0; slot <= top; ++slot) fill(i + 1);
    };
    fill(0);
  }
  return count;
}

using methods_test::method_of;

TEST(MethodsDisjSet, CheckRunsEveryInputOfTable4) {
  const auto* subject = smallscope::find_subject("DisjSet");
  ASSERT_NE(subject, nullptr);
  // Paper 000, Table 4: union and find inputs together, scopes 1..4.
  const std::uint64_t table4[] = {4, 30, 456, 18280};
  for (int n = 1; n <= 4; ++n) {
    const std::uint64_t valid = brute_force_valid(n);
    const auto instance = subject->make(subject->scope(n));
    const auto unite = smallscope::run_check(instance.fin, instance.invariant, method_of(instance, "union"), {});
    const auto find = smallscope::run_check(instance.fin, instance.invariant, method_of(instance, "find"), {});
    EXPECT_EQ(unite.structures, valid) << n;
    EXPECT_EQ(unite.inputs, valid * static_cast<std::uint64_t>(n * n)) << n;
    EXPECT_EQ(find.inputs, valid * static_cast<std::uint64_t>(n)) << n;
    EXPECT_EQ(unite.passed, unite.inputs) << n;
    EXPECT_EQ(find.passed, find.inputs) << n;
    EXPECT_EQ(unite.inputs + find.inputs, table4[n - 1]) << n;
  }
}

// find without path compression: right representative, uncompressed path.
int find_uncompressed(ds::disj_set& s, int x) {
  if (x < 0 || x >= s.size) return -1;
  while (s.elements[x]->parent != x) x = s.elements[x]->parent;
  return x;
}

TEST(MethodsDisjSet, CheckCatchesAFindWithoutCompression) {
  const auto m = smallscope::make_method<&find_uncompressed, &ds::find_post>(
      "find_uncompressed", {smallscope::argument_domain::of(smallscope::ints(0, 2))}, "find_uncompressed", "find_post");
  const auto r = smallscope::run_check(ds::fin(3), smallscope::make_predicate<&ds::disj_set::rep_ok>(), m, {});
  EXPECT_EQ(r.inputs, 38u * 3u);
  ASSERT_GT(r.failed, 0u);
  EXPECT_EQ(r.failures.front().detail, "every element on x's path points at the root");
  EXPECT_EQ(r.failures.front().kind, smallscope::outcome_kind::postcondition);
  EXPECT_THROW(ds::fin(0), smallscope::finitization_error);
}

}  // namespace
