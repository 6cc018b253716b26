// Test helper: a structure up to isomorphism, for comparing what two invariants find (a spec
// against the C++ invariant, a compiled spec against the evaluators): its objects from the root
// breadth first, numbered as first met, each with its fields' values (integers, or an object's
// number; -1 for null).
#pragma once

#include <cstdint>
#include <vector>

#include "smallscope/search.hpp"
#include "space/state_space.hpp"

namespace smallscope::test_pictures {

inline std::vector<std::int64_t> picture(const structure& s) {
  const detail::state_space& space = s.space();
  std::vector<std::int64_t> number(space.objects().size(), -1), out;
  std::vector<std::uint32_t> queue{0};
  number[0] = 0;
  for (std::size_t next = 0; next < queue.size(); ++next) {
    const auto& info = space.objects()[queue[next]];
    for (std::uint32_t sl = info.first_slot; sl < info.end_slot; ++sl) {
      const auto& value = space.domains()[space.slots()[sl].domain].values[s.values()[sl]];
      if (value.object < 0) {
        out.push_back(space.domains()[space.slots()[sl].domain].objects ? -1 : value.integer);
        continue;
      }
      auto& k = number[static_cast<std::size_t>(value.object)];
      if (k < 0) {
        k = static_cast<std::int64_t>(queue.size());
        queue.push_back(static_cast<std::uint32_t>(value.object));
      }
      out.push_back(k);
    }
  }
  return out;
}

}  // namespace smallscope::test_pictures
