// FibonacciHeap and FibonacciHeapPair (Korat 1.0's fibheap example; paper 000, Table 1's target
// methods insert, extractMin, union and delete, and Table 4's input counts):
// - random operation sequences agree with std::multiset, keep rep_ok and pass the
//   postconditions; cut and cascading_cut do what CLR says;
// - rep_ok rejects broken heaps (and ends on cycles); each postcondition names the clause a
//   wrong result breaks;
// - check passes every method on a small scope with valid structures x argument values inputs.
#include <gtest/gtest.h>

#include <cstdint>
#include <random>
#include <set>
#include <stdexcept>
#include <string>
#include <vector>

#include "methods_test_support.hpp"
#include "smallscope/checker.hpp"
#include "smallscope/subject.hpp"
#include "subjects/fibonacci_heap.hpp"

namespace {

using namespace methods_test;
namespace fh = subjects::fibonacci_heap;

struct heap_box : owned_structure<fh::heap> {
  using owned_structure::owned_structure;
  fh::heap& h = *root;
};

// A pair that owns its two heaps and their nodes.
struct pair_box : owned_structure<fh::heap_pair> {
  pair_box() {
    root->first = new fh::heap();
    root->second = new fh::heap();
  }
  explicit pair_box(const fh::heap_pair& other) : owned_structure(other) {}
  fh::heap_pair& p = *root;
};

std::multiset<int> keys(const fh::heap& h) { return fh::abstraction(&h); }

// Every node of the heap, pre-order over the forest.
void collect(fh::node* start, std::vector<fh::node*>& out) {
  if (start == nullptr) return;
  fh::node* x = start;
  do {
    out.push_back(x);
    collect(x->child, out);
    x = x->right;
  } while (x != start);
}
std::vector<fh::node*> all_nodes(const fh::heap& h) {
  std::vector<fh::node*> out;
  collect(h.nodes, out);
  return out;
}

// One random step on h and its model: insert (mostly while growing, up to 40 keys),
// extract_min or delete.
void random_step(std::mt19937& rng, int step, fh::heap& h, std::multiset<int>& model) {
  const int key = pick(rng, 0, 12);
  const heap_box old(h);
  smallscope::verdict v;
  if (add_now(rng, step) && model.size() < 40) {
    h.insert(key);
    model.insert(key);
    fh::insert_post(v, old.h, h, key);
  } else if (pick(rng, 0, 1) == 0) {
    const int expected = model.empty() ? fh::no_key : *model.begin();
    if (!model.empty()) model.erase(model.begin());
    const int result = h.extract_min();
    EXPECT_EQ(result, expected) << "extract_min at step " << step;
    fh::extract_min_post(v, old.h, h, result);
  } else {
    const auto at = model.find(key);
    const bool expected = at != model.end();
    if (expected) model.erase(at);
    const bool result = h.remove(key);
    EXPECT_EQ(result, expected) << "delete " << key << " at step " << step;
    fh::remove_post(v, old.h, h, result, key);
  }
  ASSERT_TRUE(h.rep_ok()) << "step " << step;
  ASSERT_EQ(keys(h), model) << "step " << step;
  ASSERT_TRUE(v.passed()) << v.failed_clause() << " at step " << step;
}

TEST(MethodsFibonacciHeap, RandomOperationsAgreeWithStdMultiset) {
  std::mt19937 rng(seed);
  heap_box s;
  std::multiset<int> model;
  int deepest = 0;
  for (int step = 0; step < random_steps; ++step) {
    random_step(rng, step, s.h, model);
    if (testing::Test::HasFatalFailure()) return;
    for (const fh::node* x : all_nodes(s.h)) {
      int depth = 0;
      for (const fh::node* p = x->parent; p != nullptr; p = p->parent) ++depth;
      deepest = std::max(deepest, depth);
    }
  }
  EXPECT_GE(deepest, 3);  // consolidate built trees deep enough for cascading cuts
}

TEST(MethodsFibonacciHeap, RandomUnionsAgreeWithStdMultiset) {
  std::mt19937 rng(seed + 1);
  for (int round = 0; round < 200; ++round) {
    pair_box s;
    std::multiset<int> a, b;
    const int steps_a = pick(rng, 0, 20), steps_b = pick(rng, 0, 20);
    for (int i = 0; i < steps_a; ++i) random_step(rng, i % 250, *s.p.first, a);
    for (int i = 0; i < steps_b; ++i) random_step(rng, i % 250, *s.p.second, b);
    if (testing::Test::HasFatalFailure()) return;
    ASSERT_TRUE(s.p.rep_ok()) << "round " << round;
    const pair_box old(s.p);
    s.p.unite();
    a.insert(b.begin(), b.end());
    ASSERT_TRUE(s.p.rep_ok()) << "round " << round;
    EXPECT_EQ(keys(*s.p.first), a) << "round " << round;
    EXPECT_EQ(s.p.second->size, 0);
    EXPECT_EQ(failed_clause([&](smallscope::verdict& v) { fh::unite_post(v, old.p, s.p); }), "") << "round " << round;
  }
}

TEST(MethodsFibonacciHeap, DecreaseCutsAndCascades) {
  heap_box s;
  for (int k = 0; k <= 8; ++k) s.h.insert(k);
  ASSERT_EQ(s.h.extract_min(), 0);  // consolidates eight roots into one tree of degree 3
  ASSERT_TRUE(s.h.rep_ok());
  ASSERT_EQ(s.h.nodes->right, s.h.nodes.get());
  // y: a child of the root with two children.
  fh::node* y = nullptr;
  for (fh::node* x : all_nodes(s.h))
    if (x->parent != nullptr && x->parent->parent == nullptr && x->degree == 2) y = x;
  ASSERT_NE(y, nullptr);
  fh::node* first = y->child;
  fh::node* second = first->right;
  std::multiset<int> expected = keys(s.h);
  expected.erase(expected.find(first->key));
  expected.erase(expected.find(second->key));
  expected.insert({-1, -2});
  s.h.decrease(first, -1);  // cut: first becomes a root and the new min; y is marked
  EXPECT_EQ(first->parent, nullptr);
  EXPECT_EQ(s.h.min_node, first);
  EXPECT_EQ(y->parent->parent, nullptr);
  EXPECT_TRUE(y->mark);
  EXPECT_EQ(y->degree, 1);
  ASSERT_TRUE(s.h.rep_ok());
  s.h.decrease(second, second->key);  // no decrease below y: nothing moves
  EXPECT_EQ(second->parent, y);
  s.h.decrease(second, -2);  // y loses a second child: cascading_cut makes y an unmarked root
  EXPECT_EQ(second->parent, nullptr);
  EXPECT_EQ(y->parent, nullptr);
  EXPECT_FALSE(y->mark);
  EXPECT_EQ(s.h.min_node, second);
  ASSERT_TRUE(s.h.rep_ok());
  EXPECT_EQ(keys(s.h), expected);
}

TEST(MethodsFibonacciHeap, RepOkRejectsBrokenHeaps) {
  heap_box s;
  for (int k : {3, 1, 4, 1, 5}) s.h.insert(k);
  ASSERT_EQ(s.h.extract_min(), 1);  // a tree of degree 2 and none other
  ASSERT_TRUE(s.h.rep_ok());
  fh::node* top = s.h.nodes;
  fh::node* c = top->child;
  ++top->degree;
  EXPECT_FALSE(s.h.rep_ok()) << "degree is not the number of children";
  --top->degree;
  const int key = c->key;
  c->key = top->key - 1;
  EXPECT_FALSE(s.h.rep_ok()) << "a child below its parent";
  c->key = key;
  ++s.h.size;
  EXPECT_FALSE(s.h.rep_ok()) << "size is not the number of nodes";
  --s.h.size;
  c->parent = nullptr;
  EXPECT_FALSE(s.h.rep_ok()) << "a child without its parent";
  c->parent = top;
  fh::node* r = c->right;
  c->right = top;  // a cycle through the root: rep_ok must end
  EXPECT_FALSE(s.h.rep_ok());
  c->right = r;
  s.h.min_node = c;
  EXPECT_FALSE(s.h.rep_ok()) << "min_node not on the root list";
  s.h.min_node = top;
  ASSERT_TRUE(s.h.rep_ok());

  pair_box pair;
  pair.p.first->insert(1);
  ASSERT_TRUE(pair.p.rep_ok());
  pair.p.second->nodes = pair.p.first->nodes.get();  // both heaps hold the node
  pair.p.second->min_node = pair.p.first->nodes.get();
  pair.p.second->size = 1;
  EXPECT_FALSE(pair.p.rep_ok()) << "the heaps share a node";
  pair.p.second->nodes = nullptr;  // so that release frees the node once anyway
  pair.p.second->min_node = nullptr;
  pair.p.second->size = 0;
}

TEST(MethodsFibonacciHeap, PostconditionsNameTheBrokenClause) {
  heap_box pre;
  for (int k : {2, 0, 3, 2}) pre.h.insert(k);
  {
    heap_box now(pre.h);
    now.h.insert(1);
    auto post = [&](int key) {
      return failed_clause([&](smallscope::verdict& v) { fh::insert_post(v, pre.h, now.h, key); });
    };
    EXPECT_EQ(post(1), "");
    EXPECT_EQ(post(4), "keys are the old keys plus key");
    ++now.h.size;
    EXPECT_EQ(post(1), "size grows by one");
  }
  {
    heap_box now(pre.h);
    ASSERT_EQ(now.h.extract_min(), 0);
    auto post = [&](int result) {
      return failed_clause([&](smallscope::verdict& v) { fh::extract_min_post(v, pre.h, now.h, result); });
    };
    EXPECT_EQ(post(0), "");
    EXPECT_EQ(post(2), "result is the least key, or no_key when empty");
    const int key = now.h.nodes->key;
    now.h.nodes->key = 9;
    EXPECT_EQ(post(0), "keys are the old keys minus one least key");
    now.h.nodes->key = key;
    EXPECT_EQ(post(0), "");
    now.h.size = 4;
    EXPECT_EQ(post(0), "size shrinks by one unless the heap was empty");
    heap_box empty;
    heap_box still_empty(empty.h);
    EXPECT_EQ(still_empty.h.extract_min(), fh::no_key);
    EXPECT_EQ(failed_clause([&](smallscope::verdict& v) { fh::extract_min_post(v, empty.h, still_empty.h, fh::no_key); }), "");
    EXPECT_EQ(failed_clause([&](smallscope::verdict& v) { fh::extract_min_post(v, empty.h, still_empty.h, 0); }),
              "result is the least key, or no_key when empty");
  }
  {
    heap_box now(pre.h);
    ASSERT_TRUE(now.h.remove(2));
    auto post = [&](bool result, int key) {
      return failed_clause([&](smallscope::verdict& v) { fh::remove_post(v, pre.h, now.h, result, key); });
    };
    EXPECT_EQ(post(true, 2), "");
    EXPECT_EQ(post(false, 2), "result is true iff key was in the heap");
    EXPECT_EQ(post(true, 7), "result is true iff key was in the heap");
    EXPECT_EQ(post(true, 3), "keys are the old keys minus one occurrence of key");
    ++now.h.size;
    EXPECT_EQ(post(true, 2), "size shrinks by one exactly when key is removed");
    --now.h.size;
    fh::node* x = now.h.nodes;
    fh::node* r = x->right;
    ASSERT_NE(r, x);
    x->right = x;  // a cycle that skips nodes: the walk ends and misses keys
    EXPECT_EQ(post(true, 2), "keys are the old keys minus one occurrence of key");
    x->right = r;
  }
  {
    pair_box old;
    old.p.first->insert(1);
    old.p.second->insert(0);
    old.p.second->insert(5);
    pair_box now(old.p);
    now.p.unite();
    auto post = [&] { return failed_clause([&](smallscope::verdict& v) { fh::unite_post(v, old.p, now.p); }); };
    EXPECT_EQ(post(), "");
    now.p.first->nodes->key = 4;
    EXPECT_EQ(post(), "first holds the keys of both heaps");
    now.p.first->nodes->key = 1;
    now.p.second->size = 2;
    EXPECT_EQ(post(), "second is empty");
    now.p.second->size = 0;
    now.p.first->size = 2;
    EXPECT_EQ(post(), "first's size is the sum of the sizes");
    now.p.first->size = 3;
    EXPECT_EQ(post(), "");
  }
}

// ---------------------------------------------------------------------------------------------
// Checks through the registered subjects.

using methods_test::method_of;

smallscope::check_report check(const std::string& subject, const std::string& method, std::int64_t n) {
  const auto* s = smallscope::find_subject(subject);
  EXPECT_NE(s, nullptr);
  const auto instance = s->make(s->scope(n));
  return smallscope::run_check(instance.fin, instance.invariant, method_of(instance, method), {});
}

TEST(CheckFibonacciHeap, EveryMethodPassesScope3) {
  // korat-counts.tsv: finFibonacciHeap(3) has 136 valid heaps. insert and delete take a key
  // in 0..3 (4 values), extract_min nothing.
  const std::uint64_t valid = 136;
  for (const auto& [method, arguments] : {std::pair<std::string, std::uint64_t>{"insert", 4}, {"extract_min", 1}, {"delete", 4}}) {
    const auto r = check("FibonacciHeap", method, 3);
    EXPECT_EQ(r.structures, valid) << method;
    EXPECT_EQ(r.inputs, valid * arguments) << method;
    EXPECT_EQ(r.total_inputs, r.inputs) << method;
    EXPECT_EQ(r.failed, 0u) << method;
  }
}

TEST(CheckFibonacciHeap, DeleteMutantFailsOnlyWhenACutHappens) {
  // Scope 1 has no child to cut; at scope 2 the smallest failure is a root over a child whose
  // key is deleted (2 nodes), reported by the invariant (a degree too high).
  EXPECT_EQ(check("FibonacciHeap", "delete_mutant", 1).failed, 0u);
  const auto r = check("FibonacciHeap", "delete_mutant", 2);
  ASSERT_GT(r.failed, 0u);
  EXPECT_EQ(r.failures.front().kind, smallscope::outcome_kind::invariant);
  EXPECT_EQ(r.failures.front().objects, 3u);  // the heap and its two nodes
  heap_box pre;
  for (int k : {0, 1, 2}) pre.h.insert(k);
  ASSERT_EQ(pre.h.extract_min(), 0);  // 1 over 2
  heap_box good(pre.h), bad(pre.h);
  EXPECT_TRUE(good.h.remove(2));
  EXPECT_TRUE(good.h.rep_ok());
  EXPECT_TRUE(bad.h.remove_mutant(2));
  EXPECT_FALSE(bad.h.rep_ok());
  EXPECT_EQ(keys(bad.h), keys(good.h));  // the keys are right: only the invariant catches it
}

TEST(CheckFibonacciHeap, UnionPassesPairsOfScope2) {
  // Pairs of disjoint heaps over 2 nodes with keys 0..1. Heaps of k nodes: 1 (k = 0),
  // 2 (k = 1: a key), 9 (k = 2: two roots, 2 x 2 keys, min_node either root when the keys tie,
  // so 6; or a root over a child, keys 00, 01, 11, so 3). Pairs: sizes (0,0) 1, (1,0) and
  // (0,1) 4, (2,0) and (0,2) 18, (1,1) 2 x 2 = 4: 27 inputs.
  const auto r = check("FibonacciHeapPair", "union", 2);
  EXPECT_EQ(r.structures, 27u);
  EXPECT_EQ(r.inputs, 27u);
  EXPECT_EQ(r.failed, 0u);
}

TEST(CheckFibonacciHeap, Table4InputsAreValidHeapsTimesThreeScopesPlusThree) {
  // Paper 000, Table 4 (FibonacciHeap, s = 1..4): 12, 108, 1632, 34650 inputs (941058 at
  // s = 5) are exactly finFibonacciHeap(s)'s valid heaps times 3(s+1) argument choices per heap.
  // Here insert and delete give s+1 each and extract_min 1, so per heap 2s+3.
  const std::uint64_t table4[] = {12, 108, 1632, 34650};
  for (std::int64_t s = 1; s <= 4; ++s) {
    const auto insert = check("FibonacciHeap", "insert", s);
    const auto extract = check("FibonacciHeap", "extract_min", s);
    const auto remove = check("FibonacciHeap", "delete", s);
    const auto heaps = extract.structures;
    EXPECT_EQ(heaps * 3 * static_cast<std::uint64_t>(s + 1), table4[s - 1]) << "s = " << s;
    EXPECT_EQ(insert.inputs + extract.inputs + remove.inputs, heaps * static_cast<std::uint64_t>(2 * s + 3));
    EXPECT_EQ(insert.failed + extract.failed + remove.failed, 0u) << "s = " << s;
  }
}

}  // namespace
