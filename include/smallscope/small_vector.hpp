// small_vector<T, N>: a vector with N elements of inline storage, for invariants that need a
// visited set or a work list without allocating per candidate (paper 000's repOk methods use
// Java's HashSet and LinkedList; in the search loop we avoid the allocation). Past N elements it
// moves to the heap, so it stays correct for any scope.
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
    if (size_ == capacity_) grow();
    data_[size_++] = v;
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
    for (std::size_t i = 0; i < size_; ++i) found |= data_[i] == v;
    return found;
  }
  const T& operator[](std::size_t i) const { return data_[i]; }
  T& operator[](std::size_t i) { return data_[i]; }
  std::size_t size() const { return size_; }
  bool empty() const { return size_ == 0; }
  void clear() { size_ = 0; }
  const T* begin() const { return data_; }
  const T* end() const { return data_ + size_; }

 private:
  void grow() {
    auto bigger = std::make_unique<T[]>(capacity_ * 2);
    std::memcpy(static_cast<void*>(bigger.get()), data_, size_ * sizeof(T));
    heap_ = std::move(bigger);
    data_ = heap_.get();
    capacity_ *= 2;
  }
  T inline_[N];
  T* data_ = inline_;
  std::size_t size_ = 0;
  std::size_t capacity_ = N;
  std::unique_ptr<T[]> heap_;
};

}  // namespace smallscope
