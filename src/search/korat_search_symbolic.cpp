// Symbolic keys in the search (paper 001, Sec. 2.2.3, and symbolic_ints in finitization.hpp):
// a symbolic slot's value stands for its order relation to the values of its binding deeper on
// the field-access stack: below the least, equal to one, between two, above the greatest; 2m + 1
// relations for m distinct values below. A slot is read first at its own unit (index 0 of its
// domain, state_space.cpp), which has some relation to the values below; backtracking steps
// through the others in order, cyclically, and stops when it comes back to that first one. A
// gap's relation is written as the gap's midpoint, an equality as the value itself.
//
// The positions below a slot do not change while it is on the stack, so the first relation is
// the same whenever it is computed, from the slot's own unit; units (with advance_first) need
// nothing more. Each order of the keys is thus reached once, by one path of relations.
#include <algorithm>

#include "search/korat_search.hpp"

namespace smallscope::detail {

namespace {

std::uint32_t unit_of(const hot_slot& sl, std::uint32_t value) {
  return static_cast<std::uint32_t>(sl.values[value].integer / 2);
}

// The relation of `unit` to the m sorted distinct units `below`: 2i for the gap before below[i]
// (2m: above all), 2i + 1 for equal to below[i].
std::uint32_t relation_of(const std::uint32_t* below, std::uint32_t m, std::uint32_t unit) {
  const std::uint32_t i = static_cast<std::uint32_t>(std::lower_bound(below, below + m, unit) - below);
  return i < m && below[i] == unit ? 2 * i + 1 : 2 * i;
}

}  // namespace

std::uint32_t korat_search::symbolic_below(std::uint32_t position, std::uint32_t s) {
  const auto& slots = space_->slots();
  const std::uint32_t binding = slots[s].binding;
  std::uint32_t* units = symbolic_below_.data();
  std::uint32_t m = 0;
  for (std::uint32_t p = 0; p < position; ++p) {
    const std::uint32_t t = stack_[p];
    if (hot_slots_[t].symbolic && slots[t].binding == binding) units[m++] = unit_of(hot_slots_[t], values_[t]);
  }
  std::sort(units, units + m);
  return static_cast<std::uint32_t>(std::unique(units, units + m) - units);
}

// The index of the next relation after the current one, or 0 when the cycle is back at the
// slot's first relation. Every relation's unit differs from the slot's own, so no next relation
// is index 0.
std::uint32_t korat_search::next_symbolic(std::uint32_t position, std::uint32_t s) {
  const hot_slot& sl = hot_slots_[s];
  const std::uint32_t units = sl.last + 1;
  const std::uint32_t own = unit_of(sl, 0);
  const std::uint32_t m = symbolic_below(position, s);
  const std::uint32_t* below = symbolic_below_.data();
  const std::uint32_t relations = 2 * m + 1;
  const std::uint32_t first = relation_of(below, m, own);
  for (std::uint32_t r = (relation_of(below, m, unit_of(sl, values_[s])) + 1) % relations; r != first;
       r = (r + 1) % relations) {
    std::uint32_t unit = 0;
    if (r % 2 == 1) {
      unit = below[r / 2];
    } else {
      const std::uint32_t lo = r == 0 ? 0 : below[r / 2 - 1];
      const std::uint32_t hi = r / 2 == m ? units : below[r / 2];
      if (hi - lo < 2) continue;  // no room: cannot happen within max_symbolic_keys (state_space.cpp)
      unit = (lo + hi) / 2;
    }
    return (unit + units - own) % units;
  }
  return 0;
}

}  // namespace smallscope::detail
