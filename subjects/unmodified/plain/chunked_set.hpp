// A sorted set of keys in chunks, written the way fixed-capacity containers are: the set holds
// up to Chunks chunk pointers in a C array and each chunk's least key in a std::array, both
// counted by `used_`; a chunk holds up to Keys keys in a C array counted by `count`. Nothing
// past a count is cleared: erase() frees a chunk that empties and leaves its pointer in the slot
// past `used_`, and the keys it shifts down stay behind past `count`, as real libraries do.
// With `poison` set, every method then fills every slot past a count with garbage (a freed
// pointer, 0x5a5a... keys), so a tool that reads past a count is caught. No smallscope type in
// it: the build step observes its field reads (include/smallscope/rewritten/instrument.hpp).
//
// Defining CHUNKED_SET_SEEDED_BUG compiles a deliberate bug into erase().
#pragma once

#include <algorithm>
#include <array>
#include <cstddef>
#include <cstdint>

namespace plain_subjects::chunked {

template <class Key, int Keys = 2, int Chunks = 3>
class set {
 public:
  set() = default;
  set(const set&) = delete;
  set& operator=(const set&) = delete;
  ~set() {
    for (int i = 0; i < used_; ++i) delete chunk_[i];
  }

  std::size_t size() const { return size_; }

  bool contains(const Key& k) const {
    for (int i = 0; i < used_; ++i) {
      const chunk* c = chunk_[i];
      if (std::binary_search(c->keys, c->keys + c->count, k)) return true;  // the live keys only
    }
    return false;
  }

  // Removes k; a chunk left empty is freed and the later chunks move down one slot.
  bool erase(const Key& k) {
    for (int i = 0; i < used_; ++i) {
      chunk* c = chunk_[i];
      Key* at = std::lower_bound(c->keys, c->keys + c->count, k);
      if (at == c->keys + c->count || k < *at) continue;
      std::copy(at + 1, c->keys + c->count, at);  // keys[count - 1] stays behind, now garbage
      --c->count;
      --size_;
#ifdef CHUNKED_SET_SEEDED_BUG
      if (c->count == 0 && used_ > 1) {  // DELIBERATE BUG: the last chunk is never freed
#else
      if (c->count == 0) {
#endif
        delete c;
        for (int j = i + 1; j < used_; ++j) {
          chunk_[j - 1] = chunk_[j];
          low_[j - 1] = low_[j];
        }
        --used_;  // chunk_[used_] still holds a pointer: the freed one, or a copy of the last
      } else {
        low_[i] = c->key(0);
      }
      poison_dead_slots();
      return true;
    }
    poison_dead_slots();
    return false;
  }

  // The invariant: 0..Chunks chunks, each of 1..Keys keys, distinct chunks, keys strictly
  // increasing within and across chunks, each chunk's least key in low_, and size_ counts them.
  bool verify() const {
    if (used_ < 0 || used_ > Chunks) return false;
    std::size_t keys = 0;
    for (int i = 0; i < used_; ++i) {
      const chunk* c = chunk_[i];
      if (c == nullptr || c->count < 1 || c->count > Keys) return false;
      for (int j = 0; j < i; ++j)
        if (chunk_[j] == c) return false;
      const Key* end = c->keys + c->count;  // an algorithm over the live keys
      if (std::adjacent_find(c->keys, end, [](const Key& a, const Key& b) { return !(a < b); }) != end) return false;
      if (i > 0 && !(chunk_[i - 1]->key(chunk_[i - 1]->count - 1) < c->key(0))) return false;
      if (low_[i] != c->key(0)) return false;
      keys += static_cast<std::size_t>(c->count);
    }
    return keys == size_;
  }

  // Set by a test: every method then poisons the slots past each count (see above).
  static inline bool poison = false;

 private:
  struct chunk {
    int count = 0;
    Key keys[Keys];
    const Key& key(int i) const { return keys[i]; }  // an accessor, as libraries write them
  };

  void poison_dead_slots() {
    if (!poison) return;
    chunk* freed = new chunk;
    volatile std::uintptr_t dangling = reinterpret_cast<std::uintptr_t>(freed);  // kept past the delete
    delete freed;
    for (int i = used_; i < Chunks; ++i) {
      chunk_[i] = reinterpret_cast<chunk*>(dangling);  // a freed chunk's address
      low_[static_cast<std::size_t>(i)] = static_cast<Key>(0x5a5a5a5a);
    }
    for (int i = 0; i < used_; ++i)
      for (int j = chunk_[i]->count; j < Keys; ++j) chunk_[i]->keys[j] = static_cast<Key>(0x5a5a5a5a);
  }

  int used_ = 0;
  chunk* chunk_[Chunks] = {};
  std::array<Key, Chunks> low_{};
  std::size_t size_ = 0;
};

}  // namespace plain_subjects::chunked
