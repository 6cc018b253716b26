// Output equality for mutation analysis (paper 000, Sec. 7.2: Ferastrau compares a mutant's
// output with the original's through the subject's `equals`). By default a post-state is the
// same output as the original's when the structures are the same up to isomorphism (heap.hpp's
// fingerprint: every field of every reachable object). A root class may give an abstraction
// instead: a function found by argument-dependent lookup, beside the class,
//
//   std::vector<int> smallscope_abstraction(const bag& b);  // the keys, sorted
//
// and two post-states are then the same output when their abstractions are equal: a bag that
// keeps its keys in another order is not a killed mutant. The abstraction returns numbers,
// strings, ranges, pairs, tuples and optionals of them (no pointers: an address is not an
// abstraction); anything else does not compile.
// Stage: check.
#pragma once

#include <bit>
#include <cstdint>
#include <optional>
#include <ranges>
#include <string_view>
#include <tuple>
#include <type_traits>
#include <utility>

#include "smallscope/heap.hpp"

namespace smallscope {

// Whether the root class has an abstraction of its own.
template <class Root>
concept has_abstraction = requires(const Root& r) { smallscope_abstraction(r); };

namespace detail {

template <class>
inline constexpr bool abstraction_type_unsupported = false;

inline void mix_hash(std::uint64_t& h, std::uint64_t v) {
  h ^= v + 0x9e3779b97f4a7c15ull + (h << 6) + (h >> 2);
  h *= 0xff51afd7ed558ccdull;
}

template <class T>
void hash_abstraction(std::uint64_t& h, const T& v) {
  if constexpr (std::is_same_v<T, bool> || std::is_integral_v<T> || std::is_enum_v<T>) {
    mix_hash(h, static_cast<std::uint64_t>(v));
  } else if constexpr (std::is_floating_point_v<T>) {
    mix_hash(h, std::bit_cast<std::uint64_t>(static_cast<double>(v)));
  } else if constexpr (std::is_pointer_v<T>) {
    static_assert(abstraction_type_unsupported<T>, "smallscope_abstraction: an address is not an abstraction");
  } else if constexpr (std::is_convertible_v<const T&, std::string_view>) {
    const std::string_view s = v;
    mix_hash(h, s.size());
    for (const char c : s) mix_hash(h, static_cast<unsigned char>(c));
  } else if constexpr (std::ranges::range<const T>) {
    std::uint64_t n = 0;
    for (const auto& e : v) {
      hash_abstraction(h, e);
      ++n;
    }
    mix_hash(h, n);
  } else if constexpr (requires { std::tuple_size<T>::value; }) {
    std::apply([&h](const auto&... parts) { (hash_abstraction(h, parts), ...); }, v);
  } else if constexpr (requires { v.has_value(); *v; }) {
    mix_hash(h, v.has_value() ? 1 : 0);
    if (v.has_value()) hash_abstraction(h, *v);
  } else {
    static_assert(abstraction_type_unsupported<T>,
                  "smallscope_abstraction returns numbers, strings, ranges, pairs, tuples or optionals of them");
  }
}

}  // namespace detail

// What mutation analysis compares of a post-state: its abstraction's hash when the root class
// has one, else the structure's fingerprint.
template <class Root>
std::uint64_t output_fingerprint(const Root& root) {
  if constexpr (has_abstraction<Root>) {
    std::uint64_t h = 0x6a09e667f3bcc909ull;
    detail::hash_abstraction(h, smallscope_abstraction(root));
    return h;
  } else {
    return fingerprint(root);
  }
}

}  // namespace smallscope
