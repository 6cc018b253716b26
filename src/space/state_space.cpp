// Building the state space from a finitization (paper 000, Sec. 3.3). See state_space.hpp.
#include "space/state_space.hpp"

#include <algorithm>
#include <bit>
#include <limits>
#include <new>

#include "smallscope/detail/content_text.hpp"
#include "smallscope/detail/std_vector.hpp"
#include "smallscope/finitization.hpp"
#include "space/byte_accounting.hpp"
#include "space/content_layout.hpp"

namespace smallscope::detail {
namespace {

constexpr std::size_t arena_alignment = 64;

std::size_t align_up(std::size_t n, std::size_t a) { return (n + a - 1) / a * a; }

std::string field_name(const field_binding& b) { return b.owner_name + "." + b.name; }

}  // namespace

state_space::state_space(finitization_data data) : data_(std::move(data)) {
  if (data_.class_domains.empty() || data_.class_domains[0].count != 1)
    throw finitization_error("a finitization needs a root class domain of one object");
  // Every bound field belongs to a class that has objects; every registered field of such a
  // class is bound exactly once.
  for (const auto& b : data_.bindings) {
    bool has_objects = std::any_of(data_.class_domains.begin(), data_.class_domains.end(),
                                   [&](const class_domain_data& d) { return d.type == b.owner; });
    if (!has_objects)
      throw finitization_error("field " + field_name(b) + " has a domain but no class domain of " +
                               b.owner_name + " exists");
  }
  for (const auto& d : data_.class_domains) {
    for (const auto& f : d.registered_fields) {
      bool bound = std::any_of(data_.bindings.begin(), data_.bindings.end(),
                               [&](const field_binding& b) { return b.owner == d.type && b.name == f; });
      if (!bound) {
        // A member of an element of an array of structs: "child_[0].left".
        const auto close = f.find("].");
        const std::string how =
            close == std::string::npos
                ? "give it one with set()"
                : "give each element's " + f.substr(close + 2) + " one with set(&C::" + f.substr(0, f.find('[')) +
                      ", &S::" + f.substr(close + 2) + ", domain), or set_counted(&C::" + f.substr(0, f.find('[')) +
                      ", &S::" + f.substr(close + 2) + ", &C::count, domain) when a count says how many are live";
        throw finitization_error("field " + d.type_name + "." + f + " has no field domain: " + how);
      }
    }
  }
  require_every_byte_bound(data_);
  layout_objects();
  add_domains();
  add_slots();
}

state_space::~state_space() {
  if (constructed_) {
    unbind_storage();
    for (auto it = objects_.rbegin(); it != objects_.rend(); ++it)
      data_.class_domains[it->class_domain].destroy(arena_ + it->offset);
  }
  ::operator delete(arena_, std::align_val_t{arena_span_});
}

void state_space::layout_objects() {
  std::size_t at = 0;
  for (std::uint32_t c = 0; c < data_.class_domains.size(); ++c) {
    const auto& d = data_.class_domains[c];
    at = align_up(at, d.align);
    for (std::uint32_t i = 0; i < d.count; ++i) {
      object_info o;
      o.class_domain = c;
      o.index = i;
      o.offset = static_cast<std::uint32_t>(at);
      objects_.push_back(o);
      at += d.size;
      if (at > std::numeric_limits<std::uint32_t>::max() / 2)
        throw finitization_error("the finitization has too many objects for one arena");
    }
  }
  objects_bytes_ = at;
  // Array element storage follows the objects: for each object, each of its array fields.
  storage_offset_.clear();
  for (const auto& o : objects_) {
    for (const auto& b : data_.bindings) {
      if (!b.is_array || b.owner != data_.class_domains[o.class_domain].type) continue;
      const auto capacity = *std::max_element(b.lengths.integers.begin(), b.lengths.integers.end());
      at = align_up(at, b.value_size);
      storage_offset_.push_back(static_cast<std::uint32_t>(at));
      at += static_cast<std::size_t>(capacity) * b.value_size;
      if (at > std::numeric_limits<std::uint32_t>::max() / 2)
        throw finitization_error("field " + field_name(b) + ": arrays too long for one arena");
    }
  }
  // Then the slots of members that hold contents: 8 bytes each, per object and such binding.
  shadow_offset_.clear();
  for (const auto& o : objects_) {
    for (const auto& b : data_.bindings) {
      if (b.content == nullptr || b.owner != data_.class_domains[o.class_domain].type) continue;
      at = align_up(at, sizeof(std::uint64_t));
      shadow_offset_.push_back(static_cast<std::uint32_t>(at));
      at += static_cast<std::size_t>(b.content->shape.width()) * sizeof(std::uint64_t);
      if (at > std::numeric_limits<std::uint32_t>::max() / 2)
        throw finitization_error("field " + field_name(b) + ": contents too large for one arena");
    }
  }
  arena_bytes_ = std::max<std::size_t>(align_up(at, arena_alignment), arena_alignment);
  arena_span_ = std::bit_ceil(arena_bytes_);
  arena_ = static_cast<std::byte*>(::operator new(arena_bytes_, std::align_val_t{arena_span_}));
  std::memset(arena_, 0, arena_bytes_);
  std::size_t constructed = 0;
  try {
    for (const auto& o : objects_) {
      data_.class_domains[o.class_domain].construct(arena_ + o.offset);
      ++constructed;
    }
  } catch (...) {
    unbind_storage();
    for (std::size_t i = constructed; i-- > 0;)
      data_.class_domains[objects_[i].class_domain].destroy(arena_ + objects_[i].offset);
    ::operator delete(arena_, std::align_val_t{arena_span_});
    arena_ = nullptr;
    throw;
  }
  constructed_ = true;
  std::size_t next_storage = 0;
  for (const auto& o : objects_) {
    for (const auto& b : data_.bindings) {
      if (!b.is_array || b.owner != data_.class_domains[o.class_domain].type) continue;
      const auto capacity = *std::max_element(b.lengths.integers.begin(), b.lengths.integers.end());
      b.bind_storage(arena_ + o.offset + b.offset, arena_ + storage_offset_[next_storage++],
                     static_cast<int>(capacity));
    }
  }
}

// std::vector members let go of the arena's elements (std_vector.hpp). Vectors not bound yet
// are still empty, and emptying them again changes nothing.
void state_space::unbind_storage() {
  for (const auto& o : objects_)
    for (const auto& b : data_.bindings)
      if (b.unbind_storage != nullptr && b.owner == data_.class_domains[o.class_domain].type)
        b.unbind_storage(arena_ + o.offset + b.offset);
  // Contents let go of the arena's objects they hold; their destructors free the rest.
  for (const auto& c : contents_) c.content->disown(arena_ + c.member_offset);
}

std::uint32_t state_space::add_domain(const value_set& vs, const field_binding& b) {
  domain d;
  d.objects = vs.is_objects;
  if (!vs.reals.empty()) {  // floating point: each value's bytes, and its text
    for (std::size_t i = 0; i < vs.reals.size(); ++i) {
      value_info vi;
      vi.integer = static_cast<std::int64_t>(i);
      vi.raw = b.encode_real(vs.reals[i]);
      d.values.push_back(vi);
      d.labels.push_back(real_literal(vs.reals[i]));
    }
  } else if (!vs.is_objects) {
    for (auto v : vs.integers) {
      value_info vi;
      vi.integer = v;
      vi.raw = b.encode(v);
      d.values.push_back(vi);
    }
  } else {
    if (vs.null_allowed) d.values.push_back(value_info{});
    for (std::size_t k = 0; k < vs.class_domains.size(); ++k) {
      const std::uint32_t c = vs.class_domains[k];
      if (std::count(vs.class_domains.begin(), vs.class_domains.end(), c) > 1)
        throw finitization_error("field " + field_name(b) + ": class domain " +
                                 data_.class_domains[c].name + " appears twice in its domain");
      const auto first = static_cast<std::int32_t>(d.values.size());
      for (std::uint32_t o = 0; o < objects_.size(); ++o) {
        if (objects_[o].class_domain != c) continue;
        value_info vi;
        vi.object = static_cast<std::int32_t>(o);
        vi.class_domain = static_cast<std::int32_t>(c);
        vi.index_in_class_domain = static_cast<std::int32_t>(objects_[o].index);
        vi.raw = reinterpret_cast<std::uintptr_t>(arena_ + objects_[o].offset);
        vi.isomorphism_checked = data_.class_domains[c].isomorphism_checked;
        d.values.push_back(vi);
      }
      // Objects of this class domain jump to the first object of the next non-empty one.
      const auto next = static_cast<std::int32_t>(d.values.size());
      for (auto i = first; i < next; ++i) d.values[i].next_class_domain_first = next;
    }
    for (auto& vi : d.values)  // past the last object: no next class domain
      if (vi.next_class_domain_first == static_cast<std::int32_t>(d.values.size())) vi.next_class_domain_first = -1;
  }
  if (d.values.empty())
    throw finitization_error("field " + field_name(b) + ": its domain has no values");
  domains_.push_back(std::move(d));
  return static_cast<std::uint32_t>(domains_.size() - 1);
}

void state_space::add_domains() {
  binding_domain_.resize(data_.bindings.size());
  binding_length_domain_.resize(data_.bindings.size());
  for (std::size_t i = 0; i < data_.bindings.size(); ++i) {
    const auto& b = data_.bindings[i];
    if (b.symbolic) continue;  // a domain per slot: add_symbolic_domains
    if (b.content != nullptr) continue;  // domains per slot of its contents: add_content_slots
    binding_domain_[i] = add_domain(b.values, b);
    if (b.is_array) {
      field_binding length_binding = b;
      length_binding.encode = &encode_integer<int>;
      binding_length_domain_[i] = add_domain(b.lengths, length_binding);
    }
  }
}

void state_space::add_slots() {
  slot_at_.assign(arena_bytes_, no_slot);
  std::size_t next_storage = 0;
  std::size_t next_shadow = 0;
  auto add = [&](slot s) {
    slot_at_[s.offset] = static_cast<std::uint32_t>(slots_.size());
    slots_.push_back(s);
  };
  for (std::uint32_t o = 0; o < objects_.size(); ++o) {
    auto& obj = objects_[o];
    obj.first_slot = static_cast<std::uint32_t>(slots_.size());
    const void* type = data_.class_domains[obj.class_domain].type;
    for (std::uint32_t bi = 0; bi < data_.bindings.size(); ++bi) {
      const auto& b = data_.bindings[bi];
      if (b.owner != type) continue;
      slot s;
      s.object = o;
      s.binding = bi;
      s.offset = static_cast<std::uint32_t>(obj.offset + b.offset);
      if (b.content != nullptr) {
        add_content_slots(o, bi, shadow_offset_[next_shadow++]);
        continue;
      }
      if (!b.is_array) {
        s.domain = binding_domain_[bi];
        s.size = b.value_size;
        add(s);
        continue;
      }
      // An array: its length slot, then its element slots.
      const auto capacity = *std::max_element(b.lengths.integers.begin(), b.lengths.integers.end());
      s.kind = slot_kind::array_length;
      s.domain = binding_length_domain_[bi];
      s.size = sizeof(int);
      s.capacity = static_cast<std::uint32_t>(capacity);
      s.fixed = b.fixed;
      const std::size_t storage = storage_offset_[next_storage++];
      if (b.length_is_end_pointer) {  // a std::vector: its end pointer, one past the live elements
        domain ends = domains_[s.domain];
        for (auto& v : ends.values)
          v.raw = reinterpret_cast<std::uintptr_t>(arena_ + storage) + static_cast<std::uint64_t>(v.integer) * b.value_size;
        domains_.push_back(std::move(ends));
        s.domain = static_cast<std::uint32_t>(domains_.size() - 1);
        s.offset += static_cast<std::uint32_t>(detail::std_vector_end_offset);
        s.size = sizeof(void*);
      }
      add(s);
      for (std::int32_t i = 0; i < capacity; ++i) {
        slot e;
        e.object = o;
        e.binding = bi;
        e.kind = slot_kind::array_element;
        e.element = i;
        e.domain = binding_domain_[bi];
        if (b.fixed) {  // element i holds object i of the class domain, and nothing else
          domain only = domains_[e.domain];
          only.values = {only.values[static_cast<std::size_t>(i)]};
          only.values[0].next_class_domain_first = -1;
          domains_.push_back(std::move(only));
          e.domain = static_cast<std::uint32_t>(domains_.size() - 1);
          e.fixed = true;
        }
        e.size = b.value_size;
        e.offset = static_cast<std::uint32_t>(storage + static_cast<std::size_t>(i) * b.value_size);
        add(e);
      }
    }
    obj.end_slot = static_cast<std::uint32_t>(slots_.size());
  }
  add_symbolic_domains();
  link_contents();
  for (const auto& sl : slots_) {
    auto& d = domains_[sl.domain];
    const bool isomorphic = std::any_of(d.values.begin(), d.values.end(),
                                        [](const value_info& v) { return v.isomorphism_checked; });
    if (d.raws.empty()) {
      for (const auto& v : d.values) d.raws.push_back(v.raw);
      const auto& vs = d.values;
      d.arithmetic = !d.objects && !vs.empty() && vs[0].object < 0 && vs[0].class_domain < 0 &&
                     (vs.size() == 1 || vs[1].integer > vs[0].integer);
      d.first = vs.empty() ? 0 : vs[0].integer;
      d.step = vs.size() > 1 ? vs[1].integer - vs[0].integer : 1;
      for (std::size_t i = 1; d.arithmetic && i < vs.size(); ++i)
        d.arithmetic = vs[i].object < 0 && vs[i].class_domain < 0 && vs[i].integer - vs[i - 1].integer == d.step;
    }
    hot_.push_back(hot_slot{d.values.data(), d.raws.data(), sl.offset, static_cast<std::uint32_t>(d.values.size() - 1),
                            sl.size, isomorphic});
    hot_.back().symbolic = sl.kind == slot_kind::scalar && data_.bindings[sl.binding].symbolic;
    // An iterator slot advances only over the elements its member holds (korat_search's
    // next_generated bounds it by that member's length).
    if (sl.kind == slot_kind::content && content_slots_[&sl - slots_.data()].bound_by != no_slot)
      hot_.back().generated = true;
    // A steering slot of contents steers the walk as an array length does: its region's live
    // prefix per value, a variant's later alternatives as groups.
    const content_slot* steer = sl.kind == slot_kind::content && content_slots_[&sl - slots_.data()].live != nullptr
                                    ? &content_slots_[&sl - slots_.data()]
                                    : nullptr;
    if (steer != nullptr && d.walk_targets.empty()) {
      std::vector<std::uint32_t> starts;
      for (std::size_t v = 0; v < d.values.size(); ++v) {
        const auto live = steer->live[v];
        d.walk_targets.push_back(live.first == 0 ? static_cast<std::int32_t>(live.second) : 0);
        if (live.first != 0 && std::find(starts.begin(), starts.end(), live.first) == starts.end()) starts.push_back(live.first);
      }
      for (const std::uint32_t start : starts) {
        d.group_live.emplace_back();
        for (std::size_t v = 0; v < d.values.size(); ++v) {
          const auto live = steer->live[v];
          d.group_live.back().push_back(live.first == start ? static_cast<std::int32_t>(live.second - start) : 0);
        }
      }
      for (std::size_t g = 0; g < starts.size(); ++g) d.groups.push_back(walk_group{starts[g], d.group_live[g].data()});
    }
    if (steer != nullptr) {
      walk_.push_back(walk_slot{d.walk_targets.data(), sl.offset, slots_[&sl - slots_.data()].capacity, true,
                                static_cast<std::uint32_t>(d.groups.size()), d.groups.data()});
      continue;
    }
    const bool is_length = sl.kind == slot_kind::array_length;
    // A count of a C array's live elements (set_counted) steers the walk as an array length
    // does: the element slots follow it, and those at the count and past it are not visited.
    const auto& binding = data_.bindings[sl.binding];
    const bool is_count = sl.kind == slot_kind::scalar && binding.counts > 0;
    if ((d.objects || is_length || is_count) && d.walk_targets.empty())
      for (const auto& v : d.values) {
        // An object without fields leads nowhere: the walk need not visit it.
        const bool leads_somewhere = v.object >= 0 && objects_[v.object].first_slot != objects_[v.object].end_slot;
        const std::int64_t live =
            is_count ? std::clamp<std::int64_t>(v.integer + binding.count_groups[0].extra, 0,
                                                binding.count_groups[0].size)
                     : 0;
        d.walk_targets.push_back(is_length  ? static_cast<std::int32_t>(v.integer)
                                 : is_count ? static_cast<std::int32_t>(live)
                                 : leads_somewhere ? v.object
                                                   : -1);
      }
    // A slot whose every value leads nowhere is passed by like an integer: its value cannot
    // change the walk.
    const bool leads = is_length || is_count || std::any_of(d.walk_targets.begin(), d.walk_targets.end(),
                                                            [](std::int32_t t) { return t >= 0; });
    if (is_count && d.groups.empty() && binding.count_groups.size() > 1) {
      d.group_live.resize(binding.count_groups.size() - 1);
      std::uint32_t start = binding.count_groups[0].size;
      for (std::size_t g = 1; g < binding.count_groups.size(); ++g) {
        const auto& group = binding.count_groups[g];
        for (const auto& v : d.values)
          d.group_live[g - 1].push_back(
              static_cast<std::int32_t>(std::clamp<std::int64_t>(v.integer + group.extra, 0, group.size)));
        d.groups.push_back(walk_group{start, d.group_live[g - 1].data()});
        start += group.size;
      }
    }
    walk_.push_back(walk_slot{leads ? d.walk_targets.data() : nullptr, sl.offset,
                              is_count ? binding.counts : sl.capacity, is_length || is_count,
                              static_cast<std::uint32_t>(d.groups.size()), d.groups.data()});
  }
  // The elements of counted arrays follow their count's slot, group by group (set_counted).
  const auto n = static_cast<std::uint32_t>(slots_.size());
  for (std::uint32_t c = 0; c < n; ++c) {
    const slot& sl = slots_[c];
    const auto& binding = data_.bindings[sl.binding];
    if (sl.kind != slot_kind::scalar || binding.counts == 0) continue;
    if (counted_.empty()) counted_.resize(n);
    const domain& d = domains_[sl.domain];
    std::uint32_t next = c + 1;
    for (std::size_t g = 0; g < binding.count_groups.size(); ++g) {
      const std::int32_t* live = g == 0 ? d.walk_targets.data() : d.group_live[g - 1].data();
      for (std::uint32_t i = 0; i < binding.count_groups[g].size && next < n; ++i, ++next)
        counted_[next] = counted_element{c, sl.offset, i, live};
    }
  }
}

// symbolic_ints() (paper 001, Sec. 2.2.3; the search's side is korat_search_symbolic.cpp): the
// k slots of a binding share a line of units 0 .. (k+1)2^k - 1 (value = 2 * unit). Slot j's own
// unit (j+1)2^k is its value before the search gives it a relation: distinct for every slot and
// 2^k apart, so that every gap the relations of k keys make by halving has a midpoint. Slot j's
// domain is the line rotated to start at its own unit, so that index 0, the value a slot holds
// until backtracking advances it, is that unit.
void state_space::add_symbolic_domains() {
  for (std::uint32_t bi = 0; bi < data_.bindings.size(); ++bi) {
    const auto& b = data_.bindings[bi];
    if (!b.symbolic) continue;
    std::vector<std::uint32_t> keys;
    for (std::uint32_t s = 0; s < slots_.size(); ++s)
      if (slots_[s].binding == bi) keys.push_back(s);
    if (keys.size() > max_symbolic_keys)
      throw finitization_error("field " + field_name(b) + ": symbolic_ints() for " + std::to_string(keys.size()) +
                               " objects; at most " + std::to_string(max_symbolic_keys) +
                               " (give the field ints(...) instead)");
    const std::int64_t spacing = std::int64_t{1} << keys.size();
    const std::int64_t units = static_cast<std::int64_t>(keys.size() + 1) * spacing;
    for (std::size_t j = 0; j < keys.size(); ++j) {
      domain d;
      for (std::int64_t i = 0; i < units; ++i) {
        value_info vi;
        vi.integer = 2 * ((static_cast<std::int64_t>(j + 1) * spacing + i) % units);
        vi.raw = b.encode(vi.integer);
        d.values.push_back(vi);
      }
      domains_.push_back(std::move(d));
      slots_[keys[j]].domain = static_cast<std::uint32_t>(domains_.size() - 1);
    }
  }
}

std::string state_space::object_label(std::uint32_t object) const {
  const auto& o = objects_[object];
  return data_.class_domains[o.class_domain].name + "#" + std::to_string(o.index);
}

std::string state_space::value_text(std::uint32_t s, std::uint32_t v) const {
  const auto& d = domains_[slots_[s].domain];
  const auto& vi = d.values[v];
  if (!d.labels.empty()) return d.labels[v];
  if (d.objects) return vi.object < 0 ? "null" : object_label(static_cast<std::uint32_t>(vi.object));
  if (slots_[s].kind != slot_kind::array_length && data_.bindings[slots_[s].binding].is_bool)
    return vi.integer != 0 ? "true" : "false";
  return std::to_string(vi.integer);
}

}  // namespace smallscope::detail
