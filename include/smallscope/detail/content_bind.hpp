// Binding a member that holds contents to a domain of contents.hpp (paper 000, Sec. 3.2: a
// field domain per field), checked at compile time: content_binding<M, D> exists for each member
// type M a domain D fits, and gives
// - shape(domain, name): the member's shape (content_shape.hpp), which the state space lays out
//   as slots (finitization_error for a bad domain: an empty set, a value that does not fit);
// - build(out, shape, slots, context): rebuilds the member from the values of its slots, in the
//   order of the shape (what the search does before the invariant reads a member whose slots
//   changed, and before it hands out a structure).
// Stage: space.
#pragma once

#include <algorithm>
#include <bit>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <iterator>
#include <memory>
#include <numeric>
#include <string>
#include <tuple>
#include <type_traits>
#include <typeinfo>
#include <utility>
#include <variant>
#include <vector>

#include "smallscope/contents.hpp"
#include "smallscope/detail/content_shape.hpp"
#include "smallscope/detail/content_types.hpp"
#include "smallscope/fields.hpp"
#include "smallscope/value_sets.hpp"

namespace smallscope {
template <class T>
class object_set;
}  // namespace smallscope

namespace smallscope::detail {

template <class T>
inline constexpr bool always_false_v = false;

// No binding: the member's type and the domain do not fit (see contents.hpp for which domain
// binds which member type).
template <class M, class D>
struct content_binding {
  static_assert(always_false_v<M>,
                "smallscope: this domain does not fit this member's type. Integers: ints(); floating point: reals(); "
                "std::string: strings(); pointers: an object set; sequences: sequence_of(); sets: set_of(); maps: "
                "map_of(); std::optional: optional_of(); std::variant: variant_of(); pairs and tuples: pair_of(), "
                "tuple_of(); structs: record<S>().with(...); iterators into another member: elements_of()");
};

template <class M>
std::string type_label() {
  return demangle(typeid(M).name());
}

inline std::uint64_t take(const std::uint64_t*& at) { return *at++; }

// ---- leaves ----

template <class M>
  requires(std::is_integral_v<M> || std::is_enum_v<M>)
struct content_binding<M, int_set> {
  static content_shape shape(const int_set& d, const std::string& name) {
    if (d.symbolic()) throw finitization_error(name + ": symbolic_ints() are for fields; give contents ints(...)");
    if (d.values().empty()) throw finitization_error(name + ": empty value domain");
    for (auto v : d.values())
      if (!fits<M>(v))
        throw finitization_error(name + ": value " + std::to_string(v) + " does not fit " + type_label<M>());
    content_shape s;
    s.kind = content_kind::integer;
    s.type_name = type_label<M>();
    s.integers = d.values();
    s.is_bool = std::is_same_v<M, bool>;
    s.is_char = std::is_same_v<M, char> || std::is_same_v<M, signed char> || std::is_same_v<M, unsigned char>;
    return s;
  }
  static void build(M& out, const content_shape&, const std::uint64_t*& at, const content_context&) {
    out = static_cast<M>(static_cast<std::int64_t>(take(at)));
  }
};

template <class M>
  requires std::is_floating_point_v<M>
struct content_binding<M, real_set> {
  static content_shape shape(const real_set& d, const std::string& name) {
    if (d.values().empty()) throw finitization_error(name + ": empty value domain");
    content_shape s;
    s.kind = content_kind::real;
    s.type_name = type_label<M>();
    s.reals = d.values();
    return s;
  }
  static void build(M& out, const content_shape&, const std::uint64_t*& at, const content_context&) {
    out = static_cast<M>(std::bit_cast<double>(take(at)));
  }
};

template <class M>
  requires is_std_string_v<M>
struct content_binding<M, string_set> {
  static content_shape shape(const string_set& d, const std::string& name) {
    if (d.values().empty()) throw finitization_error(name + ": empty value domain");
    content_shape s;
    s.kind = content_kind::string;
    s.type_name = "std::string";
    s.strings = d.values();
    return s;
  }
  static void build(M& out, const content_shape& s, const std::uint64_t*& at, const content_context&) {
    out = s.strings[static_cast<std::size_t>(take(at))];
  }
};

template <class T, class U>
content_shape object_shape(const object_set<U>& d, const std::string& name) {
  static_assert(std::is_same_v<std::remove_cv_t<T>, U>, "the object set's class must be the class the pointers point to");
  if (!d.null_allowed() && d.class_domains().empty()) throw finitization_error(name + ": empty object domain");
  content_shape s;
  s.kind = content_kind::object;
  s.type_name = type_label<T*>();
  s.objects.is_objects = true;
  s.objects.null_allowed = d.null_allowed();
  s.objects.class_domains = d.class_domains();
  return s;
}

template <class T, class U>
struct content_binding<T*, object_set<U>> {
  static content_shape shape(const object_set<U>& d, const std::string& name) { return object_shape<T>(d, name); }
  static void build(T*& out, const content_shape&, const std::uint64_t*& at, const content_context&) {
    out = reinterpret_cast<T*>(static_cast<std::uintptr_t>(take(at)));
  }
};

// An owning pointer held by contents in the search's arena: the arena owns the object, so a
// rebuild first lets go of what the member held (disown_contents).
template <class T, class U>
struct content_binding<std::unique_ptr<T>, object_set<U>> {
  static content_shape shape(const object_set<U>& d, const std::string& name) { return object_shape<T>(d, name); }
  static void build(std::unique_ptr<T>& out, const content_shape&, const std::uint64_t*& at, const content_context&) {
    (void)out.release();
    out.reset(reinterpret_cast<T*>(static_cast<std::uintptr_t>(take(at))));
  }
};

// An iterator into another member of the same object: slot value 0 is end(), i + 1 element i.
template <class It, class C, class L>
  requires(iterates<It, L>())
struct content_binding<It, elements_domain<C, L>> {
  static content_shape shape(const elements_domain<C, L>& d, const std::string&) {
    content_shape s;
    s.kind = content_kind::element;
    s.type_name = type_label<It>();
    const std::unique_ptr<C> probe(new_object<C>());
    s.target_offset = static_cast<std::size_t>(reinterpret_cast<const char*>(&((*probe).*(d.member))) -
                                               reinterpret_cast<const char*>(probe.get()));
    s.end_allowed = d.end_allowed;
    return s;  // target_name and target_capacity: the finitization's, from the other member's binding
  }
  static void build(It& out, const content_shape& s, const std::uint64_t*& at, const content_context& ctx) {
    L& target = *reinterpret_cast<L*>(static_cast<char*>(ctx.object) + s.target_offset);
    ctx.refresh(ctx.self, &target);
    const std::uint64_t raw = take(at);
    if (raw == 0) {
      out = target.end();
      return;
    }
    const auto index = static_cast<std::ptrdiff_t>(raw - 1);
    if (index >= std::distance(target.begin(), target.end())) throw ill_formed_content{};
    out = std::next(target.begin(), index);
  }
};

// A value of T in byte storage: its bytes copied in.

// The value of T in byte storage as pictures show it (storage_of<T> of an arithmetic or enum T).
template <class T>
std::string storage_value_text(const void* bytes) {
  T v;
  std::memcpy(static_cast<void*>(&v), bytes, sizeof(T));
  if constexpr (std::is_same_v<T, bool>) {
    return v ? "true" : "false";
  } else if constexpr (std::is_floating_point_v<T>) {
    char buf[40];
    std::snprintf(buf, sizeof buf, "%g", static_cast<double>(v));
    return buf;
  } else if constexpr (std::is_enum_v<T>) {
    return std::to_string(static_cast<long long>(static_cast<std::underlying_type_t<T>>(v)));
  } else if constexpr (std::is_unsigned_v<T>) {
    return std::to_string(static_cast<unsigned long long>(v));
  } else {
    return std::to_string(static_cast<long long>(v));
  }
}

template <class A, class T, class D>
  requires(std::is_array_v<A> && sizeof(std::remove_extent_t<A>) == 1 && std::extent_v<A> >= sizeof(T))
struct content_binding<A, storage_domain<T, D>> {
  static_assert(std::is_trivially_copyable_v<T>, "smallscope: storage_of<T> holds a trivially copyable T");
  static content_shape shape(const storage_domain<T, D>& d, const std::string& name) {
    content_shape s;
    s.kind = content_kind::storage;
    s.type_name = type_label<T>();
    s.parts.push_back(content_binding<T, D>::shape(d.domain, name));
    s.guarded = d.guarded;
    s.dead = d.dead;
    s.guard_offset = d.guard_offset;
    s.guard_bytes = d.guard_bytes;
    s.guard_signed = d.guard_signed;
    s.storage_bytes = sizeof(A);
    if constexpr (std::is_arithmetic_v<T> || std::is_enum_v<T>) s.storage_text = &storage_value_text<T>;
    return s;
  }
  static void build(A& out, const content_shape& s, const std::uint64_t*& at, const content_context& ctx) {
    T v{};
    content_binding<T, D>::build(v, s.parts[0], at, ctx);
    std::memcpy(static_cast<void*>(out), &v, sizeof(T));
  }
};

// ---- composites ----

// A value built in place: containers hold it after it is built.
template <class E, class D>
E built(const content_shape& s, const std::uint64_t*& at, const content_context& ctx) {
  E e{};
  content_binding<E, D>::build(e, s, at, ctx);
  return e;
}

template <class M, class DE>
  requires is_sequence_container_v<M> || is_std_vector_v<M>  // a vector of integers too, inside contents
struct content_binding<M, sequence_domain<DE>> {
  using E = typename M::value_type;
  static content_shape shape(const sequence_domain<DE>& d, const std::string& name) {
    if (d.lengths.values().empty()) throw finitization_error(name + ": empty length domain");
    for (auto n : d.lengths.values())
      if (n < 0) throw finitization_error(name + ": lengths must be >= 0, got " + std::to_string(n));
    content_shape s;
    s.kind = content_kind::sequence;
    s.type_name = type_label<M>();
    s.counts = d.lengths.values();
    s.parts.push_back(content_binding<E, DE>::shape(d.element, name + "[]"));
    return s;
  }
  static void build(M& out, const content_shape& s, const std::uint64_t*& at, const content_context& ctx) {
    const auto length = static_cast<std::uint32_t>(take(at));
    const content_shape& e = s.parts[0];
    if constexpr (is_forward_list_v<M>) {
      out.clear();
      auto last = out.before_begin();
      for (std::uint32_t i = 0; i < length; ++i) last = out.insert_after(last, built<E, DE>(e, at, ctx));
    } else if constexpr (std::is_default_constructible_v<E> && std::is_move_assignable_v<E>) {
      // In place: the search changes a length far less often than an element, so the container
      // keeps its nodes and storage from one candidate to the next.
      out.resize(length);
      for (auto it = out.begin(); it != out.end(); ++it) *it = built<E, DE>(e, at, ctx);
    } else {
      out.clear();
      for (std::uint32_t i = 0; i < length; ++i) out.push_back(built<E, DE>(e, at, ctx));
    }
    at += static_cast<std::size_t>(s.capacity() - length) * e.width();
  }
};

// The key of index k of a key domain, as K.
template <class K>
K key_at(const content_shape& keys, std::size_t k) {
  if constexpr (is_std_string_v<K>)
    return K(keys.strings[k]);
  else if constexpr (std::is_floating_point_v<K>)
    return static_cast<K>(keys.reals[k]);
  else
    return static_cast<K>(keys.integers[k]);
}

// Orders a key domain as the container's comparator orders its keys (ordered containers), and
// refuses a key given twice.
template <class M>
void order_keys(content_shape& keys, const std::string& name) {
  using K = typename M::key_type;
  const std::size_t n = keys.kind == content_kind::string ? keys.strings.size()
                        : keys.kind == content_kind::real ? keys.reals.size()
                                                          : keys.integers.size();
  std::vector<std::size_t> order(n);
  std::iota(order.begin(), order.end(), std::size_t{0});
  if constexpr (keyed_traits<M>::ordered) {
    const typename M::key_compare less{};
    std::stable_sort(order.begin(), order.end(),
                     [&](std::size_t a, std::size_t b) { return less(key_at<K>(keys, a), key_at<K>(keys, b)); });
    for (std::size_t i = 1; i < n; ++i)
      if (!less(key_at<K>(keys, order[i - 1]), key_at<K>(keys, order[i])))
        throw finitization_error(name + ": a key is given twice");
    content_shape sorted = keys;
    for (std::size_t i = 0; i < n; ++i) {
      if (!keys.integers.empty()) sorted.integers[i] = keys.integers[order[i]];
      if (!keys.reals.empty()) sorted.reals[i] = keys.reals[order[i]];
      if (!keys.strings.empty()) sorted.strings[i] = keys.strings[order[i]];
    }
    keys = std::move(sorted);
  } else {
    for (std::size_t i = 0; i < n; ++i)
      for (std::size_t j = i + 1; j < n; ++j)
        if (key_at<K>(keys, i) == key_at<K>(keys, j)) throw finitization_error(name + ": a key is given twice");
  }
}

template <class K>
inline constexpr bool is_key_value_v = std::is_integral_v<K> || std::is_enum_v<K> || std::is_floating_point_v<K> ||
                                       is_std_string_v<K>;

template <class M>
content_shape keyed_shape(content_shape key, const int_set& counts, bool multi, const std::string& name) {
  static_assert(is_key_value_v<typename M::key_type>,
                "smallscope: keys of sets and maps are integers, enums, floating point or std::string");
  if (multi != keyed_traits<M>::multi)
    throw finitization_error(name + (multi ? ": multiset_of()/multimap_of() bind a std::multiset or multimap; give "
                                             "set_of()/map_of()"
                                           : ": a multiset or multimap takes multiset_of()/multimap_of() with counts"));
  for (auto c : counts.values())
    if (c < 0) throw finitization_error(name + ": counts must be >= 0, got " + std::to_string(c));
  if (counts.values().empty()) throw finitization_error(name + ": empty count domain");
  order_keys<M>(key, name);
  content_shape s;
  s.kind = content_kind::keyed;
  s.type_name = type_label<M>();
  s.counts = counts.values();
  s.multi = multi;
  s.ordered = keyed_traits<M>::ordered;
  s.parts.push_back(std::move(key));
  return s;
}

template <class M, class DK>
  requires(is_keyed_container_v<M> && !keyed_traits<M>::is_map)
struct content_binding<M, set_domain<DK>> {
  using K = typename M::key_type;
  static content_shape shape(const set_domain<DK>& d, const std::string& name) {
    return keyed_shape<M>(content_binding<K, DK>::shape(d.keys, name + " key"), d.counts, d.multi, name);
  }
  static void build(M& out, const content_shape& s, const std::uint64_t*& at, const content_context&) {
    out.clear();
    const std::uint32_t keys = s.key_count();
    for (std::uint32_t k = 0; k < keys; ++k) {
      const auto count = take(at);
      for (std::uint64_t c = 0; c < count; ++c) out.insert(key_at<K>(s.parts[0], k));
    }
  }
};

template <class M, class DK, class DV>
  requires(is_keyed_container_v<M> && keyed_traits<M>::is_map)
struct content_binding<M, map_domain<DK, DV>> {
  using K = typename M::key_type;
  using V = typename M::mapped_type;
  static content_shape shape(const map_domain<DK, DV>& d, const std::string& name) {
    content_shape s = keyed_shape<M>(content_binding<K, DK>::shape(d.keys, name + " key"), d.counts, d.multi, name);
    s.parts.push_back(content_binding<V, DV>::shape(d.values, name + "[]"));
    return s;
  }
  static void build(M& out, const content_shape& s, const std::uint64_t*& at, const content_context& ctx) {
    out.clear();
    const std::uint32_t keys = s.key_count();
    const std::uint32_t most = s.multi ? s.capacity() : 1;
    const content_shape& v = s.parts[1];
    for (std::uint32_t k = 0; k < keys; ++k) {
      const auto count = static_cast<std::uint32_t>(take(at));
      for (std::uint32_t c = 0; c < count; ++c) out.emplace(key_at<K>(s.parts[0], k), built<V, DV>(v, at, ctx));
      at += static_cast<std::size_t>(most - count) * v.width();
    }
  }
};

template <class T, class DE>
struct content_binding<std::optional<T>, optional_domain<DE>> {
  static content_shape shape(const optional_domain<DE>& d, const std::string& name) {
    content_shape s;
    s.kind = content_kind::optional;
    s.type_name = type_label<std::optional<T>>();
    s.counts = {0, 1};
    s.parts.push_back(content_binding<T, DE>::shape(d.value, name + ".value()"));
    return s;
  }
  static void build(std::optional<T>& out, const content_shape& s, const std::uint64_t*& at, const content_context& ctx) {
    if (take(at) != 0) {
      out = built<T, DE>(s.parts[0], at, ctx);
    } else {
      out.reset();
      at += s.parts[0].width();
    }
  }
};

template <class... T, class... D>
  requires(sizeof...(T) == sizeof...(D))
struct content_binding<std::variant<T...>, variant_domain<D...>> {
  using V = std::variant<T...>;
  static content_shape shape(const variant_domain<D...>& d, const std::string& name) {
    content_shape s;
    s.kind = content_kind::variant;
    s.type_name = type_label<V>();
    for (std::size_t i = 0; i < sizeof...(T); ++i) s.counts.push_back(static_cast<std::int64_t>(i));
    add<0>(s, d, name);
    return s;
  }
  template <std::size_t I>
  static void add(content_shape& s, const variant_domain<D...>& d, const std::string& name) {
    if constexpr (I < sizeof...(T)) {
      using A = std::variant_alternative_t<I, V>;
      using DA = std::tuple_element_t<I, std::tuple<D...>>;
      s.parts.push_back(content_binding<A, DA>::shape(std::get<I>(d.alternatives), name + "<" + std::to_string(I) + ">"));
      add<I + 1>(s, d, name);
    }
  }
  static void build(V& out, const content_shape& s, const std::uint64_t*& at, const content_context& ctx) {
    const auto index = static_cast<std::size_t>(take(at));
    build_from<0>(out, s, at, ctx, index);
  }
  template <std::size_t I>
  static void build_from(V& out, const content_shape& s, const std::uint64_t*& at, const content_context& ctx,
                         std::size_t index) {
    if constexpr (I < sizeof...(T)) {
      using A = std::variant_alternative_t<I, V>;
      using DA = std::tuple_element_t<I, std::tuple<D...>>;
      if (I == index)
        out.template emplace<I>(built<A, DA>(s.parts[I], at, ctx));
      else
        at += s.parts[I].width();
      build_from<I + 1>(out, s, at, ctx, index);
    }
  }
};

template <class M, class... D>
  requires(is_tuple_like_v<M> && std::tuple_size_v<M> == sizeof...(D))
struct content_binding<M, tuple_domain<D...>> {
  static content_shape shape(const tuple_domain<D...>& d, const std::string& name) {
    content_shape s;
    s.kind = content_kind::tuple;
    s.type_name = type_label<M>();
    add<0>(s, d, name);
    return s;
  }
  static std::string part_name(std::size_t i) {
    if constexpr (std::tuple_size_v<M> == 2 && !std::is_same_v<M, std::tuple<std::tuple_element_t<0, M>, std::tuple_element_t<1, M>>>)
      return i == 0 ? ".first" : ".second";
    else
      return "<" + std::to_string(i) + ">";
  }
  template <std::size_t I>
  static void add(content_shape& s, const tuple_domain<D...>& d, const std::string& name) {
    if constexpr (I < sizeof...(D)) {
      using P = std::tuple_element_t<I, M>;
      s.part_names.push_back(part_name(I));
      s.parts.push_back(content_binding<std::remove_const_t<P>, std::tuple_element_t<I, std::tuple<D...>>>::shape(
          std::get<I>(d.parts), name + part_name(I)));
      add<I + 1>(s, d, name);
    }
  }
  static void build(M& out, const content_shape& s, const std::uint64_t*& at, const content_context& ctx) {
    build_part<0>(out, s, at, ctx);
  }
  template <std::size_t I>
  static void build_part(M& out, const content_shape& s, const std::uint64_t*& at, const content_context& ctx) {
    if constexpr (I < sizeof...(D)) {
      using P = std::tuple_element_t<I, M>;
      content_binding<P, std::tuple_element_t<I, std::tuple<D...>>>::build(std::get<I>(out), s.parts[I], at, ctx);
      build_part<I + 1>(out, s, at, ctx);
    }
  }
};

// A struct in contents: its registered members, each bound or left as the default constructor
// makes it.
template <class S, class... Parts>
struct content_binding<S, record_domain<S, Parts...>> {
  static_assert(has_registered_fields<S>,
                "smallscope: a struct held in contents registers its members with SMALLSCOPE_FIELDS");
  using R = record_domain<S, Parts...>;
  static content_shape shape(const R& d, const std::string& name) {
    content_shape s;
    s.kind = content_kind::tuple;
    s.type_name = type_label<S>();
    std::vector<std::string> covered;
    add<0>(s, d, name, covered);
    // Every registered member is bound or left out, once.
    for_each_registered<S>([&](std::string_view member, auto) {
      if (std::count(covered.begin(), covered.end(), std::string(member)) != 1)
        throw finitization_error(name + ": member " + std::string(member) + " of " + type_label<S>() +
                                 (std::count(covered.begin(), covered.end(), std::string(member)) == 0
                                      ? " has no domain: give it one with .with(&S::member, domain), or leave it "
                                        "out with .without(&S::member)"
                                      : " is given twice"));
    });
    if (covered.size() != std::tuple_size_v<std::tuple<Parts...>>)
      throw finitization_error(name + ": a member of " + type_label<S>() + " that SMALLSCOPE_FIELDS does not list");
    // A guarded storage follows its guard, an integer member.
    for (std::size_t j = 0; j < s.parts.size(); ++j) {
      content_shape& p = s.parts[j];
      if (p.kind != content_kind::storage) continue;
      p.owner = type_key<S>();
      p.storage_offset = s.part_offsets[j];
      if (p.guarded && (j == 0 || s.part_offsets[j - 1] != p.guard_offset || s.parts[j - 1].kind != content_kind::integer))
        throw finitization_error(name + s.part_names[j] + ": give the member unless() names with .with() just before "
                                                          "the storage, over integers");
    }
    return s;
  }
  template <class M, class B>
  static std::string member_name(M B::*base_member) {
    const M S::*member = as_member_of<S>(base_member);
    std::string found;
    for_each_registered<S>([&](std::string_view n, auto registered) {
      if constexpr (std::is_same_v<decltype(registered), M S::*>)
        if (registered == member) found = std::string(n);
    });
    return found;
  }
  template <std::size_t I>
  static void add(content_shape& s, const R& d, const std::string& name, std::vector<std::string>& covered) {
    if constexpr (I < sizeof...(Parts)) {
      const auto& p = std::get<I>(d.parts);
      const std::string member = member_name(p.member);
      covered.push_back(member);
      if constexpr (requires { p.domain; }) {
        using M = std::remove_cvref_t<decltype(std::declval<S&>().*(as_member_of<S>(p.member)))>;
        const S probe{};
        s.part_offsets.push_back(static_cast<std::size_t>(reinterpret_cast<const char*>(&(probe.*(as_member_of<S>(p.member)))) -
                                                          reinterpret_cast<const char*>(&probe)));
        s.part_names.push_back("." + member);
        s.parts.push_back(content_binding<M, std::remove_cvref_t<decltype(p.domain)>>::shape(p.domain, name + "." + member));
      }
      add<I + 1>(s, d, name, covered);
    }
  }
  static void build(S& out, const content_shape& s, const std::uint64_t*& at, const content_context& ctx) {
    build_part<0, 0>(out, s, at, ctx);
  }
  template <std::size_t I, std::size_t J>
  static void build_part(S& out, const content_shape& s, const std::uint64_t*& at, const content_context& ctx) {
    if constexpr (I < sizeof...(Parts)) {
      using P = std::tuple_element_t<I, std::tuple<Parts...>>;
      if constexpr (requires(const P& p) { p.domain; }) {
        using M = std::remove_cvref_t<decltype(std::declval<S&>().*(as_member_of<S>(std::declval<P>().member)))>;
        using D = std::remove_cvref_t<decltype(std::declval<P>().domain)>;
        M& member = *reinterpret_cast<M*>(reinterpret_cast<char*>(&out) + s.part_offsets[J]);
        content_binding<M, D>::build(member, s.parts[J], at, ctx);
        build_part<I + 1, J + 1>(out, s, at, ctx);
      } else {
        build_part<I + 1, J>(out, s, at, ctx);
      }
    }
  }
};

// Lets go of what contents own without freeing it, and nulls their pointers: before the search
// rebuilds a member of its arena (the arena owns the objects), and before the harness deletes a
// copy (it deletes each object of the structure itself).
template <class M>
void disown_contents(M& m) {
  if constexpr (is_unique_ptr_v<M>) {
    (void)m.release();
  } else if constexpr (std::is_pointer_v<M>) {
    m = nullptr;
  } else if constexpr (is_sequence_container_v<M> || is_std_vector_v<M>) {
    for (auto& e : m) disown_contents(e);
  } else if constexpr (is_keyed_container_v<M>) {
    if constexpr (keyed_traits<M>::is_map)
      for (auto& kv : m) disown_contents(kv.second);
  } else if constexpr (is_optional_v<M>) {
    if (m.has_value()) disown_contents(*m);
  } else if constexpr (is_variant_v<M>) {
    std::visit([](auto& alternative) { disown_contents(alternative); }, m);
  } else if constexpr (is_tuple_like_v<M>) {
    std::apply([](auto&... part) { (disown_contents(part), ...); }, m);
  } else if constexpr (std::is_class_v<M> && has_registered_fields<M>) {
    for_each_registered<M>([&](std::string_view, auto member) { disown_contents(m.*member); });
  }
}

}  // namespace smallscope::detail
