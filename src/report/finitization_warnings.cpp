// Warnings about a finitization and its invariant, from a sample of valid structures. See
// finitization_warnings.hpp.
#include "report/finitization_warnings.hpp"

#include <fmt/format.h>

#include <exception>

#include "space/state_space.hpp"

namespace smallscope::detail {
namespace {

// What the sample shows of one field of one class: its element slots (arrays), or its scalar or
// length slots.
struct field_seen {
  bool reachable = false;
  bool varies = false;
  std::uint32_t first = 0;  // the first value index seen
  std::uint32_t domain = 0;
  std::uint32_t example_slot = 0;
  // (sample structure, slot) where it is reachable, for re-running the invariant: every place
  // in the sample
  std::vector<std::pair<std::uint32_t, std::uint32_t>> places;
};

constexpr std::size_t most_values_tried = 256;
// Invariant calls one field's judgement may take; a field whose places need more is not judged
// (no warning: the advice to narrow it must rest on every place sampled).
constexpr std::uint64_t most_calls_per_field = std::uint64_t{1} << 16;

// Fields are told apart per class domain (a header's key is not a node's key, though both are
// node::key) and, for arrays, the length apart from the elements.
std::size_t field_key(const state_space& space, std::uint32_t s) {
  const slot& sl = space.slots()[s];
  const std::size_t domain = space.objects()[sl.object].class_domain;
  return (domain * space.data().bindings.size() + sl.binding) * 2 + (sl.kind == slot_kind::array_length ? 1 : 0);
}

// Marks the slots reachable from the root in `candidate` and notes their values.
void note_reachable(const state_space& space, std::span<const std::uint32_t> candidate, std::uint32_t k,
                    std::vector<field_seen>& fields, std::vector<std::uint32_t>& reached, std::uint32_t epoch) {
  std::vector<std::uint32_t> work{0};
  reached[0] = epoch;
  const auto note = [&](std::uint32_t s) {
    const slot& sl = space.slots()[s];
    // A member that holds contents is judged whole by the invariant's reads, not value by value.
    if (sl.fixed || sl.kind == slot_kind::content) return;
    field_seen& f = fields[field_key(space, s)];
    if (!f.reachable) {
      f.reachable = true;
      f.first = candidate[s];
      f.domain = sl.domain;
      f.example_slot = s;
    } else if (candidate[s] != f.first) {
      f.varies = true;
    }
    f.places.emplace_back(k, s);
  };
  const auto follow = [&](std::uint32_t s) {
    const value_info& v = space.value(s, candidate[s]);
    if (v.object >= 0 && reached[static_cast<std::size_t>(v.object)] != epoch) {
      reached[static_cast<std::size_t>(v.object)] = epoch;
      work.push_back(static_cast<std::uint32_t>(v.object));
    }
  };
  while (!work.empty()) {
    const object_info& o = space.objects()[work.back()];
    work.pop_back();
    for (std::uint32_t s = o.first_slot; s < o.end_slot; ++s) {
      const slot& sl = space.slots()[s];
      if (space.dead(candidate.data(), s)) continue;  // past a count: no part of the structure
      note(s);
      if (sl.kind == slot_kind::array_length) {
        const auto length = static_cast<std::uint32_t>(space.value(s, candidate[s]).integer);
        for (std::uint32_t e = 0; e < length && e < sl.capacity; ++e) {
          note(s + 1 + e);
          follow(s + 1 + e);
        }
        s += sl.capacity;
        continue;
      }
      follow(s);
    }
  }
}

// "Header.key", "Heap.array[]", "Heap.array.length": the class domain and the field.
std::string field_label(const finitization_data& data, std::size_t key) {
  const std::size_t bindings = data.bindings.size();
  const field_binding& b = data.bindings[(key / 2) % bindings];
  const std::string owner = data.class_domains[key / 2 / bindings].name;
  if (!b.is_array) return owner + "." + b.name;
  return owner + "." + b.name + (key % 2 == 1 ? ".length" : "[]");
}

// Whether the invariant accepts every other value of the field at every place in the sample
// where it is part of the structure: its verdict was seen not to depend on the field. A field
// determined by others (a key by its rank, a link by the shape) fails this at some place.
bool accepts_every_value(const state_space& space, const predicate& invariant, const field_seen& f,
                         std::span<const std::uint32_t> sample, std::uint32_t slots) {
  const auto values = static_cast<std::uint32_t>(space.domains()[f.domain].values.size());
  if (f.places.size() * (values - 1) > most_calls_per_field) return false;
  std::uint64_t tried = 0;
  for (const auto& [k, s] : f.places) {
    const auto candidate = sample.subspan(static_cast<std::size_t>(k) * slots, slots);
    space.write_all(candidate.data());
    for (std::uint32_t v = 0; v < values; ++v) {
      if (v == candidate[s]) continue;
      space.write(s, v);
      bool ok = false;
      try {
        ok = invariant.call(invariant.context.get(), space.root());
      } catch (...) {
        ok = false;
      }
      if (!ok) return false;
      ++tried;
    }
    space.write(s, candidate[s]);
  }
  return tried > 0;
}

// Whether some field of the finitization has more than one value to take, in an object that
// exists (a field of a class with no object in this scope takes no value at all).
bool has_choice(const finitization_data& data) {
  const auto exists = [&data](const field_binding& b) {
    bool known = false;
    for (const class_domain_data& d : data.class_domains)
      if (d.type == b.owner) {
        if (d.count > 0) return true;
        known = true;
      }
    return !known;  // an owner no domain names as its type: taken to exist
  };
  for (const field_binding& b : data.bindings) {
    if (!exists(b)) continue;
    if (b.symbolic || (b.is_array && b.lengths.integers.size() > 1)) return true;
    std::size_t values = b.values.integers.size();
    if (b.values.is_objects) {
      values = b.values.null_allowed ? 1 : 0;
      for (const auto id : b.values.class_domains) values += data.class_domains[id].count;
    }
    if (values > 1 && !b.fixed) return true;
  }
  return false;
}

}  // namespace

std::vector<std::string> finitization_warnings(const finitization_data& data, const predicate& invariant,
                                       std::span<const std::uint32_t> sample, std::uint32_t sample_count,
                                       const run_counts& counts) {
  std::vector<std::string> out;
  if (counts.complete && counts.valid == 0 && counts.explored > 0)
    out.push_back(fmt::format("no valid structure in this scope: the invariant rejected all {} candidates; are the "
                              "bounds too tight (a size range no structure of these objects reaches)?",
                              counts.explored));
  if (counts.complete && counts.explored == 1 && has_choice(data))
    out.push_back(fmt::format("1 candidate explored: the invariant returned {} having read no field with more than one "
                              "value, so nothing was varied. If it reads fields, its reads are not observed: code built "
                              "without smallscope_instrument (a variant or a source the rewrite did not reach), or "
                              "members not listed in SMALLSCOPE_FIELDS",
                              counts.valid == 1 ? "true" : "false"));
  if (counts.complete && counts.explored > 1 && counts.valid > 0 && !counts.fields_read && has_choice(data))
    out.push_back(fmt::format("the invariant read no field in any of its {} calls, yet accepted {}: its reads are not "
                              "observed, and the structures are the bounds' first values and their variations, not "
                              "what it checks. Build the code with smallscope_instrument (a variant or a source the "
                              "rewrite did not reach), or list its members in SMALLSCOPE_FIELDS",
                              counts.explored, counts.valid));
  if (counts.explored >= 10000 && counts.valid * 10 >= counts.explored * 9)
    out.push_back(fmt::format("the invariant accepts {:.1f}% of the candidates explored ({} of {}): an invariant "
                              "that constrains little makes the search enumerate nearly every candidate",
                              100.0 * static_cast<double>(counts.valid) / static_cast<double>(counts.explored),
                              counts.valid, counts.explored));
  if (sample_count == 0) return out;

  const state_space space(data);
  const std::uint32_t slots = space.slot_count();
  std::vector<field_seen> fields(2 * data.bindings.size() * data.class_domains.size());
  std::vector<std::uint32_t> reached(space.objects().size(), 0);
  for (std::uint32_t k = 0; k < sample_count; ++k)
    note_reachable(space, sample.subspan(static_cast<std::size_t>(k) * slots, slots), k, fields, reached, k + 1);

  const std::string where =
      counts.valid > sample_count ? fmt::format("in {} valid structures sampled of {}", sample_count, counts.valid)
                                  : std::string("in every valid structure");
  for (std::size_t key = 0; key < fields.size(); ++key) {
    const field_seen& f = fields[key];
    if (!f.reachable) continue;
    const domain& d = space.domains()[f.domain];
    const auto values = d.values.size();
    if (values < 2) continue;
    if (data.bindings[(key / 2) % data.bindings.size()].symbolic) continue;  // values are relations: no bounds to judge
    const std::string name = field_label(data, key);
    // Pointers are canonical under isomorphism breaking (the first object reached is #0), so a
    // pointer that never varies says nothing; integers that never vary do.
    if (!f.varies && !d.objects) {
      out.push_back(fmt::format("{} is {} {} where it is reachable, although its domain has {} values: the others "
                                "are never valid here (are its bounds wider than they need to be?)",
                                name, space.value_text(f.example_slot, f.first), where, values));
      continue;
    }
    if (d.objects || values > most_values_tried) continue;
    if (accepts_every_value(space, invariant, f, sample, slots))
      out.push_back(fmt::format("the invariant accepts every value of {} ({} values) {}: changing it never changed "
                                "the verdict, so each {} multiplies the count by {} (bind it to one value if it "
                                "should not matter)",
                                name, values,
                                counts.valid > sample_count
                                    ? fmt::format("in each of the {} valid structures sampled where it is part of one",
                                                  sample_count)
                                    : std::string("in every valid structure where it is part of one"),
                                name, values));
  }
  return out;
}

}  // namespace smallscope::detail
