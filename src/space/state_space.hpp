// The state space of a finitization (paper 000, Sec. 3.3): one slot per field of every object,
// each slot an index into its field domain; the candidate vector assigns every slot.
//
// All objects of the finitization live in one arena, constructed once; array element storage
// follows the objects. The arena is aligned to its size rounded up to a power of two (its
// span). Slots are laid out as Korat 1.0 lays out its candidate vector: class domains in
// creation order, objects in index order, each object's fields in the order of the set calls
// (an array field contributes its length slot, then its element slots). A byte-offset table
// maps a field's address back to its slot for the observer.
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <memory>
#include <string>
#include <vector>

#include "smallscope/detail/content_shape.hpp"
#include "smallscope/detail/finitization_data.hpp"
#include "smallscope/detail/observer.hpp"

namespace smallscope::detail {

// One value of a field domain.
struct value_info {
  std::uint64_t raw = 0;          // the bytes stored in the field
  std::int64_t integer = 0;       // integer domains: the value
  std::int32_t object = -1;       // object domains: global object id; -1 for null
  std::int32_t class_domain = -1;  // -1 for null and integers
  std::int32_t index_in_class_domain = -1;
  std::int32_t next_class_domain_first = -1;  // value index where the next class domain starts
  bool isomorphism_checked = false;  // an object of a class domain in isomorphism breaking
};

// A count's second and later arrays (set_counted): their elements start `start` slots past the
// count's, and `live[v]` of them are visited when the count holds value index v.
struct walk_group {
  std::uint32_t start = 0;
  const std::int32_t* live = nullptr;
};

struct domain {
  std::vector<value_info> values;
  bool objects = false;
  // For the walk of a valid structure: per value, the object it points to in an object domain
  // (-1 for null and for objects without fields), or the length in an array's length domain;
  // empty for other integers.
  std::vector<std::int32_t> walk_targets;
  // For a count of several arrays: per later array, its groups' start and live elements per value.
  std::vector<std::vector<std::int32_t>> group_live;
  std::vector<walk_group> groups;
  std::vector<std::uint64_t> raws;  // values[v].raw, for writing
  // How each value reads in a structure's text, when not as its integer (contents: "\"ab\"",
  // "0.5", "items[1]"); empty otherwise.
  std::vector<std::string> labels;
  // Integers first, first + step, ... in that order (ints(min, max, step)): value v is
  // first + v * step. For the dedicated generators' ranges.
  bool arithmetic = false;
  std::int64_t first = 0;
  std::int64_t step = 0;
};

// content: a slot of a member that holds contents (contents.hpp), 8 bytes in the arena after the
// objects, from which the member is rebuilt.
enum class slot_kind : std::uint8_t { scalar, array_length, array_element, content };

struct slot {
  std::uint32_t offset = 0;   // of the field in the arena
  std::uint32_t domain = 0;
  std::uint32_t object = 0;   // the object that owns the field
  std::uint32_t binding = 0;  // index into finitization_data::bindings
  std::int32_t element = -1;  // array elements: the index
  std::uint32_t capacity = 0;  // array lengths: how many element slots follow
  std::uint8_t size = 0;      // bytes written
  slot_kind kind = slot_kind::scalar;
  bool fixed = false;         // of a set_all array: one value, never on the field-access stack
  std::uint32_t name = 0xffffffffu;  // contents: the slot's own name ("items[0].first")
};

// What a slot of contents needs beyond a slot: the steering slot whose region holds it (a
// length, a presence, a count, a variant's index) and its place there, and for a steering slot
// the live part of its region per value.
struct content_slot {
  std::uint32_t guard = 0xffffffffu;
  std::uint32_t position = 0;
  const std::pair<std::uint32_t, std::uint32_t>* live = nullptr;  // steering: per value index
  std::uint32_t instance = 0;  // the member (state_space::contents())
  // An iterator slot: the length slot of the member it points into, and whether value 0 is end().
  std::uint32_t bound_by = 0xffffffffu;
  bool end_allowed = false;
};

// One object's member that holds contents: where it and its slots are, and what it was last
// rebuilt from.
struct content_instance {
  std::uint32_t object = 0;
  std::uint32_t member_offset = 0;  // in the arena
  std::uint32_t shadow_offset = 0;  // of its first slot's bytes
  std::uint32_t first_slot = 0;
  std::uint32_t end_slot = 0;
  const content_member* content = nullptr;
  std::vector<std::uint32_t> depends;  // the instances its iterators point into
  // Rebuilds (state_space::refresh):
  std::vector<std::uint64_t> built;  // the slot values of the last rebuild
  bool has_built = false;
  std::uint64_t generation = 0;
  std::vector<std::uint64_t> depends_generation;
};

// What writing and backtracking need of a slot, in one place: its field domain's values (and
// their raw bytes densely), where its field is, and how many values it has.
struct alignas(32) hot_slot {  // a power of two: indexing it is one shift
  const value_info* values = nullptr;
  const std::uint64_t* raws = nullptr;  // values[v].raw, densely
  std::uint32_t offset = 0;
  std::uint32_t last = 0;  // index of the domain's last value
  std::uint8_t size = 0;
  bool isomorphism_checked = false;  // some value is an object in isomorphism breaking
  // Dedicated generators (generators.hpp), set by the search: a tree field (null or a fresh
  // node), a slot whose values a generator has narrowed, and either of them.
  bool tree = false;
  bool restricted = false;
  bool generated = false;
  // symbolic_ints() (paper 001): the value stands for an order relation to the values of the
  // same binding deeper on the stack (korat_search_symbolic.cpp)
  bool symbolic = false;
};
static_assert(sizeof(hot_slot) == 32);

// What the walk of a valid structure needs of a slot.
struct walk_slot {
  // domain::walk_targets, or null when no value leads anywhere: the slot's value cannot change
  // the walk
  const std::int32_t* targets = nullptr;
  std::uint32_t offset = 0;
  std::uint32_t capacity = 0;  // array lengths and counts: how many element slots follow
  bool is_length = false;      // targets are how many of the (first group's) elements are live
  std::uint32_t more_groups = 0;      // counts of several arrays: the groups after the first
  const walk_group* groups = nullptr;
};

// Stores value index `value` of slot `sl` into its field in `arena`.
inline void write_field(std::byte* arena, const hot_slot& sl, std::uint32_t value) {
  const std::uint64_t raw = sl.raws[value];
  std::byte* p = arena + sl.offset;
  if (sl.size == 4) {  // int fields and 32-bit values: the common case first
    const auto v = static_cast<std::uint32_t>(raw);
    std::memcpy(p, &v, 4);
    return;
  }
  switch (sl.size) {
    case 1: { const auto v = static_cast<std::uint8_t>(raw); std::memcpy(p, &v, 1); break; }
    case 2: { const auto v = static_cast<std::uint16_t>(raw); std::memcpy(p, &v, 2); break; }
    case 4: { const auto v = static_cast<std::uint32_t>(raw); std::memcpy(p, &v, 4); break; }
    default: std::memcpy(p, &raw, 8); break;
  }
}

struct object_info {
  std::uint32_t class_domain = 0;
  std::uint32_t index = 0;  // within its class domain
  std::uint32_t offset = 0;  // in the arena
  std::uint32_t first_slot = 0;
  std::uint32_t end_slot = 0;
};

class state_space {
 public:
  // Builds the space and constructs every object. Throws finitization_error on a bad one.
  explicit state_space(finitization_data data);
  ~state_space();
  state_space(const state_space&) = delete;
  state_space& operator=(const state_space&) = delete;

  // Stores value index `value` of slot `s` into its field.
  void write(std::uint32_t s, std::uint32_t value) const { write_field(arena_, hot_[s], value); }
  // Stores a whole candidate vector, and rebuilds its members that hold contents (false when
  // an iterator among them names no element: no structure).
  bool write_all(const std::uint32_t* values) const {
    for (std::uint32_t s = 0; s < slots_.size(); ++s) write(s, values[s]);
    return refresh_all();
  }

  // Members that hold contents (contents.hpp), by arena offset.
  const std::vector<content_instance>& contents() const { return contents_; }
  // Per slot, for the slots of contents; empty when no member holds contents.
  const std::vector<content_slot>& content_slots() const { return content_slots_; }
  // Rebuilds member `i` from its slots when they (or the members its iterators point into)
  // changed since its last rebuild. Throws ill_formed_content when an iterator names no element.
  void refresh(std::uint32_t i) const;
  // Every member that holds contents, up to date; false when one is ill-formed.
  bool refresh_all() const;
  // Sets every derived member (finitization::derive) from the others: the reads it makes under
  // the search's observer are the invariant's.
  void derive_all() const;
  bool has_derived() const {
    return std::any_of(contents_.begin(), contents_.end(), [](const content_instance& c) { return bool(c.content->derive); });
  }
  // The observer's read of the member at arena offset `offset` that holds contents (whole, or
  // its size): brings it up to date unless `mirrored` (a copy's member read, mapped back), then
  // reads each of its live slots (the size's slots only), an iterator's bound first.
  bool read_contents(access_observer& observer, std::uintptr_t offset, bool size_only, bool mirrored) const;
  // The name of slot s: its field's, or a content slot's own.
  const std::string& slot_name(std::uint32_t s) const {
    const slot& sl = slots_[s];
    return sl.name != 0xffffffffu ? names_[sl.name] : data_.bindings[sl.binding].name;
  }

  void* root() const { return arena_ + objects_[0].offset; }
  std::byte* arena() const { return arena_; }
  std::size_t arena_bytes() const { return arena_bytes_; }
  // arena_bytes() rounded up to a power of two; the arena is aligned to it, so the low bits of
  // an address in the arena are its offset.
  std::size_t arena_span() const { return arena_span_; }
  const std::uint32_t* slot_at() const { return slot_at_.data(); }

  std::uint32_t slot_count() const { return static_cast<std::uint32_t>(slots_.size()); }
  const std::vector<slot>& slots() const { return slots_; }
  const hot_slot* hot_slots() const { return hot_.data(); }
  const walk_slot* walk_slots() const { return walk_.data(); }
  // Per slot, for the elements of arrays counted by another slot (set_counted): the count and
  // when the element is live; null when no array is counted.
  const counted_element* counted() const { return counted_.empty() ? nullptr : counted_.data(); }
  // Whether slot `s` is an element past its array's live length in `values`: at or past an
  // array's length, or past the count of a counted array. Such a slot is no part of the structure.
  bool dead(const std::uint32_t* values, std::uint32_t s) const {
    const slot& sl = slots_[s];
    if (sl.kind == slot_kind::content) return content_dead(values, s);
    if (sl.kind == slot_kind::array_element) {
      const std::uint32_t head = s - 1 - static_cast<std::uint32_t>(sl.element);
      return sl.element >= value(head, values[head]).integer;
    }
    if (counted_.empty() || counted_[s].count_slot == no_slot) return false;
    const counted_element& e = counted_[s];
    return e.live[values[e.count_slot]] <= static_cast<std::int32_t>(e.index);
  }
  const std::vector<object_info>& objects() const { return objects_; }
  const std::vector<domain>& domains() const { return domains_; }
  const value_info& value(std::uint32_t s, std::uint32_t v) const {
    return domains_[slots_[s].domain].values[v];
  }
  const finitization_data& data() const { return data_; }
  std::uint32_t class_domain_count() const {
    return static_cast<std::uint32_t>(data_.class_domains.size());
  }

  // "Node#2"
  std::string object_label(std::uint32_t object) const;
  // The text of value `v` of slot `s`: "null", "Node#1", "-3", "true".
  std::string value_text(std::uint32_t s, std::uint32_t v) const;

 private:
  void layout_objects();
  void add_domains();
  void add_slots();
  void add_symbolic_domains();
  void unbind_storage();
  std::uint32_t add_domain(const value_set& vs, const field_binding& b);
  void add_content_slots(std::uint32_t object, std::uint32_t binding, std::size_t shadow);
  void link_contents();
  bool content_dead(const std::uint32_t* values, std::uint32_t s) const;

  finitization_data data_;
  std::vector<object_info> objects_;
  std::vector<slot> slots_;
  std::vector<hot_slot> hot_;
  std::vector<walk_slot> walk_;
  std::vector<counted_element> counted_;
  std::vector<domain> domains_;
  std::vector<std::uint32_t> binding_domain_;  // binding -> its value domain
  std::vector<std::uint32_t> binding_length_domain_;  // array binding -> its length domain
  std::vector<std::uint32_t> storage_offset_;  // array storage, per object and array binding
  std::vector<std::uint32_t> shadow_offset_;   // content slots, per object and content binding
  mutable std::vector<content_instance> contents_;
  std::vector<content_slot> content_slots_;
  std::vector<std::vector<std::pair<std::uint32_t, std::uint32_t>>> live_tables_;
  std::vector<std::string> names_;
  std::vector<std::pair<std::uint64_t, std::uint32_t>> content_domains_;  // (binding, spec) -> domain
  std::vector<std::pair<std::uint32_t, std::uint32_t>> content_at_;  // (member offset, instance), sorted
  std::vector<std::uint32_t> slot_at_;
  std::byte* arena_ = nullptr;
  std::size_t arena_bytes_ = 0;
  std::size_t arena_span_ = 0;
  std::size_t objects_bytes_ = 0;
  bool constructed_ = false;
};

}  // namespace smallscope::detail
