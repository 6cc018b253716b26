// field<T>: a tracked field of a subject class (paper 000, Sec. 3.3: each object field is a
// slot of the state space; Sec. 3.4: the search watches which slots the predicate reads).
//
// field<T> holds exactly a T (same size and alignment, standard layout), so a class keeps its
// layout and code runs unchanged on it. Every way of reading counts as a read: conversion to T,
// get(), operator->, copying (`auto l = n->left;`), comparison and compound assignment.
// Defining SMALLSCOPE_NO_TRACKING removes the tracking entirely (production builds); the
// layout and the interface stay the same.
#pragma once

#include <type_traits>

#include "smallscope/detail/observer.hpp"

// The tracked and the untracked field live in different inline namespaces, so a program may
// mix translation units built with and without SMALLSCOPE_NO_TRACKING without breaking the
// one-definition rule.
#ifdef SMALLSCOPE_NO_TRACKING
#define SMALLSCOPE_DETAIL_TRACKING_NS untracked
#else
#define SMALLSCOPE_DETAIL_TRACKING_NS tracked
#endif

namespace smallscope {
inline namespace SMALLSCOPE_DETAIL_TRACKING_NS {

template <class T>
concept field_value = std::is_integral_v<T> || std::is_enum_v<T> || std::is_pointer_v<T>;

template <field_value T>
class field {
 public:
  using value_type = T;

  constexpr field() noexcept = default;
  constexpr field(T value) noexcept : value_(value) {}  // NOLINT: implicit like a plain T
  field(const field& other) : value_(other.get()) {}
  field& operator=(const field& other) {
    set(other.get());
    return *this;
  }
  field& operator=(T value) {
    set(value);
    return *this;
  }

  // Reads the value (a tracked read).
  SMALLSCOPE_ALWAYS_INLINE T get() const {
#ifndef SMALLSCOPE_NO_TRACKING
    detail::current_observer->on_read(this);
#endif
    return value_;
  }
  SMALLSCOPE_ALWAYS_INLINE operator T() const { return get(); }  // NOLINT: implicit like a plain T

  SMALLSCOPE_ALWAYS_INLINE T operator->() const
    requires std::is_pointer_v<T>
  {
    return get();
  }

  // Writes the value (a tracked write).
  void set(T value) {
#ifndef SMALLSCOPE_NO_TRACKING
    detail::current_observer->on_write(this);
#endif
    value_ = value;
  }

  field& operator+=(T d)
    requires std::is_arithmetic_v<T>
  {
    set(static_cast<T>(get() + d));
    return *this;
  }
  field& operator-=(T d)
    requires std::is_arithmetic_v<T>
  {
    set(static_cast<T>(get() - d));
    return *this;
  }
  field& operator++()
    requires std::is_arithmetic_v<T>
  {
    return *this += T{1};
  }
  field& operator--()
    requires std::is_arithmetic_v<T>
  {
    return *this -= T{1};
  }
  T operator++(int)
    requires std::is_arithmetic_v<T>
  {
    T old = get();
    set(static_cast<T>(old + 1));
    return old;
  }
  T operator--(int)
    requires std::is_arithmetic_v<T>
  {
    T old = get();
    set(static_cast<T>(old - 1));
    return old;
  }

 private:
  T value_{};
};

static_assert(sizeof(field<int>) == sizeof(int) && alignof(field<int>) == alignof(int));
static_assert(sizeof(field<void*>) == sizeof(void*));
static_assert(std::is_standard_layout_v<field<int>>);

}  // namespace SMALLSCOPE_DETAIL_TRACKING_NS
}  // namespace smallscope
