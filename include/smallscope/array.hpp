// array<T>: a tracked array of bounded length, Korat's `createArrays` (paper 000, Sec. 3.2;
// Korat 1.0's ArraySet): a length slot plus element slots 0..capacity-1.
//
// An array is embedded in its owner by value (Korat's "container" arrays: each array field
// holds its own array for the whole search). The search places the element storage in its
// arena and binds it with `assign_storage`; code outside a search may bind storage of its own.
// Reading length() or an element is a tracked read, like any field.
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

  // The current length (a tracked read of the length slot).
  int length() const { return length_.get(); }
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

  // Binds element storage of `capacity` fields.
  void assign_storage(field<T>* elements, int capacity) {
    elements_ = elements;
    capacity_ = capacity;
  }

 private:
  field<int> length_;  // first member: the length slot is at the array's own address
  field<T>* elements_ = nullptr;
  int capacity_ = 0;
};

}  // namespace SMALLSCOPE_DETAIL_TRACKING_NS
}  // namespace smallscope
