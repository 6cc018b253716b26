// Tests of the TreeMap subject (paper 000's benchmark, subjects/tree_map.hpp):
// - put and remove agree with std::map on random sequences, keep the invariant and pass their
//   postconditions;
// - each postcondition rejects a wrong result or post-state by the expected clause;
// - checking both methods passes on every input, and the number of inputs equals paper 000's
//   Table 4 and an independent count (red-black colourings of each tree shape, by dynamic
//   programming, times key subsets and arguments).
#include <gtest/gtest.h>

#include <cstdint>
#include <map>
#include <random>
#include <string>
#include <vector>

#include "methods_test_support.hpp"
#include "smallscope/checker.hpp"
#include "smallscope/subject.hpp"
#include "subjects/tree_map.hpp"

namespace {

using namespace methods_test;
namespace tm = subjects::tree_map;

struct tree_map_box : owned_structure<tm::tree> {
  using owned_structure::owned_structure;
  tm::tree& t = *root;
};

std::map<int, int> contents(const tm::tree& t) { return tm::map_abstraction(t).entries; }

TEST(TreeMap, RandomOperationsAgreeWithStdMap) {
  std::mt19937 rng(seed);
  tree_map_box s;
  std::map<int, int> model;
  for (int step = 0; step < random_steps; ++step) {
    const int key = pick(rng, 0, 31);
    const tree_map_box old(s.t);
    smallscope::verdict v;
    if (add_now(rng, step)) {
      const int value = pick(rng, 0, 3);
      const auto it = model.find(key);
      const int expected = it == model.end() ? tm::null_value : it->second;
      model[key] = value;
      const int result = tm::put(s.t, key, value);
      EXPECT_EQ(result, expected) << "put " << key << " at step " << step;
      tm::put_post(v, old.t, s.t, result, key, value);
    } else {
      const auto it = model.find(key);
      const int expected = it == model.end() ? tm::null_value : it->second;
      model.erase(key);
      const int result = tm::remove(s.t, key);
      EXPECT_EQ(result, expected) << "remove " << key << " at step " << step;
      tm::remove_post(v, old.t, s.t, result, key);
    }
    ASSERT_TRUE(s.t.rep_ok()) << "step " << step;
    ASSERT_EQ(contents(s.t), model) << "step " << step;
    ASSERT_TRUE(v.passed()) << v.failed_clause() << " at step " << step;
  }
}

TEST(TreeMap, PostconditionsRejectWrongResults) {
  tree_map_box pre;
  for (int key : {1, 0, 2}) tm::put(pre.t, key, 0);
  {
    tree_map_box now(pre.t);
    const int result = tm::put(now.t, 2, 5);  // replaces 2's value 0 by 5
    ASSERT_EQ(result, 0);
    auto post = [&](int r, int key, int value) {
      return failed_clause([&](smallscope::verdict& v) { tm::put_post(v, pre.t, now.t, r, key, value); });
    };
    EXPECT_EQ(post(result, 2, 5), "");
    EXPECT_EQ(post(tm::null_value, 2, 5), "result is the key's old value, or null if it was absent");
    EXPECT_EQ(post(0, 2, 6), "the map is the old map with the change");
  }
  {
    tree_map_box now(pre.t);
    ASSERT_EQ(tm::put(now.t, 3, 1), tm::null_value);
    auto post = [&](int r) {
      return failed_clause([&](smallscope::verdict& v) { tm::put_post(v, pre.t, now.t, r, 3, 1); });
    };
    EXPECT_EQ(post(tm::null_value), "");
    EXPECT_EQ(post(0), "result is the key's old value, or null if it was absent");
    now.t.size = 3;  // a size that misses the new entry
    EXPECT_EQ(post(tm::null_value), "size is the number of entries");
  }
  {
    tree_map_box now(pre.t);
    ASSERT_EQ(tm::remove(now.t, 1), 0);
    auto post = [&](int r, int key) {
      return failed_clause([&](smallscope::verdict& v) { tm::remove_post(v, pre.t, now.t, r, key); });
    };
    EXPECT_EQ(post(0, 1), "");
    EXPECT_EQ(post(tm::null_value, 1), "result is the key's old value, or null if it was absent");
    EXPECT_EQ(post(tm::null_value, 7), "the map is the old map with the change");
    now.t.root->color = subjects::red_black_tree::red;  // a red root above a red child
    now.t.root->left->color = subjects::red_black_tree::red;
    EXPECT_EQ(post(0, 1), "a black root stays black");
  }
}

// The red-black trees of n nodes (red root allowed, as Korat's invariant), counted by shape and
// colour with a dynamic program over (nodes, black height, root colour).
std::uint64_t red_black_colourings(int n) {
  constexpr int max_n = 8, max_h = 9;
  std::uint64_t black[max_n + 1][max_h + 1] = {};  // root black, or the empty tree (height 0)
  std::uint64_t red[max_n + 1][max_h + 1] = {};
  black[0][0] = 1;
  for (int k = 1; k <= n; ++k)
    for (int h = 0; h <= max_h; ++h)
      for (int l = 0; l < k; ++l) {
        const int r = k - 1 - l;
        if (h >= 1) {
          const auto any = [&](int m) { return black[m][h - 1] + red[m][h - 1]; };
          black[k][h] += any(l) * any(r);
        }
        red[k][h] += black[l][h] * black[r][h];
      }
  std::uint64_t total = 0;
  for (int h = 0; h <= max_h; ++h) total += black[n][h] + red[n][h];
  return total;
}

std::uint64_t binomial(int n, int k) {
  std::uint64_t b = 1;
  for (int i = 1; i <= k; ++i) b = b * static_cast<std::uint64_t>(n - k + i) / static_cast<std::uint64_t>(i);
  return b;
}

using methods_test::method_of;

TEST(TreeMap, InputsEqualTable4AndEveryCheckPasses) {
  // Paper 000, Table 4: inputs of put and remove together for scopes 1..7.
  const std::uint64_t table4[] = {6, 28, 96, 328, 1150, 3924, 12754};
  const auto* subject = smallscope::find_subject("TreeMap");
  ASSERT_NE(subject, nullptr);
  for (std::int64_t s = 1; s <= 7; ++s) {
    std::uint64_t valid = 0;  // each subset of the s keys fills each colouring of its size once
    for (int k = 0; k <= s; ++k) valid += binomial(static_cast<int>(s), k) * red_black_colourings(k);
    const auto instance = subject->make(subject->scope(s));
    const auto& put = method_of(instance, "put");
    const auto& remove = method_of(instance, "remove");
    const std::uint64_t args = static_cast<std::uint64_t>(s);  // s keys; one value for put
    if (s <= 4) {  // run every input
      const auto p = smallscope::run_check(instance.fin, instance.invariant, put, {});
      const auto r = smallscope::run_check(instance.fin, instance.invariant, remove, {});
      EXPECT_EQ(p.structures, valid) << "s = " << s;
      EXPECT_EQ(p.inputs, valid * args) << "s = " << s;
      EXPECT_EQ(p.failed + r.failed, 0u) << "s = " << s;
      EXPECT_EQ(p.inputs + r.inputs, table4[s - 1]) << "s = " << s;
    } else {  // count them
      const auto p = smallscope::count_inputs(instance.fin, instance.invariant, put);
      const auto r = smallscope::count_inputs(instance.fin, instance.invariant, remove);
      EXPECT_EQ(p, valid * args) << "s = " << s;
      EXPECT_EQ(p + r, table4[s - 1]) << "s = " << s;
    }
  }
}

}  // namespace
