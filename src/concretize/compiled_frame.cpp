// The frame of a compiled spec's judgement (smallscope/compiled_spec.hpp; paper 000, Sec. 3: the
// fields an invariant reads, noted as it reads them): objects numbered as met, each field of an
// object read once per judgement, closures kept per object; and the registry of compiled specs.
#include <algorithm>
#include <bit>

#include "smallscope/compiled_spec.hpp"

namespace smallscope::compiled {

namespace {

std::vector<const compiled_spec*>& registry() {
  static std::vector<const compiled_spec*> specs;
  return specs;
}

objects bit(std::uint32_t atom) { return objects{1} << atom; }

}  // namespace

bool register_compiled_spec(const compiled_spec& spec) {
  registry().push_back(&spec);
  return true;
}

const std::vector<const compiled_spec*>& compiled_specs() { return registry(); }

void frame::bind(const compiled_spec& spec, std::vector<field_place> places, std::vector<std::int64_t> counts,
                 std::uint32_t bit_width) {
  spec_ = &spec;
  places_ = std::move(places);
  counts_ = std::move(counts);
  bit_width_ = bit_width == 0 ? 64 : bit_width;
  int_min_ = bit_width_ >= 64 ? INT64_MIN : -(std::int64_t{1} << (bit_width_ - 1));
  int_max_ = bit_width_ >= 64 ? INT64_MAX : (std::int64_t{1} << (bit_width_ - 1)) - 1;
  known_.assign(spec.field_count, 0);
  rows_.assign(std::size_t{spec.field_count} * max_objects, 0);
  ints_.assign(std::size_t{spec.field_count} * max_objects, lone_int{});
  read_at_.assign(std::size_t{spec.field_count} * max_objects, 0);
  star_at_.assign(std::size_t{spec.fieldset_count} * max_objects, 0);
  star_known_.assign(spec.fieldset_count, 0);
  stars_.assign(std::size_t{spec.fieldset_count} * max_objects, 0);
  memo_known_.assign(spec.memo_count, 0);
  memo_key_.assign(spec.memo_count, 0);
  memo_value_.assign(std::size_t{spec.memo_count} * max_objects, 0);
  memo_at_.assign(std::size_t{spec.memo_count} * max_objects, 0);
  std::fill(std::begin(table_stamp_), std::end(table_stamp_), 0u);
  stamp_ = 0;
}

void frame::start(const void* root) {
  if (++stamp_ == 0) {  // the stamps wrapped: no entry may look current
    std::fill(std::begin(table_stamp_), std::end(table_stamp_), 0u);
    stamp_ = 1;
  }
  met_ = 0;
  reads_ = 0;
  consulted = 0;
  bound = never;
  overflow_ = false;
  on_path_ = 0;
  std::fill(known_.begin(), known_.end(), 0);
  std::fill(star_known_.begin(), star_known_.end(), 0);
  std::fill(memo_known_.begin(), memo_known_.end(), 0);
  atom_of(static_cast<const std::byte*>(root));
}

std::uint32_t frame::atom_of(const std::byte* object) {
  const auto key = reinterpret_cast<std::uintptr_t>(object);
  std::uint32_t h = static_cast<std::uint32_t>((key >> 3) * 0x9E3779B97F4A7C15ull >> 56);
  while (true) {
    if (table_stamp_[h] != stamp_) break;
    if (table_key_[h] == object) return table_atom_[h];
    h = (h + 1) % table_size;
  }
  if (met_ == max_objects) {  // the judgement is void (overflowed() says so); any atom will do
    overflow_ = true;
    return 0;
  }
  table_stamp_[h] = stamp_;
  table_key_[h] = object;
  table_atom_[h] = static_cast<std::uint8_t>(met_);
  objects_[met_] = object;
  return met_++;
}

objects frame::read_object(std::uint32_t atom, std::uint32_t f) {
  if (bound != never) {
    consulted = never;
    return 0;
  }
  const std::byte* at = objects_[atom] + places_[f].offset;
  detail::current_observer->on_read(at);
  const std::byte* target = nullptr;
  std::memcpy(&target, at, sizeof target);
  const objects out = target == nullptr ? 0 : bit(atom_of(target));
  rows_[std::size_t{f} * max_objects + atom] = out;
  read_at_[std::size_t{f} * max_objects + atom] = consulted = ++reads_;
  known_[f] |= bit(atom);
  return out;
}

lone_int frame::read_int(std::uint32_t atom, std::uint32_t f) {
  if (bound != never) {
    consulted = never;
    return {};
  }
  const std::byte* at = objects_[atom] + places_[f].offset;
  detail::current_observer->on_read(at);
  std::int64_t v = 0;
  switch (places_[f].size) {
    case 1: { std::int8_t x; std::memcpy(&x, at, 1); v = x; break; }
    case 2: { std::int16_t x; std::memcpy(&x, at, 2); v = x; break; }
    case 4: { std::int32_t x; std::memcpy(&x, at, 4); v = x; break; }
    default: { std::memcpy(&v, at, 8); break; }
  }
  // An integer outside Int's bit width has no atom: the field holds no tuple, as abstraction has it.
  const lone_int out = v < int_min_ || v > int_max_ ? lone_int{} : lone_int{true, v};
  ints_[std::size_t{f} * max_objects + atom] = out;
  read_at_[std::size_t{f} * max_objects + atom] = consulted = ++reads_;
  known_[f] |= bit(atom);
  return out;
}

// Tarjan's strongly connected components from `atom` along the fieldset: a component's star is its
// objects and the stars of the components it leads to (complete before it, in Tarjan's order),
// each with the latest read among its objects' fields and those stars. One walk gives the star of
// every object it meets, cycles included (a list through its header: one component).
objects frame::compute_star(std::uint32_t atom, std::uint32_t fieldset) {
  const std::uint32_t before = consulted;
  consulted = 0;
  walk_visited_ = walk_kept_ = on_path_ = 0;
  walk_size_ = walk_counter_ = 0;
  strong(atom, fieldset);
  const std::size_t cell = std::size_t{fieldset} * max_objects + atom;
  const objects out = stars_[cell];
  if (consulted == never) {
    star_known_[fieldset] &= ~walk_kept_;  // frozen and short of a field: not the stars, not to be kept
  } else {
    consulted = star_at_[cell];
  }
  consulted = later(before, consulted);
  return out;
}

void frame::strong(std::uint32_t v, std::uint32_t fieldset) {
  const std::uint32_t* first = spec_->fieldset_fields + spec_->fieldset_begin[fieldset];
  const std::uint32_t* end = spec_->fieldset_fields + spec_->fieldset_begin[fieldset + 1];
  walk_index_[v] = walk_low_[v] = static_cast<std::uint8_t>(walk_counter_++);
  walk_visited_ |= bit(v);
  on_path_ |= bit(v);
  walk_stack_[walk_size_++] = static_cast<std::uint8_t>(v);
  for (const std::uint32_t* f = first; f != end; ++f) {
    for (objects next = row(v, *f); next != 0; next &= next - 1) {
      const auto c = static_cast<std::uint32_t>(std::countr_zero(next));
      if (star_known_[fieldset] & bit(c)) continue;  // a complete star: its component is done
      if (!(walk_visited_ & bit(c))) {
        strong(c, fieldset);
        walk_low_[v] = std::min(walk_low_[v], walk_low_[c]);
      } else if (on_path_ & bit(c)) {
        walk_low_[v] = std::min(walk_low_[v], walk_index_[c]);
      }
    }
  }
  if (walk_low_[v] != walk_index_[v]) return;
  objects members = 0;
  std::uint32_t u = 0;
  do {
    u = walk_stack_[--walk_size_];
    on_path_ &= ~bit(u);
    members |= bit(u);
  } while (u != v);
  objects star = members;
  std::uint32_t at = 0;
  for (objects m = members; m != 0; m &= m - 1) {
    u = static_cast<std::uint32_t>(std::countr_zero(m));
    for (const std::uint32_t* f = first; f != end; ++f) {
      const std::size_t cell = std::size_t{*f} * max_objects + u;
      at = later(at, read_at_[cell]);
      for (objects next = rows_[cell] & ~members; next != 0; next &= next - 1) {
        const std::size_t other = std::size_t{fieldset} * max_objects + static_cast<std::uint32_t>(std::countr_zero(next));
        star |= stars_[other];
        at = later(at, star_at_[other]);
      }
    }
  }
  for (objects m = members; m != 0; m &= m - 1) {
    const std::size_t cell = std::size_t{fieldset} * max_objects + static_cast<std::uint32_t>(std::countr_zero(m));
    stars_[cell] = star;
    star_at_[cell] = at;
  }
  star_known_[fieldset] |= members;
  walk_kept_ |= members;
}

// Depth first from `o`, each object's fields in the fieldset's order: the objects numbered in
// preorder, as a hand-written walk with bounds visits them (the quantifiers over a subtree then
// meet its keys in that order); false at the first object met again.
bool frame::preorder(std::uint32_t o, const std::uint32_t* first, const std::uint32_t* end, objects& seen,
                     std::uint32_t* order, std::uint32_t& size) {
  for (const std::uint32_t* f = first; f != end; ++f) {
    const objects next = row(o, *f);
    if (next == 0) continue;
    if (next & seen) return false;
    seen |= next;
    const auto c = static_cast<std::uint32_t>(std::countr_zero(next));
    order[size++] = c;
    if (!preorder(c, first, end, seen, order, size)) return false;
  }
  return true;
}

bool frame::tree(objects from, std::uint32_t fieldset) {
  if (from == 0) return true;
  const std::uint32_t* first = spec_->fieldset_fields + spec_->fieldset_begin[fieldset];
  const std::uint32_t* end = spec_->fieldset_fields + spec_->fieldset_begin[fieldset + 1];
  std::uint32_t queue[max_objects];
  std::uint32_t size = 0;
  queue[size++] = static_cast<std::uint32_t>(std::countr_zero(from));
  objects seen = from;
  if (!preorder(queue[0], first, end, seen, queue, size)) return false;
  if (consulted == never) return true;  // frozen and short of a field: nothing to keep
  // A tree: each object's star is itself and its children's, kept from the leaves up, each with
  // the latest read of its subtree.
  for (std::uint32_t i = size; i-- > 0;) {
    const std::uint32_t a = queue[i];
    objects star = bit(a);
    std::uint32_t at = 0;
    for (const std::uint32_t* f = first; f != end; ++f) {
      const std::size_t cell = std::size_t{*f} * max_objects + a;
      at = later(at, read_at_[cell]);
      if (rows_[cell] == 0) continue;
      const auto c = static_cast<std::uint32_t>(std::countr_zero(rows_[cell]));
      star |= stars_[std::size_t{fieldset} * max_objects + c];
      at = later(at, star_at_[std::size_t{fieldset} * max_objects + c]);
    }
    stars_[std::size_t{fieldset} * max_objects + a] = star;
    star_at_[std::size_t{fieldset} * max_objects + a] = at;
  }
  for (std::uint32_t i = 0; i < size; ++i) star_known_[fieldset] |= bit(queue[i]);
  return true;
}

}  // namespace smallscope::compiled
