// The ownership rule for destructors (heap.hpp states who owns what): before the harness deletes
// an object of a structure, or the search destroys an object of its arena, the object's pointer
// members are set back to what its constructor gave them. A destructor that owns its children
// (`~tree() { clear(); }`, `std::unique_ptr` members, `~node() { delete left; }`) then frees
// nothing of the structure, and the harness deletes each object exactly once: no double free,
// no arena object freed by user code, no false leak. The rest of the destructor runs as written
// (members that are not registered fields are released as usual).
//
// "What its constructor gave them" is learnt once per class from a probe object: null, or an
// address inside the object itself (an embedded sentinel, as std::list's header node), kept
// relative to the object. A constructor that points a field at a separate allocation is taken
// as null.
// Stage: space.
#pragma once

#include <cstddef>
#include <memory>
#include <string_view>
#include <type_traits>
#include <vector>

#include "smallscope/detail/allocation_watch.hpp"
#include "smallscope/detail/content_bind.hpp"
#include "smallscope/detail/member_access.hpp"
#include "smallscope/detail/std_vector.hpp"

namespace smallscope::detail {

// For each registered pointer member of `obj`, in visit order: the offset from `base` that it
// points to when that lies in [base, base + size), else -1.
template <class C>
void note_constructed_targets(const C& obj, const std::byte* base, std::size_t size, std::vector<std::ptrdiff_t>& out) {
  for_each_registered<C>([&](std::string_view, auto member) {
    const auto& f = obj.*member;
    using M = std::remove_cvref_t<decltype(f)>;
    const auto note = [&](const auto& scalar) {
      const auto* target = reinterpret_cast<const std::byte*>(member_access<std::remove_cvref_t<decltype(scalar)>>::get(scalar));
      out.push_back(target >= base && target < base + size ? target - base : -1);
    };
    if constexpr (is_content_v<M>) {
      // Contents hold no pointer into the object that the constructor sets: disown empties them.
    } else if constexpr (is_nested_v<M>) {
      note_constructed_targets(f, base, size, out);
    } else if constexpr (is_struct_array_v<M>) {
      for (const auto& e : f) note_constructed_targets(e, base, size, out);
    } else if constexpr (is_fixed_array_v<M>) {
      if constexpr (is_pointer_member_v<fixed_element_t<M>>)
        for (const auto& e : f) note(e);
    } else if constexpr (is_pointer_member_v<M>) {
      note(f);
    }
  });
}

template <class C>
const std::vector<std::ptrdiff_t>& constructed_targets() {
  static const std::vector<std::ptrdiff_t> targets = [] {
    const allocation_watch_pause pause;  // the probe is the harness's, not the method's
    std::vector<std::ptrdiff_t> out;
    const std::unique_ptr<C> probe(new_object<C>());
    note_constructed_targets(*probe, reinterpret_cast<const std::byte*>(probe.get()), sizeof(C), out);
    return out;
  }();
  return targets;
}

template <class C>
void disown_members(C& obj, std::byte* base, const std::vector<std::ptrdiff_t>& targets, std::size_t& next) {
  const auto restore = [&](auto& scalar) {
    using S = std::remove_cvref_t<decltype(scalar)>;
    using V = typename member_access<S>::value;
    const std::ptrdiff_t t = targets[next++];
    member_access<S>::set(scalar, t < 0 ? nullptr : reinterpret_cast<V>(base + t));
  };
  for_each_registered<C>([&](std::string_view, auto member) {
    auto& f = obj.*member;
    using M = std::remove_cvref_t<decltype(f)>;
    if constexpr (is_content_v<M>) {
      disown_contents(f);  // owning pointers let go, plain ones null: the destructor frees none
    } else if constexpr (is_array_v<M>) {
      if constexpr (std::is_pointer_v<typename M::value_type>)
        for (int i = 0; i < f.capacity(); ++i) f[i] = nullptr;
    } else if constexpr (is_std_vector_v<M>) {  // a heap copy's: it frees its own buffer
      using E = typename M::value_type;
      if constexpr (is_pointer_member_v<E>)
        for (auto& e : f) member_access<E>::set(e, nullptr);
    } else if constexpr (is_nested_v<M>) {
      disown_members(f, base, targets, next);
    } else if constexpr (is_struct_array_v<M>) {
      for (auto& e : f) disown_members(e, base, targets, next);
    } else if constexpr (is_fixed_array_v<M>) {
      if constexpr (is_pointer_member_v<fixed_element_t<M>>)
        for (auto& e : f) restore(e);
    } else if constexpr (is_pointer_member_v<M>) {
      restore(f);
    }
  });
}

// Sets the pointer members of `obj` back to their constructed values (see above).
template <class C>
void disown(C& obj) {
  std::size_t next = 0;
  disown_members(obj, reinterpret_cast<std::byte*>(&obj), constructed_targets<C>(), next);
}

}  // namespace smallscope::detail
