// A B+ tree with a base node class and derived leaf and inner classes holding C arrays with a
// count, tested as it is (subjects/unmodified/plain/bplus_tree.hpp): one structure per tree,
// counted independently with no invariant about unused slots, contains passing on every tree,
// copies of the derived objects made and released through base pointers.
#include <gtest/gtest.h>

#include <cstdint>
#include <string>
#include <vector>

#include "bplus_spec.hpp"
#include "smallscope/checker.hpp"
#include "smallscope/heap.hpp"
#include "smallscope/search.hpp"
#include "tests/support/dead_slots.hpp"

namespace {

using namespace bplus_spec;

// Trees of height 1 or 2 with at most `leaves` leaves and 2 slots a node, over keys 0..m-1: the
// empty tree, a root leaf of 1 or 2 keys, or a root inner node of s keys over s + 1 leaves of 1
// or 2 keys each, whose separator i lies in [max of leaf i, min of leaf i+1).
std::uint64_t expected_trees(int leaves, int m) {
  std::uint64_t total = 1 + static_cast<std::uint64_t>(m) + static_cast<std::uint64_t>(m * (m - 1) / 2);
  for (unsigned set = 1; set < (1u << m); ++set) {
    std::vector<int> keys;
    for (int k = 0; k < m; ++k)
      if (set & (1u << k)) keys.push_back(k);
    const int n = static_cast<int>(keys.size());
    // Cut the keys into g consecutive leaves of 1 or 2 keys, g = s + 1 with s in 1..2: bit i of
    // `twos` says leaf i has 2 keys.
    for (int g = 2; g <= 3 && g <= leaves; ++g)
      for (unsigned twos = 0; twos < (1u << g); ++twos) {
        int used = 0;
        for (int i = 0; i < g; ++i) used += (twos >> i & 1u) != 0 ? 2 : 1;
        if (used != n) continue;
        std::uint64_t ways = 1;
        int at = 0;
        for (int i = 0; i + 1 < g; ++i) {
          at += (twos >> i & 1u) != 0 ? 2 : 1;
          ways *= static_cast<std::uint64_t>(keys[static_cast<std::size_t>(at)] - keys[static_cast<std::size_t>(at - 1)]);
        }
        total += ways;
      }
  }
  return total;
}

}  // namespace

namespace two_bases {
struct tag {
  int t = 0;
};
struct node {
  int level = 0;
};
struct tagged_node : tag, node {
  node* next = nullptr;
};
SMALLSCOPE_FIELDS(tagged_node, level, next)
}  // namespace two_bases

TEST(UnmodifiedBPlusTree, OneStructurePerTree) {
  for (int leaves = 1; leaves <= 3; ++leaves)
    for (int m = 1; m <= 5; ++m) {
      std::uint64_t n = 0;
      for ([[maybe_unused]] const auto& s : smallscope::structures(fin(static_cast<std::uint32_t>(leaves), m),
                                                                   &verified))
        ++n;
      EXPECT_EQ(n, expected_trees(leaves, m)) << leaves << " leaves, keys 0.." << m - 1;
    }
}

TEST(UnmodifiedBPlusTree, ContainsPassesOnEveryTree) {
  const auto r = smallscope::run_check(fin(3, 5), smallscope::make_predicate<&verified>(), contains_method(5), {});
  EXPECT_EQ(r.structures, expected_trees(3, 5));
  EXPECT_EQ(r.inputs, r.structures * 7u);
  EXPECT_EQ(r.worker_restarts, 0u);
  for (const auto& c : r.failures)
    ADD_FAILURE() << "input " << c.input << ": " << smallscope::outcome_name(c.kind) << " " << c.detail;
}

TEST(UnmodifiedBPlusTree, CopiesKeepEachObjectsClass) {
  // The last tree of the scope has an inner root: copy it, compare, release it through node*.
  std::vector<int> seen_keys;
  bool inner_root = false;
  for (const auto& s : smallscope::structures(fin(3, 4), &verified)) {
    const int_tree& t = s.root<int_tree>();
    if (t.root_ == nullptr || t.root_->is_leaf()) continue;
    int_tree* copy = smallscope::deep_copy(t);
    EXPECT_TRUE(copy->verify());
    EXPECT_EQ(keys(*copy), keys(t));
    EXPECT_EQ(smallscope::fingerprint(*copy), smallscope::fingerprint(t));
    const auto graph = smallscope::describe(*copy);
    EXPECT_EQ(graph.objects.size(), 1u + 1u + static_cast<std::size_t>(t.root_->slotuse) + 1u);
    smallscope::release(copy);
    inner_root = true;
  }
  EXPECT_TRUE(inner_root);
}

TEST(UnmodifiedBPlusTree, ABaseAwayFromTheDerivedObjectsAddressIsRefused) {
  // node* cannot hold a tagged_node's address (its node part starts after tag's): refused when
  // the finitization is built, naming both classes.
  auto f = smallscope::finitization::of<two_bases::tagged_node>("Tagged");
  const auto tagged = f.objects<two_bases::tagged_node>("T", 2);
  try {
    const smallscope::object_set<two_bases::node> nodes(tagged);
    ADD_FAILURE() << "accepted " << nodes.class_domains().size() << " domains";
  } catch (const smallscope::finitization_error& e) {
    const std::string message = e.what();
    EXPECT_NE(message.find("two_bases::tagged_node"), std::string::npos) << message;
    EXPECT_NE(message.find("two_bases::node*"), std::string::npos) << message;
  }
}

TEST(UnmodifiedBPlusTree, NothingReadsPastTheCounts) {
  // Two arrays under one inherited count (an inner node's keys and children), one in a leaf.
  EXPECT_GT(dead_slots::expect_dead_slots_unread(fin(3, 4), &verified, contains_method(4)), 0u);
}
