// The walks behind heap.hpp (paper 000, Sec. 6.1: the ownership rule of checks): describe,
// fingerprint and canonical form, deep copy and release, each over the registered fields of the
// objects reachable from a root, each object once, without recursion, with tables kept per
// thread between calls. Internal to heap.hpp.
// Stage: space.
#pragma once

#include <algorithm>
#include <bit>
#include <cstdint>
#include <string>
#include <string_view>
#include <tuple>
#include <type_traits>
#include <typeinfo>
#include <utility>
#include <vector>

#include "smallscope/array.hpp"
#include "smallscope/detail/allocation_watch.hpp"
#include "smallscope/detail/content_text.hpp"
#include "smallscope/detail/content_walk.hpp"
#include "smallscope/detail/finitization_data.hpp"
#include "smallscope/detail/member_access.hpp"
#include "smallscope/detail/ownership.hpp"
#include "smallscope/detail/std_vector.hpp"
#include "smallscope/fields.hpp"
#include "smallscope/live_part.hpp"
#include "smallscope/object_graph.hpp"
#include "smallscope/vector.hpp"

namespace smallscope {

namespace detail {

// An open-addressing table from object addresses to pointers, for the walks: after its first
// uses it allocates nothing, and clear() costs what was inserted.
class address_table {
 public:
  // The value slot of `key` and whether `key` was inserted now (its value is then null).
  std::pair<void**, bool> insert(const void* key) {
    if ((used_.size() + 1) * 2 > keys_.size()) grow();
    std::size_t i = slot_of(key);
    if (keys_[i] == key) return {&values_[i], false};
    keys_[i] = key;
    values_[i] = nullptr;
    used_.push_back(i);
    return {&values_[i], true};
  }
  void* at(const void* key) const { return values_[slot_of(key)]; }  // requires key inserted
  void clear() {
    for (std::size_t i : used_) keys_[i] = nullptr;
    used_.clear();
  }

 private:
  std::size_t slot_of(const void* key) const {
    const std::size_t mask = keys_.size() - 1;
    std::size_t i = (reinterpret_cast<std::uintptr_t>(key) * 0x9E3779B97F4A7C15ull >> 20) & mask;
    while (keys_[i] != nullptr && keys_[i] != key) i = (i + 1) & mask;
    return i;
  }
  void grow() {
    std::vector<const void*> keys = std::move(keys_);
    std::vector<void*> values = std::move(values_);
    std::vector<std::size_t> used = std::move(used_);
    keys_.assign(keys.empty() ? 64 : keys.size() * 2, nullptr);
    values_.assign(keys_.size(), nullptr);
    used_.clear();
    for (std::size_t i : used) *insert(keys[i]).first = values[i];
  }
  std::vector<const void*> keys_;
  std::vector<void*> values_;
  std::vector<std::size_t> used_;
};

// Each walk keeps its tables between calls on the thread, so a walk allocates only the objects
// it copies. Walks call no user code while they run (release deletes after its walk), so they
// do not nest.
template <class Walk>
Walk& scratch_walk() {
  thread_local Walk walk;
  walk.reset();
  return walk;
}

// A pending object of a walk: its address and the function that handles its class.
struct heap_work {
  const void* object;
  void (*visit)(const void* object, void* walk);
};

template <class T>
inline constexpr bool is_field_v = false;
template <class T>
inline constexpr bool is_field_v<field<T>> = true;


template <class T>
inline constexpr bool is_char_v =
    std::is_same_v<T, char> || std::is_same_v<T, signed char> || std::is_same_v<T, unsigned char> ||
    std::is_same_v<T, char8_t> || std::is_same_v<T, char16_t> || std::is_same_v<T, char32_t> ||
    std::is_same_v<T, wchar_t>;

template <class T>
std::string type_name_of() {
  return demangle(typeid(T).name());
}

template <class T>
graph_value graph_value_of(T v) {
  graph_value g;
  g.type_name = &type_name_of<T>;
  if constexpr (std::is_pointer_v<T>) {
    g.is_pointer = true;
    g.target = v;
  } else if constexpr (std::is_floating_point_v<T>) {
    g.is_real = true;
    g.real = static_cast<double>(v);
  } else {
    g.is_bool = std::is_same_v<T, bool>;
    g.is_enum = std::is_enum_v<T>;
    g.is_char = is_char_v<T>;
    if constexpr (std::is_enum_v<T>) {
      g.is_unsigned = std::is_unsigned_v<std::underlying_type_t<T>>;
      g.integer = static_cast<std::int64_t>(static_cast<std::underlying_type_t<T>>(v));
    } else {
      g.is_unsigned = std::is_unsigned_v<T>;
      g.integer = static_cast<std::int64_t>(v);
    }
  }
  return g;
}

struct describe_walk {
  address_table seen;
  std::vector<heap_work> work;
  object_graph graph;
  void reset() {
    seen.clear();
    work.clear();
    graph.objects.clear();
  }
};

template <class C>
void describe_object(const void* p, void* w);

template <class T>
void describe_push(describe_walk& walk, T v) {
  if constexpr (std::is_pointer_v<T>) {
    using U = std::remove_cv_t<std::remove_pointer_t<T>>;
    if constexpr (has_subclasses<U>) {  // the object's own class
      if (v != nullptr) with_subclass(v, [&](auto* d) { describe_push(walk, d); });
    } else if (v != nullptr && walk.seen.insert(v).second) {
      walk.work.push_back({v, &describe_object<U>});
    }
  }
}

// Each registered member of `obj` as graph fields, members of struct members as "key.major".
template <class C>
void describe_members(describe_walk& walk, const C& obj, const std::string& prefix, graph_object& g) {
  for_each_registered<C>([&](std::string_view name, auto member) {
    const auto& f = obj.*member;
    using M = std::remove_cvref_t<decltype(f)>;
    if constexpr (is_content_v<M> || is_iterator_member<C, M>()) {
      content_text_visitor text([&](auto* p) { describe_push(walk, p); });
      visit_contents(obj, f, text);
      graph_field gf;
      gf.name = prefix + std::string(name);
      gf.is_contents = true;
      gf.text = std::move(text.text);
      gf.code = std::move(text.code);
      gf.targets = std::move(text.targets);
      gf.entries = text.entries;
      g.fields.push_back(std::move(gf));
    } else if constexpr (is_nested_v<M>) {
      describe_members(walk, f, prefix + std::string(name) + ".", g);
    } else if constexpr (is_struct_array_v<M>) {
      const std::size_t live = live_elements(obj, f);
      for (std::size_t i = 0; i < live; ++i)
        describe_members(walk, f[i], prefix + std::string(name) + "[" + std::to_string(i) + "].", g);
    } else if constexpr (is_fixed_array_v<M>) {
      using E = fixed_element_t<M>;
      const std::size_t live = live_elements(obj, f);
      for (std::size_t i = 0; i < live; ++i) {
        graph_field gf;
        gf.name = prefix + std::string(name) + "[" + std::to_string(i) + "]";
        const auto v = member_access<E>::get(f[i]);
        gf.value = graph_value_of(v);
        describe_push(walk, v);
        g.fields.push_back(std::move(gf));
      }
    } else {
      graph_field gf;
      gf.name = prefix + std::string(name);
      if constexpr (is_array_v<M>) {
        gf.is_array = true;
        const int n = f.length();
        for (int i = 0; i < n && i < f.capacity(); ++i) {
          const auto v = f[i].get();
          gf.elements.push_back(graph_value_of(v));
          describe_push(walk, v);
        }
      } else if constexpr (is_std_vector_v<M>) {
        gf.is_array = true;
        for (const auto& e : f) {
          const auto v = member_access<typename M::value_type>::get(e);
          gf.elements.push_back(graph_value_of(v));
          describe_push(walk, v);
        }
      } else {
        const auto v = member_access<M>::get(f);
        gf.value = graph_value_of(v);
        describe_push(walk, v);
      }
      g.fields.push_back(std::move(gf));
    }
  });
}

template <class C>
void describe_object(const void* p, void* w) {
  auto& walk = *static_cast<describe_walk*>(w);
  graph_object g;
  g.address = p;
  g.type = type_key<C>();
  describe_members(walk, *static_cast<const C*>(p), std::string(), g);
  walk.graph.objects.push_back(std::move(g));
}

// Fingerprints: each object numbered in order of discovery, its class and field values hashed
// in visit order (pointers by their target's number), so isomorphic structures hash alike.
// With `words` set, every value hashed is also appended there: the structure's canonical form,
// equal exactly for isomorphic structures.
struct fingerprint_walk {
  address_table numbers;  // object -> its number (1, 2, ...), as a pointer-sized integer
  std::vector<heap_work> work;
  std::uintptr_t count = 0;
  std::uint64_t hash = 0;
  std::vector<std::uint64_t>* words = nullptr;
  void reset() {
    numbers.clear();
    work.clear();
    count = 0;
    hash = 0x6a09e667f3bcc909ull;
    words = nullptr;
  }
  void mix(std::uint64_t v) {
    hash ^= v + 0x9e3779b97f4a7c15ull + (hash << 12) + (hash >> 4);
    hash *= 0xff51afd7ed558ccdull;
    if (words != nullptr) words->push_back(v);
  }
};

template <class C>
void fingerprint_object(const void* p, void* w);

template <class T>
void fingerprint_value(fingerprint_walk& walk, T v) {
  if constexpr (std::is_pointer_v<T>) {
    using U = std::remove_cv_t<std::remove_pointer_t<T>>;
    if (v == nullptr) return walk.mix(0);
    if constexpr (has_subclasses<U>) {
      bool known = false;
      with_subclass(v, [&](auto* d) {
        fingerprint_value(walk, d);
        known = true;
      });
      if (!known) walk.mix(0);
      return;
    }
    auto [number, inserted] = walk.numbers.insert(v);
    if (inserted) {
      *number = reinterpret_cast<void*>(++walk.count);
      walk.work.push_back({v, &fingerprint_object<U>});
    }
    walk.mix(reinterpret_cast<std::uintptr_t>(*number));
  } else if constexpr (std::is_enum_v<T>) {
    walk.mix(static_cast<std::uint64_t>(static_cast<std::underlying_type_t<T>>(v)));
  } else if constexpr (std::is_floating_point_v<T>) {
    walk.mix(std::bit_cast<std::uint64_t>(static_cast<double>(v)));
  } else {
    walk.mix(static_cast<std::uint64_t>(v));
  }
}

// Hashes contents (content_walk.hpp) as fields: each value in canonical order, the shape of
// each composite, pointers by their target's number.
struct content_fingerprint_visitor {
  fingerprint_walk& walk;
  template <class T>
  void scalar(T v) {
    if constexpr (std::is_floating_point_v<T>)
      walk.mix(std::bit_cast<std::uint64_t>(static_cast<double>(v)));
    else if constexpr (std::is_enum_v<T>)
      walk.mix(static_cast<std::uint64_t>(static_cast<std::underlying_type_t<T>>(v)));
    else
      walk.mix(static_cast<std::uint64_t>(v));
  }
  void string(const std::string& s) {
    walk.mix(s.size());
    for (const char c : s) walk.mix(static_cast<unsigned char>(c));
  }
  template <class T>
  void pointer(T* p) {
    fingerprint_value(walk, p);
  }
  void element(std::string_view, std::int64_t position) { walk.mix(static_cast<std::uint64_t>(position + 2)); }
  void open(content_kind k, std::size_t n, const std::string&) {
    walk.mix(0x40 + static_cast<std::uint64_t>(k));
    walk.mix(n);
  }
  void close(content_kind) {}
  void item(std::size_t) {}
  void open_record(const std::string&) {}
  void member(const std::string&) {}
  void close_record() {}
};

template <class C>
void fingerprint_members(fingerprint_walk& walk, const C& obj) {
  for_each_registered<C>([&](std::string_view, auto member) {
    const auto& f = obj.*member;
    using M = std::remove_cvref_t<decltype(f)>;
    if constexpr (is_content_v<M> || is_iterator_member<C, M>()) {
      content_fingerprint_visitor v{walk};
      visit_contents(obj, f, v);
    } else if constexpr (is_array_v<M>) {
      const int n = f.length();
      walk.mix(static_cast<std::uint64_t>(n));
      for (int i = 0; i < n && i < f.capacity(); ++i) fingerprint_value(walk, f[i].get());
    } else if constexpr (is_std_vector_v<M>) {
      walk.mix(static_cast<std::uint64_t>(f.size()));
      for (const auto& e : f) fingerprint_value(walk, member_access<typename M::value_type>::get(e));
    } else if constexpr (is_nested_v<M>) {
      fingerprint_members(walk, f);
    } else if constexpr (is_struct_array_v<M>) {
      const std::size_t live = live_elements(obj, f);
      for (std::size_t i = 0; i < live; ++i) fingerprint_members(walk, f[i]);
    } else if constexpr (is_fixed_array_v<M>) {
      const std::size_t live = live_elements(obj, f);  // the count itself is a field, hashed too
      for (std::size_t i = 0; i < live; ++i) fingerprint_value(walk, member_access<fixed_element_t<M>>::get(f[i]));
    } else {
      fingerprint_value(walk, member_access<M>::get(f));
    }
  });
}

template <class C>
void fingerprint_object(const void* p, void* w) {
  auto& walk = *static_cast<fingerprint_walk*>(w);
  walk.mix(reinterpret_cast<std::uintptr_t>(type_key<C>()));
  fingerprint_members(walk, *static_cast<const C*>(p));
}

// Pushed objects are visited last-in first-out; reversing each object's pushes keeps the
// first field's subgraph first (pre-order).
template <class Walk>
void run_walk(Walk& walk) {
  while (!walk.work.empty()) {
    const heap_work next = walk.work.back();
    walk.work.pop_back();
    const std::size_t before = walk.work.size();
    next.visit(next.object, &walk);
    std::reverse(walk.work.begin() + static_cast<std::ptrdiff_t>(before), walk.work.end());
  }
}

struct copy_walk {
  address_table copies;  // original -> copy
  copy_map map;
  std::vector<heap_work> work;
  void reset() {
    copies.clear();
    map.objects.clear();
    map.arrays.clear();
    work.clear();
  }
};

template <class C>
void copy_object(const void* p, void* w);
template <class C>
void copy_members_pass(copy_walk& walk, const C& from, C& to, bool iterators);

template <class U>
U* copy_owned(copy_walk& walk, const U* v);

template <class T>
T copy_value(copy_walk& walk, T v) {
  if constexpr (std::is_pointer_v<T>) {
    using U = std::remove_cv_t<std::remove_pointer_t<T>>;
    if (v == nullptr) return nullptr;
    if constexpr (has_subclasses<U>) {  // a copy of the object's own class
      T copy = nullptr;
      with_subclass(v, [&](auto* d) { copy = copy_value(walk, d); });
      return copy;
    }
    if constexpr (!has_registered_fields<U>) return v;  // shared, not owned
    return static_cast<T>(copy_owned(walk, v));
  } else {
    return v;
  }
}

// The copy of the object at v, made now when it has none yet.
template <class U>
U* copy_owned(copy_walk& walk, const U* v) {
  auto [copy, fresh] = walk.copies.insert(v);
  if (fresh) {
    *copy = new_object<U>();
    walk.map.objects.emplace_back(v, *copy);
    walk.work.push_back({v, &copy_object<U>});
  }
  return static_cast<U*>(*copy);
}

// Copies the registered members of `from` into `to`: those that hold iterators into other
// members last, so that the copy's iterators point into the copy's own members.
template <class C>
void copy_members(copy_walk& walk, const C& from, C& to) {
  copy_members_pass(walk, from, to, false);
  copy_members_pass(walk, from, to, true);
}

template <class C>
void copy_members_pass(copy_walk& walk, const C& from, C& to, bool iterators) {
  for_each_registered<C>([&](std::string_view, auto member) {
    const auto& f = from.*member;
    auto& t = to.*member;
    using M = std::remove_cvref_t<decltype(f)>;
    if (holds_iterator<C, M>() != iterators) return;
    if constexpr (is_content_v<M> || is_iterator_member<C, M>()) {
      auto copy_pointer = [&](auto* p) { return copy_value(walk, p); };
      copy_contents(from, to, f, t, copy_pointer);
    } else if constexpr (is_array_v<M>) {
      t.allocate_storage(f.capacity());
      if (f.capacity() > 0)
        walk.map.arrays.push_back({&f[0], &t[0], sizeof(t[0]) * static_cast<std::size_t>(f.capacity())});
      const int n = f.length();
      t.set_length(n);
      for (int i = 0; i < n && i < f.capacity(); ++i) t[i] = copy_value(walk, f[i].get());
    } else if constexpr (is_std_vector_v<M>) {  // the copy owns its elements, as vectors do
      using E = typename M::value_type;
      t.clear();
      t.reserve(f.size());
      for (const auto& e : f) {
        t.emplace_back();
        member_access<E>::set(t.back(), copy_value(walk, member_access<E>::get(e)));
      }
      if (!f.empty()) walk.map.arrays.push_back({f.data(), t.data(), sizeof(E) * f.size()});
    } else if constexpr (is_nested_v<M>) {
      copy_members(walk, f, t);
    } else if constexpr (is_struct_array_v<M>) {
      const std::size_t live = live_elements(from, f);
      for (std::size_t i = 0; i < live; ++i) copy_members(walk, f[i], t[i]);
    } else if constexpr (is_fixed_array_v<M>) {
      using E = fixed_element_t<M>;  // slots past a count stay as the copy's constructor left them
      const std::size_t live = live_elements(from, f);
      for (std::size_t i = 0; i < live; ++i) member_access<E>::set(t[i], copy_value(walk, member_access<E>::get(f[i])));
    } else {
      member_access<M>::set(t, copy_value(walk, member_access<M>::get(f)));
    }
  });
}

template <class C>
void copy_object(const void* p, void* w) {
  auto& walk = *static_cast<copy_walk*>(w);
  C* to = static_cast<C*>(walk.copies.at(p));
  copy_members(walk, *static_cast<const C*>(p), *to);
  // Members computed from the others (finitization::derive) follow the copy's own.
  if (const live_part* live = live_in_force; live != nullptr) live->derive(type_key<C>(), to);
}

struct release_walk {
  address_table seen;
  std::vector<heap_work> work;
  std::vector<std::pair<void*, void (*)(void*)>> doomed;
  void reset() {
    seen.clear();
    work.clear();
    doomed.clear();
  }
};

template <class C>
void release_object(const void* p, void* w);

template <class U>
void release_owned(release_walk& walk, const U* v) {
  if (walk.seen.insert(v).second) walk.work.push_back({v, &release_object<U>});
}

template <class T>
void release_push(release_walk& walk, T v) {
  if constexpr (std::is_pointer_v<T>) {
    using U = std::remove_cv_t<std::remove_pointer_t<T>>;
    if constexpr (has_subclasses<U>) {
      if (v != nullptr) with_subclass(v, [&](auto* d) { release_push(walk, d); });
    } else if constexpr (has_registered_fields<U>) {  // objects without fields are shared, not owned
      if (v != nullptr) release_owned(walk, v);
    }
  }
}

// The objects contents point to are the structure's, as fields' are.
struct content_release_visitor {
  release_walk& walk;
  template <class T>
  void scalar(T) {}
  void string(const std::string&) {}
  template <class T>
  void pointer(T* p) {
    release_push(walk, p);
  }
  void element(std::string_view, std::int64_t) {}
  void open(content_kind, std::size_t, const std::string&) {}
  void close(content_kind) {}
  void item(std::size_t) {}
  void open_record(const std::string&) {}
  void member(const std::string&) {}
  void close_record() {}
};

template <class C>
void release_members(release_walk& walk, const C& obj) {
  for_each_registered<C>([&](std::string_view, auto member) {
    const auto& f = obj.*member;
    using M = std::remove_cvref_t<decltype(f)>;
    if constexpr (is_content_v<M> || is_iterator_member<C, M>()) {
      content_release_visitor v{walk};
      visit_contents(obj, f, v);
    } else if constexpr (is_array_v<M>) {
      for (int i = 0; i < f.length() && i < f.capacity(); ++i) release_push(walk, f[i].get());
    } else if constexpr (is_std_vector_v<M>) {
      for (const auto& e : f) release_push(walk, member_access<typename M::value_type>::get(e));
    } else if constexpr (is_nested_v<M>) {
      release_members(walk, f);
    } else if constexpr (is_struct_array_v<M>) {
      const std::size_t live = live_elements(obj, f);
      for (std::size_t i = 0; i < live; ++i) release_members(walk, f[i]);
    } else if constexpr (is_fixed_array_v<M>) {
      const std::size_t live = live_elements(obj, f);
      for (std::size_t i = 0; i < live; ++i) release_push(walk, member_access<fixed_element_t<M>>::get(f[i]));
    } else {
      release_push(walk, member_access<M>::get(f));
    }
  });
}

template <class C>
void release_object(const void* p, void* w) {
  auto& walk = *static_cast<release_walk*>(w);
  release_members(walk, *static_cast<const C*>(p));
  walk.doomed.emplace_back(const_cast<void*>(p), [](void* q) {
    disown(*static_cast<C*>(q));
    delete static_cast<C*>(q);
  });
}

}  // namespace detail

}  // namespace smallscope
