// The universe and per-sig atoms of a command's scope (paper 004, Sec. 3).
#include "sat/bounds.hpp"

#include <fmt/format.h>

#include <functional>

#include "spec_front/load.hpp"

namespace smallscope::sat {

namespace {

const spec::scope_item* scope_of(const spec::command_decl& cmd, const std::string& sig) {
  for (const auto& s : cmd.scopes) {
    if (s.sig == sig) return &s;
  }
  return nullptr;
}

std::vector<std::uint32_t> children_of(const spec::module& m, std::uint32_t parent) {
  std::vector<std::uint32_t> out;
  for (std::uint32_t i = 0; i < m.sigs.size(); ++i) {
    if (m.sigs[i].parent_index == static_cast<std::int32_t>(parent)) out.push_back(i);
  }
  return out;
}

}  // namespace

bounds make_bounds(const spec::module& m, const spec::command_decl& cmd) {
  bounds b;
  b.sigs.resize(m.sigs.size());
  const std::uint32_t default_scope = cmd.has_default ? cmd.default_scope : 3;
  std::uint32_t width = 4;
  if (const auto* s = scope_of(cmd, "Int")) {
    if (s->count < 1 || s->count > 16)
      throw spec::spec_error(m.file, s->at, fmt::format("the bit width of Int must be 1..16, not {}", s->count));
    width = s->count;
  }
  auto add_atom = [&](std::string name) {
    b.atoms.names.push_back(std::move(name));
    if (b.atoms.names.size() > 4096) {
      const bool integers = b.atoms.int_count != 0;  // the Int atoms come last
      throw spec::spec_error(
          m.file, cmd.at,
          integers ? fmt::format("the scope makes more than 4096 atoms: {} of sigs and {} integers of a {}-bit Int; "
                                 "lower the scopes or the Int width",
                                 b.atoms.int_first, b.atoms.int_count, b.atoms.bit_width)
                   : "the scope's sigs make more than 4096 atoms; lower their scopes");
    }
    return static_cast<std::uint32_t>(b.atoms.names.size() - 1);
  };
  // Top-level sigs, with their one-sig children's atoms first.
  std::function<void(std::uint32_t, const std::vector<std::uint32_t>&)> assign_children;
  assign_children = [&](std::uint32_t parent, const std::vector<std::uint32_t>& pool) {
    std::size_t next = 0;
    auto kids = children_of(m, parent);
    for (std::uint32_t k : kids) {
      const auto& sig = m.sigs[k];
      auto& kb = b.sigs[k];
      if (sig.mult == spec::multiplicity::one) {
        kb.atoms = {pool[next++]};
        b.atoms.names[kb.atoms[0]] = sig.name;
        kb.exact = true;
      }
    }
    std::vector<std::uint32_t> rest(pool.begin() + static_cast<std::ptrdiff_t>(next), pool.end());
    for (std::uint32_t k : kids) {
      const auto& sig = m.sigs[k];
      auto& kb = b.sigs[k];
      if (sig.mult == spec::multiplicity::one) continue;
      kb.atoms = rest;
      if (const auto* s = scope_of(cmd, sig.name)) kb.at_most = s->count;
      if (sig.mult == spec::multiplicity::lone) kb.at_most = 1;
      if (sig.mult == spec::multiplicity::some) kb.at_least = 1;
      assign_children(k, kb.atoms);
    }
  };
  for (std::uint32_t i = 0; i < m.sigs.size(); ++i) {
    const auto& sig = m.sigs[i];
    if (sig.parent_index >= 0 || sig.name == "Int") continue;
    auto& sb = b.sigs[i];
    auto kids = children_of(m, i);
    std::uint32_t ones = 0;
    bool only_ones = !kids.empty();
    for (auto k : kids) {
      if (m.sigs[k].mult == spec::multiplicity::one) ++ones;
      else only_ones = false;
    }
    std::uint32_t count = default_scope;
    bool exact = false;
    if (const auto* s = scope_of(cmd, sig.name)) {
      count = s->count;
      exact = s->exactly;
    } else if (sig.mult == spec::multiplicity::one || sig.mult == spec::multiplicity::lone) {
      count = 1;
      exact = sig.mult == spec::multiplicity::one;
    } else if (sig.is_abstract && only_ones) {
      count = ones;
      exact = true;
    }
    if (sig.mult == spec::multiplicity::one) {
      count = 1;
      exact = true;
    }
    if (count < ones) {
      const auto* s = scope_of(cmd, sig.name);
      throw spec::spec_error(m.file, s ? s->at : cmd.at,
                             fmt::format("the scope of {} is {}, below its {} one-sig children", sig.name, count, ones));
    }
    for (std::uint32_t a = 0; a < count; ++a) sb.atoms.push_back(add_atom(fmt::format("{}${}", sig.name, a)));
    sb.exact = exact || (sig.is_abstract && only_ones);
    if (sig.mult == spec::multiplicity::some) sb.at_least = 1;
    if (sig.mult == spec::multiplicity::lone) sb.at_most = 1;
    assign_children(i, sb.atoms);
  }
  // The integers.
  b.atoms.bit_width = width;
  b.atoms.int_first = static_cast<std::uint32_t>(b.atoms.names.size());
  b.atoms.int_count = 1u << width;
  b.atoms.int_min = -(std::int64_t{1} << (width - 1));
  for (std::uint32_t k = 0; k < b.atoms.int_count; ++k) add_atom(fmt::format("{}", b.atoms.int_min + k));
  for (std::uint32_t i = 0; i < m.sigs.size(); ++i) {
    if (m.sigs[i].name == "Int" && m.sigs[i].builtin) {
      for (std::uint32_t k = 0; k < b.atoms.int_count; ++k) b.sigs[i].atoms.push_back(b.atoms.int_first + k);
      b.sigs[i].exact = true;
    }
  }
  // The root: the command predicate's receiver or first parameter.
  if (cmd.is_run && cmd.target >= 0) {
    const auto& pred = m.functions[static_cast<std::size_t>(cmd.target)];
    if (!pred.params.empty() && pred.params[0].bound && pred.params[0].bound->ref == spec::ref_kind::sig) {
      auto sig = pred.params[0].bound->index;
      if (!b.sigs[sig].atoms.empty() && m.sigs[sig].name != "Int") {
        b.root_sig = static_cast<std::int32_t>(sig);
        b.root_atom = b.sigs[sig].atoms[0];
      }
    }
  }
  if (b.root_sig < 0) {
    for (std::uint32_t i = 0; i < m.sigs.size(); ++i) {
      const auto& sig = m.sigs[i];
      if (sig.builtin || sig.parent_index >= 0 || !b.sigs[i].exact || b.sigs[i].atoms.size() != 1) continue;
      b.roots.push_back(b.sigs[i].atoms[0]);
    }
  }
  return b;
}

}  // namespace smallscope::sat
