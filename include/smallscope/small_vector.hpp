// small_vector<T, N>: a vector with N elements of inline storage, for invariants that need a
// visited set or a work list without allocating per candidate (paper 000's repOk methods use
// Java's HashSet and LinkedList; in the search loop we avoid the allocation). Past N elements it
// moves to the heap, so it stays correct for any scope.
// Stage: space.
#pragma once

#include <cstddef>
#include <cstring>
#include <memory>
#include <type_traits>

namespace smallscope {

template <class T, std::size_t N = 64>
class small_vector {
  static_assert(std::is_trivially_copyable_v<T>, "small_vector holds plain values");

 public:
  small_vector() = default;
  small_vector(const small_vector&) = delete;
  small_vector& operator=(const small_vector&) = delete;

  void push_back(const T& v) {
    const std::size_t n = size();
    if (n == static_cast<std::size_t>(capacity_)) grow();
    data_[n] = v;
    size_ = count{n + 1};
  }
  // Appends v unless present; returns whether it was appended (Java's Set.add).
  bool insert(const T& v) {
    if (contains(v)) return false;
    push_back(v);
    return true;
  }
  bool contains(const T& v) const {
    // No early exit: the loop vectorizes, and the search's data-dependent branches are fewer.
    bool found = false;
    const std::size_t n = size();
    for (std::size_t i = 0; i < n; ++i) found |= data_[i] == v;
    return found;
  }
  const T& operator[](std::size_t i) const { return data_[i]; }
  T& operator[](std::size_t i) { return data_[i]; }
  std::size_t size() const { return static_cast<std::size_t>(size_); }
  bool empty() const { return size() == 0; }
  void clear() { size_ = count{0}; }
  const T* begin() const { return data_; }
  const T* end() const { return data_ + size(); }

 private:
  // The counts are an enum, not a size_t: storing them aliases none of the user's size_t and
  // uintptr_t values, so a walk that pushes keeps those (and this vector's state) in registers.
  enum class count : std::size_t {};
  void grow() {
    const std::size_t capacity = static_cast<std::size_t>(capacity_);
    auto bigger = std::make_unique<T[]>(capacity * 2);
    std::memcpy(static_cast<void*>(bigger.get()), data_, size() * sizeof(T));
    heap_ = std::move(bigger);
    data_ = heap_.get();
    capacity_ = count{capacity * 2};
  }
  T inline_[N];
  T* data_ = inline_;
  count size_{0};
  count capacity_{N};
  std::unique_ptr<T[]> heap_;
};

}  // namespace smallscope
