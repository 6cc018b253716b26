// Which C++ types hold contents (contents.hpp): the standard sequence, set and map containers,
// strings, optionals, variants, pairs and tuples, and the iterators of a sequence container held
// by another member of the same object. A std::vector of integers, enums, pointers or
// std::unique_ptrs is Korat's array instead (std_vector.hpp): its elements live in the arena.
// Stage: space.
#pragma once

#include <deque>
#include <forward_list>
#include <list>
#include <map>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <tuple>
#include <type_traits>
#include <unordered_map>
#include <unordered_set>
#include <utility>
#include <variant>
#include <vector>

#include "smallscope/detail/std_vector.hpp"

namespace smallscope::detail {

template <class T>
inline constexpr bool is_sequence_container_v = false;
template <class E, class A>
inline constexpr bool is_sequence_container_v<std::list<E, A>> = true;
template <class E, class A>
inline constexpr bool is_sequence_container_v<std::deque<E, A>> = true;
template <class E, class A>
inline constexpr bool is_sequence_container_v<std::forward_list<E, A>> = true;
template <class E, class A>
inline constexpr bool is_sequence_container_v<std::vector<E, A>> = !is_std_vector_v<std::vector<E, A>>;

template <class T>
inline constexpr bool is_forward_list_v = false;
template <class E, class A>
inline constexpr bool is_forward_list_v<std::forward_list<E, A>> = true;

// Sets and maps: ordered (their iteration follows the keys' order) or unordered, each key once or
// several times (multi).
template <class T>
struct keyed_traits {
  static constexpr bool is = false;
};
template <class K, class C, class A>
struct keyed_traits<std::set<K, C, A>> {
  static constexpr bool is = true, is_map = false, multi = false, ordered = true;
};
template <class K, class C, class A>
struct keyed_traits<std::multiset<K, C, A>> {
  static constexpr bool is = true, is_map = false, multi = true, ordered = true;
};
template <class K, class V, class C, class A>
struct keyed_traits<std::map<K, V, C, A>> {
  static constexpr bool is = true, is_map = true, multi = false, ordered = true;
};
template <class K, class V, class C, class A>
struct keyed_traits<std::multimap<K, V, C, A>> {
  static constexpr bool is = true, is_map = true, multi = true, ordered = true;
};
template <class K, class H, class E, class A>
struct keyed_traits<std::unordered_set<K, H, E, A>> {
  static constexpr bool is = true, is_map = false, multi = false, ordered = false;
};
template <class K, class H, class E, class A>
struct keyed_traits<std::unordered_multiset<K, H, E, A>> {
  static constexpr bool is = true, is_map = false, multi = true, ordered = false;
};
template <class K, class V, class H, class E, class A>
struct keyed_traits<std::unordered_map<K, V, H, E, A>> {
  static constexpr bool is = true, is_map = true, multi = false, ordered = false;
};
template <class K, class V, class H, class E, class A>
struct keyed_traits<std::unordered_multimap<K, V, H, E, A>> {
  static constexpr bool is = true, is_map = true, multi = true, ordered = false;
};
template <class T>
inline constexpr bool is_keyed_container_v = keyed_traits<T>::is;

template <class T>
inline constexpr bool is_std_string_v = false;
template <class A>
inline constexpr bool is_std_string_v<std::basic_string<char, std::char_traits<char>, A>> = true;

template <class T>
inline constexpr bool is_optional_v = false;
template <class T>
inline constexpr bool is_optional_v<std::optional<T>> = true;

template <class T>
inline constexpr bool is_variant_v = false;
template <class... T>
inline constexpr bool is_variant_v<std::variant<T...>> = true;

template <class T>
inline constexpr bool is_tuple_like_v = false;
template <class A, class B>
inline constexpr bool is_tuple_like_v<std::pair<A, B>> = true;
template <class... T>
inline constexpr bool is_tuple_like_v<std::tuple<T...>> = true;

template <class T>
inline constexpr bool is_unique_ptr_v = false;
template <class T, class D>
inline constexpr bool is_unique_ptr_v<std::unique_ptr<T, D>> = true;

// A member type whose value is contents: its bytes are no slots; it is bound with a domain of
// contents.hpp and rebuilt from its slots.
template <class T>
inline constexpr bool is_content_v = is_sequence_container_v<T> || is_keyed_container_v<T> || is_std_string_v<T> ||
                                     is_optional_v<T> || is_variant_v<T> || is_tuple_like_v<T>;

// Whether It is an iterator of the container type L (its iterator or const_iterator).
template <class It, class L>
constexpr bool iterates() {
  if constexpr (is_sequence_container_v<L> || is_std_vector_v<L>)
    return std::is_same_v<It, typename L::iterator> || std::is_same_v<It, typename L::const_iterator>;
  else
    return false;
}

}  // namespace smallscope::detail
