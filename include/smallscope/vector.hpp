// vector<T>: a tracked, growable array with the interface of std::vector (the subset that
// data-structure code uses), for fields that hold a heap array or a std::vector of child
// pointers or keys: a skip list's forward pointers (`new node*[level + 1]`), a B-tree's keys
// and children, a hash table's buckets. Declare `std::vector<node*> forward;` as
// `smallscope::vector<node*> forward;` and the code compiles unchanged.
//
// It is an array<T> (array.hpp; Korat's container arrays, paper 000 Sec. 3.2): its length is
// a tracked slot and its elements are tracked fields, so the finitization gives it lengths and
// an element domain like an array, `f.set(&node::forward, ints(1, 3), nodes.or_null())`. In the
// search its element storage is the arena's (capacity: the longest length); heap copies own
// theirs, and a method under test may grow it (push_back, resize, reserve): growing moves the
// elements to new storage of the vector's own, reading each.
// Stage: space.
#pragma once

#include <cassert>
#include <cstddef>
#include <initializer_list>
#include <stdexcept>

#include "smallscope/array.hpp"

namespace smallscope {
inline namespace SMALLSCOPE_DETAIL_TRACKING_NS {

template <field_value T>
class vector : public array<T> {
  using base = array<T>;

 public:
  using value_type = T;
  using size_type = std::size_t;
  using difference_type = std::ptrdiff_t;
  using reference = field<T>&;
  using const_reference = const field<T>&;
  using iterator = field<T>*;
  using const_iterator = const field<T>*;

  vector() = default;
  explicit vector(size_type n, T value = T{}) { resize(n, value); }
  vector(std::initializer_list<T> values) {
    reserve(values.size());
    for (T v : values) push_back(v);
  }
  // Copies own their elements (each read, a tracked read).
  vector(const vector& other) { *this = other; }
  vector& operator=(const vector& other) {
    if (this == &other) return *this;
    const size_type n = other.size();
    if (n > capacity_size()) base::allocate_storage(static_cast<int>(n));
    for (size_type i = 0; i < n; ++i) (*this)[i] = other[i].get();
    base::set_length(static_cast<int>(n));
    return *this;
  }
  vector& operator=(std::initializer_list<T> values) {
    clear();
    reserve(values.size());
    for (T v : values) push_back(v);
    return *this;
  }

  // The size (a tracked read of the length slot).
  size_type size() const { return static_cast<size_type>(base::length()); }
  bool empty() const { return base::length() == 0; }

  // Element i; requires i < capacity (reading it is a tracked read).
  reference operator[](size_type i) { return base::operator[](static_cast<int>(i)); }
  const_reference operator[](size_type i) const { return base::operator[](static_cast<int>(i)); }
  reference at(size_type i) {
    if (i >= size()) throw std::out_of_range("smallscope::vector::at");
    return (*this)[i];
  }
  const_reference at(size_type i) const {
    if (i >= size()) throw std::out_of_range("smallscope::vector::at");
    return (*this)[i];
  }
  reference front() { return (*this)[0]; }
  const_reference front() const { return (*this)[0]; }
  reference back() { return (*this)[size() - 1]; }
  const_reference back() const { return (*this)[size() - 1]; }

  // Element iterators: field<T>* (dereferencing gives a field; reading it is tracked).
  iterator begin() { return base::elements(); }
  iterator end() { return base::elements() + base::length(); }
  const_iterator begin() const { return base::elements(); }
  const_iterator end() const { return base::elements() + base::length(); }
  const_iterator cbegin() const { return begin(); }
  const_iterator cend() const { return end(); }

  void reserve(size_type n) {
    if (n > capacity_size()) base::reallocate(static_cast<int>(n));
  }
  void push_back(T value) {
    const int n = base::length();
    if (n == base::capacity()) base::reallocate(n == 0 ? 1 : 2 * n);
    base::operator[](n) = value;
    base::set_length(n + 1);
  }
  void pop_back() {
    assert(!empty());
    base::set_length(base::length() - 1);
  }
  // New elements (above the old size) get `value`.
  void resize(size_type n, T value = T{}) {
    reserve(n);
    for (size_type i = size(); i < n; ++i) (*this)[i] = value;
    base::set_length(static_cast<int>(n));
  }
  void assign(size_type n, T value) {
    clear();
    resize(n, value);
  }
  void clear() { base::set_length(0); }

 private:
  size_type capacity_size() const { return static_cast<size_type>(base::capacity()); }
};

}  // namespace SMALLSCOPE_DETAIL_TRACKING_NS

namespace detail {
template <class T>
inline constexpr bool is_array_v<vector<T>> = true;
}  // namespace detail

}  // namespace smallscope
