// Tests of the HashSet subject (paper 000's benchmark, subjects/hash_set.hpp):
// - add and remove agree with std::set on random sequences that start from a one-bucket table
//   (so add rehashes 1 -> 3 -> 7 -> 15 -> 31 -> 63 buckets), keep the invariant and pass their
//   postconditions;
// - rehash happens exactly when a new key meets a full table;
// - each postcondition rejects a wrong result or post-state by the expected clause;
// - checking both methods passes on every input, and the number of inputs equals an
//   independent count (per table length, each key subset within the threshold, times the
//   orders of its chains, times the key arguments).
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <random>
#include <set>
#include <string>
#include <vector>

#include "methods_test_support.hpp"
#include "smallscope/checker.hpp"
#include "smallscope/subject.hpp"
#include "subjects/hash_set.hpp"

namespace {

using namespace methods_test;
namespace hs = subjects::hash_set;

struct hash_set_box : owned_structure<hs::set> {
  explicit hash_set_box(int capacity) { root->init(capacity); }
  explicit hash_set_box(const hs::set& other) : owned_structure(other) {}
  hs::set& s = *root;
};

std::set<int> keys(const hs::set& s) {
  const auto a = hs::abstraction(s);
  return {a.keys.begin(), a.keys.end()};
}

TEST(HashSet, RandomOperationsAgreeWithStdSet) {
  std::mt19937 rng(seed);
  hash_set_box h(1);
  std::set<int> model;
  int rehashes = 0;
  for (int step = 0; step < random_steps; ++step) {
    const int key = pick(rng, 0, 46);
    const hash_set_box old(h.s);
    smallscope::verdict v;
    if (add_now(rng, step)) {
      const bool expected = model.insert(key).second;
      const bool result = h.s.add(key);
      EXPECT_EQ(result, expected) << "add " << key << " at step " << step;
      hs::add_post(v, old.s, h.s, result, key);
      if (h.s.table.length() != old.s.table.length()) ++rehashes;
    } else {
      const bool expected = model.erase(key) == 1;
      const bool result = h.s.remove(key);
      EXPECT_EQ(result, expected) << "remove " << key << " at step " << step;
      hs::remove_post(v, old.s, h.s, result, key);
    }
    ASSERT_TRUE(h.s.rep_ok()) << "step " << step;
    ASSERT_EQ(keys(h.s), model) << "step " << step;
    for (int k = 0; k < 48; ++k) ASSERT_EQ(h.s.contains(k), model.contains(k)) << "step " << step;
    ASSERT_TRUE(v.passed()) << v.failed_clause() << " at step " << step;
  }
  EXPECT_EQ(rehashes, 5);  // 1 -> 3 -> 7 -> 15 -> 31 -> 63: the 47 keys fit under 63 * 3 / 4
  EXPECT_EQ(h.s.table.length(), 63);
}

TEST(HashSet, AddRehashesExactlyWhenANewKeyMeetsAFullTable) {
  hash_set_box h(4);  // threshold 3
  for (int key : {0, 4, 1}) ASSERT_TRUE(h.s.add(key));
  EXPECT_EQ(h.s.table.length(), 4);
  EXPECT_FALSE(h.s.add(4));  // present: no rehash
  EXPECT_EQ(h.s.table.length(), 4);
  ASSERT_TRUE(h.s.add(2));  // size 3 == threshold: rehash to 9 buckets first
  EXPECT_EQ(h.s.table.length(), 9);
  EXPECT_EQ(h.s.threshold, 6);
  EXPECT_TRUE(h.s.rep_ok());
  EXPECT_EQ(keys(h.s), (std::set<int>{0, 1, 2, 4}));
}

TEST(HashSet, PostconditionsRejectWrongResults) {
  hash_set_box pre(4);
  for (int key : {0, 4, 1}) pre.s.add(key);  // bucket 0: 4 -> 0; bucket 1: 1
  {
    hash_set_box now(pre.s);
    ASSERT_TRUE(now.s.add(2));
    auto post = [&](bool r, int key) {
      return failed_clause([&](smallscope::verdict& v) { hs::add_post(v, pre.s, now.s, r, key); });
    };
    EXPECT_EQ(post(true, 2), "");
    EXPECT_EQ(post(false, 2), "result is true iff key was absent");
    EXPECT_EQ(post(true, 3), "keys are the old keys plus key");
    now.s.threshold = 7;
    EXPECT_EQ(post(true, 2), "threshold is the length times the load factor");
  }
  {
    hash_set_box now(pre.s);
    ASSERT_TRUE(now.s.remove(4));  // the head of bucket 0
    auto post = [&](bool r, int key) {
      return failed_clause([&](smallscope::verdict& v) { hs::remove_post(v, pre.s, now.s, r, key); });
    };
    EXPECT_EQ(post(true, 4), "");
    EXPECT_EQ(post(false, 4), "result is true iff key was present");
    EXPECT_EQ(post(true, 0), "keys are the old keys minus key");
    now.s.size = 3;
    EXPECT_EQ(post(true, 4), "size is the number of entries");
    now.s.size = 2;
    hs::entry* moved = now.s.table[0];  // key 0 put into bucket 1's chain
    now.s.table[0] = nullptr;
    moved->next = now.s.table[1].get();
    now.s.table[1] = moved;
    EXPECT_EQ(post(true, 4), "each entry is in the bucket its key's hash selects");
  }
}

// Independent count of fin(s)'s valid sets: for each table length L in 1..s, each set of at
// most min(s, threshold(L)) keys of 0..s-1, one structure per order of each bucket's chain.
std::uint64_t valid_sets(int s) {
  std::uint64_t total = 0;
  for (int length = 1; length <= s; ++length) {
    const int max_size = std::min(s, hs::threshold_for(length));
    for (unsigned subset = 0; subset < (1u << s); ++subset) {
      if (__builtin_popcount(subset) > max_size) continue;
      std::vector<int> bucket(static_cast<std::size_t>(length));
      for (int key = 0; key < s; ++key)
        if ((subset >> key) & 1u) ++bucket[static_cast<std::size_t>(hs::index_for(hs::hash_of(key), length))];
      std::uint64_t orders = 1;
      for (int n : bucket)
        for (int i = 2; i <= n; ++i) orders *= static_cast<std::uint64_t>(i);
      total += orders;
    }
  }
  return total;
}

using methods_test::method_of;

TEST(HashSet, EveryCheckPassesWithTheIndependentlyCountedInputs) {
  const auto* subject = smallscope::find_subject("HashSet");
  ASSERT_NE(subject, nullptr);
  for (std::int64_t s = 1; s <= 5; ++s) {
    const auto instance = subject->make(subject->scope(s));
    const std::uint64_t valid = valid_sets(static_cast<int>(s));
    const std::uint64_t args = static_cast<std::uint64_t>(s);
    for (const char* name : {"add", "remove"}) {
      const auto& m = method_of(instance, name);
      if (s <= 4) {
        const auto r = smallscope::run_check(instance.fin, instance.invariant, m, {});
        EXPECT_EQ(r.structures, valid) << name << " s = " << s;
        EXPECT_EQ(r.inputs, valid * args) << name << " s = " << s;
        EXPECT_EQ(r.failed, 0u) << name << " s = " << s;
      } else {
        EXPECT_EQ(smallscope::count_inputs(instance.fin, instance.invariant, m), valid * args)
            << name << " s = " << s;
      }
    }
  }
}

}  // namespace
