// How the harness reads and writes one registered member of a subject class (paper 000,
// Sec. 3.3: each field of each object is a slot of the state space). A member is a
// `field<T>` (the no-build-step path), a plain `T` (classes as they are written, their reads
// instrumented at build time: instrument.hpp), an owning `std::unique_ptr<T>`, or a struct of
// such members registered with SMALLSCOPE_FIELDS itself (a key type: its members are slots of
// their own, named "key.major").
//
// The search writes a slot's bytes directly, so every member kind stores exactly its value's
// bytes: field<T> and T trivially, unique_ptr<T> with the default deleter is one pointer.
// Stage: space.
#pragma once

#include <array>
#include <cstddef>
#include <memory>
#include <string>
#include <string_view>
#include <tuple>
#include <utility>
#include <vector>
#include <type_traits>

#include "smallscope/array.hpp"
#include "smallscope/field.hpp"
#include "smallscope/fields.hpp"
#include "smallscope/vector.hpp"

namespace smallscope::detail {

// Calls f(name, member) for every registered field of C (none for a class without fields).
template <class C, class F>
void for_each_registered(F&& f) {
  if constexpr (has_registered_fields<C>)
    std::apply([&](const auto&... nm) { (f(nm.name, nm.member), ...); }, registered_fields<C>());
}

template <class M>
struct member_access {
  static constexpr bool supported = false;
};

template <class T>
struct member_access<field<T>> {
  static constexpr bool supported = true;
  using value = T;
  static T get(const field<T>& f) { return f.get(); }
  static void set(field<T>& f, T v) { f = v; }
};

template <class T>
  requires field_value<T>
struct member_access<T> {
  static constexpr bool supported = true;
  using value = T;
  static T get(const T& f) { return f; }
  static void set(T& f, T v) { f = v; }
};

template <class T>
struct member_access<std::unique_ptr<T>> {
  static_assert(sizeof(std::unique_ptr<T>) == sizeof(T*),
                "an owning pointer field must be a std::unique_ptr<T> with the default deleter");
  static constexpr bool supported = true;
  using value = T*;
  static T* get(const std::unique_ptr<T>& f) { return f.get(); }
  // Takes ownership of v; the previous pointee is not deleted (it is never an object of the
  // structure: copies set each member once, after construction).
  static void set(std::unique_ptr<T>& f, T* v) {
    (void)f.release();
    f.reset(v);
  }
};

// A struct member whose own members are registered: copied whole, its members walked as
// members of the object that holds it.
template <class M>
inline constexpr bool is_nested_v = std::is_class_v<M> && !member_access<M>::supported && !is_array_v<M> &&
                                    has_registered_fields<M>;

// A fixed-size array member, a C array or a std::array, its live length often a separate count:
// of scalars (`int keys[4];`, `std::array<node*, 5> children;`), each element a slot of its own
// named "keys[2]"; or of structs whose members are registered (`child child_[8];` with
// SMALLSCOPE_FIELDS(child, left, right)), each member of each element a slot named
// "child_[2].left". Read where it is subscripted.
template <class M>
struct fixed_array {
  static constexpr bool is = false;
};
template <class E, std::size_t N>
  requires(N > 0)
struct fixed_array<E[N]> {
  static constexpr bool is = member_access<E>::supported || is_nested_v<E>;
  using element = E;
  static constexpr std::size_t size = N;
};
template <class E, std::size_t N>
  requires(N > 0)
struct fixed_array<std::array<E, N>> {
  static_assert(sizeof(std::array<E, N>) == sizeof(E[N]), "a std::array is laid out as a C array");
  static constexpr bool is = member_access<E>::supported || is_nested_v<E>;
  using element = E;
  static constexpr std::size_t size = N;
};
template <class M>
inline constexpr bool is_fixed_array_v = fixed_array<M>::is;
template <class M>
using fixed_element_t = typename fixed_array<M>::element;
template <class M>
inline constexpr std::size_t fixed_size_v = fixed_array<M>::size;
// A fixed array of structs with registered members.
template <class M>
constexpr bool is_struct_array() {
  if constexpr (is_fixed_array_v<M>)
    return is_nested_v<fixed_element_t<M>>;
  else
    return false;
}
template <class M>
inline constexpr bool is_struct_array_v = is_struct_array<M>();

// Whether M is a scalar member holding a pointer (field<T*>, T*, unique_ptr<T>).
template <class M>
constexpr bool is_pointer_member() {
  if constexpr (member_access<M>::supported)
    return std::is_pointer_v<typename member_access<M>::value>;
  else
    return false;
}
template <class M>
inline constexpr bool is_pointer_member_v = is_pointer_member<M>();

// A member that can count the live elements of an array: an integer (or enum) member.
template <class I>
concept count_member = member_access<I>::supported && (std::is_integral_v<typename member_access<I>::value> ||
                                                       std::is_enum_v<typename member_access<I>::value>);

// The names of the slots of C's registered members: "left", and "key.major" for the members of
// a struct member.
template <class C>
void registered_leaf_names(std::vector<std::string>& out, const std::string& prefix = {}) {
  if constexpr (has_registered_fields<C>)
    std::apply(
        [&](const auto&... nm) {
          auto add = [&](const auto& one) {
            using M = std::remove_cvref_t<decltype(std::declval<C&>().*(one.member))>;
            if constexpr (is_nested_v<M>)
              registered_leaf_names<M>(out, prefix + std::string(one.name) + ".");
            else if constexpr (is_struct_array_v<M>)
              for (std::size_t i = 0; i < fixed_size_v<M>; ++i)
                registered_leaf_names<fixed_element_t<M>>(out, prefix + std::string(one.name) + "[" +
                                                                   std::to_string(i) + "].");
            else if constexpr (is_fixed_array_v<M>)
              for (std::size_t i = 0; i < fixed_size_v<M>; ++i)
                out.push_back(prefix + std::string(one.name) + "[" + std::to_string(i) + "]");
            else
              out.push_back(prefix + std::string(one.name));
          };
          (add(nm), ...);
        },
        registered_fields<C>());
}

}  // namespace smallscope::detail
