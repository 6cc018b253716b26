// The shape of a member's contents (contents.hpp), as the state space lays it out in slots
// (paper 000, Sec. 3.3: one slot per field; Korat's arrays: a length slot, then element slots).
// A shape is a tree: leaves take one slot each (an integer, a real, a string, an object, an
// element of another member); a sequence takes a length slot and `capacity` elements; an
// optional a presence slot and its value; a set a presence (or count) slot per key, a map that
// and the key's value (or `capacity` values); a variant an index slot and each alternative; a
// tuple or a struct its parts in order. The slots a steering slot (length, presence, count,
// index) governs follow it, and only some of them are live for each of its values.
// Stage: space.
#pragma once

#include <algorithm>
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "smallscope/detail/finitization_data.hpp"

namespace smallscope::detail {

enum class content_kind : std::uint8_t {
  integer, real, string, object, element, sequence, optional, keyed, variant, tuple,
  storage,  // a value of parts[0] in byte storage, perhaps live only as a guard says
  derived   // no slots: computed from the object's other members (finitization::derive)
};

struct content_shape {
  content_kind kind = content_kind::integer;
  std::string type_name;  // the C++ type, for messages and pictures
  // Leaves.
  std::vector<std::int64_t> integers;  // integer: the values in order
  bool is_bool = false;
  bool is_char = false;
  std::vector<double> reals;         // real
  std::vector<std::string> strings;  // string
  value_set objects;                 // object
  std::size_t target_offset = 0;     // element: the other member's offset in the object
  std::string target_name;           // element: its name
  bool end_allowed = false;          // element: end() is a value too
  std::uint32_t target_capacity = 0;  // element: the other member's most elements
  // Composites.
  std::vector<content_shape> parts;     // sequence, optional: {element}; keyed: {key} or {key, value};
                                        // variant: its alternatives; tuple: its parts
  std::vector<std::string> part_names;  // tuple: ".first", ".x"
  std::vector<std::size_t> part_offsets;  // a struct's bound members: their offsets in it
  std::vector<std::int64_t> counts;     // sequence: the lengths; keyed: the counts (multi) or {0, 1}
  bool multi = false;                   // keyed: a count per key (each key once otherwise)
  // storage: live unless the member just before it in its struct holds `dead`; `owner` is the
  // struct (a type key), the offsets are in it (live_part.hpp's guarded storage, for the walks)
  bool guarded = false;
  std::int64_t dead = 0;
  const void* owner = nullptr;
  std::size_t storage_offset = 0, storage_bytes = 0, guard_offset = 0, guard_bytes = 0;
  bool guard_signed = false;
  std::string (*storage_text)(const void* bytes) = nullptr;  // storage of an arithmetic T: its value as text
  bool ordered = false;                 // keyed: iteration follows the keys' order (std::map, std::set)

  std::uint32_t capacity() const {
    std::int64_t most = 0;
    for (auto c : counts) most = std::max(most, c);
    return static_cast<std::uint32_t>(most);
  }
  // The number of keys of a keyed container's key domain.
  std::uint32_t key_count() const {
    const content_shape& k = parts.front();
    return static_cast<std::uint32_t>(k.kind == content_kind::string ? k.strings.size()
                                      : k.kind == content_kind::real ? k.reals.size()
                                                                      : k.integers.size());
  }
  // The slots one value of this shape takes.
  std::uint32_t width() const {
    switch (kind) {
      case content_kind::sequence: return 1 + capacity() * parts[0].width();
      case content_kind::optional: return 1 + parts[0].width();
      case content_kind::keyed: {
        const std::uint32_t value = parts.size() > 1 ? parts[1].width() : 0;
        return key_count() * (1 + (multi ? capacity() : 1) * value);
      }
      case content_kind::storage: return parts[0].width();
      case content_kind::derived: return 0;
      case content_kind::variant:
      case content_kind::tuple: {
        std::uint32_t w = kind == content_kind::variant ? 1 : 0;
        for (const auto& p : parts) w += p.width();
        return w;
      }
      default: return 1;
    }
  }
};

// What a member's build needs beyond its slots: the object holding it, and a way to bring
// another member of that object up to date first (an iterator points into what it rebuilt).
struct content_context {
  void* object = nullptr;
  void (*refresh)(void* self, const void* member) = nullptr;
  void* self = nullptr;
};

// Thrown by a build when an iterator slot names an element past the other member's live
// elements: the candidate is no structure (the search counts it invalid, rarely: it bounds
// such slots by the other member's length).
struct ill_formed_content {};

// A member bound to contents (finitization::set with a domain of contents.hpp): its shape, how
// to rebuild it from its slots' values (in the shape's order), and how to let go of what it owns.
struct content_member {
  content_shape shape;
  void (*build)(void* member, const content_shape& shape, const std::uint64_t* slots, const content_context& ctx) = nullptr;
  void (*disown)(void* member) = nullptr;
  // derived: sets the member from the other members of the object at `object`
  std::function<void(void* object)> derive;
  // derived: the member's value in the object at `object` as C++ for a reproducer, `$self` the
  // object (a number, or a pointer into one of its contents: `&$self.data_[2]`); empty when it
  // has no such form
  std::function<std::string(const void* object)> derived_code;
};

}  // namespace smallscope::detail
