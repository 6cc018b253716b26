// What instrumented code calls (paper 000, Sec. 3.4: the search monitors the fields the
// predicate reads; Korat instruments bytecode, smallscope instruments source).
//
// Classes as they are written, with plain `T` members, are tested through a copy of their
// sources that `smallscope-instrument` rewrites at build time (the CMake function
// `smallscope_instrument`, docs/UNMODIFIED.md): every read of a data member becomes
// `::smallscope::read_field(x->left)`, every assignment to one `::smallscope::write_field(...)`
// and every `+=`, `++` `::smallscope::update_field(...)`. Each returns the very lvalue it was
// given, so types, value categories, template deduction, `?:` lvalues and references behave
// exactly as in the original; reading a scalar member costs what reading a field<T> costs.
//
// A member of class or array type read whole (passed to a function, compared with a library
// operator) counts as a read of each of its bytes: of every slot inside it, in address order;
// of an array counted by another field (set_counted), of the count and the live elements only.
// Reads outside the search's arena are ignored, as for field<T>.
// Stage: space.
#pragma once

#include <array>
#include <cstddef>
#include <memory>
#include <type_traits>

#include "smallscope/array.hpp"
#include "smallscope/detail/allocation_watch.hpp"
#include "smallscope/detail/content_types.hpp"
#include "smallscope/detail/observer.hpp"
#include "smallscope/detail/std_vector.hpp"
#include "smallscope/field.hpp"
#include "smallscope/vector.hpp"

namespace smallscope {

// A class's own operator new and delete, wrapped by smallscope-instrument (class_allocation.hpp):
// the body runs under the allocation watch's pause (a pool's chunks are the pool's), and the
// block it hands out or takes back is recorded as the global operator new's would be.
template <class Allocate>
void* class_allocated(std::size_t bytes, Allocate&& allocate) {
  void* p;
  {
    const detail::allocation_watch_pause pause;
    p = allocate();
  }
  detail::note_class_allocation(p, bytes);
  return p;
}
template <class Free>
void class_freed(void* p, Free&& free) {
  detail::note_class_free(p);
  const detail::allocation_watch_pause pause;
  free();
}

namespace detail {

// smallscope's own tracked types (field<T>, and array<T> and vector<T>: is_array_v) observe
// their reads themselves.
template <class T>
inline constexpr bool tracks_itself_v = is_array_v<T>;
template <class T>
inline constexpr bool tracks_itself_v<field<T>> = true;

template <class T>
inline constexpr bool read_as_one_slot_v = !std::is_class_v<T> && !std::is_union_v<T> && !std::is_array_v<T>;

// A C array or a std::array: read whole, the slots of its live elements only (on_read_array).
template <class T>
inline constexpr bool is_whole_array_v = std::is_array_v<T>;
template <class E, std::size_t N>
inline constexpr bool is_whole_array_v<std::array<E, N>> = true;

SMALLSCOPE_ALWAYS_INLINE void note_read(const volatile void* address, std::size_t bytes, bool one_slot) {
  const auto* at = static_cast<const std::byte*>(const_cast<const void*>(address));
  if (one_slot) {
    current_observer->on_read(at);
    return;
  }
  current_observer->on_read_bytes(at, bytes);
}

inline void note_write(const volatile void* address, std::size_t bytes, bool one_slot) {
  const auto* at = static_cast<const std::byte*>(const_cast<const void*>(address));
  if (one_slot)
    current_observer->on_write(at);
  else
    current_observer->on_write_bytes(at, bytes);
}

}  // namespace detail

// A read of the member `r` (a tracked read); returns `r` itself. A std::vector member read whole
// reads its size (its end pointer: std_vector.hpp) and every live element.
template <class T>
SMALLSCOPE_ALWAYS_INLINE constexpr T&& read_field(T&& r) noexcept(!detail::is_content_v<std::remove_cvref_t<T>>) {
  using U = std::remove_cvref_t<T>;
  if constexpr (detail::is_content_v<U>) {
    // Contents (contents.hpp): the member is rebuilt from its slots if they changed, and every
    // live slot counts as read.
    if (!std::is_constant_evaluated()) detail::current_observer->on_read_contents(std::addressof(r), false);
  } else if constexpr (detail::is_std_vector_v<U>) {
    if (!std::is_constant_evaluated()) {
      detail::note_read(reinterpret_cast<const std::byte*>(std::addressof(r)) + detail::std_vector_end_offset, 1, true);
      for (const auto& e : r) detail::note_read(std::addressof(e), 1, true);
    }
  } else if constexpr (detail::is_whole_array_v<U>) {
    if (!std::is_constant_evaluated()) detail::current_observer->on_read_array(std::addressof(r), sizeof(U));
  } else if constexpr (!detail::tracks_itself_v<U>) {
    if (!std::is_constant_evaluated()) detail::note_read(std::addressof(r), sizeof(U), detail::read_as_one_slot_v<U>);
  }
  return static_cast<T&&>(r);
}

// A read of the size of the std::vector member `r` only (before size(), empty() and reading one
// element), or of what decides the size of a member that holds contents (size(), empty(),
// has_value(), index()); returns `r` itself. (A vector of elements the search cannot vary has no
// slots.)
template <class T>
SMALLSCOPE_ALWAYS_INLINE constexpr T&& read_size(T&& r) noexcept(!detail::is_content_v<std::remove_cvref_t<T>>) {
  using U = std::remove_cvref_t<T>;
  if constexpr (detail::is_content_v<U>) {
    // Contents: rebuilt if needed; the slots of its size count as read (a sequence's length, a
    // set's or map's presence of each key, an optional's presence, a variant's index).
    if (!std::is_constant_evaluated()) detail::current_observer->on_read_contents(std::addressof(r), true);
  } else if constexpr (detail::is_std_vector_v<U>) {
    if (!std::is_constant_evaluated())
      detail::note_read(reinterpret_cast<const std::byte*>(std::addressof(r)) + detail::std_vector_end_offset, 1, true);
  } else if constexpr (!detail::tracks_itself_v<U>) {  // a type that holds no contents: read whole
    if (!std::is_constant_evaluated()) detail::note_read(std::addressof(r), sizeof(U), detail::read_as_one_slot_v<U>);
  }
  return static_cast<T&&>(r);
}

// `p[i]` for the pointer member `p` (a tracked read of `p`); returns the element. The search
// refuses a pointer bound to single objects that is read past its object (an index other than 0).
template <class P, class I>
SMALLSCOPE_ALWAYS_INLINE constexpr decltype(auto) read_indexed(P&& p, I&& i) noexcept(noexcept(p[i])) {
  if (!std::is_constant_evaluated()) {
    detail::note_read(std::addressof(p), sizeof(p), true);
    if (i != 0) detail::current_observer->on_indexed(std::addressof(p));
  }
  return static_cast<P&&>(p)[static_cast<I&&>(i)];
}

// The pointer member `r` used in `r + i` or `r - i` (a tracked read, as an array); returns `r`.
template <class T>
SMALLSCOPE_ALWAYS_INLINE constexpr T&& read_offset(T&& r) noexcept {
  if (!std::is_constant_evaluated()) {
    detail::note_read(std::addressof(r), sizeof(r), true);
    detail::current_observer->on_indexed(std::addressof(r));
  }
  return static_cast<T&&>(r);
}

// The member `r` about to be assigned (a tracked write); returns `r` itself.
template <class T>
constexpr T&& write_field(T&& r) noexcept {
  using U = std::remove_cvref_t<T>;
  if constexpr (!detail::tracks_itself_v<U>)
    if (!std::is_constant_evaluated()) detail::note_write(std::addressof(r), sizeof(U), detail::read_as_one_slot_v<U>);
  return static_cast<T&&>(r);
}

// The member `r` about to be read and assigned (`+=`, `++`); returns `r` itself.
template <class T>
constexpr T&& update_field(T&& r) noexcept {
  return write_field(read_field(static_cast<T&&>(r)));
}

}  // namespace smallscope
