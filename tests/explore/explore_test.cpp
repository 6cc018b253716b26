// Tests of API-sequence exploration (paper 001, Sec. 4.1, 5.1 and 5.2): TreeMap's put/remove
// sequences against a second engine written here on TreeMap's own code with its own state key;
// every reached state valid and among gen's structures; failed calls replayed by hand; limits.
#include <gtest/gtest.h>

#include <deque>
#include <functional>
#include <map>
#include <set>
#include <stdexcept>
#include <string>

#include "smallscope/explore.hpp"
#include "smallscope/subject.hpp"
#include "subjects/tree_map.hpp"

namespace {

namespace tm = subjects::tree_map;
using smallscope::api_call;
using smallscope::explore_options;

struct scoped {
  smallscope::subject_instance instance;
  std::vector<api_call> calls;
};

scoped treemap(std::int64_t n, const std::vector<std::string>& names) {
  const auto* s = smallscope::find_subject("TreeMap");
  scoped out{s->make(s->scope(n)), {}};
  std::vector<const smallscope::target_method*> methods;
  for (const auto& name : names)
    for (const auto& m : out.instance.methods)
      if (m.name == name) methods.push_back(&m);
  EXPECT_EQ(methods.size(), names.size());
  out.calls = smallscope::api_calls(methods);
  return out;
}

// The second engine's state key: the tree's shape, colours, keys and values in order, and
// whether every parent pointer and the size agree with the shape.
std::string key_of(const tm::node* n, const tm::node* parent, int& count) {
  if (n == nullptr) return ".";
  ++count;
  return "(" + key_of(n->left, n, count) + std::to_string(n->key) + (n->color == subjects::red_black_tree::red ? "r" : "b") +
         std::to_string(n->value) + (n->parent.get() == parent ? "" : "!") + key_of(n->right, n, count) + ")";
}
std::string key_of(const tm::tree& t) {
  int count = 0;
  std::string k = key_of(t.root, nullptr, count);
  return k + "#" + std::to_string(t.size) + (count == t.size ? "" : "!");
}

// Breadth first over put_key(k) and remove(k), k in 0..n-1, on trees copied by hand.
std::vector<std::uint64_t> by_hand(int n) {
  std::vector<std::uint64_t> by_depth = {1};
  std::set<std::string> seen;
  std::vector<tm::tree*> level = {new tm::tree()};
  seen.insert(key_of(*level.front()));
  while (true) {
    std::vector<tm::tree*> next;
    for (tm::tree* t : level)
      for (int op = 0; op < 2; ++op)
        for (int k = 0; k < n; ++k) {
          tm::tree* copy = smallscope::deep_copy(*t);
          if (op == 0) {
            tm::put_key(*copy, k);
          } else {
            tm::remove(*copy, k);
          }
          if (seen.insert(key_of(*copy)).second) {
            next.push_back(copy);
          } else {
            smallscope::release(copy);
          }
        }
    for (tm::tree* t : level) smallscope::release(t);
    if (next.empty()) break;
    by_depth.push_back(next.size());
    level = std::move(next);
  }
  return by_depth;
}

TEST(Explore, TreeMapStatesByDepthEqualASecondEngine) {
  for (int n = 1; n <= 5; ++n) {
    const auto s = treemap(n, {"put_key", "remove"});
    ASSERT_EQ(s.calls.size(), 2u * n);
    const auto r = smallscope::explore_sequences(s.calls);
    EXPECT_TRUE(r.complete) << n;
    EXPECT_TRUE(r.findings.empty()) << n;
    EXPECT_EQ(r.states_by_depth, by_hand(n)) << n;
    std::uint64_t sum = 0;
    for (auto c : r.states_by_depth) sum += c;
    EXPECT_EQ(r.states, sum);
    EXPECT_EQ(r.calls, r.states * s.calls.size());  // every state is expanded once by every call
  }
}

TEST(Explore, TheApiReachesASubsetOfTheValidTreesAndNothingElse) {
  for (int n = 2; n <= 5; ++n) {
    const auto s = treemap(n, {"put_key", "remove"});
    explore_options o;
    o.against = &s.instance.fin;
    o.invariant = &s.instance.invariant;
    const auto r = smallscope::explore_sequences(s.calls, o);
    ASSERT_TRUE(r.has_differential);
    const auto& d = r.differential;
    EXPECT_EQ(d.reached_not_valid, 0u) << n;  // every reached state is one of gen's valid trees
    EXPECT_EQ(d.valid_reached, r.states) << n;
    // Paper 001, Sec. 5.2: the API builds fewer trees than the invariant allows (here, among
    // others, one-node trees with a red root, which put never leaves).
    EXPECT_LT(d.valid_reached, d.valid) << n;
    ASSERT_FALSE(d.unreached_examples.empty());
  }
}

TEST(Explore, FailedCallsComeWithSequencesThatReproduceThem) {
  const auto s = treemap(4, {"put_key", "remove_flipped"});
  const auto r = smallscope::explore_sequences(s.calls);
  ASSERT_FALSE(r.findings.empty());
  for (std::size_t i = 1; i < r.findings.size(); ++i) EXPECT_LE(r.findings[i - 1].depth, r.findings[i].depth);
  for (const auto& f : r.findings) {
    ASSERT_EQ(f.calls.size(), f.depth);
    // Replay on TreeMap's code directly: the last call breaks a red-black property.
    tm::tree t;
    for (std::size_t i = 0; i < f.calls.size(); ++i) {
      const std::string& c = f.calls[i];
      const int k = std::stoi(c.substr(c.find('(') + 1));
      if (c.starts_with("put_key(")) {
        tm::put_key(t, k);
      } else {
        tm::remove_flipped(t, k);
      }
      if (i + 1 < f.calls.size()) {
        ASSERT_TRUE(t.rep_ok()) << c;
      }
    }
    const bool black_root = t.root == nullptr || t.root->color == subjects::red_black_tree::black;
    EXPECT_TRUE(!t.rep_ok() || !black_root) << f.run.detail;
    smallscope::release(t.root.get());
  }
}

TEST(Explore, LimitsStopTheExploration) {
  const auto s = treemap(5, {"put_key", "remove"});
  explore_options o;
  o.max_depth = 2;
  const auto two = smallscope::explore_sequences(s.calls, o);
  EXPECT_TRUE(two.stopped);
  EXPECT_FALSE(two.complete);
  EXPECT_EQ(two.states_by_depth.size(), 3u);
  explore_options few;
  few.max_states = 10;
  const auto ten = smallscope::explore_sequences(s.calls, few);
  EXPECT_EQ(ten.states, 10u);
  EXPECT_EQ(ten.stopped_by, "the state limit");
  explore_options one;  // the empty state is one: no call at all
  one.max_states = 1;
  const auto just_empty = smallscope::explore_sequences(s.calls, one);
  EXPECT_EQ(just_empty.states, 1u);
  EXPECT_EQ(just_empty.calls, 0u);
  EXPECT_EQ(just_empty.stopped_by, "the state limit");
  explore_options asked;
  asked.isolate = false;  // polled between calls here (isolated, the supervisor polls every 20 ms)
  int polls = 0;
  asked.stop = [&polls] { return ++polls > 5; };  // true from the sixth poll on
  const auto stopped = smallscope::explore_sequences(s.calls, asked);
  EXPECT_TRUE(stopped.stopped);
  EXPECT_EQ(stopped.stopped_by, "an interrupt");
  EXPECT_LE(stopped.calls, 6u);
  EXPECT_GE(stopped.calls, 5u);
}

TEST(Explore, MethodsWithObjectArgumentsAreRefused) {
  const auto* s = smallscope::find_subject("SinglyLinkedList");
  const auto instance = s->make(s->scope(2));
  std::vector<const smallscope::target_method*> methods;
  for (const auto& m : instance.methods)
    if (m.name == "remove") methods.push_back(&m);
  ASSERT_EQ(methods.size(), 1u);
  EXPECT_THROW(smallscope::api_calls(methods), std::invalid_argument);
}

TEST(Explore, CanonicalFormsMatchExactlyTheIsomorphicStructures) {
  // Two trees with the same shape built in different orders (different addresses) have one
  // form; a different colour or key gives another.
  tm::tree a, b, c;
  for (int k : {1, 0, 2}) tm::put_key(a, k);
  for (int k : {1, 2, 0}) tm::put_key(b, k);
  for (int k : {0, 1, 2}) tm::put_key(c, k);
  EXPECT_EQ(smallscope::canonical_form(a), smallscope::canonical_form(b));
  tm::put(c, 2, 0);
  c.root->left->color = subjects::red_black_tree::black;  // same keys and shape, another colour
  EXPECT_NE(smallscope::canonical_form(a), smallscope::canonical_form(c));
  for (tm::tree* t : {&a, &b, &c}) smallscope::release(t->root.get());
}

}  // namespace
