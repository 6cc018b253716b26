// Canonical numbering of the atoms a rooted structure reaches (paper 003, Sec. 3; paper 004,
// Sec. 2.2), and Kodkod's lex-leader predicate where nothing roots it.
#include "sat/symmetry.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <functional>

namespace smallscope::sat {

namespace {

// Sigs whose atoms may be renamed: top-level, not builtin, not one/lone, without subsigs.
std::vector<bool> permutable_sigs(const spec::module& m) {
  std::vector<bool> out(m.sigs.size(), false);
  for (std::uint32_t i = 0; i < m.sigs.size(); ++i) {
    const auto& s = m.sigs[i];
    out[i] = !s.builtin && s.parent_index < 0 && s.mult != spec::multiplicity::one && s.mult != spec::multiplicity::lone;
  }
  for (const auto& s : m.sigs) {
    if (s.parent_index >= 0) out[static_cast<std::size_t>(s.parent_index)] = false;
  }
  return out;
}

// Tarjan's strongly connected components; returns the component of each sig, numbered in
// topological order (a component's edges lead to components with higher numbers).
std::vector<std::uint32_t> components(const std::vector<std::vector<std::uint32_t>>& edges) {
  const auto n = static_cast<std::uint32_t>(edges.size());
  std::vector<std::int32_t> index(n, -1), low(n, 0);
  std::vector<bool> on(n, false);
  std::vector<std::uint32_t> stack, comp(n, 0);
  std::int32_t next = 0;
  std::uint32_t count = 0;
  std::function<void(std::uint32_t)> visit = [&](std::uint32_t v) {
    index[v] = low[v] = next++;
    stack.push_back(v);
    on[v] = true;
    for (auto w : edges[v]) {
      if (index[w] < 0) {
        visit(w);
        low[v] = std::min(low[v], low[w]);
      } else if (on[w]) {
        low[v] = std::min(low[v], index[w]);
      }
    }
    if (low[v] == index[v]) {
      std::uint32_t w;
      do {
        w = stack.back();
        stack.pop_back();
        on[w] = false;
        comp[w] = count;
      } while (w != v);
      ++count;
    }
  };
  for (std::uint32_t v = 0; v < n; ++v) {
    if (index[v] < 0) visit(v);
  }
  // Tarjan numbers components in reverse topological order.
  for (auto& c : comp) c = count - 1 - c;
  return comp;
}

// Kodkod's lex-leader predicate for the swap of atoms x and y (x < y), for a structure nothing
// roots: the primary variables in a fixed order (every sig's membership by atom, then every
// field's cells in matrix order, aux fields left out) read as a bit string must be at least the
// string the swap makes of them. Each orbit's greatest string satisfies it, so no isomorphism
// class is lost; present atoms come first, as the reach constraint wants. Only the cells the swap moves are
// compared, each pair once, and at most `longest` of them (a prefix of the comparison is weaker,
// still sound).
void lex_leader(translator& t, std::uint32_t x, std::uint32_t y, std::vector<lit>& all) {
  constexpr std::size_t longest = 64;
  circuit& c = t.gates();
  const std::uint32_t n = t.bound().atoms.size();
  std::vector<std::pair<lit, lit>> pairs;  // (a cell, the cell the swap moves into its place)
  auto relation = [&](const matrix& r) {
    for (std::size_t k = 0; k < r.size() && pairs.size() < longest; ++k) {
      // The swap's image of tuple k: every column holding x or y gets the other.
      std::size_t image = 0, rest = k, scale = 1;
      for (std::uint8_t col = 0; col < r.arity; ++col, scale *= n, rest /= n) {
        const auto a = static_cast<std::uint32_t>(rest % n);
        image += scale * (a == x ? y : a == y ? x : a);
      }
      if (image <= k || r[k] == r[image]) continue;  // fixed, compared at its partner, or equal
      pairs.emplace_back(r[k], r[image]);
    }
  };
  const auto& m = t.spec();
  for (std::uint32_t i = 0; i < m.sigs.size(); ++i) relation(t.sig(i));
  for (std::uint32_t f = 0; f < m.field_list.size(); ++f) {
    const auto& ref = m.field_list[f];
    if (!m.sigs[ref.sig].fields[ref.index].aux) relation(t.field(f));  // a structure's order, not the solver's state
  }
  lit equal_so_far = lit_true;
  for (const auto& [mine, swapped] : pairs) {
    all.push_back(c.implies(equal_so_far, c.implies(swapped, mine)));
    equal_so_far = c.and_(equal_so_far, c.iff(mine, swapped));
  }
}

}  // namespace

symmetry_breaking break_symmetries(translator& t) {
  const auto& m = t.spec();
  const auto& b = t.bound();
  circuit& c = t.gates();
  const std::uint32_t n = b.atoms.size();
  symmetry_breaking out;
  std::vector<lit> all;

  // The edges between atoms: every binary field into a sig that is not builtin.
  std::vector<std::uint32_t> links;  // field numbers
  std::vector<std::vector<std::uint32_t>> sig_edges(m.sigs.size());
  auto top = [&](std::uint32_t s) {
    while (m.sigs[s].parent_index >= 0) s = static_cast<std::uint32_t>(m.sigs[s].parent_index);
    return s;
  };
  for (std::uint32_t f = 0; f < m.field_list.size(); ++f) {
    const auto& ref = m.field_list[f];
    const auto& decl = m.sigs[ref.sig].fields[ref.index];
    // Aux fields are not structure: the labelling (and what the root reaches) follows the
    // fields the C++ objects have, as the search's does.
    if (decl.arity != 2 || decl.aux || m.sigs[top(decl.columns[0])].builtin) continue;
    links.push_back(f);
    sig_edges[top(ref.sig)].push_back(top(decl.columns[0]));
  }
  matrix edges(2, n);
  for (auto f : links) edges = unite(c, edges, t.field(f));

  // Reachability from the root: a frontier that grows by one step per round.
  out.reach = matrix(1, n);
  if (b.root_sig >= 0 || !b.roots.empty()) {
    if (b.root_sig >= 0) out.reach[b.root_atom] = lit_true;
    for (const auto a : b.roots) out.reach[a] = lit_true;
    std::uint32_t rounds = 0;
    for (std::uint32_t i = 0; i < m.sigs.size(); ++i) {
      if (!m.sigs[i].builtin && m.sigs[i].parent_index < 0) rounds += static_cast<std::uint32_t>(b.sigs[i].atoms.size());
    }
    for (std::uint32_t r = 0; r + 1 < rounds; ++r) {
      matrix next = unite(c, out.reach, join(c, out.reach, edges));
      if (next.cells == out.reach.cells) break;
      out.reach = std::move(next);
    }
  } else {
    for (std::uint32_t i = 0; i < m.sigs.size(); ++i) {
      if (m.sigs[i].parent_index >= 0) continue;
      for (auto a : b.sigs[i].atoms) out.reach[a] = c.or_(out.reach[a], t.sig(i)[a]);
    }
  }

  auto permutable = permutable_sigs(m);
  auto comp = components(sig_edges);
  std::vector<std::uint32_t> comp_size(m.sigs.size() + 1, 0);
  for (std::uint32_t i = 0; i < m.sigs.size(); ++i) comp_size[comp[i]]++;

  for (std::uint32_t s = 0; s < m.sigs.size(); ++s) {
    if (!permutable[s]) continue;
    const auto& atoms = b.sigs[s].atoms;
    const bool is_root_sig = b.root_sig == static_cast<std::int32_t>(s);
    // Reached atoms first.
    for (std::size_t j = 1; j < atoms.size(); ++j) all.push_back(c.implies(out.reach[atoms[j]], out.reach[atoms[j - 1]]));
    if (atoms.size() < 2 || (is_root_sig && atoms.size() < 3)) continue;
    if (b.root_sig < 0 && b.roots.empty()) {
      for (std::size_t j = 1; j < atoms.size(); ++j) lex_leader(t, atoms[j - 1], atoms[j], all);
      out.inexact.push_back(fmt::format("{}: the command's predicate has no receiver or parameter, and no sig holds exactly one atom (a `one sig`), to start a traversal from; lex-leader constraints (as Kodkod's) remove most isomorphic instances, not all", m.sigs[s].name));
      continue;
    }
    if (comp_size[comp[s]] > 1) {
      out.inexact.push_back(fmt::format("{}: its atoms and those of another sig point to each other, so isomorphic instances may repeat", m.sigs[s].name));
      continue;
    }
    // The in-edges of s, in order: (rank of the source's sig, source atom, field).
    struct position {
      std::uint32_t rank, source, field;
      bool single;
    };
    std::vector<position> positions;
    bool exact = true;
    for (auto f : links) {
      const auto& ref = m.field_list[f];
      const auto& decl = m.sigs[ref.sig].fields[ref.index];
      if (top(decl.columns[0]) != s) continue;
      bool single = decl.mult == spec::multiplicity::none || decl.mult == spec::multiplicity::one ||
                    decl.mult == spec::multiplicity::lone;
      if (!single) exact = false;
      for (auto u : b.sigs[ref.sig].atoms) positions.push_back({comp[top(ref.sig)], u, f, single});
    }
    std::sort(positions.begin(), positions.end(), [](const position& x, const position& y) {
      if (x.rank != y.rank) return x.rank < y.rank;
      if (x.source != y.source) return x.source < y.source;
      return x.field < y.field;
    });
    if (!exact) {
      out.inexact.push_back(fmt::format("{}: a set-valued field points to its atoms, so isomorphic instances may repeat", m.sigs[s].name));
    }
    // before[j][p]: atom j has an in-edge from a reached source at a position before p.
    auto edge = [&](const position& p, std::uint32_t target) {
      return c.and_(out.reach[p.source], t.field(p.field)[p.source * n + target]);
    };
    std::vector<lit> before_prev;  // for atom j-1
    for (std::size_t j = is_root_sig ? 1 : 0; j < atoms.size(); ++j) {
      std::vector<lit> before(positions.size() + 1);
      before[0] = lit_false;
      for (std::size_t p = 0; p < positions.size(); ++p) before[p + 1] = c.or_(before[p], edge(positions[p], atoms[j]));
      if (!before_prev.empty()) {
        // The least in-edge of atom j comes after the least in-edge of atom j-1 (at or after
        // it when set-valued fields point there), stated on the order encoding itself:
        // before[j][p+1] (j's least in-edge is at p or earlier) implies before[j-1][p] (j-1's is
        // earlier than p). As binary clauses between the chains, unit propagation carries a
        // position down the whole chain: "atom 9 has an in-edge at position 7" refutes at once
        // where a pigeonhole argument over the atoms before it would be needed otherwise.
        for (std::size_t p = 0; p < positions.size(); ++p) {
          lit prev_earlier = positions[p].single ? before_prev[p] : before_prev[p + 1];
          all.push_back(c.implies(before[p + 1], prev_earlier));
        }
      }
      before_prev = std::move(before);
    }
  }
  out.constraint = c.and_(all);
  return out;
}

}  // namespace smallscope::sat
