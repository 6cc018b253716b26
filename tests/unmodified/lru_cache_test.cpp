// A cache made of standard containers, bound as it is written (subjects/unmodified/plain/
// lru_cache.hpp: a std::list of pairs, a std::unordered_map of iterators into it, a limit from
// the constructor): its contents are the structure. The valid caches are exactly the sequences of
// distinct keys, each with a value, up to the limit (counted here by brute force); put, get and
// erase pass on every one, on copies that own their containers; explore, started from the object
// the constructor arguments build, reaches every valid cache and no other.
#include <gtest/gtest.h>

#include <cstdint>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "lru_cache_spec.hpp"  // examples/containers: the bindings, invariant and postconditions
#include "smallscope/checker.hpp"
#include "smallscope/contents.hpp"
#include "smallscope/explore.hpp"
#include "smallscope/heap.hpp"
#include "smallscope/report.hpp"
#include "smallscope/search.hpp"

namespace lru_test {
using namespace lru_spec;

// Sequences of distinct keys (of `keys`) of length 0..limit, each key with one of `values`.
std::uint64_t brute_force(int limit, int keys, int values) {
  std::uint64_t total = 0, arrangements = 1;
  for (int n = 0; n <= limit && n <= keys; ++n) {
    std::uint64_t with_values = arrangements;
    for (int i = 0; i < n; ++i) with_values *= static_cast<std::uint64_t>(values);
    total += with_values;
    arrangements *= static_cast<std::uint64_t>(keys - n);
  }
  return total;
}

}  // namespace lru_test

using namespace lru_test;

TEST(LruCache, TheValidCachesAreTheSequencesOfDistinctKeys) {
  for (const auto& [limit, keys, values] : std::vector<std::tuple<int, int, int>>{{1, 2, 2}, {2, 3, 2}, {3, 3, 1}, {2, 2, 3}}) {
    std::uint64_t n = 0;
    for (const auto& s : smallscope::structures(fin(limit, keys, values), &cache_ok)) {
      const cache_t& c = s.root<cache_t>();
      EXPECT_TRUE(cache_ok(c));
      ++n;
    }
    EXPECT_EQ(n, brute_force(limit, keys, values)) << limit << " " << keys << " " << values;
  }
}

// The same invariant asking the entries before the sizes: each size() read only the slots of the
// size, so asking the sizes first lets the search skip the entries of caches of the wrong size.
bool cache_ok_entries_first(const cache_t& c) {
  for (const auto& [key, at] : c.where_)
    if (at->first != key) return false;
  return c.limit_ >= 1 && c.recent_.size() <= c.limit_ && c.where_.size() == c.recent_.size();
}

TEST(LruCache, SizesReadAloneLetTheSearchPrune) {
  std::uint64_t explored[2] = {0, 0}, valid[2] = {0, 0};
  const smallscope::predicate invariants[2] = {smallscope::make_predicate(&cache_ok),
                                               smallscope::make_predicate(&cache_ok_entries_first)};
  for (int i = 0; i < 2; ++i) {
    smallscope::structure_range range(fin(2, 3, 2), invariants[i]);
    for ([[maybe_unused]] const auto& s : range) ++valid[i];
    explored[i] = range.stats().explored;
  }
  EXPECT_EQ(valid[0], 31u);
  EXPECT_EQ(valid[1], 31u);
  EXPECT_LT(explored[0], explored[1]) << "sizes first: " << explored[0] << ", entries first: " << explored[1];
}

TEST(LruCache, CopiesOwnTheirContainersAndIteratorsIntoThem) {
  std::uint64_t seen = 0;
  for (const auto& s : smallscope::structures(fin(2, 3, 2), &cache_ok)) {
    const cache_t& c = s.root<cache_t>();
    cache_t* copy = smallscope::deep_copy(c);
    EXPECT_EQ(entries(*copy), entries(c));
    EXPECT_TRUE(cache_ok(*copy));
    for (const auto& [key, at] : copy->where_) {  // into the copy's own list
      bool inside = false;
      for (auto it = copy->recent_.begin(); it != copy->recent_.end(); ++it) inside = inside || it == at;
      EXPECT_TRUE(inside) << key;
    }
    EXPECT_EQ(smallscope::canonical_form(*copy), smallscope::canonical_form(c));
    smallscope::release(copy);
    ++seen;
  }
  EXPECT_EQ(seen, 31u);
}

// The cache's methods over keys 0..2 and values 0..1, with the invariant they are judged by.
struct cache_methods {
  smallscope::predicate invariant = smallscope::make_predicate(&cache_ok);
  smallscope::target_method put = put_method(3, 2);
  smallscope::target_method get = get_method(3);
  smallscope::target_method erase = erase_method(3);
};

TEST(LruCache, MethodsPassOnEveryCache) {
  const auto f = fin(2, 3, 2);
  const cache_methods m;
  const auto p = smallscope::run_check(f, m.invariant, m.put, {});
  EXPECT_EQ(p.inputs, 31u * 6u);
  EXPECT_EQ(p.failed, 0u);
  const auto g = smallscope::run_check(f, m.invariant, m.get, {});
  EXPECT_EQ(g.inputs, 31u * 3u);
  EXPECT_EQ(g.failed, 0u);
  const auto e = smallscope::run_check(f, m.invariant, m.erase, {});
  EXPECT_EQ(e.failed, 0u);
}

// --cost counts the elements of the containers as the input's size, as it counts a linked list's
// nodes: a cache of n entries holds n list nodes and n map nodes. Before, every cache was of size
// 0 and no growth could be fitted; an input larger than the objects stopped the check's worker.
TEST(LruCache, CostSizesCountTheContainersEntries) {
  const auto f = fin(2, 3, 2);
  const cache_methods m;
  smallscope::check_options o;
  o.cost = true;
  const auto r = smallscope::run_check(f, m.invariant, m.put, o);
  EXPECT_EQ(r.failed, 0u);
  ASSERT_EQ(r.cost.by_size.size(), 3u);
  // 1 empty cache, 3 * 2 of one entry, 3 * 2 * 2 * 2 of two, each with 3 * 2 arguments.
  const std::uint64_t sizes[3] = {0, 2, 4}, inputs[3] = {6, 36, 144};
  for (std::size_t k = 0; k < 3; ++k) {
    EXPECT_EQ(r.cost.by_size[k].size, sizes[k]);
    EXPECT_EQ(r.cost.by_size[k].inputs, inputs[k]);
  }
}

TEST(LruCache, ExploreFromTheConstructedCacheReachesEveryValidCache) {
  const auto f = fin(2, 3, 2);
  const cache_methods m;
  const auto& invariant = m.invariant;
  const auto& put = m.put;
  const auto& get = m.get;
  smallscope::explore_options o;
  o.isolate = false;
  o.against = &f;
  o.invariant = &invariant;
  const auto r = smallscope::explore_sequences(smallscope::api_calls({&put, &get}), o);
  EXPECT_TRUE(r.complete);
  EXPECT_EQ(r.states, 31u);
  EXPECT_EQ(r.differential.valid, 31u);
  EXPECT_EQ(r.differential.valid_reached, 31u);
  EXPECT_EQ(r.differential.reached_not_valid, 0u);
  EXPECT_TRUE(r.findings.empty());
}

// At limit 3 the sequences start from cache(3), the finitization's empty structure, not from the
// cache(2) of SMALLSCOPE_CONSTRUCTOR_ARGS, and reach every valid cache: 1 + 3*2 + 6*4 + 6*8.
TEST(LruCache, ExploreStartsFromTheEmptyStructureOfTheScope) {
  const auto f = fin(3, 3, 2);
  EXPECT_EQ(f.data().empty_structure_text, "Cache(3)");
  const cache_methods m;
  smallscope::explore_options o;
  o.isolate = false;
  o.against = &f;
  o.invariant = &m.invariant;
  const auto r = smallscope::explore_sequences(smallscope::api_calls({&m.put, &m.get}), o);
  EXPECT_TRUE(r.complete);
  EXPECT_EQ(r.states, 79u);
  EXPECT_EQ(r.differential.valid, 79u);
  EXPECT_EQ(r.differential.valid_reached, 79u);
  EXPECT_TRUE(r.findings.empty());
  auto g = smallscope::finitization::of<cache_t>("Cache");
  EXPECT_THROW((g.empty_structure<std::pair<int, int>>(1, 2)), smallscope::finitization_error);
}

namespace lru_test {
// A wrong postcondition: the cache never holds two entries.
void one_entry_post(smallscope::verdict& v, const cache_t&, const cache_t& now, const int&, const int&) {
  v.require(now.recent_.size() < 2, "at most one entry");
}
}  // namespace lru_test

// A finding's post-state made in explore's worker shows the contents it reached, as the same
// exploration in the caller's process does (the worker's report carried no contents: "recent_=0").
TEST(LruCache, AnIsolatedExplorationPicturesTheContentsOfItsFindings) {
  const auto f = fin(2, 3, 2);
  const auto strict = SMALLSCOPE_METHOD_WITH_INVARIANT(cache_t::put, one_entry_post, cache_ok, smallscope::ints(0, 2),
                                                       smallscope::ints(0, 1));
  const auto invariant = smallscope::make_predicate(&cache_ok);
  std::string pictures[2];
  for (const bool isolate : {false, true}) {
    smallscope::explore_options o;
    o.isolate = isolate;
    o.against = &f;
    o.invariant = &invariant;
    o.max_depth = 2;
    const auto r = smallscope::explore_sequences(smallscope::api_calls({&strict}), o);
    ASSERT_FALSE(r.findings.empty()) << isolate;
    pictures[isolate] = smallscope::draw(r.findings.front().run.post_state, f, smallscope::structure_format::text, "post");
  }
  EXPECT_EQ(pictures[1], pictures[0]);
  EXPECT_NE(pictures[1].find("recent_=[("), std::string::npos) << pictures[1];
  EXPECT_NE(pictures[1].find("where_={"), std::string::npos) << pictures[1];
}

TEST(LruCache, PicturesShowTheContents) {
  for (const auto& s : smallscope::structures(fin(2, 3, 2), &cache_ok)) {
    const cache_t& c = s.root<cache_t>();
    if (c.recent_.size() != 2) continue;
    const auto g = smallscope::describe(c);
    ASSERT_EQ(g.objects.size(), 1u);
    const auto& fields = g.objects[0].fields;
    ASSERT_EQ(fields.size(), 3u);
    EXPECT_TRUE(fields[0].is_contents);
    const auto [k0, v0] = c.recent_.front();
    const auto [k1, v1] = c.recent_.back();
    EXPECT_EQ(fields[0].text, "[(" + std::to_string(k0) + ", " + std::to_string(v0) + "), (" + std::to_string(k1) + ", " +
                                  std::to_string(v1) + ")]");
    // The map by key: each key names its entry's position in the list.
    const std::string first = std::to_string(std::min(k0, k1)) + ": recent_[" + (k0 < k1 ? "0" : "1") + "]";
    const std::string second = std::to_string(std::max(k0, k1)) + ": recent_[" + (k0 < k1 ? "1" : "0") + "]";
    EXPECT_EQ(fields[1].text, "{" + first + ", " + second + "}");
    EXPECT_NE(fields[1].code.find("std::next($self.recent_.begin(), "), std::string::npos) << fields[1].code;
    return;
  }
  FAIL() << "no cache of two entries";
}
