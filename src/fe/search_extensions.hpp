// Field extensions and a field-exhaustive suite from the search's stream (paper 004, Definition 1
// and 2, for a user with only a C++ invariant): every valid structure Korat's search yields, up
// to isomorphism, contributes the pairs (object, value) of the slots its root reaches; a
// structure joins the suite when it covers a pair no earlier one did, and a last pass drops the
// members whose every pair the others cover. Where the SAT variant (field_exhaustive.hpp) runs
// on a spec of the same classes, and both label objects the same way (a breadth-first invariant
// such as Korat's binary trees), the extensions are the same.
#pragma once

#include <cstdint>
#include <span>
#include <vector>

#include "fe/extensions.hpp"
#include "space/state_space.hpp"

namespace smallscope::fe {

class pair_collector {
 public:
  explicit pair_collector(const detail::state_space& space);

  // The pairs of one structure, as ids (slot's first id + value index), reachable slots only.
  void pairs_of(std::span<const std::uint32_t> values, std::vector<std::uint32_t>& out);
  // Adds the pairs of one valid structure; returns how many were new.
  std::uint64_t add(std::span<const std::uint32_t> values);

  std::uint64_t covered() const { return covered_; }
  // Every (reachable or not) slot's values: the pairs a clause of Algorithm 1 could name.
  std::uint64_t candidate_pairs() const { return static_cast<std::uint64_t>(seen_.size()); }
  // The covered pairs by field, labelled as the printers label objects ("Node#0", "null", "3").
  extensions result() const;

  // Of `suite` (members' candidate vectors, in order), the indices to keep: a member is
  // dropped, last first, when every one of its pairs is covered by the members still kept.
  std::vector<std::size_t> prune(const std::vector<std::vector<std::uint32_t>>& suite);

 private:
  const detail::state_space& space_;
  std::vector<std::uint32_t> first_id_;  // per slot
  std::vector<std::uint8_t> seen_;       // per pair id
  std::uint64_t covered_ = 0;
  std::vector<std::uint32_t> order_, scratch_;
  std::vector<std::uint8_t> objects_seen_;
};

}  // namespace smallscope::fe
