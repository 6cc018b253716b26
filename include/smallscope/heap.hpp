// Structures on the heap, and the ownership rule of checks (paper 000, Sec. 6.1: the method
// under test runs on a valid input and the oracle reads the pre-state as `old`).
//
// The search builds candidates in its arena, where no object may be deleted. A check therefore
// runs the method on a deep copy of the input built the way ordinary code builds it: one `new`
// per object (arrays own their element storage). The rule is C++'s own: the structure owns
// every object reachable from its root through the registered fields. A method may `new` the
// objects it adds and `delete` the ones it removes; after the oracle, the harness deletes what
// is reachable from the post-state's root. An object the method unlinks and does not delete is
// a leak of the method: the check fails that input and names the object (allocation_watch.hpp);
// deleting an object that stays reachable is a use-after-free of the method.
//
// Objects of classes without registered fields (identity-only values such as Korat's Object
// elements) are shared, not owned: a copy points to the same object, and release leaves them.
//
// All the walks here follow the fields that SMALLSCOPE_FIELDS registers, visit each object
// once (shared and cyclic structures included) and use no recursion. Of a fixed array counted
// by a member of its object (set_counted), they read the live elements only, as the live part in
// force on the thread says (live_part.hpp): what lies past the count may be a freed pointer.
// Stage: space.
#pragma once

#include <cstdint>
#include <type_traits>
#include <utility>
#include <vector>

#include "smallscope/detail/allocation_watch.hpp"
#include "smallscope/detail/heap_walks.hpp"
#include "smallscope/object_graph.hpp"

namespace smallscope {

// A deep copy of the structure at `root`, one `new` per reachable object. When `map` is given,
// it receives what was copied where.
template <class Root>
Root* deep_copy(const Root& root, copy_map* map = nullptr) {
  auto& walk = detail::scratch_walk<detail::copy_walk>();
  // The root is the input's own, registered fields or not: never shared with the original.
  Root* copy = nullptr;
  if constexpr (detail::has_subclasses<Root>)
    copy = const_cast<Root*>(detail::copy_value(walk, &root));  // a copy of the root's own class
  else
    copy = detail::copy_owned(walk, &root);
  detail::run_walk(walk);
  if (map != nullptr) *map = walk.map;
  return copy;
}

// Deletes every object reachable from `root` (the root included), each once. Reads every
// object before deleting any, so a shared or cyclic structure is released safely.
template <class Root>
void release(Root* root) {
  if (root == nullptr) return;
  std::vector<std::pair<void*, void (*)(void*)>> doomed;
  detail::release_walk* walk = nullptr;
  {
    // The walk's own tables are not the method's allocations (allocation_watch.hpp).
    const detail::allocation_watch_pause pause;
    walk = &detail::scratch_walk<detail::release_walk>();
    if constexpr (detail::has_subclasses<Root>)
      detail::release_push(*walk, root);
    else
      detail::release_owned(*walk, root);  // the root is owned, registered fields or not
    detail::run_walk(*walk);
    // Destructors are user code and may release too: delete from a list of our own.
    doomed.swap(walk->doomed);
  }
  for (auto& [p, del] : doomed) del(p);
  doomed.clear();
  walk->doomed.swap(doomed);
}

// The objects reachable from `root` with their field values, for printing.
template <class Root>
object_graph describe(const Root& root) {
  auto& walk = detail::scratch_walk<detail::describe_walk>();
  detail::describe_push(walk, &root);
  detail::run_walk(walk);
  return walk.graph;
}

// A hash of the structure reachable from `root` up to isomorphism: equal for structures that
// differ only in their objects' addresses (mutation analysis compares post-states with it).
template <class Root>
std::uint64_t fingerprint(const Root& root) {
  auto& walk = detail::scratch_walk<detail::fingerprint_walk>();
  detail::fingerprint_value(walk, &root);
  detail::run_walk(walk);
  return walk.hash;
}

// The structure reachable from `root` up to isomorphism, exactly: objects numbered in order of
// discovery, each its class and field values in visit order (pointers by their target's
// number). Two structures have the same form if and only if they are isomorphic (in one
// process: classes are named by their type keys). For state matching (explore.hpp).
template <class Root>
std::vector<std::uint64_t> canonical_form(const Root& root) {
  std::vector<std::uint64_t> words;
  auto& walk = detail::scratch_walk<detail::fingerprint_walk>();
  walk.words = &words;
  detail::fingerprint_value(walk, &root);
  detail::run_walk(walk);
  walk.words = nullptr;
  return words;
}

}  // namespace smallscope
