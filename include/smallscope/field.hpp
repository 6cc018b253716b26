// field<T>: a tracked field of a subject class (paper 000, Sec. 3.3: each object field is a
// slot of the state space; Sec. 3.4: the search watches which slots the predicate reads).
//
// field<T> holds exactly a T (same size and alignment, standard layout), so a class keeps its
// layout and code runs unchanged on it. Every way of reading counts as a read: conversion to T,
// get(), operator->, copying (`auto l = n->left;`), comparison, compound assignment and binding
// to a `T&` (see operator T&).
// Defining SMALLSCOPE_NO_TRACKING removes the tracking entirely (production builds); the
// layout and the interface stay the same.
//
// Conditional expressions: `x ? x->left : nullptr` is a field<T*> built from the chosen operand
// (reading x->left is a tracked read). `n ? n->height : 0` cannot compile for any class that,
// like field<int>, converts implicitly both from int (`field<int> size = 0;`, `node{nullptr, 3}`)
// and to int: C++ then rejects the conditional as ambiguous ([expr.cond]/4; std::atomic<int> has
// the same limit). Write `n ? n->height.get() : 0` (or `int(n->height)`), or an if statement.
// Stage: space.
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
concept field_value = std::is_integral_v<T> || std::is_enum_v<T> || std::is_pointer_v<T> || std::is_floating_point_v<T>;

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
  // Reads the value (a tracked read), also to bind it to a `const T&`.
  SMALLSCOPE_ALWAYS_INLINE operator const T&() const {  // NOLINT: implicit like a plain T
#ifndef SMALLSCOPE_NO_TRACKING
    detail::current_observer->on_read(this);
#endif
    return value_;
  }
  // Binds a non-const field to a `T&` parameter (`void insert(node*& t, int key)` called as
  // `insert(n->left, key)`). Binding is a tracked read of the field; later reads and writes
  // through the reference are not tracked. That is sound for the code this serves, methods
  // under test: they run on heap copies, where writes are the method's own business and the
  // field's slot was noted at the binding. An invariant takes its root as const and reads
  // through `operator T() const`; it should not bind fields to non-const references.
  // Lvalue fields only, so a temporary field never binds to a T&.
  SMALLSCOPE_ALWAYS_INLINE operator T&() & {  // NOLINT: implicit like a plain T
#ifndef SMALLSCOPE_NO_TRACKING
    detail::current_observer->on_read(this);
#endif
    return value_;
  }

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
