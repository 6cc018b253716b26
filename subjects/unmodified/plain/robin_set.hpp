// An open-addressing hash set with robin-hood hashing and backward-shift deletion, written the
// way header-only hash tables are, with no smallscope in it: a std::vector of buckets, each with
// its distance from its ideal bucket (-1: empty), whether it is the last bucket, and the value in
// aligned byte storage constructed in place; a raw pointer into the vector's data, indexed as an
// array, that points at a static empty bucket while there are no buckets; float load factors;
// the hash, the equality and the growth policy (a power-of-two mask) as private base classes; no
// default constructor.
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <new>
#include <utility>
#include <vector>

namespace plain_subjects::robin {

// Bucket counts are powers of two; a hash picks its bucket by masking.
class power_of_two_policy {
 public:
  explicit power_of_two_policy(std::size_t& buckets) {
    if (buckets > 0) {
      std::size_t rounded = 1;
      while (rounded < buckets) rounded *= 2;
      buckets = rounded;
      mask_ = buckets - 1;
    }
  }
  std::size_t bucket_for_hash(std::size_t hash) const { return hash & mask_; }
  std::size_t next_bucket_count() const { return (mask_ + 1) * 2; }

 protected:
  std::size_t mask_ = 0;
};

template <class T>
class bucket_entry {
 public:
  static constexpr std::int16_t empty_distance = -1;

  bucket_entry() noexcept : distance_(empty_distance), last_(false) {}
  explicit bucket_entry(bool last) noexcept : distance_(empty_distance), last_(last) {}
  bucket_entry(const bucket_entry& other) : distance_(empty_distance), last_(other.last_) {
    if (!other.empty()) {
      ::new (static_cast<void*>(storage_)) T(other.value());
      distance_ = other.distance_;
    }
  }
  bucket_entry& operator=(const bucket_entry& other) {
    if (this != &other) {
      clear();
      if (!other.empty()) {
        ::new (static_cast<void*>(storage_)) T(other.value());
        distance_ = other.distance_;
      }
      last_ = other.last_;
    }
    return *this;
  }
  ~bucket_entry() { clear(); }

  bool empty() const noexcept { return distance_ == empty_distance; }
  std::int16_t distance() const noexcept { return distance_; }
  bool last() const noexcept { return last_; }
  void set_last(bool last) noexcept { last_ = last; }
  T& value() noexcept { return *std::launder(reinterpret_cast<T*>(storage_)); }
  const T& value() const noexcept { return *std::launder(reinterpret_cast<const T*>(storage_)); }

  void set_value(std::int16_t distance, const T& v) {
    ::new (static_cast<void*>(storage_)) T(v);
    distance_ = distance;
  }
  void clear() noexcept {
    if (!empty()) {
      value().~T();
      distance_ = empty_distance;
    }
  }
  // Exchanges this bucket's value and distance with (distance, v).
  void swap_with(std::int16_t& distance, T& v) {
    std::swap(value(), v);
    std::swap(distance_, distance);
  }

 private:
  std::int16_t distance_;
  bool last_;
  alignas(T) unsigned char storage_[sizeof(T)];
};

template <class T, class Hash = std::hash<T>, class Equal = std::equal_to<T>>
class robin_set : private Hash, private Equal, private power_of_two_policy {
  using bucket = bucket_entry<T>;

 public:
  explicit robin_set(std::size_t buckets)
      : Hash(), Equal(), power_of_two_policy(buckets), buckets_data_(buckets), buckets_(buckets_data_.empty() ? empty_bucket() : buckets_data_.data()),
        bucket_count_(buckets), elements_(0), load_threshold_(0), max_load_factor_(0.5f) {
    if (bucket_count_ > 0) buckets_data_.back().set_last(true);
    load_threshold_ = static_cast<std::size_t>(static_cast<float>(bucket_count_) * max_load_factor_);
  }

  std::size_t size() const noexcept { return elements_; }
  std::size_t bucket_count() const noexcept { return bucket_count_; }

  bool contains(const T& key) const { return find_bucket(key) != nullptr; }

  // Adds key unless present; whether it was added.
  bool insert(const T& key) {
    if (contains(key)) return false;
    if (elements_ + 1 > load_threshold_) grow();
    std::size_t at = bucket_for_hash(hash_of(key));
    std::int16_t distance = 0;
    T moving = key;
    while (!buckets_[at].empty()) {
      if (distance > buckets_[at].distance()) buckets_[at].swap_with(distance, moving);  // take from the rich
      at = next(at);
      ++distance;
    }
    buckets_[at].set_value(distance, moving);
    ++elements_;
    return true;
  }

  // Removes key if present, shifting the buckets after it back; whether it was there.
  bool erase(const T& key) {
    bucket* found = find_bucket_mutable(key);
    if (found == nullptr) return false;
    found->clear();
    --elements_;
    std::size_t previous = static_cast<std::size_t>(found - buckets_);
    std::size_t at = next(previous);
    while (!buckets_[at].empty() && buckets_[at].distance() > 0) {
      buckets_[previous].set_value(static_cast<std::int16_t>(buckets_[at].distance() - 1), buckets_[at].value());
      buckets_[at].clear();
      previous = at;
      at = next(at);
    }
    return true;
  }

 private:
  static bucket* empty_bucket() {
    static bucket none(true);
    return &none;
  }
  std::size_t hash_of(const T& key) const { return static_cast<const Hash&>(*this)(key); }
  bool equal(const T& a, const T& b) const { return static_cast<const Equal&>(*this)(a, b); }
  std::size_t next(std::size_t at) const { return at + 1 < bucket_count_ ? at + 1 : 0; }

  const bucket* find_bucket(const T& key) const {
    if (bucket_count_ == 0) return nullptr;
    std::size_t at = bucket_for_hash(hash_of(key));
    for (std::int16_t distance = 0; distance <= buckets_[at].distance(); ++distance) {
      if (equal(buckets_[at].value(), key)) return buckets_ + at;
      at = next(at);
    }
    return nullptr;
  }
  bucket* find_bucket_mutable(const T& key) { return const_cast<bucket*>(find_bucket(key)); }

  void grow() {
    robin_set bigger(bucket_count_ == 0 ? 2 : next_bucket_count());
    for (std::size_t i = 0; i < bucket_count_; ++i)
      if (!buckets_[i].empty()) bigger.insert(buckets_[i].value());
    swap(bigger);
  }
  void swap(robin_set& other) {
    std::swap(static_cast<power_of_two_policy&>(*this), static_cast<power_of_two_policy&>(other));
    buckets_data_.swap(other.buckets_data_);
    std::swap(buckets_, other.buckets_);
    std::swap(bucket_count_, other.bucket_count_);
    std::swap(elements_, other.elements_);
    std::swap(load_threshold_, other.load_threshold_);
    std::swap(max_load_factor_, other.max_load_factor_);
  }

  std::vector<bucket> buckets_data_;
  bucket* buckets_;  // buckets_data_.data(), or the static empty bucket while there are no buckets
  std::size_t bucket_count_;
  std::size_t elements_;
  std::size_t load_threshold_;
  float max_load_factor_;
};

}  // namespace plain_subjects::robin
