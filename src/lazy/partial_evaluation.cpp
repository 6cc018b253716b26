// Conservative evaluation on a partial structure (paper 001, Sec. 4.3.1, Fig. 9): the search
// confined to a work unit whose prefix is the initialized fields, below which nothing is
// advanced, so it explores exactly their completions. Isomorphism breaking is off: it assumes
// objects are used in index order, which a given prefix need not follow. See partial.hpp.
#include "smallscope/partial.hpp"

#include <set>
#include <stdexcept>

#include "search/korat_search.hpp"
#include "space/state_space.hpp"

namespace smallscope {

const char* partial_verdict_name(partial_verdict v) {
  switch (v) {
    case partial_verdict::violated: return "violated";
    case partial_verdict::valid: return "valid";
    case partial_verdict::unknown: return "unknown";
  }
  return "?";
}

namespace {

std::string slot_label(const detail::state_space& space, std::uint32_t s) {
  const auto& sl = space.slots()[s];
  std::string label = space.object_label(sl.object) + "." + space.slot_name(s);
  if (sl.kind == detail::slot_kind::array_length) label += ".length";
  if (sl.kind == detail::slot_kind::array_element) label += "[" + std::to_string(sl.element) + "]";
  return label;
}

}  // namespace

partial_verdict evaluate_partial(const finitization& fin, const predicate& invariant,
                                 const std::vector<initialized_field>& initialized) {
  search_options o;
  o.isomorphism_breaking = false;
  detail::korat_search search(std::make_unique<detail::state_space>(fin.data()), invariant, o);
  const detail::state_space& space = search.space();
  detail::work_unit unit;
  std::set<std::uint32_t> given;
  for (const auto& [field, value] : initialized) {
    std::uint32_t s = 0;
    while (s < space.slot_count() && slot_label(space, s) != field) ++s;
    if (s == space.slot_count()) {
      std::string known;
      for (std::uint32_t k = 0; k < space.slot_count() && k < 12; ++k) known += (k == 0 ? "" : ", ") + slot_label(space, k);
      throw std::invalid_argument("no field '" + field + "' in this finitization; its fields are like " + known);
    }
    if (space.slots()[s].fixed) throw std::invalid_argument("field '" + field + "' is fixed by the finitization");
    if (!given.insert(s).second) throw std::invalid_argument("field '" + field + "' is given twice");
    std::uint32_t v = 0;
    const std::uint32_t values = space.hot_slots()[s].last + 1;
    while (v < values && space.value_text(s, v) != value) ++v;
    if (v == values) {
      std::string known;
      for (std::uint32_t k = 0; k < values; ++k) known += (k == 0 ? "" : ", ") + space.value_text(s, k);
      throw std::invalid_argument("field '" + field + "' cannot hold '" + value + "'; its values: " + known);
    }
    unit.slots.push_back(s);
    unit.values.push_back(v);
  }
  unit.floor = static_cast<std::uint32_t>(unit.slots.size());
  search.start(unit);
  if (!search.next()) return partial_verdict::violated;
  // A completion is valid. The structure is complete when the invariant read no field beyond
  // the given ones and no other completion is valid: the next one would differ in a reachable
  // field the invariant does not read (the valid-candidate rule pushes those) and be valid too.
  if (search.stats().explored != 1 || search.field_stack().size() != unit.slots.size()) return partial_verdict::unknown;
  return search.next() ? partial_verdict::unknown : partial_verdict::valid;
}

}  // namespace smallscope
