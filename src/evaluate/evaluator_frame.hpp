// The evaluator's frame: the values of one paragraph's variable slots (paper 003, Sec. 5: the
// evaluator judges specs on concrete instances). Shared by the evaluator's source files only.
#pragma once

#include <cstdint>
#include <vector>

#include "evaluate/evaluator.hpp"

namespace smallscope::spec {

struct evaluator::frame {
  std::vector<tuple_set> slots;

  explicit frame(std::uint32_t count = 0) : slots(count) {}
  tuple_set& at(std::uint32_t slot) {
    if (slot >= slots.size()) slots.resize(slot + 1);
    return slots[slot];
  }
};

}  // namespace smallscope::spec
