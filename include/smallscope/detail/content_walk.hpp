// The walks of heap.hpp over members that hold contents (contents.hpp): every value inside a
// container, an optional, a variant or a tuple, in a canonical order (sequences in order, sets
// and maps by key, unordered ones too, so that isomorphic structures are visited alike), each
// pointer as a field's, each iterator into another member of the same object as the position it
// names there. visit_contents drives a visitor (fingerprints, release, pictures and reproducers);
// copy_contents builds a copy, pointers through the copy's own map; derived_value_code writes a
// derived member's value for a reproducer.
// Stage: space.
#pragma once

#include <algorithm>
#include <cstdint>
#include <iterator>
#include <string>
#include <string_view>
#include <typeinfo>
#include <tuple>
#include <type_traits>
#include <utility>
#include <variant>
#include <vector>

#include "smallscope/detail/content_shape.hpp"
#include "smallscope/detail/content_text.hpp"
#include "smallscope/detail/content_types.hpp"
#include "smallscope/detail/member_access.hpp"
#include "smallscope/fields.hpp"
#include "smallscope/live_part.hpp"

namespace smallscope::detail {

template <class T>
inline constexpr bool always_false_contents_v = false;

// The registered member of C that the iterator type It points into: the one member whose
// iterator type It is (its name and member pointer), found at compile time.
template <class C, class It>
constexpr std::size_t sibling_count() {
  if constexpr (has_registered_fields<C>) {
    using fields = decltype(registered_fields<C>());
    return []<std::size_t... I>(std::index_sequence<I...>) {
      return (std::size_t{0} + ... +
              (iterates<It, std::remove_cvref_t<decltype(std::declval<C&>().*(std::tuple_element_t<I, fields>{}.member))>>()
                   ? std::size_t{1}
                   : std::size_t{0}));
    }(std::make_index_sequence<std::tuple_size_v<fields>>{});
  } else {
    return 0;
  }
}

// Calls f(name, sibling container) for the member of `owner` that It points into.
template <class It, class C, class F>
void with_sibling(C& owner, F&& f) {
  static_assert(sibling_count<std::remove_const_t<C>, It>() == 1,
                "smallscope: an iterator member points into exactly one registered member of the same object (a "
                "std::list, std::vector or std::deque whose iterator it is)");
  for_each_registered<std::remove_const_t<C>>([&](std::string_view name, auto member) {
    using L = std::remove_cvref_t<decltype(owner.*member)>;
    if constexpr (iterates<It, L>()) f(name, owner.*member);
  });
}

template <class C, class M>
constexpr bool is_iterator_member() {
  if constexpr (std::is_class_v<M> && !is_content_v<M>)
    return sibling_count<C, M>() > 0;
  else
    return false;
}

template <class C, class M>
constexpr bool holds_iterator();

template <class C, class Tuple, std::size_t... I>
constexpr bool any_holds_iterator(std::index_sequence<I...>) {
  return (false || ... || holds_iterator<C, std::remove_const_t<std::tuple_element_t<I, Tuple>>>());
}
template <class C, class... T>
constexpr bool variant_holds_iterator(std::type_identity<std::variant<T...>>) {
  return (false || ... || holds_iterator<C, T>());
}

// Whether a value of M holds an iterator into a member of C (copied after the other members).
template <class C, class M>
constexpr bool holds_iterator() {
  if constexpr (is_iterator_member<C, M>())
    return true;
  else if constexpr (is_sequence_container_v<M> || is_std_vector_v<M> || is_optional_v<M>)
    return holds_iterator<C, typename M::value_type>();
  else if constexpr (is_keyed_container_v<M>) {
    if constexpr (keyed_traits<M>::is_map)
      return holds_iterator<C, typename M::mapped_type>();
    else
      return false;
  } else if constexpr (is_variant_v<M>)
    return variant_holds_iterator<C>(std::type_identity<M>{});
  else if constexpr (is_tuple_like_v<M>)
    return any_holds_iterator<C, M>(std::make_index_sequence<std::tuple_size_v<M>>{});
  else
    return false;
}

// The elements of an unordered container in the order of their keys (std::less): what the walks
// visit, so that two containers with the same contents are visited alike.
template <class M>
std::vector<const typename M::value_type*> in_key_order(const M& m) {
  std::vector<const typename M::value_type*> out;
  for (const auto& e : m) out.push_back(&e);
  const auto key = [](const typename M::value_type* e) -> const typename M::key_type& {
    if constexpr (keyed_traits<M>::is_map)
      return e->first;
    else
      return *e;
  };
  std::stable_sort(out.begin(), out.end(), [&](auto* a, auto* b) { return key(a) < key(b); });
  return out;
}

// Visits the value m (held by the object `owner`) for V:
//   v.scalar(x) for integers, enums, floating point; v.string(s); v.pointer(p) (null or not);
//   v.element(name, i) for an iterator into owner's member `name` (i = -1: its end());
//   v.open(kind, n, type) / v.close(kind) around a composite of n items (variant: n = its index),
//   v.item(i) before item i, v.member(name) before a struct's member.
// A visitor that shows byte storage as the value storage_of gave the type of (content_text.hpp).
template <class V, class E>
concept shows_storage = requires(V& visitor, const E& bytes) { visitor.storage(std::string_view(), bytes, std::string()); };

// Shows the byte storage `bytes` of the struct `s` as its value when the visitor can and
// storage_of gave the value's type; false when it did not.
template <class S, class E, class V>
bool visit_storage(const S& s, const E& bytes, std::string_view name, V& v) {
  if constexpr (shows_storage<V, E>) {
    std::string value = storage_text(s, bytes);
    if (value.empty()) return false;
    v.storage(name, bytes, value);
    return true;
  } else {
    return false;
  }
}

template <class C, class M, class V>
void visit_contents(const C& owner, const M& m, V& v) {
  if constexpr (is_iterator_member<C, M>()) {
    with_sibling<M>(owner, [&](std::string_view name, const auto& target) {
      v.element(name, m == target.end() ? -1 : static_cast<std::int64_t>(std::distance(target.begin(), typename std::remove_cvref_t<decltype(target)>::const_iterator(m))));
    });
  } else if constexpr (is_unique_ptr_v<M>) {
    v.pointer(m.get());
  } else if constexpr (std::is_pointer_v<M>) {
    v.pointer(m);
  } else if constexpr (std::is_arithmetic_v<M> || std::is_enum_v<M>) {
    v.scalar(m);
  } else if constexpr (is_std_string_v<M>) {
    v.string(m);
  } else if constexpr (is_sequence_container_v<M> || is_std_vector_v<M>) {
    v.open(content_kind::sequence, static_cast<std::size_t>(std::distance(m.begin(), m.end())), demangle(typeid(M).name()));
    std::size_t i = 0;
    for (const auto& e : m) {
      v.item(i++);
      visit_contents(owner, e, v);
    }
    v.close(content_kind::sequence);
  } else if constexpr (is_keyed_container_v<M>) {
    v.open(content_kind::keyed, m.size(), demangle(typeid(M).name()));
    const auto one = [&](const typename M::value_type& e) {
      if constexpr (keyed_traits<M>::is_map) {
        v.open(content_kind::tuple, 2, std::string());
        v.item(0);
        visit_contents(owner, e.first, v);
        v.item(1);
        visit_contents(owner, e.second, v);
        v.close(content_kind::tuple);
      } else {
        visit_contents(owner, e, v);
      }
    };
    std::size_t i = 0;
    if constexpr (keyed_traits<M>::ordered) {
      for (const auto& e : m) {
        v.item(i++);
        one(e);
      }
    } else {
      for (const auto* e : in_key_order(m)) {
        v.item(i++);
        one(*e);
      }
    }
    v.close(content_kind::keyed);
  } else if constexpr (is_optional_v<M>) {
    v.open(content_kind::optional, m.has_value() ? 1 : 0, demangle(typeid(M).name()));
    if (m.has_value()) {
      v.item(0);
      visit_contents(owner, *m, v);
    }
    v.close(content_kind::optional);
  } else if constexpr (is_variant_v<M>) {
    v.open(content_kind::variant, m.index(), demangle(typeid(M).name()));
    v.item(0);
    std::visit([&](const auto& alternative) { visit_contents(owner, alternative, v); }, m);
    v.close(content_kind::variant);
  } else if constexpr (is_tuple_like_v<M>) {
    v.open(content_kind::tuple, std::tuple_size_v<M>, demangle(typeid(M).name()));
    std::size_t i = 0;
    std::apply([&](const auto&... part) { ((v.item(i++), visit_contents(owner, part, v)), ...); }, m);
    v.close(content_kind::tuple);
  } else if constexpr (has_registered_fields<M>) {
    v.open_record(demangle(typeid(M).name()));
    for_each_registered<M>([&](std::string_view name, auto member) {
      using E = std::remove_cvref_t<decltype(m.*member)>;
      if constexpr (std::is_array_v<E>) {  // byte storage, its live elements only (live_part.hpp)
        const std::size_t live = live_elements(m, m.*member);
        if (live == std::extent_v<E> && visit_storage(m, m.*member, name, v)) return;
        for (std::size_t i = 0; i < live; ++i) {
          v.member(std::string(name) + "[" + std::to_string(i) + "]");
          visit_contents(owner, (m.*member)[i], v);
        }
      } else {
        v.member(std::string(name));
        visit_contents(owner, m.*member, v);
      }
    });
    v.close_record();
  } else {
    static_assert(always_false_contents_v<M>, "smallscope: a value of this type cannot be held by bound contents");
  }
}

// Builds `to` as a copy of `from` (held by `from_owner`, copied into `to_owner`); pointers go
// through copy_pointer(p), which gives the copy's object, or the object itself when shared.
template <class C, class M, class P>
void copy_contents(const C& from_owner, C& to_owner, const M& from, M& to, P& copy_pointer) {
  if constexpr (is_iterator_member<C, M>()) {
    std::int64_t position = -1;
    with_sibling<M>(from_owner, [&](std::string_view, const auto& target) {
      using L = std::remove_cvref_t<decltype(target)>;
      if (from != target.end()) position = std::distance(target.begin(), typename L::const_iterator(from));
    });
    with_sibling<M>(to_owner, [&](std::string_view, auto& target) {
      to = position < 0 ? target.end() : std::next(target.begin(), position);
    });
  } else if constexpr (is_unique_ptr_v<M>) {
    (void)to.release();
    to.reset(copy_pointer(from.get()));
  } else if constexpr (std::is_pointer_v<M>) {
    to = copy_pointer(from);
  } else if constexpr (std::is_arithmetic_v<M> || std::is_enum_v<M> || is_std_string_v<M>) {
    to = from;
  } else if constexpr (is_sequence_container_v<M> || is_std_vector_v<M>) {
    using E = typename M::value_type;
    to.clear();
    if constexpr (is_forward_list_v<M>) {
      auto last = to.before_begin();
      for (const auto& e : from) {
        E x{};
        copy_contents(from_owner, to_owner, e, x, copy_pointer);
        last = to.insert_after(last, std::move(x));
      }
    } else {
      for (const auto& e : from) {
        E x{};
        copy_contents(from_owner, to_owner, e, x, copy_pointer);
        to.push_back(std::move(x));
      }
    }
  } else if constexpr (is_keyed_container_v<M>) {
    to.clear();
    for (const auto& e : from) {
      if constexpr (keyed_traits<M>::is_map) {
        typename M::mapped_type x{};
        copy_contents(from_owner, to_owner, e.second, x, copy_pointer);
        to.emplace(e.first, std::move(x));
      } else {
        to.insert(e);
      }
    }
  } else if constexpr (is_optional_v<M>) {
    if (from.has_value()) {
      typename M::value_type x{};
      copy_contents(from_owner, to_owner, *from, x, copy_pointer);
      to = std::move(x);
    } else {
      to.reset();
    }
  } else if constexpr (is_variant_v<M>) {
    [&]<std::size_t... I>(std::index_sequence<I...>) {
      (void)((from.index() == I
                  ? (copy_contents(from_owner, to_owner, std::get<I>(from), to.template emplace<I>(), copy_pointer), true)
                  : false) ||
             ...);
    }(std::make_index_sequence<std::variant_size_v<M>>{});
  } else if constexpr (is_tuple_like_v<M>) {
    [&]<std::size_t... I>(std::index_sequence<I...>) {
      (copy_contents(from_owner, to_owner, std::get<I>(from), std::get<I>(to), copy_pointer), ...);
    }(std::make_index_sequence<std::tuple_size_v<M>>{});
  } else if constexpr (has_registered_fields<M>) {
    for_each_registered<M>([&](std::string_view, auto member) {
      using E = std::remove_cvref_t<decltype(from.*member)>;
      if constexpr (std::is_array_v<E>) {
        const std::size_t live = live_elements(from, from.*member);
        for (std::size_t i = 0; i < live; ++i)
          copy_contents(from_owner, to_owner, (from.*member)[i], (to.*member)[i], copy_pointer);
      } else {
        copy_contents(from_owner, to_owner, from.*member, to.*member, copy_pointer);
      }
    });
  } else {
    static_assert(always_false_contents_v<M>, "smallscope: a value of this type cannot be held by bound contents");
  }
}

// Where the pointer p points among the elements of the contiguous contents (std::vector,
// std::array) of `owner`'s registered members: `&$self.data_[2]`, or `$self.data_.data() + 4`
// one past the last; empty when it points at none of them.
template <class C>
std::string locate_in_contents(const C& owner, const void* p) {
  std::string found;
  for_each_registered<C>([&](std::string_view name, auto member) {
    using M = std::remove_cvref_t<decltype(owner.*member)>;
    if constexpr (requires(const M& m) {
                    m.data();
                    m.size();
                    m[0];
                  }) {  // std::vector, std::array, std::string
      const M& v = owner.*member;
      for (std::size_t i = 0; i < v.size() && found.empty(); ++i)
        if (static_cast<const void*>(&v[i]) == p) found = "&$self." + std::string(name) + "[" + std::to_string(i) + "]";
      if (found.empty() && static_cast<const void*>(v.data() + v.size()) == p && !v.empty())
        found = "$self." + std::string(name) + ".data() + " + std::to_string(v.size());
    }
  });
  return found;
}

// A derived member's value as C++ (content_member::derived_code).
template <class C, class M>
std::string derived_value_code(const C& owner, const M& value) {
  if constexpr (std::is_same_v<M, bool>) {
    return value ? "true" : "false";
  } else if constexpr (std::is_floating_point_v<M>) {
    return real_literal(static_cast<double>(value));
  } else if constexpr (std::is_integral_v<M>) {
    return std::is_signed_v<M> ? std::to_string(static_cast<std::int64_t>(value))
                               : std::to_string(static_cast<std::uint64_t>(value)) + "u";
  } else if constexpr (std::is_pointer_v<M>) {
    if (value == nullptr) return "nullptr";
    return locate_in_contents(owner, static_cast<const void*>(value));
  } else {
    return {};
  }
}

}  // namespace smallscope::detail
