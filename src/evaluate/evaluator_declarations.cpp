// The constraints a spec's declarations imply (paper 003, Sec. 3: sig and field declarations as
// in Alloy): `one`/`lone`/`some sig`, subsigs inside their parent and disjoint, abstract sigs
// covered by their subsigs, field tuples inside their column sigs, and field multiplicities.
#include <map>
#include <stdexcept>

#include "evaluate/evaluator.hpp"
#include "evaluate/evaluator_frame.hpp"
#include "evaluate/relations.hpp"

namespace smallscope::spec {

namespace {

const char* mult_name(multiplicity m) {
  switch (m) {
    case multiplicity::lone: return "lone";
    case multiplicity::some: return "some";
    case multiplicity::set: return "set";
    default: return "one";
  }
}

// Does a count of values satisfy multiplicity `m` (none means one)?
bool count_fits(std::size_t count, multiplicity m) {
  switch (m) {
    case multiplicity::none:
    case multiplicity::one: return count == 1;
    case multiplicity::lone: return count <= 1;
    case multiplicity::some: return count >= 1;
    case multiplicity::set: return true;
  }
  return true;
}

}  // namespace

void evaluator::declaration_failures(std::vector<std::string>& out, bool first_only) const {
  auto fail = [&](std::string label) {
    out.push_back(std::move(label));
    return first_only;  // true: stop
  };
  // Sigs.
  for (std::uint32_t s = 0; s < m_.sigs.size(); ++s) {
    const sig_decl& sig = m_.sigs[s];
    if (is_int_sig(s)) continue;
    const tuple_set& atoms = sig_value(s);
    if (sig.mult != multiplicity::none && sig.mult != multiplicity::set && !count_fits(atoms.size(), sig.mult)) {
      if (fail(std::string(mult_name(sig.mult)) + " sig " + sig.name)) return;
    }
    if (sig.parent_index >= 0) {
      const sig_decl& parent = m_.sigs.at(static_cast<std::size_t>(sig.parent_index));
      if (!rel::subset(atoms, sig_value(static_cast<std::uint32_t>(sig.parent_index)))) {
        if (fail("sig " + sig.name + " extends " + parent.name)) return;
      }
      for (std::uint32_t t = s + 1; t < m_.sigs.size(); ++t) {
        if (m_.sigs[t].parent_index != sig.parent_index) continue;
        if (!rel::intersect(atoms, sig_value(t)).empty()) {
          if (fail("sigs " + sig.name + " and " + m_.sigs[t].name + " extend " + parent.name + " disjointly")) return;
        }
      }
    }
    if (sig.is_abstract) {
      tuple_set covered = rel::empty(1);
      bool has_children = false;
      for (std::uint32_t t = 0; t < m_.sigs.size(); ++t) {
        if (m_.sigs[t].parent_index != static_cast<std::int32_t>(s)) continue;
        has_children = true;
        covered = rel::unite(covered, sig_value(t));
      }
      if (has_children && !rel::subset(atoms, covered)) {
        if (fail("abstract sig " + sig.name)) return;
      }
    }
  }
  // Fields.
  for (std::uint32_t s = 0; s < m_.sigs.size(); ++s) {
    for (std::size_t j = 0; j < m_.sigs[s].fields.size(); ++j) {
      const field_decl& fd = m_.sigs[s].fields[j];
      const tuple_set& value = state_.fields.at(field_numbers_[s][j]);
      const tuple_set& owners = sig_value(s);
      std::string prefix = "field '" + fd.name + "' of " + m_.sigs[s].name + ": ";
      // Every tuple lies in owner -> column sigs.
      bool typed = value.arity == fd.arity && fd.columns.size() + 1 == value.arity;
      for (std::size_t i = 0; typed && i < value.size(); ++i) {
        const std::uint32_t* t = value.atoms.data() + i * value.arity;
        typed = owners.contains(t);
        for (std::size_t c = 0; typed && c < fd.columns.size(); ++c) typed = sig_value(fd.columns[c]).contains(t + 1 + c);
      }
      if (!typed && fail(prefix + "type")) return;
      // How many values each owner has: the declared multiplicity (`one` when none) for a unary
      // type; for a wider type, the multiplicity bounds the number of tuples of owner.f.
      std::map<std::uint32_t, std::size_t> per_owner;
      for (std::size_t i = 0; i < value.size(); ++i) ++per_owner[value.atoms[i * value.arity]];
      multiplicity m = fd.mult;
      if (fd.arity > 2 && m == multiplicity::none) m = multiplicity::set;
      bool fits = true;
      for (std::uint32_t o : owners.atoms) {
        auto it = per_owner.find(o);
        if (!count_fits(it == per_owner.end() ? 0 : it->second, m)) fits = false;
      }
      if (!fits && fail(prefix + mult_name(m))) return;
      // Arrow multiplicities: for arrow k (between column k and column k + 1, 0-based, after the
      // owner), every owner and every tuple of the column sigs 0..k has the multiplicity's
      // number of distinct atoms in column k + 1.
      for (std::size_t k = 0; k < fd.arrow_mults.size() && k + 1 < fd.columns.size(); ++k) {
        multiplicity am = fd.arrow_mults[k];
        if (am == multiplicity::none || am == multiplicity::set) continue;
        tuple_set prefixes = owners;  // owner x column 0 x ... x column k
        for (std::size_t c = 0; c <= k; ++c) prefixes = rel::product(prefixes, sig_value(fd.columns[c]));
        std::size_t width = k + 2;  // atoms in a prefix
        std::map<std::vector<std::uint32_t>, tuple_set> next_atoms;
        for (std::size_t i = 0; i < value.size(); ++i) {
          const std::uint32_t* t = value.atoms.data() + i * value.arity;
          tuple_set& s2 = next_atoms[std::vector<std::uint32_t>(t, t + width)];
          s2.atoms.push_back(t[width]);
        }
        bool arrow_fits = true;
        for (std::size_t p = 0; p < prefixes.size() && arrow_fits; ++p) {
          const std::uint32_t* t = prefixes.atoms.data() + p * width;
          auto it = next_atoms.find(std::vector<std::uint32_t>(t, t + width));
          std::size_t count = 0;
          if (it != next_atoms.end()) {
            it->second.normalize();
            count = it->second.size();
          }
          arrow_fits = count_fits(count, am);
        }
        if (!arrow_fits && fail(prefix + "-> " + mult_name(am))) return;
      }
    }
  }
}

}  // namespace smallscope::spec
