// The built-in subjects compiled with SMALLSCOPE_NO_TRACKING, in namespace `bare`: the same
// classes and invariants with plain fields. bench/overhead.cpp replays the search's candidates
// on them to measure the bare invariant's cost.
#ifndef SMALLSCOPE_NO_TRACKING
#error "this file is built with SMALLSCOPE_NO_TRACKING"
#endif

#include "bench/bare_subjects.hpp"

#include <algorithm>
#include <limits>
#include <set>
#include <stdexcept>
#include <string>
#include <vector>

#include "smallscope/finitization.hpp"
#include "smallscope/generators.hpp"
#include "smallscope/oracle.hpp"
#include "smallscope/small_set.hpp"
#include "space/state_space.hpp"

// The subject headers' own includes are already in; only their namespaces land in `bare`.
namespace bare {
#include "subjects/binary_tree.hpp"
#include "subjects/doubly_linked_list.hpp"
#include "subjects/heap_array.hpp"
#include "subjects/red_black_tree.hpp"
#include "subjects/search_tree.hpp"
#include "subjects/singly_linked_list.hpp"
}  // namespace bare

namespace smallscope::bench {
namespace {

template <class Root>
double replay(const finitization& fin, const candidate_trace& trace) {
  detail::state_space space(fin.data());
  const auto& root = *static_cast<const Root*>(space.root());
  return replay_trace(
      trace, [&](std::uint32_t slot, std::uint32_t value) { space.write(slot, value); }, [&] { return root.rep_ok(); });
}

}  // namespace

double replay_bare(const std::string& subject, const std::vector<std::int64_t>& p, const candidate_trace& trace) {
  namespace s = bare::subjects;
  if (subject == "BinaryTree") return replay<s::binary_tree::tree>(s::binary_tree::fin(p[0], p[1], p[2]), trace);
  if (subject == "SearchTree")
    return replay<s::search_tree::tree>(s::search_tree::fin(p[0], p[1], p[2], p[3], p[4]), trace);
  if (subject == "HeapArray") return replay<s::heap_array::heap>(s::heap_array::fin(p[0], p[1], p[2]), trace);
  if (subject == "SinglyLinkedList")
    return replay<s::singly_linked_list::list>(s::singly_linked_list::fin(p[0], p[1], p[2], p[3]), trace);
  if (subject == "DoublyLinkedList")
    return replay<s::doubly_linked_list::list>(s::doubly_linked_list::fin(p[0], p[1], p[2], p[3]), trace);
  if (subject == "RedBlackTree")
    return replay<s::red_black_tree::tree>(s::red_black_tree::fin(p[0], p[1], p[2], p[3]), trace);
  throw std::invalid_argument("no bare form of " + subject);
}

}  // namespace smallscope::bench
