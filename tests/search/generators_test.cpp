// Dedicated generators (paper 000, Sec. 5; generators.hpp): plain predicates outside a search;
// inside one, the same valid structures as the plain invariant from fewer candidates, on one
// thread and on several; a broken contract is counted.
#include <gtest/gtest.h>

#include <algorithm>
#include <mutex>
#include <string>
#include <vector>

#include "search/parallel_search.hpp"
#include "smallscope/finitization.hpp"
#include "smallscope/generators.hpp"
#include "smallscope/search.hpp"
#include "smallscope/subject.hpp"

namespace {

using vectors = std::vector<std::vector<std::uint32_t>>;

struct found {
  vectors structures;  // sorted
  smallscope::search_stats stats;
};

found search(const smallscope::finitization& fin, const smallscope::predicate& pred) {
  found f;
  smallscope::structure_range range(fin, pred);
  for (const auto& st : range) f.structures.emplace_back(st.values().begin(), st.values().end());
  std::sort(f.structures.begin(), f.structures.end());
  f.stats = range.stats();
  return f;
}

struct subject_scope {
  std::string subject;
  std::int64_t scope;
  double fewer;  // at least this many times fewer candidates with generators
};

std::ostream& operator<<(std::ostream& os, const subject_scope& s) { return os << s.subject << " " << s.scope; }

class Generators : public testing::TestWithParam<subject_scope> {};

TEST_P(Generators, SameStructuresFromFewerCandidates) {
  const auto& [name, largest, fewer] = GetParam();
  const smallscope::subject* s = smallscope::find_subject(name);
  ASSERT_NE(s, nullptr);
  for (std::int64_t scope = std::max<std::int64_t>(s->scope_min, 1); scope <= largest; ++scope) {
    const auto instance = s->make(s->scope(scope));
    ASSERT_TRUE(instance.with_generators) << name;
    const found plain = search(instance.fin, instance.invariant);
    const found generated = search(instance.fin, instance.with_generators);
    EXPECT_EQ(generated.structures, plain.structures) << name << " " << scope;
    EXPECT_LE(generated.stats.explored, plain.stats.explored) << name << " " << scope;
    EXPECT_EQ(generated.stats.generator_misuse, 0u);
    if (scope == largest) {
      EXPECT_GE(static_cast<double>(plain.stats.explored), fewer * static_cast<double>(generated.stats.explored))
          << name << " " << scope << ": " << plain.stats.explored << " against " << generated.stats.explored;
    }
  }
}

// Units carry the ranges the generators narrowed, and every thread starts with the trees the
// first candidate declared: two threads and four shards explore exactly what one thread does.
TEST_P(Generators, ThreadsAndShardsExploreWhatOneThreadDoes) {
  const auto& [name, largest, fewer] = GetParam();
  const smallscope::subject* s = smallscope::find_subject(name);
  const auto instance = s->make(s->scope(largest));
  const found one = search(instance.fin, instance.with_generators);
  for (const auto& [threads, shards] : {std::pair{2u, 1u}, std::pair{1u, 4u}, std::pair{2u, 3u}}) {
    vectors all;
    std::uint64_t explored = 0;
    for (std::uint64_t i = 0; i < shards; ++i) {
      smallscope::detail::parallel_options p;
      p.threads = threads;
      p.shard_index = i;
      p.shard_count = shards;
      p.units_per_shard = 16;
      smallscope::detail::parallel_search run(instance.fin.data(), instance.with_generators, {}, p);
      std::mutex m;
      smallscope::detail::parallel_hooks hooks;
      hooks.on_structure = [&](unsigned, const smallscope::structure& st) {
        std::lock_guard<std::mutex> lock(m);
        all.emplace_back(st.values().begin(), st.values().end());
      };
      run.run(hooks);
      explored += run.stats().explored;
    }
    std::sort(all.begin(), all.end());
    EXPECT_EQ(all, one.structures) << threads << " threads, " << shards << " shards";
    EXPECT_EQ(explored, one.stats.explored) << threads << " threads, " << shards << " shards";
  }
}

// The scopes where the tests compare every structure; bench/generators.py measures the largest
// Korat scopes (docs/PERFORMANCE.md).
INSTANTIATE_TEST_SUITE_P(KoratSubjects, Generators,
                         testing::Values(subject_scope{"SearchTree", 7, 4}, subject_scope{"BinaryTree", 10, 4},
                                         subject_scope{"SinglyLinkedList", 8, 4}, subject_scope{"RedBlackTree", 8, 4},
                                         subject_scope{"HeapArray", 6, 2}),
                         [](const testing::TestParamInfo<subject_scope>& p) { return p.param.subject; });

struct node {
  smallscope::field<node*> left;
  smallscope::field<node*> right;
  smallscope::field<int> key;
};
SMALLSCOPE_FIELDS(node, left, right, key)

TEST(Generators, OutsideASearchTheyArePlainChecks) {
  node a, b, c;
  EXPECT_TRUE(smallscope::is_tree<node>(nullptr, &node::left, &node::right));
  a.left = &b;
  a.right = &c;
  EXPECT_TRUE(smallscope::is_tree(&a, &node::left, &node::right));
  c.left = &b;  // b has two parents
  EXPECT_FALSE(smallscope::is_tree(&a, &node::left, &node::right));
  c.left = nullptr;
  b.right = &a;  // a cycle
  EXPECT_FALSE(smallscope::is_tree(&a, &node::left, &node::right));
  EXPECT_TRUE(smallscope::is_list(&c, &node::left));
  c.key = 3;
  EXPECT_TRUE(smallscope::equals(c.key, 3));
  EXPECT_FALSE(smallscope::equals(c.key, 4));
  EXPECT_TRUE(smallscope::is_in(c.key, 3, 3));
  EXPECT_FALSE(smallscope::is_in(c.key, 4, 9));
  EXPECT_TRUE(smallscope::less(c.key, 4));
  EXPECT_FALSE(smallscope::less(c.key, 3));
  EXPECT_TRUE(smallscope::greater(c.key, 2));
  EXPECT_FALSE(smallscope::greater(c.key, 3));
  EXPECT_TRUE(smallscope::non_null(a.left));
  EXPECT_FALSE(smallscope::non_null(c.right));
}

struct pair_of_keys {
  smallscope::field<int> a;
  smallscope::field<int> b;
};
SMALLSCOPE_FIELDS(pair_of_keys, a, b)

smallscope::finitization keys_fin() {
  auto f = smallscope::finitization::of<pair_of_keys>("Pair");
  f.set(&pair_of_keys::a, smallscope::ints(0, 9));
  f.set(&pair_of_keys::b, smallscope::ints(0, 9));
  return f;
}

// b > a narrows b to the values above a: 45 pairs from 45 + 10 (the first value of each a)
// candidates instead of 100. A bound on a field read before the top narrows nothing.
TEST(Generators, ABoundNarrowsTheFieldOnTopOfTheStack) {
  const auto fin = keys_fin();
  const found plain = search(fin, smallscope::make_predicate<pair_of_keys>([](const pair_of_keys& p) {
    return p.b > p.a;
  }));
  const found narrowed = search(fin, smallscope::make_predicate<pair_of_keys>([](const pair_of_keys& p) {
    const int a = p.a;
    return smallscope::greater(p.b, a);
  }));
  EXPECT_EQ(narrowed.structures, plain.structures);
  EXPECT_EQ(plain.stats.explored, 100u);
  EXPECT_EQ(narrowed.stats.explored, 55u);
  const found not_top = search(fin, smallscope::make_predicate<pair_of_keys>([](const pair_of_keys& p) {
    const int a = p.a;
    const int b = p.b;
    return a < b && smallscope::less(p.a, b);  // a was read first: it is below b on the stack
  }));
  EXPECT_EQ(not_top.structures, plain.structures);
  EXPECT_EQ(not_top.stats.explored, 100u);
}

// An invariant that ignores a generator's false breaks the contract: counted, not hidden.
TEST(Generators, AnInvariantThatIgnoresAGeneratorIsCounted) {
  const found f = search(keys_fin(), smallscope::make_predicate<pair_of_keys>([](const pair_of_keys& p) {
    const int a = p.a;
    (void)smallscope::greater(p.b, a);
    return true;
  }));
  EXPECT_GT(f.stats.generator_misuse, 0u);
}

}  // namespace
