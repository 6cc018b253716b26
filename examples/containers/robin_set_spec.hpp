// What smallscope needs to test plain_subjects::robin::robin_set (subjects/unmodified/plain/
// robin_set.hpp: open addressing with robin-hood insertion and backward-shift deletion, a
// std::vector of bucket structs with each value in aligned byte storage, a raw bucket pointer
// into the vector's data indexed as an array, the mask in a private base, a float load factor, no
// default constructor) as it is written: the vector bound as contents, the pointer, the mask and
// the load threshold derived as the class keeps them, the invariant, the postconditions and the
// methods under test.
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <set>

#include "plain/robin_set.hpp"
#include "smallscope/checker.hpp"
#include "smallscope/contents.hpp"

namespace robin_spec {
using set_t = plain_subjects::robin::robin_set<int>;
using bucket_t = plain_subjects::robin::bucket_entry<int>;
using policy_t = plain_subjects::robin::power_of_two_policy;
}  // namespace robin_spec

namespace plain_subjects::robin {
SMALLSCOPE_FIELDS(robin_spec::bucket_t, distance_, last_, storage_)
SMALLSCOPE_FIELDS(robin_spec::set_t, buckets_data_, bucket_count_, elements_, max_load_factor_)
SMALLSCOPE_CONSTRUCTOR_ARGS(robin_spec::set_t, 0)  // explore starts from robin_set(0)
}  // namespace plain_subjects::robin

namespace robin_spec {

// The whole representation invariant: no buckets at all, or a power-of-two table of buckets whose pointer and mask
// are the class's own, the last bucket marked, each key at its distance from its ideal bucket,
// no key twice, the robin-hood order (a bucket at distance d > 0 follows a bucket at distance
// d - 1 or more), the count, and the load under the threshold the load factor gives.
inline bool robin_ok(const set_t& s) {
  const std::size_t n = s.bucket_count_;
  if (n == 0)  // robin_set(0): no buckets yet, the shared empty bucket, nothing to hold
    return s.buckets_data_.empty() && s.buckets_ == set_t::empty_bucket() && s.mask_ == 0 && s.elements_ == 0 &&
           s.load_threshold_ == 0;
  if ((n & (n - 1)) != 0 || s.mask_ != n - 1) return false;
  if (s.buckets_data_.size() != n || s.buckets_ != s.buckets_data_.data()) return false;
  if (s.load_threshold_ != static_cast<std::size_t>(static_cast<float>(n) * s.max_load_factor_)) return false;
  std::size_t used = 0;
  for (std::size_t i = 0; i < n; ++i) {
    const bucket_t& b = s.buckets_[i];
    if (b.last() != (i + 1 == n)) return false;
    if (b.empty()) continue;
    ++used;
    const std::size_t ideal = std::hash<int>{}(b.value()) & s.mask_;
    if (b.distance() != static_cast<std::int16_t>((i + n - ideal) & s.mask_)) return false;
    if (b.distance() > 0) {
      const bucket_t& before = s.buckets_[(i + n - 1) & s.mask_];
      if (before.empty() || before.distance() < b.distance() - 1) return false;
    }
    for (std::size_t j = 0; j < i; ++j)
      if (!s.buckets_[j].empty() && s.buckets_[j].value() == b.value()) return false;
  }
  return used == s.elements_ && used <= s.load_threshold_;
}

// Tables of `buckets` buckets (a power of two) holding keys 0..keys-1: each bucket's value lives
// in its storage while its distance is not -1 (empty); the pointer, mask and threshold follow.
inline smallscope::finitization fin(int buckets, int keys) {
  auto f = smallscope::finitization::of<set_t>("Set");
  f.set(&set_t::bucket_count_, smallscope::ints(buckets, buckets));
  f.set(&set_t::elements_, smallscope::ints(0, buckets / 2));
  f.set(&set_t::buckets_data_,
        smallscope::sequence_of(smallscope::ints(buckets, buckets),
                                smallscope::record<bucket_t>()
                                    .with(&bucket_t::last_, smallscope::booleans())
                                    .with(&bucket_t::distance_, smallscope::ints(-1, buckets - 1))
                                    .with(&bucket_t::storage_, smallscope::storage_of<int>(smallscope::ints(0, keys - 1))
                                                                   .unless(&bucket_t::distance_, -1))));
  f.derive(&set_t::buckets_, [](const set_t& s) {
    return s.buckets_data_.empty() ? set_t::empty_bucket() : const_cast<bucket_t*>(s.buckets_data_.data());
  }, "buckets_");
  f.derive<set_t>(&policy_t::mask_, [](const set_t& s) { return s.bucket_count_ == 0 ? 0 : s.bucket_count_ - 1; }, "mask_");
  f.set(&set_t::max_load_factor_, smallscope::reals({0.5}));
  f.derive(&set_t::load_threshold_, [](const set_t& s) {
    return static_cast<std::size_t>(static_cast<float>(s.bucket_count_) * s.max_load_factor_);
  }, "load_threshold_");
  return f;
}

inline std::set<int> keys_of(const set_t& s) {
  std::set<int> r;
  for (std::size_t i = 0; i < s.bucket_count_; ++i)
    if (!s.buckets_[i].empty()) r.insert(s.buckets_[i].value());
  return r;
}

inline void insert_post(smallscope::verdict& v, const set_t& old, const set_t& now, bool added, const int& k) {
  std::set<int> expected = keys_of(old);
  const bool absent = expected.insert(k).second;
  v.require(added == absent, "returns whether k was absent");
  v.require(keys_of(now) == expected && now.size() == expected.size(), "k is in the set, with every key before");
}

inline void erase_post(smallscope::verdict& v, const set_t& old, const set_t& now, bool erased, const int& k) {
  std::set<int> expected = keys_of(old);
  const bool present = expected.erase(k) == 1;
  v.require(erased == present, "returns whether k was there");
  v.require(keys_of(now) == expected && now.size() == expected.size(), "k is gone, the rest stay");
}

inline void contains_post(smallscope::verdict& v, const set_t& old, const set_t& now, bool found, const int& k) {
  v.require(found == (keys_of(old).count(k) == 1), "says whether k is in the set");
  v.require(keys_of(now) == keys_of(old), "changes nothing");
}

// The methods under test, each with keys 0..keys (one more than the tables hold).
inline smallscope::target_method insert_method(int keys) {
  auto m = SMALLSCOPE_METHOD_WITH_INVARIANT(set_t::insert, insert_post, robin_ok, smallscope::ints(0, keys));
  m.summary = "adds a key, taking from the rich, growing over the load factor";
  return m;
}
inline smallscope::target_method erase_method(int keys) {
  auto m = SMALLSCOPE_METHOD_WITH_INVARIANT(set_t::erase, erase_post, robin_ok, smallscope::ints(0, keys));
  m.summary = "removes a key, shifting the buckets after it back";
  return m;
}
inline smallscope::target_method contains_method(int keys) {
  auto m = SMALLSCOPE_METHOD_WITH_INVARIANT(set_t::contains, contains_post, robin_ok, smallscope::ints(0, keys));
  m.summary = "whether a key is in the set";
  return m;
}

}  // namespace robin_spec
