// small_set<T>: an insertion-ordered set of plain values (typically object pointers) with
// inline storage, for invariants: Java's visited HashSet that doubles as a breadth-first work
// list (paper 000's repOk methods). Membership of objects of a running search's arena is one
// stamp per object in a mark table the search lends (up to four sets alive at once); other
// values go through a 256-bit filter that answers "not present" for most new values without
// scanning. Past N elements the storage moves to the heap, so it stays correct for any scope.
// Built with SMALLSCOPE_NO_TRACKING it uses the filter only and needs no library.
// Stage: space.
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <type_traits>

#include "smallscope/detail/observer.hpp"
#include "smallscope/field.hpp"
#include "smallscope/small_vector.hpp"

namespace smallscope {
inline namespace SMALLSCOPE_DETAIL_TRACKING_NS {

template <class T, std::size_t N = 64>
class small_set {
  static_assert(std::is_trivially_copyable_v<T> && sizeof(T) <= sizeof(std::uint64_t),
                "small_set holds pointers or small plain values");

 public:
  small_set() {
#ifndef SMALLSCOPE_NO_TRACKING
    if constexpr (std::is_pointer_v<T>)
      marks_ = detail::current_observer->acquire_marks(stamp_, base_, bytes_);
#endif
  }
  ~small_set() {
    if (marks_ != nullptr) detail::current_observer->release_marks();
  }
  small_set(const small_set&) = delete;
  small_set& operator=(const small_set&) = delete;

  // Adds v unless present; returns whether it was added (Java's Set.add).
  bool insert(const T& v) {
    if (std::uint32_t* mark = mark_of(v)) {
      if (*mark == stamp_) return false;
      *mark = stamp_;
      items_.push_back(v);
      return true;
    }
    const unsigned bit = filter_bit(v);
    std::uint64_t& word = filter_[bit >> 6];
    const std::uint64_t mask = std::uint64_t{1} << (bit & 63);
    if ((word & mask) != 0 && items_.contains(v)) return false;
    word |= mask;
    items_.push_back(v);
    return true;
  }
  bool contains(const T& v) const {
    if (const std::uint32_t* mark = mark_of(v)) return *mark == stamp_;
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
  std::uint32_t* mark_of(const T& v) const {
    if constexpr (std::is_pointer_v<T>) {
      const std::uintptr_t offset = reinterpret_cast<std::uintptr_t>(v) - base_;
      if (marks_ != nullptr && offset < bytes_) return marks_ + offset;
    }
    return nullptr;
  }
  static unsigned filter_bit(const T& v) {
    std::uint64_t x = 0;
    std::memcpy(&x, &v, sizeof(T));
    x ^= x >> 29;
    return static_cast<unsigned>((x * 0x9E3779B97F4A7C15ull) >> 56);
  }
  std::uint32_t* marks_ = nullptr;
  std::uint32_t stamp_ = 0;
  std::uintptr_t base_ = 0;
  std::uintptr_t bytes_ = 0;
  std::uint64_t filter_[4] = {0, 0, 0, 0};
  small_vector<T, N> items_;
};

}  // namespace SMALLSCOPE_DETAIL_TRACKING_NS
}  // namespace smallscope
