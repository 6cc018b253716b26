// What smallscope needs to test plain_subjects::lru::cache (subjects/unmodified/plain/
// lru_cache.hpp: a std::list of entries and a std::unordered_map of iterators into it, no default
// constructor) as it is written: its members bound as contents, the invariant, the postconditions
// and the methods under test. Nothing in the class changes, and there is no shadow of its state.
#pragma once

#include <cstdint>
#include <stdexcept>
#include <utility>
#include <vector>

#include "plain/lru_cache.hpp"
#include "smallscope/checker.hpp"
#include "smallscope/contents.hpp"

namespace lru_spec {
using cache_t = plain_subjects::lru::cache<int, int>;
}  // namespace lru_spec

namespace plain_subjects::lru {
SMALLSCOPE_FIELDS(lru_spec::cache_t, recent_, where_, limit_)
SMALLSCOPE_CONSTRUCTOR_ARGS(lru_spec::cache_t, 2)  // how the search makes its objects (it then sets every field)
}  // namespace plain_subjects::lru

namespace lru_spec {

// Every key of the map names the list entry that holds it, and the list holds no more entries
// than the map and the limit.
inline bool cache_ok(const cache_t& c) {
  if (c.limit_ < 1 || c.recent_.size() > c.limit_ || c.where_.size() != c.recent_.size()) return false;
  for (const auto& [key, at] : c.where_)
    if (at->first != key) return false;
  return true;
}

// Caches of limit `limit` over keys 0..keys-1 and values 0..values-1: the list's entries are
// pairs from those domains, the map's values iterators into the list.
inline smallscope::finitization fin(int limit, int keys, int values) {
  auto f = smallscope::finitization::of<cache_t>("Cache");
  f.set(&cache_t::limit_, smallscope::ints(limit, limit));
  f.empty_structure<cache_t>(limit);  // explore's sequences start from cache(limit)
  f.set(&cache_t::recent_, smallscope::sequence_of(smallscope::ints(0, limit),
                                                   smallscope::pair_of(smallscope::ints(0, keys - 1),
                                                                       smallscope::ints(0, values - 1))));
  f.set(&cache_t::where_, smallscope::map_of(smallscope::ints(0, keys - 1), smallscope::elements_of(&cache_t::recent_)));
  return f;
}

inline std::vector<std::pair<int, int>> entries(const cache_t& c) { return {c.recent_.begin(), c.recent_.end()}; }

inline void put_post(smallscope::verdict& v, const cache_t& old, const cache_t& now, const int& k, const int& x) {
  std::vector<std::pair<int, int>> expected;
  expected.emplace_back(k, x);
  for (const auto& e : entries(old))
    if (e.first != k) expected.push_back(e);
  if (expected.size() > old.limit_) expected.pop_back();
  v.require(entries(now) == expected, "k is the most recent entry, with x; the least recent one goes over the limit");
  v.require(cache_ok(now), "the map names the list's entries");
}

inline void get_post(smallscope::verdict& v, const cache_t& old, const cache_t& now, const int& result, const int& k) {
  std::vector<std::pair<int, int>> expected;
  for (const auto& e : entries(old))
    if (e.first == k) expected.insert(expected.begin(), e);
    else expected.push_back(e);
  v.require(!expected.empty() && expected.front().first == k && result == expected.front().second,
            "returns k's value and makes k the most recent");
  v.require(entries(now) == expected, "the other entries keep their order");
}

inline void erase_post(smallscope::verdict& v, const cache_t& old, const cache_t& now, bool erased, const int& k) {
  std::vector<std::pair<int, int>> expected;
  for (const auto& e : entries(old))
    if (e.first != k) expected.push_back(e);
  v.require(erased == (expected.size() != old.recent_.size()), "returns whether k was there");
  v.require(entries(now) == expected && cache_ok(now), "k is gone, the rest in order");
}

// The methods under test over keys 0..keys-1 and values 0..values-1 (get of an absent key
// throws std::out_of_range, as documented: allowed).
inline smallscope::target_method put_method(int keys, int values) {
  auto m = SMALLSCOPE_METHOD_WITH_INVARIANT(cache_t::put, put_post, cache_ok, smallscope::ints(0, keys - 1),
                                            smallscope::ints(0, values - 1));
  m.summary = "remembers a value as the most recent entry, forgetting the least recent over the limit";
  return m;
}
inline smallscope::target_method get_method(int keys) {
  auto m = SMALLSCOPE_METHOD_WITH_INVARIANT(cache_t::get, get_post, cache_ok, smallscope::ints(0, keys - 1));
  m.allow<std::out_of_range>();
  m.summary = "a key's value, which becomes the most recent (std::out_of_range when absent)";
  return m;
}
inline smallscope::target_method erase_method(int keys) {
  auto m = SMALLSCOPE_METHOD_WITH_INVARIANT(cache_t::erase, erase_post, cache_ok, smallscope::ints(0, keys - 1));
  m.summary = "forgets a key";
  return m;
}

}  // namespace lru_spec
