// Relational logic to a boolean circuit (paper 004, Sec. 3; paper 003, Sec. 3).
#include "sat/translator.hpp"

#include <fmt/format.h>

#include <cstring>
#include <functional>

#include "spec_front/load.hpp"

namespace smallscope::sat {

using spec::node;
using spec::op;

translator::translator(const spec::module& m, const bounds& b, circuit& c)
    : m_(m), b_(b), c_(c), n_(b.atoms.size()), width_(b.atoms.bit_width) {
  // Sigs: fixed atoms are true; the others get a variable each (shared with the parent's when
  // the parent's own is a variable: a subsig's atom must be in its parent, see declarations()).
  sigs_.resize(m.sigs.size());
  for (std::uint32_t i = 0; i < m.sigs.size(); ++i) {
    sigs_[i] = matrix(1, n_);
    for (std::uint32_t a : b.sigs[i].atoms) {
      lit l = b.sigs[i].exact ? lit_true : c_.variable();
      if (!b.sigs[i].exact) primaries_.push_back({l, false, i, a, a});
      sigs_[i][a] = l;
    }
  }
  // Fields: a variable per tuple of the owner's atoms times the columns' atoms.
  fields_.resize(m.field_list.size());
  for (std::uint32_t f = 0; f < m.field_list.size(); ++f) {
    const auto& ref = m.field_list[f];
    const auto& decl = m.sigs[ref.sig].fields[ref.index];
    matrix mat(decl.arity, n_);
    std::vector<std::uint32_t> tuple(decl.arity);
    std::function<void(std::size_t, std::size_t)> fill = [&](std::size_t col, std::size_t index) {
      const auto& atoms = col == 0 ? b.sigs[ref.sig].atoms : b.sigs[decl.columns[col - 1]].atoms;
      for (std::uint32_t a : atoms) {
        tuple[col] = a;
        std::size_t i = index * n_ + a;
        if (col + 1 == decl.arity) {
          lit l = c_.variable();
          mat[i] = l;
          primaries_.push_back({l, true, f, static_cast<std::uint32_t>(i), tuple[0]});
        } else {
          fill(col + 1, i);
        }
      }
    };
    fill(0, 0);
    fields_[f] = std::move(mat);
  }
}

void translator::unsupported(const node& n, const std::string& what) const {
  throw spec::spec_error(m_.file, n.at, what);
}

matrix translator::singleton(std::uint32_t atom) const {
  matrix out(1, n_);
  out[atom] = lit_true;
  return out;
}

matrix translator::univ() const {
  matrix out(1, n_);
  for (std::uint32_t i = 0; i < m_.sigs.size(); ++i) {
    if (m_.sigs[i].parent_index >= 0) continue;
    for (std::uint32_t a : b_.sigs[i].atoms) out[a] = c_.or_(out[a], sigs_[i][a]);
  }
  for (std::uint32_t k = 0; k < b_.atoms.int_count; ++k) out[b_.atoms.int_first + k] = lit_true;
  return out;
}

std::uint64_t translator::uses(const node& n) {
  auto it = uses_.find(&n);
  if (it != uses_.end()) return it->second;
  std::uint64_t mask = 0;
  if ((n.kind == op::name || n.kind == op::this_) && n.ref == spec::ref_kind::variable) {
    mask = n.index < 64 ? (std::uint64_t{1} << n.index) : ~std::uint64_t{0};
  }
  for (const auto& a : n.args) mask |= uses(*a);
  std::uint64_t bound = 0;
  for (const auto& d : n.decls) {
    if (d.bound) mask |= uses(*d.bound) & ~bound;
    for (auto s : d.slots) bound |= s < 64 ? (std::uint64_t{1} << s) : 0;
  }
  if (n.kind == op::let && !n.args.empty()) mask = (mask | uses(*n.args[0])) & ~bound;
  else mask &= ~bound;
  uses_[&n] = mask;
  return mask;
}

std::uint32_t& translator::slot_range(std::uint32_t slot) {
  if (slot >= slot_range_.size()) slot_range_.resize(slot + 1, 1);
  return slot_range_[slot];
}

std::uint64_t translator::bindings(const node& n) {
  std::uint64_t mask = uses(n);
  std::uint64_t product = 1;
  for (std::uint32_t s = 0; s < 64 && mask != 0; ++s, mask >>= 1) {
    if ((mask & 1u) != 0) product = std::min<std::uint64_t>(product * slot_range(s), 1u << 20);
  }
  return product;
}

bool translator::cache_key(const node& n, const frame& f, std::string& key) {
  std::uint64_t mask = uses(n);
  if (mask == ~std::uint64_t{0}) return false;
  const node* p = &n;
  key.assign(sizeof p, '\0');
  std::memcpy(key.data(), &p, sizeof p);
  for (std::uint32_t s = 0; s < 64 && mask != 0; ++s, mask >>= 1) {
    if ((mask & 1u) == 0) continue;
    if (s >= f.atom.size() || f.atom[s] < 0) return false;
    auto a = static_cast<std::uint32_t>(f.atom[s]);
    key.append(reinterpret_cast<const char*>(&a), sizeof a);
  }
  return true;
}

matrix translator::expr(const node& n, frame& f) {
  poll();
  std::string key;
  bool cached = n.kind != op::name && n.kind != op::this_ && cache_key(n, f, key);
  if (cached) {
    auto it = expr_cache_.find(key);
    if (it != expr_cache_.end()) return it->second;
  }
  matrix out;
  switch (n.kind) {
    case op::name:
    case op::this_:
      switch (n.ref) {
        case spec::ref_kind::sig: return sigs_[n.index];
        case spec::ref_kind::field:
          if (n.pre_state) unsupported(n, "a backtick reads the pre-state, which only a postcondition checked against a method has");
          return fields_[n.index];
        case spec::ref_kind::variable: return f.values[n.index];
        default: unsupported(n, fmt::format("'{}' is not an expression here", n.text));
      }
    case op::none: out = matrix(n.arity, n_); break;
    case op::univ: out = univ(); break;
    case op::iden: {
      matrix u = univ();
      out = matrix(2, n_);
      for (std::uint32_t a = 0; a < n_; ++a) out[a * n_ + a] = u[a];
      break;
    }
    case op::transpose: out = transpose(expr(*n.args[0], f)); break;
    case op::closure: out = closure(c_, expr(*n.args[0], f)); break;
    case op::rclosure: {
      out = closure(c_, expr(*n.args[0], f));
      matrix u = univ();
      for (std::uint32_t a = 0; a < n_; ++a) out[a * n_ + a] = c_.or_(out[a * n_ + a], u[a]);
      break;
    }
    case op::join: {
      const node& right = *n.args[1];
      if (n.args[0]->arity == 1 && (right.kind == op::closure || right.kind == op::rclosure) &&
          bindings(*n.args[0]) <= 4) {
        // s.^r and s.*r: the atoms reachable from the set, without r's closure (n^2 gates a
        // step against n^3 a squaring). Unless s takes many values (a quantified variable:
        // `all e: S | e !in e.^r`), where the closure, once, is cheaper.
        out = reach(c_, expr(*n.args[0], f), expr(*right.args[0], f), right.kind == op::rclosure);
        break;
      }
      out = join(c_, expr(*n.args[0], f), expr(right, f));
      break;
    }
    case op::union_: out = unite(c_, expr(*n.args[0], f), expr(*n.args[1], f)); break;
    case op::intersect: out = intersect(c_, expr(*n.args[0], f), expr(*n.args[1], f)); break;
    case op::difference: out = subtract(c_, expr(*n.args[0], f), expr(*n.args[1], f)); break;
    case op::product: out = product(c_, expr(*n.args[0], f), expr(*n.args[1], f)); break;
    case op::override_: out = override_(c_, expr(*n.args[0], f), expr(*n.args[1], f)); break;
    case op::domain_restrict: out = domain_restrict(c_, expr(*n.args[0], f), expr(*n.args[1], f)); break;
    case op::range_restrict: out = range_restrict(c_, expr(*n.args[0], f), expr(*n.args[1], f)); break;
    case op::int_to_set: {
      int_vector v = integer(*n.args[0], f);
      out = matrix(1, n_);
      for (std::uint32_t k = 0; k < b_.atoms.int_count; ++k) {
        out[b_.atoms.int_first + k] = int_equal(c_, v, int_constant(b_.atoms.int_min + k, width_));
      }
      break;
    }
    case op::ite: out = select(c_, formula(*n.args[0], f), expr(*n.args[1], f), expr(*n.args[2], f)); break;
    case op::comprehension: out = comprehension(n, f); break;
    case op::let:
      bind_let(n, f);
      out = expr(*n.args[0], f);
      break;
    case op::call: {
      const auto& fn = m_.functions[n.index];
      frame g = call_frame(n, f);
      ++depth_;
      out = expr(*fn.body, g);
      --depth_;
      break;
    }
    default: unsupported(n, "an expression was expected here");
  }
  if (cached) expr_cache_.emplace(std::move(key), out);
  return out;
}

void translator::bind_let(const node& n, frame& f) {
  // A let's variable holds a set or an integer, never known to be one atom: no caching under it.
  for (const auto& d : n.decls) {
    auto slot = d.slots[0];
    if (d.bound->is_int) f.ints[slot] = integer(*d.bound, f);
    else f.values[slot] = expr(*d.bound, f);
    f.atom[slot] = -1;
  }
}

translator::frame translator::call_frame(const node& n, frame& f) {
  const auto& fn = m_.functions[n.index];
  frame g;
  g.values.resize(std::max<std::size_t>(fn.variable_count, 1));
  g.atom.assign(g.values.size(), -1);
  g.ints.resize(g.values.size());
  std::size_t arg = 0;
  for (const auto& d : fn.params) {
    for (std::size_t k = 0; k < d.slots.size(); ++k, ++arg) {
      if (arg >= n.args.size()) unsupported(n, "too few arguments");
      auto slot = d.slots[k];
      const node& a = *n.args[arg];
      if (a.is_int) {
        unsupported(a, "an integer argument must be an Int set here");
      }
      g.values[slot] = expr(a, f);
      // A constant singleton keeps the callee's translation shareable.
      std::int64_t atom = -1;
      std::size_t trues = 0;
      bool constant = true;
      for (std::uint32_t i = 0; i < g.values[slot].size(); ++i) {
        lit l = g.values[slot][i];
        if (l == lit_true) {
          ++trues;
          atom = i;
        } else if (l != lit_false) {
          constant = false;
        }
      }
      g.atom[slot] = constant && trues == 1 && g.values[slot].arity == 1 ? atom : -1;
    }
  }
  return g;
}

int_vector translator::atom_bits(const lit* cells) {
  // At most one Int atom holds: each bit is the disjunction of the atoms whose value has it set.
  int_vector out(width_, lit_false);
  for (std::uint32_t b = 0; b < width_; ++b) {
    std::vector<lit> set_here;
    for (std::uint32_t k = 0; k < b_.atoms.int_count; ++k) {
      const lit l = cells[b_.atoms.int_first + k];
      auto bits = static_cast<std::uint64_t>(b_.atoms.int_min + static_cast<std::int64_t>(k));
      if (l != lit_false && ((bits >> b) & 1u) != 0) set_here.push_back(l);
    }
    out[b] = c_.or_(set_here);
  }
  return out;
}

const int_vector& translator::row_bits(const node& field_name, const matrix& field, std::uint32_t atom) {
  auto& rows = row_bits_[&field_name];
  if (rows.empty()) rows.resize(n_);
  int_vector& out = rows[atom];
  if (out.empty()) out = atom_bits(field.cells.data() + static_cast<std::size_t>(atom) * n_);
  return out;
}

bool translator::single_valued(const node& n, const frame& f) const {
  switch (n.kind) {
    case op::this_:
    case op::name:
      // A variable bound to one atom (quantified, or a parameter given one); not a let's set.
      return n.ref == spec::ref_kind::variable && n.index < f.atom.size() && f.atom[n.index] >= 0;
    case op::join: {
      const node& right = *n.args[1];
      if (right.kind != op::name || right.ref != spec::ref_kind::field || right.pre_state) return false;
      const auto& ref = m_.field_list[right.index];
      const auto& decl = m_.sigs[ref.sig].fields[ref.index];
      bool single = decl.arity == 2 && (decl.mult == spec::multiplicity::none || decl.mult == spec::multiplicity::one ||
                                        decl.mult == spec::multiplicity::lone);
      return single && single_valued(*n.args[0], f);
    }
    default: return false;
  }
}

lit translator::multiplicity_holds(spec::multiplicity mult, const matrix& values) {
  switch (mult) {
    case spec::multiplicity::lone: return at_most_one(c_, values);
    case spec::multiplicity::some: return c_.or_(values.cells);
    case spec::multiplicity::set: return lit_true;
    default: return exactly_one(c_, values);
  }
}

int_vector translator::integer(const node& n, frame& f) {
  std::string key;
  bool cached = cache_key(n, f, key);
  if (cached) {
    auto it = int_cache_.find(key);
    if (it != int_cache_.end()) return it->second;
  }
  int_vector out;
  switch (n.kind) {
    case op::int_lit: out = int_constant(n.value, width_); break;
    case op::card: out = int_count(c_, expr(*n.args[0], f).cells, width_); break;
    case op::sum_of: {
      const node& set = *n.args[0];
      if (set.kind == op::join && single_valued(set, f) && set.args[1]->kind == op::name) {
        // x.f with x one atom or none: the bits of f's row at the atom x is, chosen by x's
        // cells (a row's bits are built once per field and atom), instead of the set of Int
        // atoms x.f reaches (a gate per atom of x and Int atom).
        const matrix owner = expr(*set.args[0], f);
        const matrix& field = expr(*set.args[1], f);
        out.assign(width_, lit_false);
        std::vector<std::vector<lit>> terms(width_);
        for (std::uint32_t a = 0; a < n_; ++a) {
          if (owner[a] == lit_false) continue;
          const int_vector& bits = row_bits(*set.args[1], field, a);
          for (std::uint32_t b = 0; b < width_; ++b) terms[b].push_back(c_.and_(owner[a], bits[b]));
        }
        for (std::uint32_t b = 0; b < width_; ++b) out[b] = c_.or_(terms[b]);
        break;
      }
      matrix s = expr(set, f);
      if (single_valued(set, f)) {
        out = atom_bits(s.cells.data());
        break;
      }
      out = int_constant(0, width_);
      for (std::uint32_t k = 0; k < b_.atoms.int_count; ++k) {
        lit l = s[b_.atoms.int_first + k];
        if (l == lit_false) continue;
        out = int_add(c_, out, int_select(c_, l, int_constant(b_.atoms.int_min + k, width_), int_constant(0, width_)));
      }
      break;
    }
    case op::plus: out = int_add(c_, integer(*n.args[0], f), integer(*n.args[1], f)); break;
    case op::minus: out = int_sub(c_, integer(*n.args[0], f), integer(*n.args[1], f)); break;
    case op::mul: out = int_mul(c_, integer(*n.args[0], f), integer(*n.args[1], f)); break;
    case op::div: out = int_div(c_, integer(*n.args[0], f), integer(*n.args[1], f)); break;
    case op::rem: out = int_rem(c_, integer(*n.args[0], f), integer(*n.args[1], f)); break;
    case op::ite: out = int_select(c_, formula(*n.args[0], f), integer(*n.args[1], f), integer(*n.args[2], f)); break;
    case op::name:
      if (n.ref == spec::ref_kind::variable) {
        out = f.ints[n.index];
        break;
      }
      unsupported(n, "an integer was expected here");
    case op::let:
      bind_let(n, f);
      out = integer(*n.args[0], f);
      break;
    case op::call: {
      frame g = call_frame(n, f);
      out = integer(*m_.functions[n.index].body, g);
      break;
    }
    default: unsupported(n, "an integer was expected here");
  }
  if (cached) int_cache_.emplace(std::move(key), out);
  return out;
}

lit translator::formula(const node& n, frame& f) {
  poll();
  std::string key;
  bool cached = cache_key(n, f, key);
  if (cached) {
    auto it = formula_cache_.find(key);
    if (it != formula_cache_.end()) return it->second;
  }
  lit out = lit_false;
  auto both_int = [&] { return n.args[0]->is_int && n.args[1]->is_int; };
  switch (n.kind) {
    case op::true_: out = lit_true; break;
    case op::false_: out = lit_false; break;
    case op::not_: out = negate(formula(*n.args[0], f)); break;
    case op::and_:
    case op::block: {
      std::vector<lit> all;
      for (const auto& a : n.args) {
        lit l = formula(*a, f);
        if (l == lit_false) {
          all = {lit_false};
          break;
        }
        all.push_back(l);
      }
      out = c_.and_(all);
      break;
    }
    case op::or_: {
      std::vector<lit> any;
      for (const auto& a : n.args) any.push_back(formula(*a, f));
      out = c_.or_(any);
      break;
    }
    case op::implies: out = c_.implies(formula(*n.args[0], f), formula(*n.args[1], f)); break;
    case op::iff: out = c_.iff(formula(*n.args[0], f), formula(*n.args[1], f)); break;
    case op::ite: out = c_.ite(formula(*n.args[0], f), formula(*n.args[1], f), formula(*n.args[2], f)); break;
    case op::in: out = subset(c_, expr(*n.args[0], f), expr(*n.args[1], f)); break;
    case op::not_in: out = negate(subset(c_, expr(*n.args[0], f), expr(*n.args[1], f))); break;
    case op::eq:
    case op::neq: {
      lit same = both_int() ? int_equal(c_, integer(*n.args[0], f), integer(*n.args[1], f))
                            : equal(c_, expr(*n.args[0], f), expr(*n.args[1], f));
      out = n.kind == op::eq ? same : negate(same);
      break;
    }
    case op::lt: out = int_less(c_, integer(*n.args[0], f), integer(*n.args[1], f)); break;
    case op::gt: out = int_less(c_, integer(*n.args[1], f), integer(*n.args[0], f)); break;
    case op::lte: out = negate(int_less(c_, integer(*n.args[1], f), integer(*n.args[0], f))); break;
    case op::gte: out = negate(int_less(c_, integer(*n.args[0], f), integer(*n.args[1], f))); break;
    case op::no: out = is_empty(c_, expr(*n.args[0], f)); break;
    case op::some: out = negate(is_empty(c_, expr(*n.args[0], f))); break;
    case op::lone: out = at_most_one(c_, expr(*n.args[0], f)); break;
    case op::one: out = exactly_one(c_, expr(*n.args[0], f)); break;
    case op::quant_all:
    case op::quant_some:
    case op::quant_no:
    case op::quant_lone:
    case op::quant_one: out = quantified(n, f); break;
    case op::let:
      bind_let(n, f);
      out = formula(*n.args[0], f);
      break;
    case op::call: out = call_formula(n, f); break;
    default: unsupported(n, "a formula was expected here");
  }
  if (cached) formula_cache_.emplace(std::move(key), out);
  return out;
}

lit translator::call_formula(const node& n, frame& f) {
  const auto& fn = m_.functions[n.index];
  frame g = call_frame(n, f);
  return formula(*fn.body, g);
}

lit translator::quantified(const node& n, frame& f) {
  // Flatten the declarations into (slot, bound, disjoint group) and enumerate assignments.
  struct binding {
    std::uint32_t slot;
    const node* bound;
    std::size_t group;  // decl index, for disj
    bool disjoint;
  };
  std::vector<binding> names;
  for (std::size_t d = 0; d < n.decls.size(); ++d) {
    const auto& decl = n.decls[d];
    if (decl.mult != spec::multiplicity::none && decl.mult != spec::multiplicity::one)
      unsupported(n, "quantifying over sets (lone/some/set in a declaration) is not translated to SAT");
    for (auto s : decl.slots) names.push_back({s, decl.bound.get(), d, decl.disjoint});
  }
  std::vector<lit> terms;  // per assignment: its guard and the body
  std::vector<std::uint32_t> chosen(names.size());
  std::function<void(std::size_t, lit)> visit = [&](std::size_t k, lit guard) {
    if (guard == lit_false) return;
    if (k == names.size()) {
      lit body = formula(*n.args[0], f);
      if (n.kind == op::quant_all) terms.push_back(c_.implies(guard, body));
      else terms.push_back(c_.and_(guard, body));
      return;
    }
    matrix range = expr(*names[k].bound, f);
    std::uint32_t count = 0;
    for (lit l : range.cells) count += l != lit_false;
    for (std::uint32_t a = 0; a < n_; ++a) {
      if (range[a] == lit_false) continue;
      bool clash = false;
      if (names[k].disjoint) {
        for (std::size_t j = 0; j < k; ++j) clash |= names[j].group == names[k].group && chosen[j] == a;
      }
      if (clash) continue;
      chosen[k] = a;
      f.values[names[k].slot] = singleton(a);
      f.atom[names[k].slot] = a;
      slot_range(names[k].slot) = count;
      visit(k + 1, c_.and_(guard, range[a]));
    }
  };
  visit(0, lit_true);
  matrix as_cells(1, 0);
  as_cells.cells = terms;
  switch (n.kind) {
    case op::quant_all: return c_.and_(terms);
    case op::quant_some: return c_.or_(terms);
    case op::quant_no: return negate(c_.or_(terms));
    case op::quant_lone: return at_most_one(c_, as_cells);
    default: return exactly_one(c_, as_cells);
  }
}

matrix translator::comprehension(const node& n, frame& f) {
  std::vector<std::uint32_t> slots;
  std::vector<const node*> ranges;
  std::vector<bool> disjoint;
  std::vector<std::size_t> group;
  for (std::size_t d = 0; d < n.decls.size(); ++d) {
    for (auto s : n.decls[d].slots) {
      slots.push_back(s);
      ranges.push_back(n.decls[d].bound.get());
      disjoint.push_back(n.decls[d].disjoint);
      group.push_back(d);
    }
  }
  matrix out(static_cast<std::uint8_t>(slots.size()), n_);
  std::vector<std::uint32_t> chosen(slots.size());
  std::function<void(std::size_t, lit, std::size_t)> visit = [&](std::size_t k, lit guard, std::size_t index) {
    if (guard == lit_false) return;
    if (k == slots.size()) {
      out[index] = c_.and_(guard, formula(*n.args[0], f));
      return;
    }
    matrix range = expr(*ranges[k], f);
    std::uint32_t count = 0;
    for (lit l : range.cells) count += l != lit_false;
    for (std::uint32_t a = 0; a < n_; ++a) {
      if (range[a] == lit_false) continue;
      bool clash = false;
      if (disjoint[k]) {
        for (std::size_t j = 0; j < k; ++j) clash |= group[j] == group[k] && chosen[j] == a;
      }
      if (clash) continue;
      chosen[k] = a;
      f.values[slots[k]] = singleton(a);
      f.atom[slots[k]] = a;
      slot_range(slots[k]) = count;
      visit(k + 1, c_.and_(guard, range[a]), index * n_ + a);
    }
  };
  visit(0, lit_true, 0);
  return out;
}

lit translator::declarations() {
  std::vector<lit> all;
  const std::uint32_t n = n_;
  for (std::uint32_t i = 0; i < m_.sigs.size(); ++i) {
    const auto& sig = m_.sigs[i];
    const auto& sb = b_.sigs[i];
    // A subsig's atoms are its parent's; subsigs of one parent are disjoint.
    if (sig.parent_index >= 0) {
      auto p = static_cast<std::uint32_t>(sig.parent_index);
      for (std::uint32_t a : sb.atoms) all.push_back(c_.implies(sigs_[i][a], sigs_[p][a]));
      for (std::uint32_t j = i + 1; j < m_.sigs.size(); ++j) {
        if (m_.sigs[j].parent_index != sig.parent_index) continue;
        for (std::uint32_t a = 0; a < n; ++a) all.push_back(negate(c_.and_(sigs_[i][a], sigs_[j][a])));
      }
    }
    // An abstract sig with subsigs holds only their atoms.
    if (sig.is_abstract) {
      std::vector<std::uint32_t> kids;
      for (std::uint32_t j = 0; j < m_.sigs.size(); ++j) {
        if (m_.sigs[j].parent_index == static_cast<std::int32_t>(i)) kids.push_back(j);
      }
      if (!kids.empty()) {
        for (std::uint32_t a : sb.atoms) {
          std::vector<lit> in_kid;
          for (auto k : kids) in_kid.push_back(sigs_[k][a]);
          all.push_back(c_.implies(sigs_[i][a], c_.or_(in_kid)));
        }
      }
    }
    std::vector<lit> members;
    for (std::uint32_t a : sb.atoms) members.push_back(sigs_[i][a]);
    if (sb.at_most >= 0 || sb.at_least > 0) {
      int_vector count = int_count(c_, members, 16);
      if (sb.at_most >= 0) all.push_back(negate(int_less(c_, int_constant(sb.at_most, 16), count)));
      if (sb.at_least > 0) all.push_back(negate(int_less(c_, count, int_constant(sb.at_least, 16))));
    }
    // Atoms that may be absent: the first ones are present first (only their number matters
    // for a sig no field or formula singles out an atom of).
  }
  // Fields: typed by their sigs; the multiplicity per owner atom.
  for (std::uint32_t f = 0; f < m_.field_list.size(); ++f) {
    const auto& ref = m_.field_list[f];
    const auto& decl = m_.sigs[ref.sig].fields[ref.index];
    const matrix& mat = fields_[f];
    const std::size_t rest = mat.size() / n;
    for (std::size_t i = 0; i < mat.size(); ++i) {
      if (mat[i] == lit_false) continue;
      // Every atom of the tuple is in its sig.
      std::size_t t = i;
      std::vector<lit> need;
      for (std::size_t col = decl.arity; col-- > 0;) {
        auto a = static_cast<std::uint32_t>(t % n);
        t /= n;
        std::uint32_t s = col == 0 ? ref.sig : decl.columns[col - 1];
        need.push_back(sigs_[s][a]);
      }
      all.push_back(c_.implies(mat[i], c_.and_(need)));
    }
    for (std::uint32_t owner : b_.sigs[ref.sig].atoms) {
      if (decl.arity == 2) {
        matrix row(1, n);
        for (std::uint32_t a = 0; a < n; ++a) row[a] = mat[owner * rest + a];
        auto mult = decl.mult == spec::multiplicity::none ? spec::multiplicity::one : decl.mult;
        all.push_back(c_.implies(sigs_[ref.sig][owner], multiplicity_holds(mult, row)));
      } else if (decl.arity == 3 && decl.arrow_mults.size() == 1 && decl.arrow_mults[0] != spec::multiplicity::none) {
        for (std::uint32_t x = 0; x < n; ++x) {
          matrix row(1, n);
          for (std::uint32_t a = 0; a < n; ++a) row[a] = mat[(owner * n + x) * n + a];
          all.push_back(c_.implies(c_.and_(sigs_[ref.sig][owner], sigs_[decl.columns[0]][x]),
                                   multiplicity_holds(decl.arrow_mults[0], row)));
        }
      }
    }
  }
  // Facts.
  for (const auto& fact : m_.facts) {
    frame g;
    g.values.resize(std::max<std::uint32_t>(fact.variable_count, 1));
    g.atom.assign(g.values.size(), -1);
    g.ints.resize(g.values.size());
    all.push_back(formula(*fact.body, g));
  }
  return c_.and_(all);
}

lit translator::command(const spec::command_decl& cmd) {
  frame g;
  if (cmd.block) {
    g.values.resize(std::max<std::uint32_t>(cmd.variable_count, 1));
    g.atom.assign(g.values.size(), -1);
    g.ints.resize(g.values.size());
    lit body = formula(*cmd.block, g);
    return cmd.is_run ? body : negate(body);
  }
  if (!cmd.is_run) {
    const auto& a = m_.asserts[static_cast<std::size_t>(cmd.target)];
    g.values.resize(std::max<std::uint32_t>(a.variable_count, 1));
    g.atom.assign(g.values.size(), -1);
    g.ints.resize(g.values.size());
    return negate(formula(*a.body, g));
  }
  const auto& fn = m_.functions[static_cast<std::size_t>(cmd.target)];
  g.values.resize(std::max<std::uint32_t>(fn.variable_count, 1));
  g.atom.assign(g.values.size(), -1);
  g.ints.resize(g.values.size());
  // The root is bound to its atom; the other parameters exist.
  struct binding {
    std::uint32_t slot;
    const node* bound;
  };
  std::vector<binding> names;
  for (std::size_t d = 0; d < fn.params.size(); ++d) {
    const auto& decl = fn.params[d];
    if (decl.mult != spec::multiplicity::none && decl.mult != spec::multiplicity::one)
      unsupported(*decl.bound, "a run command's parameters must be single atoms");
    for (auto s : decl.slots) names.push_back({s, decl.bound.get()});
  }
  std::vector<lit> options;
  std::function<void(std::size_t, lit)> visit = [&](std::size_t k, lit guard) {
    if (guard == lit_false) return;
    if (k == names.size()) {
      options.push_back(c_.and_(guard, formula(*fn.body, g)));
      return;
    }
    matrix range = expr(*names[k].bound, g);
    for (std::uint32_t a = 0; a < n_; ++a) {
      if (range[a] == lit_false) continue;
      if (k == 0 && b_.root_sig >= 0 && a != b_.root_atom) continue;
      g.values[names[k].slot] = singleton(a);
      g.atom[names[k].slot] = a;
      visit(k + 1, c_.and_(guard, range[a]));
    }
  };
  visit(0, lit_true);
  return c_.or_(options);
}

}  // namespace smallscope::sat
