// array<T>: a tracked array of bounded length, Korat's `createArrays` (paper 000, Sec. 3.2;
// Korat 1.0's ArraySet): a length slot plus element slots 0..capacity-1.
//
// An array is embedded in its owner by value (Korat's "container" arrays: each array field
// holds its own array for the whole search). The search places the element storage in its
// arena and binds it with `assign_storage` (the array does not own it); `allocate_storage`
// gives an array storage of its own, freed with the array (heap copies, see heap.hpp).
// Reading length() or an element is a tracked read, like any field.
// Stage: space.
#pragma once

#include <cassert>
#include <cstdint>

#include "smallscope/field.hpp"

namespace smallscope {
inline namespace SMALLSCOPE_DETAIL_TRACKING_NS {

template <field_value T>
class array {
 public:
  using value_type = T;

  array() = default;
  array(const array&) = delete;
  array& operator=(const array&) = delete;
  ~array() { release_storage(); }

  // The current length (a tracked read of the length slot).
  SMALLSCOPE_ALWAYS_INLINE int length() const { return length_.get(); }
  // Element i; requires 0 <= i < capacity() (reading it is a tracked read).
  const field<T>& operator[](int i) const {
    assert(i >= 0 && i < capacity_);
    return elements_[i];
  }
  field<T>& operator[](int i) {
    assert(i >= 0 && i < capacity_);
    return elements_[i];
  }
  // Sets the length; requires 0 <= n <= capacity().
  void set_length(int n) {
    assert(n >= 0 && n <= capacity_);
    length_.set(n);
  }
  // The number of element slots (not tracked: it is part of the finitization).
  int capacity() const { return capacity_; }

  // Binds element storage of `capacity` fields, owned by the caller.
  void assign_storage(field<T>* elements, int capacity) {
    release_storage();
    elements_ = elements;
    capacity_ = capacity;
  }
  // Gives the array `capacity` elements of its own, value-initialized; the length is 0.
  void allocate_storage(int capacity) {
    assert(capacity >= 0);
    release_storage();
    elements_ = capacity > 0 ? new field<T>[static_cast<unsigned>(capacity)]() : nullptr;
    capacity_ = capacity;
    owned_ = true;
    length_.set(0);
  }

 protected:
  // The element storage (capacity() fields).
  field<T>* elements() const { return elements_; }
  // Moves the elements below the length into `capacity` (>= length) elements of the array's
  // own; the new elements above the length are value-initialized. Each moved element is read
  // (a tracked read) and the old storage is freed if the array owned it.
  void reallocate(int capacity) {
    const int n = length_.get();
    assert(capacity >= n);
    auto* grown = capacity > 0 ? new field<T>[static_cast<unsigned>(capacity)]() : nullptr;
    for (int i = 0; i < n && i < capacity_; ++i) grown[i] = elements_[i].get();
    release_storage();
    elements_ = grown;
    capacity_ = capacity;
    owned_ = true;
  }

 private:
  void release_storage() {
    if (owned_) delete[] elements_;
    owned_ = false;
    elements_ = nullptr;
    capacity_ = 0;
  }

  field<int> length_;  // first member: the length slot is at the array's own address
  field<T>* elements_ = nullptr;
  int capacity_ = 0;
  bool owned_ = false;
};

}  // namespace SMALLSCOPE_DETAIL_TRACKING_NS

namespace detail {
// Whether a member is an array (or a vector, which is one: vector.hpp) of tracked elements.
template <class T>
inline constexpr bool is_array_v = false;
template <class T>
inline constexpr bool is_array_v<array<T>> = true;
}  // namespace detail

}  // namespace smallscope
