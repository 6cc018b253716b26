// What a spec's declarations ask of a whole structure, on masks (mask_evaluator.hpp; paper
// 003, Sec. 3: sig and field declarations as in Alloy, checked as evaluator::facts_hold checks
// them), and a partial instance's masks.
#include <bit>

#include "evaluate/mask_bits.hpp"
#include "evaluate/mask_evaluator.hpp"

namespace smallscope::spec {

using masks::bit;

truth mask_evaluator::declarations_hold(const partial_masks& p) const {
  if (!binary_fields_) return truth::unknown;
  auto is_int_sig = [&](std::uint32_t s) { return m_.sigs[s].builtin && m_.sigs[s].name == "Int"; };
  auto sig_value = [&](std::uint32_t s) { return is_int_sig(s) ? ints_ : p.sigs[s]; };
  auto fits = [](int count, multiplicity mult) {
    switch (mult) {
      case multiplicity::lone: return count <= 1;
      case multiplicity::some: return count >= 1;
      case multiplicity::set: return true;
      default: return count == 1;  // none means one
    }
  };
  for (std::uint32_t s = 0; s < m_.sigs.size(); ++s) {
    const sig_decl& sig = m_.sigs[s];
    if (is_int_sig(s)) continue;
    const std::uint64_t atoms = p.sigs[s];
    if (sig.mult != multiplicity::none && sig.mult != multiplicity::set && !fits(std::popcount(atoms), sig.mult)) return truth::no;
    if (sig.parent_index >= 0) {
      if ((atoms & ~sig_value(static_cast<std::uint32_t>(sig.parent_index))) != 0) return truth::no;
      for (std::uint32_t t = s + 1; t < m_.sigs.size(); ++t) {
        if (m_.sigs[t].parent_index == sig.parent_index && (atoms & sig_value(t)) != 0) return truth::no;
      }
    }
    if (sig.is_abstract) {
      std::uint64_t covered = 0;
      bool has_children = false;
      for (std::uint32_t t = 0; t < m_.sigs.size(); ++t) {
        if (m_.sigs[t].parent_index != static_cast<std::int32_t>(s)) continue;
        has_children = true;
        covered |= sig_value(t);
      }
      if (has_children && (atoms & ~covered) != 0) return truth::no;
    }
  }
  for (std::size_t f = 0; f < m_.field_list.size(); ++f) {
    const field_ref& r = m_.field_list[f];
    const field_decl& fd = m_.sigs[r.sig].fields[r.index];
    const std::uint64_t owners = sig_value(r.sig), column = sig_value(fd.columns.at(0));
    for (std::uint32_t a = 0; a < 64; ++a) {
      const std::uint64_t row = p.rows[f * 64 + a];
      if (row != 0 && ((owners & bit(a)) == 0 || (row & ~column) != 0)) return truth::no;  // type
      if ((owners & bit(a)) != 0 && !fits(std::popcount(row), fd.mult)) return truth::no;
    }
  }
  return truth::yes;
}

partial_masks masks_of(const module& m, const partial_instance& p) {
  partial_masks out;
  for (const tuple_set& s : p.known.sigs) {
    std::uint64_t mask = 0;
    for (std::uint32_t a : s.atoms) mask |= bit(a);
    out.sigs.push_back(mask);
  }
  out.rows.assign(m.field_list.size() * 64, 0);
  out.read.assign(m.field_list.size(), 0);
  for (std::size_t f = 0; f < m.field_list.size(); ++f) {
    const tuple_set& r = p.known.fields.at(f);
    if (r.arity == 2) {
      for (std::size_t i = 0; i + 1 < r.atoms.size(); i += 2) out.rows[f * 64 + r.atoms[i]] |= bit(r.atoms[i + 1]);
    }
    for (std::size_t a = 0; a < p.read.at(f).size(); ++a) {
      if (p.read[f][a]) out.read[f] |= bit(static_cast<std::uint32_t>(a));
    }
  }
  for (std::size_t a = 0; a < p.readable.size(); ++a) {
    if (p.readable[a]) out.readable |= bit(static_cast<std::uint32_t>(a));
  }
  out.complete = p.complete;
  return out;
}

void known_of(const partial_masks& p, instance& out) {
  for (std::size_t s = 0; s < out.sigs.size(); ++s) {
    out.sigs[s].atoms.clear();
    masks::each(p.sigs[s], [&](std::uint32_t a) { out.sigs[s].atoms.push_back(a); });
  }
  for (std::size_t f = 0; f < out.fields.size(); ++f) {
    out.fields[f].atoms.clear();
    if (out.fields[f].arity != 2) continue;
    for (std::uint32_t a = 0; a < 64; ++a) {
      masks::each(p.rows[f * 64 + a], [&](std::uint32_t v) { out.fields[f].atoms.insert(out.fields[f].atoms.end(), {a, v}); });
    }
  }
}

}  // namespace smallscope::spec
