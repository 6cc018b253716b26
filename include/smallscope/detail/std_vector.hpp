// std::vector members as they are written (`std::vector<int> keys;`, `std::vector<node*> kids;`):
// Korat's container arrays (paper 000, Sec. 3.2), a length slot and element slots, held by the
// standard vector itself. In the search, each vector's elements live in the arena and the
// vector's three pointers (begin, end, end of storage: the layout of libstdc++, libc++ and
// MSVC's library, checked once at run time) point there: the end pointer is the length slot, its
// values one past 0, 1, ... live elements, so the search writes a length as it writes any field.
// Before an arena object is destroyed, its vectors are emptied without freeing (unbind), for the
// arena owns their elements. Heap copies own ordinary vectors (heap.hpp).
// Stage: space.
#pragma once

#include <cstddef>
#include <cstring>
#include <new>
#include <type_traits>
#include <vector>

#include "smallscope/detail/member_access.hpp"

namespace smallscope::detail {

// A std::vector of scalar members (integers, enums, pointers, unique_ptrs); std::vector<bool>
// packs bits and is none.
template <class M>
inline constexpr bool is_std_vector_v = false;
template <class E>
inline constexpr bool is_std_vector_v<std::vector<E>> = member_access<E>::supported && !std::is_same_v<E, bool>;

// The value an element of an array<T>, vector<T> or std::vector member holds.
template <class A>
struct element_value {
  using type = typename A::value_type;
};
template <class E>
struct element_value<std::vector<E>> {
  using type = typename member_access<E>::value;
};
template <class A>
using element_value_t = typename element_value<A>::type;

// Whether std::vector<E> is three pointers: begin, end and end of storage, in that order.
template <class E>
bool std_vector_layout_known() {
  if constexpr (sizeof(std::vector<E>) != 3 * sizeof(E*)) {
    return false;
  } else {
    static const bool known = [] {
      std::vector<E> v;
      v.reserve(4);
      v.resize(2);
      E* p[3];
      std::memcpy(p, static_cast<const void*>(&v), sizeof p);
      return p[0] == v.data() && p[1] == v.data() + 2 && p[2] == v.data() + v.capacity();
    }();
    return known;
  }
}

// The byte offset of the end pointer (the length slot) in a std::vector.
inline constexpr std::size_t std_vector_end_offset = sizeof(void*);

// Points the vector at `capacity` value-initialized elements of the arena, none of them live.
template <class V>
void bind_std_vector_storage(void* vector_object, void* elements, int capacity) {
  using E = typename V::value_type;
  auto* first = static_cast<E*>(elements);
  for (int i = 0; i < capacity; ++i) ::new (static_cast<void*>(first + i)) E();
  E* const p[3] = {first, first, first + capacity};
  std::memcpy(vector_object, p, sizeof p);
}

// Empties the vector without freeing the arena's elements: it is then a default-constructed one.
template <class V>
void unbind_std_vector_storage(void* vector_object) {
  using E = typename V::value_type;
  E* const p[3] = {nullptr, nullptr, nullptr};
  std::memcpy(vector_object, p, sizeof p);
}

}  // namespace smallscope::detail
