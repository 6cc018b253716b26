// A content shape laid out as slots (paper 000, Sec. 3.3; content_shape.hpp): the slots of one
// member that holds contents, in the order its build reads them, each with its name and, for a
// slot that steers (a length, a presence, a count, a variant's index), the slots it governs and
// which of them each of its values makes live.
#pragma once

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "smallscope/detail/content_shape.hpp"

namespace smallscope::detail {

// guard: a value slot that also steers (an integer member a storage after it is live by)
enum class content_role : std::uint8_t { value, length, presence, count, index, guard };

struct content_slot_spec {
  std::string name;                      // "items[0].first", "index.contains(3)"
  content_role role = content_role::value;
  const content_shape* leaf = nullptr;   // value slots: their leaf
  std::vector<std::int64_t> values;      // steering slots: their domain
  std::int32_t guard = -1;               // the steering slot (relative index) whose region holds it
  std::uint32_t position = 0;            // its place in that region
  std::uint32_t region = 0;              // steering: the slots after it that it governs
  // steering: per value, the live part of the region: [first, second) as a prefix from 0, and
  // for a variant each alternative's part
  std::vector<std::pair<std::uint32_t, std::uint32_t>> live;
};

// The slots of a member named `name` with this shape, in build order.
std::vector<content_slot_spec> lay_out(const content_shape& shape, const std::string& name);

// "sequence of 0..3 x (0..2, 0..1)": a shape in a finitization's description.
std::string describe_shape(const content_shape& shape);

// The text of leaf value `v` ("3", "\"ab\"", "0.5", "items[1]").
std::string leaf_text(const content_shape& leaf, std::uint32_t v);

}  // namespace smallscope::detail
