// Members that hold contents in the state space (paper 000, Sec. 3.3; contents.hpp): their slots
// (content_layout.hpp) after the objects, the liveness of each slot under the steering slots
// above it, and the rebuild of a member from its slots when the invariant reads it or the search
// hands out a structure. See state_space.hpp.
#include <algorithm>
#include <bit>
#include <cstring>

#include "smallscope/finitization.hpp"
#include "space/content_layout.hpp"
#include "space/state_space.hpp"

namespace smallscope::detail {
namespace {

// The domain of a value slot of contents: each value's bytes and text.
domain leaf_domain(const content_shape& leaf) {
  domain d;
  const auto add = [&](std::uint64_t raw, std::int64_t integer) {
    value_info v;
    v.raw = raw;
    v.integer = integer;
    d.values.push_back(v);
    d.labels.push_back(leaf_text(leaf, static_cast<std::uint32_t>(d.values.size() - 1)));
  };
  switch (leaf.kind) {
    case content_kind::integer:
      for (auto v : leaf.integers) add(static_cast<std::uint64_t>(v), v);
      break;
    case content_kind::real:
      for (std::size_t i = 0; i < leaf.reals.size(); ++i) add(std::bit_cast<std::uint64_t>(leaf.reals[i]), static_cast<std::int64_t>(i));
      break;
    case content_kind::string:
      for (std::size_t i = 0; i < leaf.strings.size(); ++i) add(i, static_cast<std::int64_t>(i));
      break;
    case content_kind::element: {
      // raw 0 is end(), raw i + 1 element i
      if (leaf.end_allowed) add(0, -1);
      for (std::uint32_t i = 0; i < leaf.target_capacity; ++i) add(i + 1, i);
      break;
    }
    default: break;
  }
  return d;
}

}  // namespace

void state_space::add_content_slots(std::uint32_t object, std::uint32_t binding, std::size_t shadow) {
  const field_binding& b = data_.bindings[binding];
  const std::vector<content_slot_spec> specs = lay_out(b.content->shape, b.name);
  if (content_slots_.size() < slots_.size()) content_slots_.resize(slots_.size());
  const auto first = static_cast<std::uint32_t>(slots_.size());
  content_instance instance;
  instance.object = object;
  instance.member_offset = static_cast<std::uint32_t>(objects_[object].offset + b.offset);
  instance.shadow_offset = static_cast<std::uint32_t>(shadow);
  instance.first_slot = first;
  instance.end_slot = first + static_cast<std::uint32_t>(specs.size());
  instance.content = b.content.get();
  const auto instance_index = static_cast<std::uint32_t>(contents_.size());
  contents_.push_back(std::move(instance));
  for (std::uint32_t i = 0; i < specs.size(); ++i) {
    const content_slot_spec& spec = specs[i];
    // One domain per binding and place: every object's member shares it.
    const std::uint64_t key = (static_cast<std::uint64_t>(binding) << 32) | i;
    auto known = std::find_if(content_domains_.begin(), content_domains_.end(), [&](const auto& e) { return e.first == key; });
    std::uint32_t dom = 0;
    if (known != content_domains_.end()) {
      dom = known->second;
    } else {
      if (spec.leaf != nullptr && spec.leaf->kind == content_kind::object) {
        dom = add_domain(spec.leaf->objects, b);
      } else {
        domain d;
        if (spec.leaf != nullptr) {
          d = leaf_domain(*spec.leaf);
        } else {
          for (auto v : spec.values) {
            value_info vi;
            vi.raw = static_cast<std::uint64_t>(v);
            vi.integer = v;
            d.values.push_back(vi);
            if (spec.role == content_role::presence) d.labels.push_back(v != 0 ? "true" : "false");
          }
        }
        if (d.values.empty()) throw finitization_error("field " + b.owner_name + "." + spec.name + ": its domain has no values");
        domains_.push_back(std::move(d));
        dom = static_cast<std::uint32_t>(domains_.size() - 1);
      }
      content_domains_.emplace_back(key, dom);
    }
    slot sl;
    sl.object = object;
    sl.binding = binding;
    sl.kind = slot_kind::content;
    sl.offset = static_cast<std::uint32_t>(shadow + i * sizeof(std::uint64_t));
    sl.size = sizeof(std::uint64_t);
    sl.domain = dom;
    sl.capacity = spec.region;
    sl.name = static_cast<std::uint32_t>(names_.size());
    names_.push_back(spec.name);
    slot_at_[sl.offset] = static_cast<std::uint32_t>(slots_.size());
    slots_.push_back(sl);
    content_slot c;
    c.instance = instance_index;
    if (spec.guard >= 0) c.guard = first + static_cast<std::uint32_t>(spec.guard);
    c.position = spec.position;
    if (spec.role != content_role::value) {
      live_tables_.push_back(spec.live);
      c.live = nullptr;  // set in link_contents, once live_tables_ stops growing
    }
    if (spec.leaf != nullptr && spec.leaf->kind == content_kind::element) c.end_allowed = spec.leaf->end_allowed;
    content_slots_.push_back(c);
  }
}

// After every slot exists: the live tables' addresses, each iterator slot's bound (the length
// slot of the member it points into, in the same object) and each member's dependencies.
void state_space::link_contents() {
  if (contents_.empty()) return;
  content_slots_.resize(slots_.size());
  std::size_t table = 0;
  for (const auto& c : contents_) {
    const std::vector<content_slot_spec> specs = lay_out(c.content->shape, "");
    for (std::uint32_t i = 0; i < specs.size(); ++i)
      if (specs[i].role != content_role::value) content_slots_[c.first_slot + i].live = live_tables_[table++].data();
  }
  for (auto& c : contents_) {
    const std::vector<content_slot_spec> specs = lay_out(c.content->shape, "");
    for (std::uint32_t i = 0; i < specs.size(); ++i) {
      if (specs[i].leaf == nullptr || specs[i].leaf->kind != content_kind::element) continue;
      const std::size_t target = objects_[c.object].offset + specs[i].leaf->target_offset;
      std::uint32_t bound = no_slot;
      for (std::uint32_t j = 0; j < contents_.size(); ++j)
        if (contents_[j].member_offset == target) {
          bound = contents_[j].first_slot;  // a sequence's length
          if (std::find(c.depends.begin(), c.depends.end(), j) == c.depends.end()) c.depends.push_back(j);
        }
      for (std::uint32_t s = objects_[c.object].first_slot; bound == no_slot && s < objects_[c.object].end_slot; ++s)
        if (slots_[s].kind == slot_kind::array_length &&
            slots_[s].offset == target + (data_.bindings[slots_[s].binding].length_is_end_pointer ? sizeof(void*) : 0))
          bound = s;  // a std::vector of scalars: its length slot
      content_slots_[c.first_slot + i].bound_by = bound;
    }
    c.depends_generation.assign(c.depends.size(), 0);
  }
  for (std::uint32_t j = 0; j < contents_.size(); ++j) content_at_.emplace_back(contents_[j].member_offset, j);
  std::sort(content_at_.begin(), content_at_.end());
}

bool state_space::content_dead(const std::uint32_t* values, std::uint32_t s) const {
  while (true) {
    const content_slot& c = content_slots_[s];
    if (c.guard == no_slot) return false;
    const auto live = content_slots_[c.guard].live[values[c.guard]];
    if (c.position < live.first || c.position >= live.second) return true;
    s = c.guard;
  }
}

void state_space::derive_all() const {
  for (const auto& c : contents_)
    if (c.content->derive) c.content->derive(arena_ + objects_[c.object].offset);
}

void state_space::refresh(std::uint32_t i) const {
  content_instance& c = contents_[i];
  if (c.content->derive) {  // no slots: follows the other members, whatever changed
    c.content->derive(arena_ + objects_[c.object].offset);
    return;
  }
  const auto* slots = reinterpret_cast<const std::uint64_t*>(arena_ + c.shadow_offset);
  const std::size_t n = c.end_slot - c.first_slot;
  bool stale = !c.has_built || std::memcmp(c.built.data(), slots, n * sizeof(std::uint64_t)) != 0;
  for (std::size_t k = 0; k < c.depends.size(); ++k) {
    refresh(c.depends[k]);
    stale = stale || contents_[c.depends[k]].generation != c.depends_generation[k];
  }
  if (!stale) return;
  c.has_built = false;
  content_context ctx;
  ctx.object = arena_ + objects_[c.object].offset;
  ctx.self = const_cast<state_space*>(this);
  ctx.refresh = [](void* self, const void* member) {
    const auto* space = static_cast<const state_space*>(self);
    const auto offset = static_cast<std::uint32_t>(static_cast<const std::byte*>(member) - space->arena_);
    const auto found = std::lower_bound(space->content_at_.begin(), space->content_at_.end(), std::make_pair(offset, 0u));
    if (found != space->content_at_.end() && found->first == offset) space->refresh(found->second);
  };
  c.content->build(arena_ + c.member_offset, c.content->shape, slots, ctx);
  c.built.assign(slots, slots + n);
  c.has_built = true;
  ++c.generation;
  for (std::size_t k = 0; k < c.depends.size(); ++k) c.depends_generation[k] = contents_[c.depends[k]].generation;
}

bool state_space::refresh_all() const {
  try {
    for (std::uint32_t i = 0; i < contents_.size(); ++i) refresh(i);
  } catch (const ill_formed_content&) {
    return false;
  }
  return true;
}

bool state_space::read_contents(access_observer& observer, std::uintptr_t offset, bool size_only, bool mirrored) const {
  const auto found = std::lower_bound(content_at_.begin(), content_at_.end(), std::make_pair(static_cast<std::uint32_t>(offset), 0u));
  if (found == content_at_.end() || found->first != offset) return false;
  const content_instance* at = &contents_[found->second];
  const std::uint32_t* values = observer.candidate();
  const auto read_live = [&](const content_instance& in, bool top_only) {
    for (std::uint32_t s = in.first_slot; s < in.end_slot; ++s) {
      const content_slot& c = content_slots_[s];
      if (top_only && c.guard != no_slot) continue;  // the size: the top level's slots
      if (content_dead(values, s)) continue;
      if (c.bound_by != no_slot) observer.read_slot(c.bound_by, slots_[c.bound_by].offset);
      observer.read_slot(s, slots_[s].offset);
    }
  };
  read_live(*at, size_only);
  // Its iterators are followed into the members they point into, unobserved (the elements of a
  // std::list live in its nodes): what they can reach there counts as read with them.
  if (!size_only)
    for (const std::uint32_t d : at->depends) read_live(contents_[d], false);
  // Rebuilt after its slots are read: when an iterator names no element (ill_formed_content),
  // the reads that decide so are on the stack, and the search varies them.
  if (!mirrored) refresh(found->second);
  return true;
}

}  // namespace smallscope::detail
