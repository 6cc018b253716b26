// Field registration: SMALLSCOPE_FIELDS(cls, f1, f2, ...) names the tracked fields of a subject
// class, so the finitization can name them (Korat's "Node.left"), check that every field has a
// field domain (paper 000, Sec. 3.2) and print structures.
//
// Use SMALLSCOPE_FIELDS at namespace scope, in the class's namespace, after the class. For
// private fields use SMALLSCOPE_FRIEND_FIELDS inside the class body instead. Either defines a
// function `smallscope_fields(exactly<cls>)` that argument-dependent lookup finds for cls
// itself and for no class derived from it: a derived class registers its own fields (those it
// inherits included), and its constructor arguments, or has none.
//
// Classes without a default constructor (`explicit node(int key)`) name the arguments to build
// their objects with: SMALLSCOPE_CONSTRUCTOR_ARGS(node, 0), next to SMALLSCOPE_FIELDS. The search
// constructs each object of the arena with them, heap copies `new` each object with them and
// GoogleTest reproducers write them out as given (`new node(0)`), so use literals or names
// visible at namespace scope. The search then sets every registered field, so the arguments
// only need to make a valid object.
// Stage: space.
#pragma once

#include <cstddef>
#include <new>
#include <string_view>
#include <tuple>
#include <type_traits>
#include <utility>

namespace smallscope::detail {

template <class C, class M>
struct named_member {
  std::string_view name;
  M C::*member;
};
template <class C, class M>
named_member(std::string_view, M C::*) -> named_member<C, M>;

// `m`, a member of C or of a base B of C, as a member of C. The cast is C's own (a C-style cast
// converts to a member of the derived class even when the base is private, as the hash and growth
// policies of hash tables are), so every walk applies it to a C as it applies C's own members.
template <class C, class B, class M>
constexpr M C::*as_member_of(M B::*m) {
  return (M C::*)m;  // NOLINT: the C-style cast is the one that reaches private bases
}

// The tag of a registration: a class derived from C does not convert to it, so a base's
// registration never serves a derived class.
template <class C>
struct exactly {};

template <class C>
concept has_registered_fields = requires { smallscope_fields(exactly<C>{}); };

template <class C>
concept has_constructor_args = requires { smallscope_constructor_args(exactly<C>{}); };

// Constructs a C in place: with the arguments SMALLSCOPE_CONSTRUCTOR_ARGS registers, or with
// C's default constructor.
template <class C>
C* construct_object(void* where) {
  if constexpr (has_constructor_args<C>) {
    return std::apply([&](auto&&... a) { return ::new (where) C(std::forward<decltype(a)>(a)...); },
                      smallscope_constructor_args(exactly<C>{}));
  } else {
    static_assert(std::is_default_constructible_v<C>,
                  "subject classes need a default constructor, or constructor arguments: "
                  "SMALLSCOPE_CONSTRUCTOR_ARGS(cls, args...)");
    return ::new (where) C();
  }
}

// Constructs a C in place by default-initialization: with the registered arguments, or as
// `new (where) C`, which leaves the bytes no constructor writes (padding, members without an
// initializer) as they were. The byte accounting probes classes so (byte_accounting.hpp).
template <class C>
C* construct_object_plain(void* where) {
  if constexpr (has_constructor_args<C>)
    return construct_object<C>(where);
  else
    return ::new (where) C;
}

// Whether C (or a base) declares its own operator new or delete that the allocation watch does
// not see: its blocks bypass the global operator new, which the watch replaces
// (allocation_watch.hpp). smallscope-instrument wraps a class's usual forms so that they tell the
// watch, and marks the class with `smallscope_allocation_observed` (class_allocation.hpp).
template <class C>
inline constexpr bool has_own_allocation_v =
    !requires { typename C::smallscope_allocation_observed; } &&
    (requires { C::operator new(sizeof(C)); } || requires(void* p) { C::operator delete(p); } ||
     requires(void* p) { C::operator delete(p, sizeof(C)); });

// A new C, as construct_object builds it (what heap copies allocate).
template <class C>
C* new_object() {
  if constexpr (has_constructor_args<C>)
    return std::apply([](auto&&... a) { return new C(std::forward<decltype(a)>(a)...); },
                      smallscope_constructor_args(exactly<C>{}));
  else
    return new C();
}

// The constructor arguments as written in SMALLSCOPE_CONSTRUCTOR_ARGS ("" for none), for
// reproducers.
template <class C>
const char* constructor_args_text() {
  if constexpr (has_constructor_args<C>)
    return smallscope_constructor_args_text(exactly<C>{});
  else
    return "";
}

template <class... T>
struct type_list {};

// The classes derived from Base that SMALLSCOPE_SUBCLASSES lists.
template <class Base, class... D>
struct subclass_list {
  using base = Base;
};

// Classes derived from B whose objects a B* field may hold (SMALLSCOPE_SUBCLASSES for B itself,
// not for a base of B).
template <class B>
concept has_subclasses = requires(const B* b) {
  { smallscope_subclass_index(b) };
  requires std::is_same_v<typename decltype(smallscope_subclasses(b))::base, B>;
};

// Calls f(static_cast<D*>(p)) with D the class of the object at p among B's registered
// subclasses (the index SMALLSCOPE_SUBCLASSES's expression gives); nothing for an index out of
// range.
template <class B, class Base, class... D, class F>
void with_subclass_of(subclass_list<Base, D...>, B* p, F&& f) {
  const std::size_t which = smallscope_subclass_index(static_cast<const B*>(p));
  std::size_t k = 0;
  (void)((k++ == which ? (f(static_cast<std::conditional_t<std::is_const_v<B>, const D, D>*>(p)), true) : false) || ...);
}
template <class B, class F>
void with_subclass(B* p, F&& f) {
  with_subclass_of(smallscope_subclasses(static_cast<const B*>(nullptr)), p, f);
}

template <class C>
auto registered_fields() {
  static_assert(has_registered_fields<C>,
                "register the class's fields with SMALLSCOPE_FIELDS(cls, field, ...)");
  return smallscope_fields(exactly<C>{});
}

}  // namespace smallscope::detail

// One expansion step per field, up to 32 fields.
#define SMALLSCOPE_DETAIL_NM(cls, f) \
  ::smallscope::detail::named_member{#f, ::smallscope::detail::as_member_of<cls>(&cls::f)}
#define SMALLSCOPE_DETAIL_E1(c, f) SMALLSCOPE_DETAIL_NM(c, f)
#define SMALLSCOPE_DETAIL_E2(c, f, ...) SMALLSCOPE_DETAIL_NM(c, f), SMALLSCOPE_DETAIL_E1(c, __VA_ARGS__)
#define SMALLSCOPE_DETAIL_E3(c, f, ...) SMALLSCOPE_DETAIL_NM(c, f), SMALLSCOPE_DETAIL_E2(c, __VA_ARGS__)
#define SMALLSCOPE_DETAIL_E4(c, f, ...) SMALLSCOPE_DETAIL_NM(c, f), SMALLSCOPE_DETAIL_E3(c, __VA_ARGS__)
#define SMALLSCOPE_DETAIL_E5(c, f, ...) SMALLSCOPE_DETAIL_NM(c, f), SMALLSCOPE_DETAIL_E4(c, __VA_ARGS__)
#define SMALLSCOPE_DETAIL_E6(c, f, ...) SMALLSCOPE_DETAIL_NM(c, f), SMALLSCOPE_DETAIL_E5(c, __VA_ARGS__)
#define SMALLSCOPE_DETAIL_E7(c, f, ...) SMALLSCOPE_DETAIL_NM(c, f), SMALLSCOPE_DETAIL_E6(c, __VA_ARGS__)
#define SMALLSCOPE_DETAIL_E8(c, f, ...) SMALLSCOPE_DETAIL_NM(c, f), SMALLSCOPE_DETAIL_E7(c, __VA_ARGS__)
#define SMALLSCOPE_DETAIL_E9(c, f, ...) SMALLSCOPE_DETAIL_NM(c, f), SMALLSCOPE_DETAIL_E8(c, __VA_ARGS__)
#define SMALLSCOPE_DETAIL_E10(c, f, ...) SMALLSCOPE_DETAIL_NM(c, f), SMALLSCOPE_DETAIL_E9(c, __VA_ARGS__)
#define SMALLSCOPE_DETAIL_E11(c, f, ...) SMALLSCOPE_DETAIL_NM(c, f), SMALLSCOPE_DETAIL_E10(c, __VA_ARGS__)
#define SMALLSCOPE_DETAIL_E12(c, f, ...) SMALLSCOPE_DETAIL_NM(c, f), SMALLSCOPE_DETAIL_E11(c, __VA_ARGS__)
#define SMALLSCOPE_DETAIL_E13(c, f, ...) SMALLSCOPE_DETAIL_NM(c, f), SMALLSCOPE_DETAIL_E12(c, __VA_ARGS__)
#define SMALLSCOPE_DETAIL_E14(c, f, ...) SMALLSCOPE_DETAIL_NM(c, f), SMALLSCOPE_DETAIL_E13(c, __VA_ARGS__)
#define SMALLSCOPE_DETAIL_E15(c, f, ...) SMALLSCOPE_DETAIL_NM(c, f), SMALLSCOPE_DETAIL_E14(c, __VA_ARGS__)
#define SMALLSCOPE_DETAIL_E16(c, f, ...) SMALLSCOPE_DETAIL_NM(c, f), SMALLSCOPE_DETAIL_E15(c, __VA_ARGS__)
#define SMALLSCOPE_DETAIL_E17(c, f, ...) SMALLSCOPE_DETAIL_NM(c, f), SMALLSCOPE_DETAIL_E16(c, __VA_ARGS__)
#define SMALLSCOPE_DETAIL_E18(c, f, ...) SMALLSCOPE_DETAIL_NM(c, f), SMALLSCOPE_DETAIL_E17(c, __VA_ARGS__)
#define SMALLSCOPE_DETAIL_E19(c, f, ...) SMALLSCOPE_DETAIL_NM(c, f), SMALLSCOPE_DETAIL_E18(c, __VA_ARGS__)
#define SMALLSCOPE_DETAIL_E20(c, f, ...) SMALLSCOPE_DETAIL_NM(c, f), SMALLSCOPE_DETAIL_E19(c, __VA_ARGS__)
#define SMALLSCOPE_DETAIL_E21(c, f, ...) SMALLSCOPE_DETAIL_NM(c, f), SMALLSCOPE_DETAIL_E20(c, __VA_ARGS__)
#define SMALLSCOPE_DETAIL_E22(c, f, ...) SMALLSCOPE_DETAIL_NM(c, f), SMALLSCOPE_DETAIL_E21(c, __VA_ARGS__)
#define SMALLSCOPE_DETAIL_E23(c, f, ...) SMALLSCOPE_DETAIL_NM(c, f), SMALLSCOPE_DETAIL_E22(c, __VA_ARGS__)
#define SMALLSCOPE_DETAIL_E24(c, f, ...) SMALLSCOPE_DETAIL_NM(c, f), SMALLSCOPE_DETAIL_E23(c, __VA_ARGS__)
#define SMALLSCOPE_DETAIL_E25(c, f, ...) SMALLSCOPE_DETAIL_NM(c, f), SMALLSCOPE_DETAIL_E24(c, __VA_ARGS__)
#define SMALLSCOPE_DETAIL_E26(c, f, ...) SMALLSCOPE_DETAIL_NM(c, f), SMALLSCOPE_DETAIL_E25(c, __VA_ARGS__)
#define SMALLSCOPE_DETAIL_E27(c, f, ...) SMALLSCOPE_DETAIL_NM(c, f), SMALLSCOPE_DETAIL_E26(c, __VA_ARGS__)
#define SMALLSCOPE_DETAIL_E28(c, f, ...) SMALLSCOPE_DETAIL_NM(c, f), SMALLSCOPE_DETAIL_E27(c, __VA_ARGS__)
#define SMALLSCOPE_DETAIL_E29(c, f, ...) SMALLSCOPE_DETAIL_NM(c, f), SMALLSCOPE_DETAIL_E28(c, __VA_ARGS__)
#define SMALLSCOPE_DETAIL_E30(c, f, ...) SMALLSCOPE_DETAIL_NM(c, f), SMALLSCOPE_DETAIL_E29(c, __VA_ARGS__)
#define SMALLSCOPE_DETAIL_E31(c, f, ...) SMALLSCOPE_DETAIL_NM(c, f), SMALLSCOPE_DETAIL_E30(c, __VA_ARGS__)
#define SMALLSCOPE_DETAIL_E32(c, f, ...) SMALLSCOPE_DETAIL_NM(c, f), SMALLSCOPE_DETAIL_E31(c, __VA_ARGS__)
#define SMALLSCOPE_DETAIL_PICK(_1, _2, _3, _4, _5, _6, _7, _8, _9, _10, _11, _12, _13, _14, _15, \
                               _16, _17, _18, _19, _20, _21, _22, _23, _24, _25, _26, _27, _28, \
                               _29, _30, _31, _32, N, ...)                                     \
  N
#define SMALLSCOPE_DETAIL_EACH(c, ...)                                                            \
  SMALLSCOPE_DETAIL_PICK(__VA_ARGS__, SMALLSCOPE_DETAIL_E32, SMALLSCOPE_DETAIL_E31,               \
                         SMALLSCOPE_DETAIL_E30, SMALLSCOPE_DETAIL_E29, SMALLSCOPE_DETAIL_E28,     \
                         SMALLSCOPE_DETAIL_E27, SMALLSCOPE_DETAIL_E26, SMALLSCOPE_DETAIL_E25,     \
                         SMALLSCOPE_DETAIL_E24, SMALLSCOPE_DETAIL_E23, SMALLSCOPE_DETAIL_E22,     \
                         SMALLSCOPE_DETAIL_E21, SMALLSCOPE_DETAIL_E20, SMALLSCOPE_DETAIL_E19,     \
                         SMALLSCOPE_DETAIL_E18, SMALLSCOPE_DETAIL_E17, SMALLSCOPE_DETAIL_E16,     \
                         SMALLSCOPE_DETAIL_E15, SMALLSCOPE_DETAIL_E14, SMALLSCOPE_DETAIL_E13,     \
                         SMALLSCOPE_DETAIL_E12, SMALLSCOPE_DETAIL_E11, SMALLSCOPE_DETAIL_E10,     \
                         SMALLSCOPE_DETAIL_E9, SMALLSCOPE_DETAIL_E8, SMALLSCOPE_DETAIL_E7,        \
                         SMALLSCOPE_DETAIL_E6, SMALLSCOPE_DETAIL_E5, SMALLSCOPE_DETAIL_E4,        \
                         SMALLSCOPE_DETAIL_E3, SMALLSCOPE_DETAIL_E2, SMALLSCOPE_DETAIL_E1)        \
  (c, __VA_ARGS__)

// Registers the tracked fields of `cls` (at namespace scope, in cls's namespace).
#define SMALLSCOPE_FIELDS(cls, ...)                          \
  [[maybe_unused]] inline auto smallscope_fields(::smallscope::detail::exactly<cls>) { \
    return std::tuple{SMALLSCOPE_DETAIL_EACH(cls, __VA_ARGS__)}; \
  }

// Registers the tracked fields of `cls` from inside its body (for private fields).
#define SMALLSCOPE_FRIEND_FIELDS(cls, ...)                   \
  friend auto smallscope_fields(::smallscope::detail::exactly<cls>) { \
    return std::tuple{SMALLSCOPE_DETAIL_EACH(cls, __VA_ARGS__)}; \
  }

// The classes derived from `base` whose objects a `base*` field may hold, and which one an object
// is: `which` is an expression over `self` (a `const base*`) giving the index in the list.
//   SMALLSCOPE_SUBCLASSES(node, self->level == 0 ? 0 : 1, leaf_node, inner_node)
// (at namespace scope, in base's namespace). Each subclass registers its fields, those of the
// base included, with SMALLSCOPE_FIELDS; a finitization binds the base's members per subclass
// (`f.set<leaf_node>(&node::level, ...)`).
#define SMALLSCOPE_SUBCLASSES(base, which, ...)                                                     \
  [[maybe_unused]] inline auto smallscope_subclasses(const base*) {                                  \
    return ::smallscope::detail::subclass_list<base, __VA_ARGS__>{};                                 \
  }                                                                                                  \
  [[maybe_unused]] inline std::size_t smallscope_subclass_index([[maybe_unused]] const base* self) { \
    return static_cast<std::size_t>(which);                                                          \
  }

// Constructor arguments for a class without a default constructor (at namespace scope, in cls's
// namespace): its objects are built as cls(args...).
#define SMALLSCOPE_CONSTRUCTOR_ARGS(cls, ...)                                         \
  [[maybe_unused]] inline auto smallscope_constructor_args(::smallscope::detail::exactly<cls>) { \
    return std::tuple{__VA_ARGS__};                                                   \
  }                                                                                   \
  [[maybe_unused]] inline const char* smallscope_constructor_args_text(::smallscope::detail::exactly<cls>) { \
    return #__VA_ARGS__;                                                              \
  }
