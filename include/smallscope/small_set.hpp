// small_set<T>: an insertion-ordered set of plain values (typically object pointers) with
// inline storage, for invariants: Java's visited HashSet that doubles as a breadth-first work
// list (paper 000's repOk methods). A 256-bit filter answers "not present" for most new values
// without scanning, so insert stays cheap for the sets invariants build; past N elements the
// storage moves to the heap, so it stays correct for any scope.
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <type_traits>

#include "smallscope/small_vector.hpp"

namespace smallscope {

template <class T, std::size_t N = 64>
class small_set {
  static_assert(std::is_trivially_copyable_v<T> && sizeof(T) <= sizeof(std::uint64_t),
                "small_set holds pointers or small plain values");

 public:
  // Adds v unless present; returns whether it was added (Java's Set.add).
  bool insert(const T& v) {
    const unsigned bit = filter_bit(v);
    std::uint64_t& word = filter_[bit >> 6];
    const std::uint64_t mask = std::uint64_t{1} << (bit & 63);
    if ((word & mask) != 0 && items_.contains(v)) return false;
    word |= mask;
    items_.push_back(v);
    return true;
  }
  bool contains(const T& v) const {
    const unsigned bit = filter_bit(v);
    return (filter_[bit >> 6] & (std::uint64_t{1} << (bit & 63))) != 0 && items_.contains(v);
  }
  // The i-th value inserted.
  const T& operator[](std::size_t i) const { return items_[i]; }
  std::size_t size() const { return items_.size(); }
  bool empty() const { return items_.empty(); }
  const T* begin() const { return items_.begin(); }
  const T* end() const { return items_.end(); }

 private:
  static unsigned filter_bit(const T& v) {
    std::uint64_t x = 0;
    std::memcpy(&x, &v, sizeof(T));
    x ^= x >> 29;
    return static_cast<unsigned>((x * 0x9E3779B97F4A7C15ull) >> 56);
  }
  std::uint64_t filter_[4] = {0, 0, 0, 0};
  small_vector<T, N> items_;
};

}  // namespace smallscope
