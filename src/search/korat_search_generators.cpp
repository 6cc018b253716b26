// The search's side of the dedicated generators (paper 000, Sec. 5; generators.hpp): tree
// slots, value ranges narrowed on the top of the stack. next_generated (korat_search.cpp)
// applies them. See korat_search.hpp.
#include <algorithm>

#include "search/korat_search.hpp"

namespace smallscope::detail {

void korat_search::narrow(std::uint32_t slot, std::uint32_t lo, std::uint32_t hi) {
  hot_slot& sl = hot_slots_[slot];
  if (sl.symbolic) return;  // its indices are relations, not values: the generator's own test decides
  if (!sl.restricted && lo == 0 && hi >= sl.last) return;
  sl.restricted = sl.generated = true;
  narrowed_ = true;
  range_lo_[slot] = lo;
  range_hi_[slot] = hi;
}

void korat_search::tree_fields(const void* type, const std::uint32_t* offsets, std::size_t n) {
  for (const auto& [t, o] : trees_)
    if (t == type && o.size() == n && std::equal(o.begin(), o.end(), offsets)) return;
  trees_.emplace_back(type, std::vector<std::uint32_t>(offsets, offsets + n));
  if (!options_.isomorphism_breaking) return;  // "fresh" is the next index of a class domain
  const auto& objects = space_->objects();
  const auto& domains = space_->data().class_domains;
  for (const auto& sl : space_->slots()) {
    const object_info& owner = objects[sl.object];
    if (domains[owner.class_domain].type != type || sl.kind != slot_kind::scalar) continue;
    const std::uint32_t at = sl.offset - owner.offset;
    if (std::find(offsets, offsets + n, at) == offsets + n) continue;
    const std::uint32_t s = static_cast<std::uint32_t>(&sl - space_->slots().data());
    if (!space_->domains()[sl.domain].objects) continue;
    hot_slots_[s].tree = hot_slots_[s].generated = true;
  }
}

const void* korat_search::object_of(const void* type) {
  const auto& domains = space_->data().class_domains;
  for (const auto& o : space_->objects())
    if (domains[o.class_domain].type == type) return arena_ + o.offset;
  return nullptr;
}

void korat_search::restrict_to_raw(std::uint32_t slot, std::uint64_t raw) {
  const hot_slot& sl = hot_slots_[slot];
  for (std::uint32_t v = 0; v <= sl.last; ++v)
    if (sl.raws[v] == raw) return narrow(slot, v, v);
  narrow(slot, 1, 0);  // no value of the domain: none is valid
}

// When null is the domain's first value (or_null() puts it there); otherwise left as it is.
void korat_search::restrict_to_non_null(std::uint32_t slot) {
  const hot_slot& sl = hot_slots_[slot];
  if (sl.values[0].object == -1 && sl.values[0].class_domain == -1 && sl.raws[0] == 0) narrow(slot, 1, sl.last);
}

// For an integer domain in arithmetic order (ints(min, max, step)); others are left as they are.
void korat_search::restrict_to_range(std::uint32_t slot, std::int64_t lo, std::int64_t hi) {
  const arithmetic_form d = arithmetic_[slot];
  if (d.step == 0) return;
  const std::int64_t last = static_cast<std::int64_t>(hot_slots_[slot].last);
  // The values v with lo <= first + v * step <= hi.
  const std::int64_t top = d.first + last * d.step;
  if (lo > top || hi < d.first) return narrow(slot, 1, 0);
  std::int64_t from = lo <= d.first ? 0 : lo - d.first;
  std::int64_t to = hi >= top ? last : hi - d.first;
  if (d.step != 1) {  // ints(min, max, step): no division for the common step of 1
    if (from != 0) from = (from + d.step - 1) / d.step;
    if (to != last) to /= d.step;
  }
  if (from > to) return narrow(slot, 1, 0);
  narrow(slot, static_cast<std::uint32_t>(from), static_cast<std::uint32_t>(to));
}

std::vector<std::uint32_t> korat_search::tree_slots() const {
  std::vector<std::uint32_t> out;
  if (trees_.empty()) return out;
  for (std::uint32_t s = 0; s < slot_count_; ++s)
    if (hot_slots_[s].tree) out.push_back(s);
  return out;
}

void korat_search::mark_tree_slots(const std::vector<std::uint32_t>& slots) {
  for (const std::uint32_t s : slots) hot_slots_[s].tree = hot_slots_[s].generated = true;
}

// How many values follow the current one at stack position `position` (the siblings to come);
// with pick < that count, `picked` is the pick-th of them. Values are left as they were.

}  // namespace smallscope::detail
