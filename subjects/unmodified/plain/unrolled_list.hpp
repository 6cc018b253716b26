// An unrolled linked list (a list of chunks, each holding up to `capacity` keys in an array with
// a count of its own), written as ordinary C++ as such code is: the slots past the count are
// garbage that nothing reads. The finitization says so (set_counted): the search varies
// keys[0..count-1] only, one structure per list, with no invariant about unused slots. The key
// storage is a template parameter, a C array (`list`) or a std::array (`std_list`), so both forms
// are tested on one code.
#pragma once

#include <array>
#include <cstdint>

#include "smallscope/fields.hpp"
#include "smallscope/finitization.hpp"
#include "smallscope/small_set.hpp"

namespace plain_subjects::unrolled_list {

inline constexpr int capacity = 3;

template <class Keys>
struct basic_chunk {
  int count = 0;
  Keys keys;
  basic_chunk* next = nullptr;
};

template <class Keys>
class basic_list {
 public:
  using chunk = basic_chunk<Keys>;

  basic_list() = default;
  basic_list(const basic_list&) = delete;
  basic_list& operator=(const basic_list&) = delete;
  ~basic_list() {
    while (head_ != nullptr) {
      chunk* next = head_->next;
      delete head_;
      head_ = next;
    }
  }

  // Every chunk holds 1..capacity keys, the keys strictly increase along the list, no chunk
  // repeats, and size counts the keys.
  bool rep_ok() const {
    smallscope::small_set<const chunk*> seen;
    int keys = 0;
    bool first = true;
    int last = 0;
    for (const chunk* c = head_; c != nullptr; c = c->next) {
      if (!seen.insert(c)) return false;
      if (c->count < 1 || c->count > capacity) return false;
      for (int i = 0; i < c->count; ++i) {
        if (!first && c->keys[i] <= last) return false;
        last = c->keys[i];
        first = false;
      }
      keys += c->count;
    }
    return keys == size_;
  }

  // Adds k in order unless present (a full chunk splits in two).
  bool insert(int k) {
    chunk* c = head_;
    if (c == nullptr) {
      head_ = new chunk{};
      head_->keys[0] = k;
      head_->count = 1;
      ++size_;
      return true;
    }
    while (c->next != nullptr && c->next->keys[0] <= k) c = c->next;
    int at = 0;
    while (at < c->count && c->keys[at] < k) ++at;
    if (at < c->count && c->keys[at] == k) return false;
    if (c->count == capacity) {  // split: the upper half moves to a new chunk after c
      chunk* upper = new chunk{};
      const int half = capacity / 2;
      for (int i = half; i < capacity; ++i) upper->keys[i - half] = c->keys[i];
      upper->count = capacity - half;
      c->count = half;
      upper->next = c->next;
      c->next = upper;
      if (at > half) {
        c = upper;
        at -= half;
      }
    }
    for (int i = c->count; i > at; --i) c->keys[i] = c->keys[i - 1];
    c->keys[at] = k;
    ++c->count;
    ++size_;
    return true;
  }

  int size() const { return size_; }
  const chunk* head() const { return head_; }

 private:
  chunk* head_ = nullptr;
  int size_ = 0;
};

using list = basic_list<int[capacity]>;
using std_list = basic_list<std::array<int, capacity>>;
using chunk = list::chunk;
using std_chunk = std_list::chunk;

SMALLSCOPE_FIELDS(chunk, count, keys, next)
SMALLSCOPE_FIELDS(list, head_, size_)
SMALLSCOPE_FIELDS(std_chunk, count, keys, next)
SMALLSCOPE_FIELDS(std_list, head_, size_)

// Up to `chunks` chunks, keys 0..max_key.
template <class List = list>
smallscope::finitization fin(int chunks, int max_key) {
  using list_chunk = typename List::chunk;
  smallscope::finitization f = smallscope::finitization::of<List>("UnrolledList");
  auto cs = f.objects<list_chunk>("Chunk", static_cast<std::uint32_t>(chunks));
  f.set(&List::head_, cs.or_null());
  f.set(&List::size_, smallscope::ints(0, chunks * capacity));
  f.set(&list_chunk::count, smallscope::ints(0, capacity));
  f.set_counted(&list_chunk::keys, &list_chunk::count, smallscope::ints(0, max_key));  // keys[count..] are garbage
  f.set(&list_chunk::next, cs.or_null());
  return f;
}

}  // namespace plain_subjects::unrolled_list
