// Field extensions from the search's valid structures (paper 004, Definitions 1 and 2).
#include "fe/search_extensions.hpp"

#include <fmt/format.h>

#include <map>

#include "space/reachable.hpp"

namespace smallscope::fe {

using detail::slot_kind;

pair_collector::pair_collector(const detail::state_space& space) : space_(space) {
  std::uint32_t next = 0;
  first_id_.resize(space.slot_count());
  for (std::uint32_t s = 0; s < space.slot_count(); ++s) {
    first_id_[s] = next;
    next += static_cast<std::uint32_t>(space.domains()[space.slots()[s].domain].values.size());
  }
  seen_.assign(next, 0);
}

void pair_collector::pairs_of(std::span<const std::uint32_t> values, std::vector<std::uint32_t>& out) {
  out.clear();
  detail::reachable_objects(space_, values, order_, objects_seen_);
  for (auto o : order_) {
    const auto& obj = space_.objects()[o];
    for (std::uint32_t s = obj.first_slot; s < obj.end_slot; ++s) {
      if (space_.slots()[s].fixed || detail::beyond_length(space_, values, s)) continue;
      out.push_back(first_id_[s] + values[s]);
    }
  }
}

std::uint64_t pair_collector::add(std::span<const std::uint32_t> values) {
  pairs_of(values, scratch_);
  std::uint64_t fresh = 0;
  for (auto id : scratch_) {
    if (seen_[id] == 0) {
      seen_[id] = 1;
      ++fresh;
    }
  }
  covered_ += fresh;
  return fresh;
}

extensions pair_collector::result() const {
  extensions out;
  std::map<std::string, std::size_t> index;
  for (std::uint32_t s = 0; s < space_.slot_count(); ++s) {
    const auto& sl = space_.slots()[s];
    const auto& obj = space_.objects()[sl.object];
    const std::string& cls = space_.data().class_domains[obj.class_domain].name;
    const std::string& name = space_.slot_name(s);  // a content slot's own ("items[0].first")
    const std::string field = sl.kind == slot_kind::array_length ? fmt::format("{}.{}.length", cls, name)
                                                                  : fmt::format("{}.{}", cls, name);
    auto [it, fresh] = index.try_emplace(field, out.fields.size());
    if (fresh) out.fields.push_back({field, {}});
    const std::string owner = sl.kind == slot_kind::array_element
                                  ? fmt::format("{}[{}]", space_.object_label(sl.object), sl.element)
                                  : space_.object_label(sl.object);
    const auto count = static_cast<std::uint32_t>(space_.domains()[sl.domain].values.size());
    for (std::uint32_t v = 0; v < count; ++v) {
      if (seen_[first_id_[s] + v] != 0) out.fields[it->second].pairs.emplace_back(owner, space_.value_text(s, v));
    }
  }
  normalize(out);
  return out;
}

std::vector<std::size_t> pair_collector::prune(const std::vector<std::vector<std::uint32_t>>& suite) {
  std::vector<std::vector<std::uint32_t>> pairs(suite.size());
  for (std::size_t i = 0; i < suite.size(); ++i) pairs_of(suite[i], pairs[i]);
  return prune_cover(pairs, seen_.size());
}

}  // namespace smallscope::fe
