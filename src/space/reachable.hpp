// The part of a candidate that the root reaches (paper 000, Sec. 3.3: only reachable fields make
// two structures differ; paper 004, Definition 1: a structure "involves" the objects reachable
// from its root): objects in depth-first pre-order from the root, and per object its slots, an
// array's elements only below its length or count.
#pragma once

#include <cstdint>
#include <span>
#include <vector>

#include "space/state_space.hpp"

namespace smallscope::detail {

// Whether slot `s` is no part of the structure `values`: an element at or beyond its array's
// current length, or past the count of a counted array (set_counted).
inline bool beyond_length(const state_space& space, std::span<const std::uint32_t> values, std::uint32_t s) {
  return space.dead(values.data(), s);
}

// The reachable objects of `values` in depth-first pre-order from the root (object 0).
inline void reachable_objects(const state_space& space, std::span<const std::uint32_t> values,
                              std::vector<std::uint32_t>& order, std::vector<std::uint8_t>& seen) {
  seen.assign(space.objects().size(), 0);
  order.clear();
  auto visit = [&](auto&& self, std::uint32_t object) -> void {
    seen[object] = 1;
    order.push_back(object);
    const auto& o = space.objects()[object];
    for (std::uint32_t s = o.first_slot; s < o.end_slot; ++s) {
      if (beyond_length(space, values, s)) continue;
      const auto& v = space.value(s, values[s]);
      if (v.object >= 0 && seen[v.object] == 0) self(self, static_cast<std::uint32_t>(v.object));
    }
  };
  visit(visit, 0);
}

}  // namespace smallscope::detail
