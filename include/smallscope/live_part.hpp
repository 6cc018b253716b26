// The live part of a structure (paper 000, Sec. 3.3: a structure is what its fields reach): a
// fixed array whose live length is a count of the same object (`set_counted`) holds elements
// below the count (plus an extra) that belong to the structure, and slots past them that are
// garbage: freed pointers, stale keys, whatever a method left there. Every walk of the user's
// memory outside the invariant (copies, release, pictures, fingerprints, canonical forms, the
// differential, reproducers) reads only the live part.
//
// A finitization's set_counted fills its live part (finitization::live()); the check, explore,
// cover and mutation runners put it in force on their threads and workers with live_scope; a
// reproducer states it itself:
//
//   smallscope::live_part live;
//   live.counted(&leaf::keys, &leaf::count);   // keys[0..count-1]
//   const smallscope::live_scope in_force(live);
//   ... smallscope::release(root);             // follows keys[0..count-1] only
// Stage: space.
#pragma once

#include <algorithm>
#include <concepts>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <functional>
#include <memory>
#include <stdexcept>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

#include "smallscope/detail/finitization_data.hpp"
#include "smallscope/detail/member_access.hpp"
#include "smallscope/fields.hpp"

namespace smallscope {

class live_part {
 public:
  // One array of objects of class `owner` counted by an integer member of the same object.
  struct counted_array {
    const void* owner = nullptr;  // detail::type_key of the class holding both members
    std::uint32_t array_offset = 0;
    std::uint32_t size = 0;  // the array's elements
    std::uint32_t element_bytes = 0;
    std::uint32_t count_offset = 0;
    std::uint8_t count_bytes = 0;
    bool count_signed = false;
    std::int32_t extra = 0;  // live elements = count + extra, clamped to [0, size]
    // Byte storage guarded by a member (contents.hpp's storage_of(...).unless): all live unless
    // the count member holds `dead`, then none.
    bool unless = false;
    std::int64_t dead = 0;
  };

  // Elements of `array` past `count` + extra are no part of the structure of an object of
  // class C (the class declaring the array; the count may be a member of a base of C).
  template <class C, class A, class B, class I>
    requires detail::is_fixed_array_v<A> && std::derived_from<C, B> && detail::count_member<I>
  void counted(A C::*array, I B::*count, int extra = 0) {
    using V = typename detail::member_access<I>::value;
    static_assert(sizeof(I) == sizeof(V), "a count member stores exactly its value");
    const std::unique_ptr<C> probe(detail::new_object<C>());
    const auto* base = reinterpret_cast<const char*>(probe.get());
    counted_array a;
    a.owner = detail::type_key<C>();
    a.array_offset = static_cast<std::uint32_t>(reinterpret_cast<const char*>(&((*probe).*array)) - base);
    a.size = static_cast<std::uint32_t>(detail::fixed_size_v<A>);
    a.element_bytes = static_cast<std::uint32_t>(sizeof(detail::fixed_element_t<A>));
    a.count_offset = static_cast<std::uint32_t>(
        reinterpret_cast<const char*>(&((*probe).*(detail::as_member_of<C>(count)))) - base);
    a.count_bytes = static_cast<std::uint8_t>(sizeof(V));
    if constexpr (std::is_enum_v<V>)
      a.count_signed = std::is_signed_v<std::underlying_type_t<V>>;
    else
      a.count_signed = std::is_signed_v<V>;
    a.extra = extra;
    add(a);
  }

  // The live elements of the array at `array` (of `size` elements) in `object`, an object of
  // the class with type key `owner`: `size` when no count governs it.
  std::size_t live_elements(const void* owner, const void* object, const void* array, std::size_t size) const {
    if (arrays_.empty()) return size;
    const auto offset =
        static_cast<std::size_t>(static_cast<const char*>(array) - static_cast<const char*>(object));
    for (const counted_array& a : arrays_)
      if (a.owner == owner && a.array_offset == offset) {
        if (a.unless) return count_value(a, object) == a.dead ? 0 : std::min<std::size_t>(a.size, size);
        const std::int64_t live = count_value(a, object) + a.extra;
        return static_cast<std::size_t>(std::clamp<std::int64_t>(live, 0, static_cast<std::int64_t>(std::min<std::size_t>(a.size, size))));
      }
    return size;
  }

  // A member computed from the others (finitization::derive): copies set it with `set` after
  // their other members are copied.
  void derived(const void* owner, std::function<void(void*)> set) { derived_.emplace_back(owner, std::move(set)); }
  // Sets the derived members of `object`, of the class with type key `owner`.
  void derive(const void* owner, void* object) const {
    for (const auto& [type, set] : derived_)
      if (type == owner) set(object);
  }

  // Byte storage that holds a value of a known type (contents.hpp's storage_of<T>): pictures
  // show the value rather than its bytes.
  struct storage_value {
    const void* owner = nullptr;  // detail::type_key of the struct holding the storage
    std::uint32_t offset = 0;
    std::string (*text)(const void* bytes) = nullptr;
  };
  void storage(const storage_value& v) {
    for (const storage_value& w : storages_)
      if (w.owner == v.owner && w.offset == v.offset) return;
    storages_.push_back(v);
  }
  // The value in the byte storage at `array` in `object` (of the class with type key `owner`) as
  // text; empty when no storage_of gave its type.
  std::string storage_text(const void* owner, const void* object, const void* array) const {
    const auto offset = static_cast<std::size_t>(static_cast<const char*>(array) - static_cast<const char*>(object));
    for (const storage_value& v : storages_)
      if (v.owner == owner && v.offset == offset) return v.text(array);
    return {};
  }

  bool empty() const { return arrays_.empty() && derived_.empty() && storages_.empty(); }
  const std::vector<counted_array>& arrays() const { return arrays_; }
  // The same array counted twice (the same count and extra: each member of an array of
  // structs) is kept once; counted otherwise, it throws std::invalid_argument.
  void add(const counted_array& a) {
    for (const counted_array& b : arrays_)
      if (b.owner == a.owner && b.array_offset == a.array_offset) {
        if (b.count_offset == a.count_offset && b.extra == a.extra && b.unless == a.unless && b.dead == a.dead) return;
        throw std::invalid_argument("an array counted twice with different counts or extras: one array has one live length");
      }
    arrays_.push_back(a);
  }

 private:
  static std::int64_t count_value(const counted_array& a, const void* object) {
    const auto* at = static_cast<const unsigned char*>(object) + a.count_offset;
    switch (a.count_bytes) {
      case 1: return a.count_signed ? load<std::int8_t>(at) : load<std::uint8_t>(at);
      case 2: return a.count_signed ? load<std::int16_t>(at) : load<std::uint16_t>(at);
      case 4: return a.count_signed ? load<std::int32_t>(at) : load<std::uint32_t>(at);
      default: {
        if (a.count_signed) return load<std::int64_t>(at);
        std::uint64_t u = 0;
        std::memcpy(&u, at, sizeof u);
        return u > static_cast<std::uint64_t>(INT64_MAX) ? INT64_MAX : static_cast<std::int64_t>(u);
      }
    }
  }
  template <class T>
  static std::int64_t load(const unsigned char* at) {
    T v;
    std::memcpy(&v, at, sizeof(T));
    return static_cast<std::int64_t>(v);
  }

  std::vector<counted_array> arrays_;
  std::vector<std::pair<const void*, std::function<void(void*)>>> derived_;
  std::vector<storage_value> storages_;
};

namespace detail {
// The live part the heap walks of this thread follow; null: every element of every array.
inline thread_local const live_part* live_in_force = nullptr;
}  // namespace detail

// While it lives, the heap walks of this thread (heap.hpp: copies, release, pictures,
// fingerprints, canonical forms) follow only `part`'s live part. Scopes nest; a forked worker
// inherits the scope of the thread that forked it.
class live_scope {
 public:
  explicit live_scope(const live_part& part) : before_(detail::live_in_force) { detail::live_in_force = &part; }
  ~live_scope() { detail::live_in_force = before_; }
  live_scope(const live_scope&) = delete;
  live_scope& operator=(const live_scope&) = delete;

 private:
  const live_part* before_;
};

namespace detail {
// How many elements of the fixed array member `array` of `obj` the walks visit.
template <class C, class M>
std::size_t live_elements(const C& obj, const M& array) {
  const live_part* p = live_in_force;
  if (p == nullptr) return fixed_size_v<M>;
  return p->live_elements(type_key<C>(), &obj, &array, fixed_size_v<M>);
}
// The value in the byte storage `array` of `obj` as text (live_part::storage_text).
template <class C, class M>
std::string storage_text(const C& obj, const M& array) {
  const live_part* p = live_in_force;
  return p == nullptr ? std::string() : p->storage_text(type_key<C>(), &obj, &array);
}
}  // namespace detail

}  // namespace smallscope
