// Dedicated generators (paper 000, Sec. 5): checks common in invariants that also narrow the
// search. In an ordinary call they are plain predicates. Called by an invariant while the search
// runs, they also tell the search which values the fields they look at can take in a valid
// structure, and the search never builds the candidates they rule out: the valid structures
// stay exactly the same, found from fewer candidates.
//
//   bool rep_ok() const {
//     if (!smallscope::is_tree(root.get(), &node::left, &node::right)) return false;
//     ...
//   }
//
// The contract, as Korat's: a generator is a necessary condition. Use each as a conjunct whose
// `false` makes the invariant false (`if (!is_tree(...)) return false;`, `a && equals(...)`),
// never under `!` or `||`. The search counts invariant calls that returned true after a
// generator call returned false (search_stats::generator_misuse) and the command line reports
// them. `is_tree` further assumes that the fields read before it point to no node outside the
// tree (call it first, on the root, as Korat's isTree): it lets a tree field take null or a
// node that no field read before it points to.
//
// - is_tree(root, &N::f1, &N::f2, ...): the nodes reachable from root along the fields form a
//   tree: no node is met twice. Search: each tree field is null or the next fresh node.
// - is_list(head, &N::next): the same along one field (an acyclic list).
// - equals(field, value): field == value. Search: the field takes only that value.
// - non_null(field): a pointer field is not null. Search: null is skipped.
// - is_in(field, lo, hi), less(field, bound), greater(field, bound): an integer field within
//   [lo, hi], below or above a bound. Search: its values outside are skipped.
//
// The value restrictions apply when the field is the last one the invariant has read for the
// first time (the top of the field-access stack), so the bound depends only on fields read
// before it; otherwise the call is an ordinary check.
// Stage: search.
#pragma once

#include <cstdint>
#include <cstring>
#include <limits>
#include <type_traits>

#include "smallscope/detail/finitization_data.hpp"
#include "smallscope/detail/observer.hpp"
#include "smallscope/field.hpp"
#include "smallscope/small_set.hpp"

namespace smallscope {
inline namespace SMALLSCOPE_DETAIL_TRACKING_NS {

namespace detail_generators {

#ifndef SMALLSCOPE_NO_TRACKING
inline detail::generator_sink* sink() { return detail::current_observer->generators(); }

template <class Node, class... Fields>
void declare_tree(detail::generator_sink* g, const Node* some, Fields... fields) {
  if (some == nullptr) some = static_cast<const Node*>(g->object_of(detail::type_key<Node>()));
  if (some == nullptr) return;
  const std::uint32_t offsets[] = {static_cast<std::uint32_t>(reinterpret_cast<const char*>(&(some->*fields)) -
                                                              reinterpret_cast<const char*>(some))...};
  g->tree_fields(detail::type_key<Node>(), offsets, sizeof...(Fields));
}

template <class T>
std::uint64_t raw_of(const T& value) {
  std::uint64_t raw = 0;
  std::memcpy(&raw, &value, sizeof(T));
  return raw;
}

// After the tracked read of f: the value restriction, when f is the top of the stack.
template <class T>
void restrict_range(const field<T>& f, std::int64_t lo, std::int64_t hi) {
  if (detail::generator_sink* g = sink()) [[unlikely]] {
    if (const std::uint32_t s = detail::current_observer->top_slot(&f); s != detail::no_slot)
      g->restrict_to_range(s, lo, hi);
  }
}

inline bool report(bool holds) {
  if (!holds) {
    if (detail::generator_sink* g = sink()) [[unlikely]] g->failed();
  }
  return holds;
}
#else
inline bool report(bool holds) { return holds; }
#endif

}  // namespace detail_generators

// The nodes reachable from `root` along `fields` form a tree: a breadth-first walk (left to
// right over the fields) meets no node twice.
template <class Node, class... Fields>
bool is_tree(const Node* root, Fields... fields) {
  static_assert(sizeof...(Fields) > 0, "is_tree needs the tree's fields");
  static_assert((std::is_same_v<Fields, field<Node*> Node::*> && ...), "is_tree's fields are field<Node*> members of Node");
#ifndef SMALLSCOPE_NO_TRACKING
  if (detail::generator_sink* g = detail_generators::sink()) [[unlikely]]
    detail_generators::declare_tree(g, root, fields...);
#endif
  if (root == nullptr) return true;
  small_set<const Node*> visited;
  visited.insert(root);
  for (std::size_t head = 0; head < visited.size(); ++head) {
    const Node* current = visited[head];
    bool repeated = false;
    ((repeated = repeated || [&] {
        const Node* child = current->*fields;
        return child != nullptr && !visited.insert(child);
      }()),
     ...);
    if (repeated) return detail_generators::report(false);
  }
  return true;
}

// The nodes reachable from `head` along `next` form an acyclic list.
template <class Node>
bool is_list(const Node* head, field<Node*> Node::*next) {
  return is_tree(head, next);
}

// f == value.
template <class T>
bool equals(const field<T>& f, const T& value) {
  const T v = f.get();
#ifndef SMALLSCOPE_NO_TRACKING
  if (detail::generator_sink* g = detail_generators::sink()) [[unlikely]] {
    if (const std::uint32_t s = detail::current_observer->top_slot(&f); s != detail::no_slot)
      g->restrict_to_raw(s, detail_generators::raw_of(value));
  }
#endif
  return detail_generators::report(v == value);
}

// f != nullptr, for a pointer field.
template <class T>
bool non_null(const field<T*>& f) {
  const T* v = f.get();
#ifndef SMALLSCOPE_NO_TRACKING
  if (detail::generator_sink* g = detail_generators::sink()) [[unlikely]] {
    if (const std::uint32_t s = detail::current_observer->top_slot(&f); s != detail::no_slot) g->restrict_to_non_null(s);
  }
#endif
  return detail_generators::report(v != nullptr);
}

// lo <= f <= hi, for an integer field.
template <class T>
bool is_in(const field<T>& f, std::int64_t lo, std::int64_t hi) {
  static_assert(std::is_integral_v<T>, "is_in, less and greater take integer fields");
  const auto v = static_cast<std::int64_t>(f.get());
#ifndef SMALLSCOPE_NO_TRACKING
  detail_generators::restrict_range(f, lo, hi);
#endif
  return detail_generators::report(lo <= v && v <= hi);
}

// f < bound, for an integer field.
template <class T>
bool less(const field<T>& f, std::int64_t bound) {
  if (bound == std::numeric_limits<std::int64_t>::min()) return is_in(f, 0, -1);
  return is_in(f, std::numeric_limits<std::int64_t>::min(), bound - 1);
}

// f > bound, for an integer field.
template <class T>
bool greater(const field<T>& f, std::int64_t bound) {
  if (bound == std::numeric_limits<std::int64_t>::max()) return is_in(f, 0, -1);
  return is_in(f, bound + 1, std::numeric_limits<std::int64_t>::max());
}

}  // namespace SMALLSCOPE_DETAIL_TRACKING_NS
}  // namespace smallscope
