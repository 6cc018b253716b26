// A part of Korat's search tree (paper 000, Fig. 7) that one search explores on its own: the
// candidates whose field-access stack starts with a given prefix. Threads steal units from each
// other, shards take every N-th unit of a fixed plan, and a checkpoint is the units left.
//
// The search starts a unit by setting the prefix's slots to its values and pushing them on the
// stack (every other slot holds its first value, as in any state of the search), with positions
// below `floor` frozen: backtracking that would advance one of them ends the unit instead.
// With `advance_first`, the prefix's own candidate was explored elsewhere: the unit starts by
// advancing its top (the later values of that field, and all below them).
#pragma once

#include <cstdint>
#include <vector>

namespace smallscope::detail {

struct work_unit {
  std::vector<std::uint32_t> slots;   // the stack prefix, first read first
  std::vector<std::uint32_t> values;  // the value (index in the field domain) of each
  std::uint32_t floor = 0;            // positions below it are not advanced
  bool advance_first = false;
  // With dedicated generators: per position, the range of values a generator narrowed it to
  // (generators.hpp); empty when no slot is narrowed.
  std::vector<std::uint32_t> lo, hi;
  // The tree fields (is_tree) the search that made the unit knew of: a unit narrows alike on
  // any thread, from its first advance.
  std::vector<std::uint32_t> tree_slots;
};

}  // namespace smallscope::detail
