// BinomialHeap and BinomialHeapPair (Korat 1.0's binheap example; paper 000, Table 1's insert,
// extractMin, union and delete; paper 002, Sec. 4's pairs of heaps for merge):
// - random operation sequences agree with std::multiset, keep rep_ok and pass the postconditions;
// - each postcondition rejects a wrong post-state or result by the expected clause;
// - the invariant rejects broken heaps (cycles, wrong degrees, heap order, shared nodes);
// - the pair's valid count is the square of the heap's (paper 002's 936 x 936 at scope 5), and
//   with paper 002's layout (replicated classes) the explored count is paper 002's too;
// - check passes every method on every input of a small scope, with the expected input count.
#include <gtest/gtest.h>

#include <algorithm>
#include <random>
#include <set>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "methods_test_support.hpp"
#include "smallscope/checker.hpp"
#include "smallscope/search.hpp"
#include "smallscope/subject.hpp"
#include "subjects/binomial_heap.hpp"
#include "subjects/binomial_heap_pair.hpp"

namespace {

using namespace methods_test;
namespace bh = subjects::binomial_heap;
namespace bp = subjects::binomial_heap_pair;

struct heap_box : owned_structure<bh::heap> {
  using owned_structure::owned_structure;
  bh::heap& h = *root;
};

// A pair that owns its two heaps and their nodes.
struct pair_box : owned_structure<bp::heap_pair> {
  bp::heap_pair& p = *root;
  pair_box() {
    p.first = new bh::heap{};
    p.second = new bh::heap{};
  }
  explicit pair_box(const bp::heap_pair& other) : owned_structure(other) {}
};

std::multiset<int> keys(const bh::heap& h) { return bh::abstraction(h).keys; }

TEST(MethodsBinomialHeap, RandomOperationsAgreeWithStdMultiset) {
  constexpr std::size_t max_size = 40;  // up to six trees; keeps the invariant's set inline
  std::mt19937 rng(seed);
  heap_box s;
  std::multiset<int> model;
  int deleted_inner = 0;  // deletions of a key that was not at a root
  for (int step = 0; step < random_steps; ++step) {
    const heap_box old(s.h);
    smallscope::verdict v;
    const int op = pick(rng, 0, 3);
    const int key = pick(rng, 0, 12);
    if (add_now(rng, step) && model.size() < max_size) {
      s.h.insert(key);
      model.insert(key);
      bh::insert_post(v, old.h, s.h, key);
    } else if (op == 0) {
      const int expected = model.empty() ? bh::heap::empty_result : *model.begin();
      if (!model.empty()) model.erase(model.begin());
      const int result = s.h.extract_min();
      EXPECT_EQ(result, expected) << "step " << step;
      bh::extract_min_post(v, old.h, s.h, result);
    } else {
      const auto it = model.find(key);
      const bool expected = it != model.end();
      if (expected) model.erase(it);
      bool at_root = false;
      for (const bh::node* r = old.h.nodes; r != nullptr; r = r->sibling) at_root |= r->key == key;
      if (expected && !at_root) ++deleted_inner;
      EXPECT_EQ(s.h.contains(key), expected);
      const bool result = s.h.delete_key(key);
      EXPECT_EQ(result, expected) << "step " << step;
      bh::delete_key_post(v, old.h, s.h, result, key);
    }
    ASSERT_TRUE(s.h.rep_ok()) << "step " << step;
    ASSERT_EQ(keys(s.h), model) << "step " << step;
    ASSERT_EQ(s.h.size, static_cast<int>(model.size()));
    ASSERT_TRUE(v.passed()) << v.failed_clause() << " at step " << step;
  }
  EXPECT_GT(deleted_inner, 100);
}

TEST(MethodsBinomialHeapPair, RandomUnionsAgreeWithStdMultiset) {
  std::mt19937 rng(seed);
  for (int round = 0; round < 300; ++round) {
    pair_box pre;
    std::multiset<int> model;
    const int n1 = pick(rng, 0, 20);
    const int n2 = pick(rng, 0, 20);
    for (int i = 0; i < n1 + n2; ++i) {
      const int k = pick(rng, 0, 9);
      model.insert(k);
      (i < n1 ? pre.p.first : pre.p.second)->insert(k);
    }
    ASSERT_TRUE(pre.p.rep_ok());
    pair_box now(pre.p);
    now.p.merge();
    smallscope::verdict v;
    bp::merge_post(v, pre.p, now.p);
    ASSERT_TRUE(now.p.rep_ok()) << "round " << round;
    ASSERT_EQ(keys(*now.p.first), model);
    ASSERT_TRUE(v.passed()) << v.failed_clause() << " in round " << round;
    // The pair's heaps stay usable: the minimum comes out first.
    if (!model.empty()) {
      EXPECT_EQ(now.p.first->extract_min(), *model.begin());
    }
  }
}

TEST(MethodsBinomialHeap, PostconditionsNameTheBrokenClause) {
  heap_box pre;
  for (int k : {5, 3, 8, 1, 9, 2, 7}) pre.h.insert(k);  // size 7: trees of degrees 0, 1, 2
  ASSERT_TRUE(pre.h.rep_ok());
  {
    heap_box now(pre.h);
    now.h.insert(4);
    auto post = [&](int key) {
      return failed_clause([&](smallscope::verdict& v) { bh::insert_post(v, pre.h, now.h, key); });
    };
    EXPECT_EQ(post(4), "");
    EXPECT_EQ(post(6), "keys are the old keys plus key");
    now.h.size = 9;
    EXPECT_EQ(post(4), "size grows by one");
    now.h.size = 8;
    bh::node* root = now.h.nodes;  // size 8: one tree of degree 3
    bh::node* saved = root->sibling;
    root->sibling = root->child;  // the child is reached twice
    EXPECT_EQ(post(4), "no node is reached twice");
    root->sibling = saved;
  }
  {
    heap_box now(pre.h);
    const int result = now.h.extract_min();
    ASSERT_EQ(result, 1);
    auto post = [&](int r) {
      return failed_clause([&](smallscope::verdict& v) { bh::extract_min_post(v, pre.h, now.h, r); });
    };
    EXPECT_EQ(post(1), "");
    EXPECT_EQ(post(2), "result is the least key, or -1 when empty");
    const int saved = now.h.nodes->key;
    now.h.nodes->key = 1;  // the least key is back
    EXPECT_EQ(post(1), "keys are the old keys minus one least key");
    now.h.nodes->key = saved;
    now.h.size = 7;
    EXPECT_EQ(post(1), "size shrinks by one unless the heap was empty");
    heap_box empty;
    EXPECT_EQ(failed_clause([&](smallscope::verdict& v) { bh::extract_min_post(v, empty.h, empty.h, -1); }), "");
    EXPECT_EQ(failed_clause([&](smallscope::verdict& v) { bh::extract_min_post(v, empty.h, empty.h, 0); }),
              "result is the least key, or -1 when empty");
  }
  {
    heap_box now(pre.h);
    ASSERT_TRUE(now.h.delete_key(8));
    auto post = [&](bool result, int key) {
      return failed_clause([&](smallscope::verdict& v) { bh::delete_key_post(v, pre.h, now.h, result, key); });
    };
    EXPECT_EQ(post(true, 8), "");
    EXPECT_EQ(post(false, 8), "result is true iff key was present");
    EXPECT_EQ(post(true, 4), "result is true iff key was present");
    EXPECT_EQ(post(true, 9), "keys are the old keys minus one copy of key");
    now.h.size = 7;
    EXPECT_EQ(post(true, 8), "size shrinks by one exactly when key was present");
    heap_box same(pre.h);
    EXPECT_FALSE(same.h.delete_key(4));
    EXPECT_EQ(failed_clause([&](smallscope::verdict& v) { bh::delete_key_post(v, pre.h, same.h, false, 4); }), "");
  }
}

TEST(MethodsBinomialHeapPair, PostconditionNamesTheBrokenClause) {
  pair_box pre;
  for (int k : {4, 2, 6}) pre.p.first->insert(k);
  for (int k : {2, 5}) pre.p.second->insert(k);
  pair_box now(pre.p);
  now.p.merge();
  auto post = [&] { return failed_clause([&](smallscope::verdict& v) { bp::merge_post(v, pre.p, now.p); }); };
  EXPECT_EQ(post(), "");
  const int saved = now.p.first->nodes->key;
  now.p.first->nodes->key = 9;  // a root's key changes
  EXPECT_EQ(post(), "the first heap's keys are the old keys of both heaps");
  now.p.first->nodes->key = saved;
  ASSERT_EQ(post(), "");
  now.p.second->size = 2;
  EXPECT_EQ(post(), "the second heap is empty");
  now.p.second->size = 0;
  now.p.first->size = 4;
  EXPECT_EQ(post(), "the first heap's size is the sum of the sizes");
  now.p.first->size = 5;
  bh::heap* second = now.p.second;
  now.p.second = now.p.first.get();
  EXPECT_EQ(post(), "the pair keeps two distinct heaps");
  now.p.second = second;
}

TEST(MethodsBinomialHeap, InvariantRejectsBrokenHeaps) {
  heap_box h;
  for (int k : {3, 1, 2, 4}) h.h.insert(k);  // size 4: one tree 1 (3 (4), 2)
  ASSERT_TRUE(h.h.rep_ok());
  bh::node* root = h.h.nodes;
  bh::node* big = root->child;  // degree 1
  bh::node* leaf = big->sibling;  // degree 0
  leaf->sibling = big;  // a cycle in the child list
  EXPECT_FALSE(h.h.rep_ok());
  leaf->sibling = nullptr;
  ASSERT_TRUE(h.h.rep_ok());
  const int k = big->key;
  big->key = 0;  // below its parent
  EXPECT_FALSE(h.h.rep_ok());
  big->key = k;
  leaf->degree = 1;
  EXPECT_FALSE(h.h.rep_ok());
  leaf->degree = 0;
  leaf->parent = nullptr;
  EXPECT_FALSE(h.h.rep_ok());
  leaf->parent = root;
  h.h.size = 3;
  EXPECT_FALSE(h.h.rep_ok());
  h.h.size = 4;
  ASSERT_TRUE(h.h.rep_ok());
  // Two heaps sharing a node are not a valid pair, though each heap is valid.
  bp::heap_pair shared;
  shared.first = &h.h;
  shared.second = &h.h;
  EXPECT_FALSE(shared.rep_ok());
  bh::heap other;
  other.nodes = h.h.nodes;
  other.size = 4;
  shared.second = &other;
  EXPECT_TRUE(other.rep_ok());
  EXPECT_FALSE(shared.rep_ok());
}

smallscope::search_stats search(const smallscope::finitization& f, const smallscope::predicate& p) {
  smallscope::structure_range range(f, p);
  for ([[maybe_unused]] const auto& st : range) {
  }
  return range.stats();
}

// Paper 002, Sec. 4: the valid pairs are the pairs of valid heaps (its table: 36, 784, 14,400,
// 876,096 at scopes 2 to 5).
TEST(BinomialHeapPair, ValidPairsAreThePairsOfValidHeaps) {
  const auto inv = smallscope::make_predicate<&bh::heap::rep_ok>();
  const auto pair_inv = smallscope::make_predicate<&bp::heap_pair::rep_ok>();
  for (int n = 1; n <= 3; ++n) {
    const auto heaps = search(bh::fin(n), inv);
    const auto pairs = search(bp::fin(n), pair_inv);
    EXPECT_EQ(pairs.valid, heaps.valid * heaps.valid) << "scope " << n;
  }
  EXPECT_EQ(search(bh::fin(2), inv).valid, 6u);
  EXPECT_EQ(search(bp::fin(3), pair_inv).valid, 784u);
}

// With the classes replicated for the two heaps (paper 002's layout), the search explores
// exactly paper 002's Korat candidates: 348, 5,389 and 150,448 at scopes 2 to 4 (and 3,125,314
// at scope 5), with the same valid pairs as the shared-node pair.
TEST(BinomialHeapPair, ReplicatedClassesExplorePaper002sCandidates) {
  const auto inv = smallscope::make_predicate<&bp::replicated_pair::rep_ok>();
  const std::vector<std::pair<std::uint64_t, std::uint64_t>> paper = {{36, 348}, {784, 5389}, {14400, 150448}};
  for (int n = 2; n <= 4; ++n) {
    const auto stats = search(bp::fin_replicated(n), inv);
    EXPECT_EQ(stats.valid, paper[n - 2].first) << "scope " << n;
    EXPECT_EQ(stats.explored, paper[n - 2].second) << "scope " << n;
  }
}

using methods_test::method_of;

// Every method passes on every input of scope 3 (28 heaps; keys 1..3 as arguments) and the
// pair's merge on scope 2 (6 x 6 pairs).
TEST(CheckBinomialHeap, EveryMethodPassesWithTheExpectedInputCount) {
  const auto* s = smallscope::find_subject("BinomialHeap");
  ASSERT_NE(s, nullptr);
  const auto instance = s->make(s->scope(3));
  const std::vector<std::pair<std::string, std::uint64_t>> expected = {
      {"insert", 28 * 3}, {"extract_min", 28}, {"delete", 28 * 3}};
  for (const auto& [name, inputs] : expected) {
    const auto r = smallscope::run_check(instance.fin, instance.invariant, method_of(instance, name), {});
    EXPECT_EQ(r.inputs, inputs) << name;
    EXPECT_EQ(r.passed, inputs) << name;
    EXPECT_EQ(r.failed, 0u) << name;
    EXPECT_EQ(r.structures, 28u) << name;
  }
  const auto* ps = smallscope::find_subject("BinomialHeapPair");
  ASSERT_NE(ps, nullptr);
  const auto pairs = ps->make(ps->scope(2));
  const auto r = smallscope::run_check(pairs.fin, pairs.invariant, method_of(pairs, "merge"), {});
  EXPECT_EQ(r.inputs, 36u);
  EXPECT_EQ(r.passed, 36u);
}

}  // namespace
