// Domains for members that hold contents (paper 000, Sec. 3.2: a field domain for each field;
// Korat's container arrays generalised): standard containers, strings, optionals, variants,
// pairs and tuples, structs inside them, floating-point values and iterators into another member
// of the same object. A member bound with one of these is part of the structure as its contents:
// the search varies them, copies, pictures, fingerprints and reproducers carry them.
//
//   f.set(&cache::items, smallscope::sequence_of(smallscope::ints(0, 3),                // std::list<pair<int, int>>
//                                                smallscope::pair_of(keys, values)));
//   f.set(&cache::index, smallscope::map_of(keys, smallscope::elements_of(&cache::items)));  // iterators into items
//   f.set(&config::table, smallscope::map_of(smallscope::strings({"a", "b"}),
//                                            smallscope::sequence_of(smallscope::ints(0, 2), smallscope::ints(0, 1))));
//   f.set(&config::timeout, smallscope::optional_of(smallscope::reals({0.5, 2.0})));
//
// How each is laid out as slots, and which C++ types each binds: docs/UNMODIFIED.md,
// "Standard containers". A domain that does not fit its member is a compile-time error naming both.
// Stage: space.
#pragma once

#include <cstdint>
#include <initializer_list>
#include <string>
#include <tuple>
#include <type_traits>
#include <utility>
#include <vector>

#include "smallscope/value_sets.hpp"

namespace smallscope {

// A sequence container (std::vector, std::list, std::deque, std::forward_list): its length
// ranges over `lengths`, each element over `element`.
template <class E>
struct sequence_domain {
  int_set lengths;
  E element;
};
template <class E>
sequence_domain<E> sequence_of(int_set lengths, E element) {
  return {std::move(lengths), std::move(element)};
}

// A set (std::set, std::unordered_set): each key of `keys` is in it or not; a multiset: each key
// is in it `counts` times.
template <class K>
struct set_domain {
  K keys;
  bool multi = false;
  int_set counts;
};
template <class K>
set_domain<K> set_of(K keys) {
  return {std::move(keys), false, ints(0, 1)};
}
template <class K>
set_domain<K> multiset_of(K keys, int_set counts) {
  return {std::move(keys), true, std::move(counts)};
}

// A map (std::map, std::unordered_map): each key of `keys` is absent or maps to a value of
// `values`; a multimap: each key has `counts` values, in order.
template <class K, class V>
struct map_domain {
  K keys;
  V values;
  bool multi = false;
  int_set counts;
};
template <class K, class V>
map_domain<K, V> map_of(K keys, V values) {
  return {std::move(keys), std::move(values), false, ints(0, 1)};
}
template <class K, class V>
map_domain<K, V> multimap_of(K keys, int_set counts, V values) {
  return {std::move(keys), std::move(values), true, std::move(counts)};
}

// A std::optional: empty, or a value of `value`.
template <class E>
struct optional_domain {
  E value;
};
template <class E>
optional_domain<E> optional_of(E value) {
  return {std::move(value)};
}

// A std::variant: alternative i holds a value of the i-th domain (one per alternative).
template <class... E>
struct variant_domain {
  std::tuple<E...> alternatives;
};
template <class... E>
variant_domain<E...> variant_of(E... alternatives) {
  return {std::tuple<E...>(std::move(alternatives)...)};
}

// A std::pair or std::tuple: each part over its own domain.
template <class... E>
struct tuple_domain {
  std::tuple<E...> parts;
};
template <class A, class B>
tuple_domain<A, B> pair_of(A first, B second) {
  return {std::tuple<A, B>(std::move(first), std::move(second))};
}
template <class... E>
tuple_domain<E...> tuple_of(E... parts) {
  return {std::tuple<E...>(std::move(parts)...)};
}

// A struct held in a container (or in an optional, a pair, ...): each of its members over its
// own domain, and members declared not part of the value (left as its default constructor
// makes them). Every member must be one or the other (byte accounting):
//   smallscope::record<point>().with(&point::x, ints(0, 1)).with(&point::y, ints(0, 1))
template <class S, class... Parts>
struct record_domain {
  template <class M, class D>
  struct part {
    M S::*member;
    D domain;
  };
  template <class M>
  struct skipped {
    M S::*member;
  };
  std::tuple<Parts...> parts;

  template <class M, class D>
  record_domain<S, Parts..., part<M, D>> with(M S::*member, D domain) const {
    return {std::tuple_cat(parts, std::tuple<part<M, D>>(part<M, D>{member, std::move(domain)}))};
  }
  // The member keeps the value S's default constructor gives it (a cache, a constant).
  template <class M>
  record_domain<S, Parts..., skipped<M>> without(M S::*member) const {
    return {std::tuple_cat(parts, std::tuple<skipped<M>>(skipped<M>{member}))};
  }
};
template <class S>
record_domain<S> record() {
  return {};
}

// A value of T kept in byte storage (`alignas(T) unsigned char storage[sizeof(T)]`, the way
// hash tables and small vectors hold elements they construct in place): one slot over
// `domain`, its bytes T's. T is trivially copyable. In a struct, the storage may be live only
// while a member given just before it does not hold `dead` (a bucket's value, while its distance
// is not -1): `storage_of<int>(ints(0, 3)).unless(&bucket::distance, -1)`; otherwise its bytes
// are no part of the structure (not varied, copied, pictured or hashed).
template <class T, class D>
struct storage_domain {
  D domain;
  bool guarded = false;
  std::size_t guard_offset = 0;  // in the struct
  std::size_t guard_bytes = 0;
  bool guard_signed = false;
  std::int64_t dead = 0;
  template <class S, class G>
  storage_domain unless(G S::*guard, std::int64_t dead_value) const {
    static_assert(std::is_integral_v<G> || std::is_enum_v<G>, "smallscope: a storage's guard is an integer member");
    storage_domain r = *this;
    const S probe{};
    r.guarded = true;
    r.guard_offset = static_cast<std::size_t>(reinterpret_cast<const char*>(&(probe.*guard)) -
                                              reinterpret_cast<const char*>(&probe));
    r.guard_bytes = sizeof(G);
    if constexpr (std::is_enum_v<G>)
      r.guard_signed = std::is_signed_v<std::underlying_type_t<G>>;
    else
      r.guard_signed = std::is_signed_v<G>;
    r.dead = dead_value;
    return r;
  }
};
template <class T, class D>
storage_domain<T, D> storage_of(D domain) {
  return {std::move(domain)};
}

// Iterators into another member of the same object (a std::list, std::vector or std::deque):
// element i of its live elements, or its end() too with or_end().
template <class C, class L>
struct elements_domain {
  L C::*member;
  bool end_allowed = false;
  elements_domain or_end() const { return {member, true}; }
};
template <class C, class L>
elements_domain<C, L> elements_of(L C::*member) {
  return {member, false};
}

}  // namespace smallscope
