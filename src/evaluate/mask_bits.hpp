// Sets of atoms as 64-bit masks, for the evaluator compiled to masks (mask_evaluator.hpp).
#pragma once

#include <bit>
#include <cstdint>

namespace smallscope::spec::masks {

constexpr std::uint64_t bit(std::uint32_t atom) { return std::uint64_t{1} << atom; }

// Calls visit(atom) for each atom of `mask`, in increasing order.
template <class F>
void each(std::uint64_t mask, F&& visit) {
  while (mask != 0) {
    visit(static_cast<std::uint32_t>(std::countr_zero(mask)));
    mask &= mask - 1;
  }
}

}  // namespace smallscope::spec::masks
