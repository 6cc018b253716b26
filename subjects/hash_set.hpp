// HashSet, paper 000's benchmark (Table 1: java.util.HashSet with its helpers HashMap.put,
// HashMap.remove, HashMap.containsKey and HashMap.rehash; Sec. 8.1). Korat 1.0 has no HashSet
// example; this is our own port of the JDK 1.3 classes the paper names (HashMap.rehash exists
// there; JDK 1.4 renamed it resize): a HashSet is a HashMap whose values are all PRESENT, the
// map a table of buckets, each a chain of entries (hash, key, next) pushed at the head, with a
// count, a threshold = (int)(capacity * loadFactor) and the default load factor 0.75. Adding a
// new key when count >= threshold first rehashes into a table of 2 * capacity + 1 buckets.
//
// Simplifications, each stated where it matters: the set and its map are one object (HashSet
// only forwards to the map); keys are Integers, so hash == key (Integer.hashCode); null keys
// are left out; the load factor is a constant (smallscope has no float fields).
//
// The invariant reads the table's length, the threshold, then each bucket's chain in order,
// then the size; its explored counts are ours (no Korat example to match).
#pragma once

#include <cstdint>
#include <set>
#include <vector>

#include "smallscope/array.hpp"
#include "smallscope/fields.hpp"
#include "smallscope/finitization.hpp"
#include "smallscope/oracle.hpp"
#include "smallscope/small_set.hpp"

namespace subjects::hash_set {

struct entry {
  smallscope::field<int> hash;
  smallscope::field<int> key;
  smallscope::field<entry*> next;
};
SMALLSCOPE_FIELDS(entry, hash, key, next)

// HashMap's index of a hash in a table of `length` buckets (JDK 1.3).
inline int index_for(int hash, int length) { return (hash & 0x7FFFFFFF) % length; }
// (int)(capacity * 0.75f), the threshold of the default load factor.
inline int threshold_for(int capacity) { return capacity * 3 / 4; }
// Integer.hashCode.
inline int hash_of(int key) { return key; }

struct set {
  smallscope::array<entry*> table;
  smallscope::field<int> size;
  smallscope::field<int> threshold;

  // Makes an empty set with `capacity` buckets (HashSet(capacity)); for hand-built structures,
  // whose table has no storage yet. Requires capacity >= 1.
  void init(int capacity) {
    table.allocate_storage(capacity);
    table.set_length(capacity);
    size = 0;
    threshold = threshold_for(capacity);
  }

  // HashSet.contains (HashMap.containsKey).
  bool contains(int key) const {
    const int hash = hash_of(key);
    for (const entry* e = table[index_for(hash, table.length())]; e != nullptr; e = e->next)
      if (e->hash == hash && e->key == key) return true;
    return false;
  }

  // HashSet.add (HashMap.put(key, PRESENT) == null): adds key unless present; returns whether
  // it did. Rehashes first when the set is at its threshold. Interesting arguments: a present
  // key, an absent key whose bucket is empty or not, and any absent key when size == threshold.
  bool add(int key) {
    const int hash = hash_of(key);
    int index = index_for(hash, table.length());
    for (const entry* e = table[index]; e != nullptr; e = e->next)
      if (e->hash == hash && e->key == key) return false;
    if (size >= threshold) {
      rehash();
      index = index_for(hash, table.length());
    }
    entry* e = new entry{};
    e->hash = hash;
    e->key = key;
    e->next = table[index];
    table[index] = e;
    ++size;
    return true;
  }

  // HashSet.remove (HashMap.remove(key) == PRESENT): removes key if present and deletes its
  // entry; returns whether it did. Interesting arguments: the keys at the head, inside and at
  // the end of a chain, and absent keys.
  bool remove(int key) {
    const int hash = hash_of(key);
    const int index = index_for(hash, table.length());
    entry* prev = nullptr;
    for (entry* e = table[index]; e != nullptr; prev = e, e = e->next) {
      if (e->hash != hash || e->key != key) continue;
      if (prev != nullptr) prev->next = e->next;
      else table[index] = e->next;
      --size;
      delete e;
      return true;
    }
    return false;
  }

  bool rep_ok() const {
    const int length = table.length();
    if (length < 1) return false;
    if (threshold != threshold_for(length)) return false;
    smallscope::small_set<const entry*> visited;  // no entry in two chains or twice in one
    smallscope::small_set<int> keys;
    int count = 0;
    for (int i = 0; i < length; ++i) {
      for (const entry* e = table[i]; e != nullptr; e = e->next) {
        if (!visited.insert(e)) return false;
        const int key = e->key;
        if (e->hash != hash_of(key)) return false;         // the cached hash is the key's
        if (index_for(e->hash, length) != i) return false;  // in the bucket its hash selects
        if (!keys.insert(key)) return false;                // no key twice
        ++count;
      }
    }
    // put rehashes before the count passes the threshold, so count <= threshold always.
    return size == count && count <= threshold;
  }

 private:
  // HashMap.rehash: moves every entry into a table of 2 * capacity + 1 buckets, walking the old
  // buckets from the last and pushing each entry at the head of its new chain.
  void rehash() {
    const int old_capacity = table.length();
    std::vector<entry*> old_map(static_cast<std::size_t>(old_capacity));
    for (int i = 0; i < old_capacity; ++i) old_map[static_cast<std::size_t>(i)] = table[i];
    const int new_capacity = old_capacity * 2 + 1;
    table.allocate_storage(new_capacity);
    table.set_length(new_capacity);
    threshold = threshold_for(new_capacity);
    for (int i = old_capacity; i-- > 0;) {
      for (entry* old = old_map[static_cast<std::size_t>(i)]; old != nullptr;) {
        entry* e = old;
        old = old->next;
        const int index = index_for(e->hash, new_capacity);
        e->next = table[index];
        table[index] = e;
      }
    }
  }
};
SMALLSCOPE_FIELDS(set, table, size, threshold)

// finHashSet(entries, minSize, maxSize, maxLength, keys): `entries` Entry objects; the table's
// length in [1, maxLength], its buckets null or entries; size in [minSize, maxSize]; threshold in
// [0, maxLength] (the invariant fixes it); key and hash in [0, keys-1]. fin(s) = (s, 0, s, s, s).
inline smallscope::finitization fin(std::int64_t entries, std::int64_t min_size, std::int64_t max_size,
                                    std::int64_t max_length, std::int64_t keys) {
  auto f = smallscope::finitization::of<set>("HashSet");
  auto e = f.objects<entry>("Entry", static_cast<std::uint32_t>(entries));
  f.set(&set::table, smallscope::ints(1, max_length), e.or_null());
  f.set(&set::size, smallscope::ints(min_size, max_size));
  f.set(&set::threshold, smallscope::ints(0, max_length));
  f.set(&entry::hash, smallscope::ints(0, keys - 1));
  f.set(&entry::key, smallscope::ints(0, keys - 1));
  f.set(&entry::next, e.or_null());
  return f;
}

// Postconditions (paper 000, Sec. 6.1). The abstract value is the set of keys (Sec. 6.3); the
// walk over the buckets stops at an entry met twice, so it ends on a broken post-state too.
struct abstract_set {
  std::multiset<int> keys;  // a multiset, so that a duplicated key shows
  bool acyclic = true;      // no entry met twice
  bool placed = true;       // every entry in the bucket its hash selects, with the key's hash
};
inline constexpr std::size_t walk_limit = 10000;

inline abstract_set abstraction(const set& s) {
  abstract_set a;
  std::set<const entry*> visited;
  const int length = s.table.length();
  for (int i = 0; i < length && i < s.table.capacity(); ++i) {
    for (const entry* e = s.table[i]; e != nullptr; e = e->next) {
      if (!visited.insert(e).second || visited.size() > walk_limit) {
        a.acyclic = false;
        return a;
      }
      a.keys.insert(e->key);
      if (e->hash != hash_of(e->key) || index_for(e->hash, length) != i) a.placed = false;
    }
  }
  return a;
}

inline void require_table(smallscope::verdict& v, const set& old, const set& now, const abstract_set& after) {
  const int old_length = old.table.length();
  const int length = now.table.length();
  v.require(after.acyclic, "no entry is in two chains or twice in one");
  v.require(after.placed, "each entry is in the bucket its key's hash selects");
  v.require(now.size == static_cast<int>(after.keys.size()), "size is the number of entries");
  v.require(length == old_length || length == 2 * old_length + 1, "the table keeps its length or is rehashed");
  v.require(now.threshold == threshold_for(length), "threshold is the length times the load factor");
  v.require(now.size <= now.threshold, "size stays within the threshold");
}

inline void add_post(smallscope::verdict& v, const set& old, const set& now, bool result, int key) {
  const abstract_set before = abstraction(old);
  const abstract_set after = abstraction(now);
  const bool added = !before.keys.contains(key);
  std::multiset<int> expected = before.keys;
  if (added) expected.insert(key);
  v.require(result == added, "result is true iff key was absent");
  v.require(after.keys == expected, "keys are the old keys plus key");
  v.require(now.table.length() == old.table.length() || (added && old.size >= old.threshold),
            "the table is rehashed only when a new key meets a full table");
  require_table(v, old, now, after);
}

inline void remove_post(smallscope::verdict& v, const set& old, const set& now, bool result, int key) {
  const abstract_set before = abstraction(old);
  const abstract_set after = abstraction(now);
  const bool removed = before.keys.contains(key);
  std::multiset<int> expected = before.keys;
  expected.erase(key);
  v.require(result == removed, "result is true iff key was present");
  v.require(after.keys == expected, "keys are the old keys minus key");
  v.require(now.table.length() == old.table.length(), "remove keeps the table's length");
  require_table(v, old, now, after);
}

}  // namespace subjects::hash_set
