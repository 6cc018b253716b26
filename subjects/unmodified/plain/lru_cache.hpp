// A least-recently-used cache as application code writes one, with no smallscope in it: a
// std::list of key-value pairs, most recently used first, a std::unordered_map from each key to
// its list iterator, and a size limit given to the constructor (there is no default
// constructor). Its implicitly generated copy constructor copies the map's iterators, which keep
// pointing into the source's list (the defect such caches have).
#pragma once

#include <cstddef>
#include <list>
#include <stdexcept>
#include <unordered_map>
#include <utility>

namespace plain_subjects::lru {

template <class Key, class Value>
class cache {
 public:
  using entry = std::pair<Key, Value>;
  using position = typename std::list<entry>::iterator;

  explicit cache(std::size_t limit) : limit_(limit) {}

  // Remembers value for key as the most recent entry, forgetting the least recent one when the
  // cache is over its limit.
  void put(const Key& key, const Value& value) {
    const auto known = where_.find(key);
    if (known != where_.end()) {
      recent_.erase(known->second);
      where_.erase(known);
    }
    recent_.emplace_front(key, value);
    where_[key] = recent_.begin();
    if (where_.size() > limit_) {
      where_.erase(recent_.back().first);
      recent_.pop_back();
    }
  }

  // The value of key, which becomes the most recent entry; std::out_of_range when absent.
  const Value& get(const Key& key) {
    const auto known = where_.find(key);
    if (known == where_.end()) throw std::out_of_range("no such key in the cache");
    recent_.splice(recent_.begin(), recent_, known->second);
    return known->second->second;
  }

  bool exists(const Key& key) const { return where_.count(key) != 0; }

  // Forgets key; whether it was there.
  bool erase(const Key& key) {
    const auto known = where_.find(key);
    if (known == where_.end()) return false;
    recent_.erase(known->second);
    where_.erase(known);
    return true;
  }

  std::size_t size() const { return where_.size(); }
  std::size_t limit() const { return limit_; }

 private:
  std::list<entry> recent_;
  std::unordered_map<Key, position> where_;
  std::size_t limit_;
};

}  // namespace plain_subjects::lru
