// The three-valued evaluator on a partial instance (paper 000, Sec. 3: an invariant that returns
// false after reading a field prunes every candidate that shares the fields read; here that
// answer comes from a spec's formula on the fields read so far). Kleene's logic over lower
// bounds that say when they are exact.
#include "evaluate/partial_evaluator.hpp"

#include <algorithm>
#include <limits>
#include <stdexcept>

#include "evaluate/relations.hpp"

namespace smallscope::spec {

namespace {

// The atoms a binary relation's tuples starting with `from` lead to (tuples sorted by first atom).
template <class F>
void successors(const tuple_set& r, std::uint32_t from, F&& visit) {
  std::size_t lo = 0, hi = r.size();  // the first pair whose first atom is not below `from`
  while (lo < hi) {
    const std::size_t mid = (lo + hi) / 2;
    if (r.atoms[2 * mid] < from) lo = mid + 1;
    else hi = mid;
  }
  for (std::size_t i = 2 * lo; i + 1 < r.atoms.size() && r.atoms[i] == from; i += 2) visit(r.atoms[i + 1]);
}

}  // namespace

partial_evaluator::partial_evaluator(const module& m, const partial_instance& p)
    : m_(m), p_(p), u_(*p.known.atoms) {
  ints_ = rel::empty(1);
  for (std::uint32_t i = 0; i < u_.int_count; ++i) ints_.atoms.push_back(u_.int_first + i);
  const std::uint32_t w = u_.bit_width;
  if (w == 0 || w >= 63) {
    unknown_int_ = {std::numeric_limits<std::int64_t>::min(), std::numeric_limits<std::int64_t>::max()};
  } else {
    unknown_int_ = {-(std::int64_t{1} << (w - 1)), (std::int64_t{1} << (w - 1)) - 1};
  }
}

tuple_set partial_evaluator::univ() const {
  tuple_set u = ints_;
  for (const tuple_set& s : p_.known.sigs) u.atoms.insert(u.atoms.end(), s.atoms.begin(), s.atoms.end());
  u.normalize();
  return u;
}

partial_evaluator::interval partial_evaluator::sum(const bound& b) const {
  if (!b.exact) return unknown_int_;
  std::uint64_t total = 0;  // unsigned: wraps instead of overflowing
  for (std::uint32_t a : b.lo.atoms) {
    if (u_.is_int(a)) total += static_cast<std::uint64_t>(u_.int_value(a));
  }
  const std::int64_t v = u_.wrap(static_cast<std::int64_t>(total));
  return {v, v};
}

partial_evaluator::interval partial_evaluator::card(const bound& b) const {
  if (!b.exact) return unknown_int_;  // a count may still wrap: no bound from below
  const std::int64_t n = u_.wrap(static_cast<std::int64_t>(b.lo.size()));
  return {n, n};
}

bool partial_evaluator::field_union(const node& n, std::vector<std::uint32_t>& fields) const {
  if (n.kind == op::name && n.ref == ref_kind::field) {
    fields.push_back(n.index);
    return true;
  }
  if (n.kind == op::union_) return field_union(*n.args.at(0), fields) && field_union(*n.args.at(1), fields);
  return false;
}

bool partial_evaluator::known(std::uint32_t field, std::uint32_t atom) const {
  if (p_.read[field][atom]) return true;
  if (wanted_.field < 0 && atom < p_.readable.size() && p_.readable[atom]) wanted_ = {field, atom};
  return false;
}

bool partial_evaluator::all_read(const std::vector<std::uint32_t>& fields, const tuple_set& atoms) const {
  bool all = true;
  for (std::uint32_t a : atoms.atoms) {
    for (std::uint32_t f : fields) all = known(f, a) && all;
  }
  return all;
}

truth partial_evaluator::command_holds(std::uint32_t command, std::span<const std::uint32_t> args) const {
  truth t = truth::yes;
  for (const fact_decl& fact : m_.facts) {
    frame f(fact.variable_count);
    t = both(t, formula(*fact.body, f));
    if (t == truth::no) return t;
  }
  const command_decl& c = m_.commands.at(command);
  if (c.block) {
    frame f(c.variable_count);
    return both(t, formula(*c.block, f));
  }
  if (c.target < 0 || !c.is_run) return truth::unknown;
  const function_decl& fn = m_.functions.at(static_cast<std::size_t>(c.target));
  frame f(std::max<std::uint32_t>(fn.variable_count, 1));
  std::size_t next = 0;
  for (const decl& d : fn.params) {
    for (std::size_t k = 0; k < d.names.size(); ++k) {
      if (next >= args.size() || k >= d.slots.size()) return truth::unknown;
      slot(f, d.slots[k]) = exact(rel::singleton(args[next++]));
    }
  }
  return both(t, formula(*fn.body, f));
}

partial_evaluator::frame partial_evaluator::call_frame(const node& call, frame& f) const {
  const function_decl& callee = m_.functions.at(call.index);
  frame inner(std::max<std::uint32_t>(callee.variable_count, 1));
  std::size_t next = 0;
  std::uint32_t position = 0;
  for (const decl& d : callee.params) {
    for (std::size_t k = 0; k < d.names.size(); ++k, ++position) {
      if (next >= call.args.size()) throw std::invalid_argument("call of '" + callee.name + "' with too few arguments");
      const std::uint32_t s = k < d.slots.size() ? d.slots[k] : position;
      slot(inner, s) = expression(*call.args[next++], f);
    }
  }
  return inner;
}

template <class Visit>
bool partial_evaluator::for_each_binding(const std::vector<decl>& decls, std::size_t d, std::size_t k, frame& f,
                                         bool& all_seen, Visit& visit) const {
  if (d == decls.size()) return visit();
  const decl& dc = decls[d];
  if (k == dc.names.size()) return for_each_binding(decls, d + 1, 0, f, all_seen, visit);
  const bound domain = expression(*dc.bound, f);
  if (!domain.exact) all_seen = false;
  if (dc.mult != multiplicity::none && dc.mult != multiplicity::one) {  // subsets: left to the final check
    all_seen = false;
    return true;
  }
  const std::uint32_t at = dc.slots.at(k);
  const std::uint8_t arity = domain.lo.arity;
  for (std::size_t i = 0; i < domain.lo.size(); ++i) {
    bound value{rel::empty(arity), true};
    value.lo.atoms.assign(domain.lo.atoms.begin() + static_cast<std::ptrdiff_t>(i * arity),
                          domain.lo.atoms.begin() + static_cast<std::ptrdiff_t>((i + 1) * arity));
    if (dc.disjoint) {
      bool overlaps = false;
      for (std::size_t j = 0; j < k && !overlaps; ++j) overlaps = !rel::intersect(slot(f, dc.slots.at(j)).lo, value.lo).empty();
      if (overlaps) continue;
    }
    slot(f, at) = std::move(value);
    if (!for_each_binding(decls, d, k + 1, f, all_seen, visit)) return false;
  }
  return true;
}

truth partial_evaluator::quantifier(const node& n, frame& f) const {
  struct inside {
    std::uint32_t& depth;
    explicit inside(std::uint32_t& d) : depth(d) { ++depth; }
    ~inside() { --depth; }
  } scope(quantifiers_);
  const node& body = *n.args.at(0);
  bool all_seen = true;
  std::size_t yes = 0, unknown = 0;
  bool stop_at_no = n.kind == op::quant_all;
  auto visit = [&] {
    const truth t = formula(body, f);
    if (t == truth::yes) ++yes;
    if (t == truth::unknown) ++unknown;
    if (stop_at_no) return t != truth::no;
    if (n.kind == op::quant_some || n.kind == op::quant_no) return yes == 0;
    return yes < 2;
  };
  bool saw_no = false;
  if (n.kind == op::quant_all) {
    saw_no = !for_each_binding(n.decls, 0, 0, f, all_seen, visit);
    if (saw_no) return truth::no;
    return all_seen && unknown == 0 ? truth::yes : truth::unknown;
  }
  for_each_binding(n.decls, 0, 0, f, all_seen, visit);
  const bool settled = all_seen && unknown == 0;
  switch (n.kind) {
    case op::quant_some: return yes > 0 ? truth::yes : settled ? truth::no : truth::unknown;
    case op::quant_no: return yes > 0 ? truth::no : settled ? truth::yes : truth::unknown;
    case op::quant_lone: return yes > 1 ? truth::no : settled ? truth::yes : truth::unknown;
    case op::quant_one: return yes > 1 ? truth::no : settled ? of(yes == 1) : truth::unknown;
    default: throw std::logic_error("not a quantifier");
  }
}

partial_evaluator::bound partial_evaluator::comprehension(const node& n, frame& f) const {
  std::vector<std::uint32_t> slots;
  for (const decl& d : n.decls) {
    if (d.mult != multiplicity::none && d.mult != multiplicity::one) return {rel::empty(n.arity == 0 ? 1 : n.arity), false};
    for (std::uint32_t s : d.slots) slots.push_back(s);
  }
  bound out{rel::empty(n.arity != 0 ? n.arity : static_cast<std::uint8_t>(slots.size())), true};
  bool all_seen = true;
  auto visit = [&] {
    const truth t = n.args.empty() ? truth::yes : formula(*n.args[0], f);
    if (t == truth::unknown) out.exact = false;
    if (t == truth::yes) {
      for (std::uint32_t s : slots) out.lo.atoms.insert(out.lo.atoms.end(), slot(f, s).lo.atoms.begin(), slot(f, s).lo.atoms.end());
    }
    return true;
  };
  for_each_binding(n.decls, 0, 0, f, all_seen, visit);
  out.exact = out.exact && all_seen;
  out.lo.normalize();
  return out;
}

partial_evaluator::bound partial_evaluator::join(const node& n, frame& f) const {
  const node& right = *n.args.at(1);
  bound left = expression(*n.args.at(0), f);
  // x.f, x.(f + g): exact once those fields of every atom of x are read.
  std::vector<std::uint32_t> fields;
  if (left.lo.arity == 1 && field_union(right, fields)) {
    tuple_set step = rel::empty(1);
    for (std::uint32_t a : left.lo.atoms) {
      for (std::uint32_t fl : fields) successors(p_.known.fields[fl], a, [&](std::uint32_t b) { step.atoms.push_back(b); });
    }
    step.normalize();
    if (p_.known.fields[fields[0]].arity != 2) return {rel::join(left.lo, expression(right, f).lo), false};
    return {std::move(step), left.exact && all_read(fields, left.lo)};
  }
  // x.^(f + g), x.*(f + g): a walk along the fields read, exact once every atom it meets is read.
  fields.clear();
  if (left.lo.arity == 1 && (right.kind == op::closure || right.kind == op::rclosure) &&
      field_union(*right.args.at(0), fields)) {
    bool binary = true;
    for (std::uint32_t fl : fields) binary = binary && p_.known.fields[fl].arity == 2;
    if (binary) {
      // Marks by stamp in buffers kept per thread: a walk allocates nothing but its result.
      thread_local std::vector<std::uint32_t> seen, expanded;
      thread_local std::vector<std::uint32_t> work;
      thread_local std::uint32_t stamp = 0;
      if (seen.size() < u_.size() || ++stamp == 0) {
        seen.assign(std::max<std::size_t>(seen.size(), u_.size()), 0);
        expanded.assign(seen.size(), 0);
        stamp = 1;
      }
      work.assign(left.lo.atoms.begin(), left.lo.atoms.end());
      tuple_set out = rel::empty(1);
      if (right.kind == op::rclosure) {
        out.atoms = left.lo.atoms;
        for (std::uint32_t a : work) seen[a] = stamp;
      }
      bool exact_walk = left.exact;
      while (!work.empty()) {
        const std::uint32_t a = work.back();
        work.pop_back();
        if (expanded[a] == stamp) continue;
        expanded[a] = stamp;
        for (std::uint32_t fl : fields) {
          exact_walk = known(fl, a) && exact_walk;
          successors(p_.known.fields[fl], a, [&](std::uint32_t b) {
            if (seen[b] != stamp) {
              seen[b] = stamp;
              out.atoms.push_back(b);
            }
            if (expanded[b] != stamp) work.push_back(b);
          });
        }
      }
      out.normalize();
      return {std::move(out), exact_walk};
    }
  }
  bound r = expression(right, f);
  return {rel::join(left.lo, r.lo), left.exact && r.exact};
}

partial_evaluator::interval partial_evaluator::integer(const node& n, frame& f) const {
  auto exact_int = [](std::int64_t v) { return interval{v, v}; };
  auto arith = [&](auto fn) {
    const interval a = integer(*n.args.at(0), f), b = integer(*n.args.at(1), f);
    if (a.lo != a.hi || b.lo != b.hi) return unknown_int_;
    return exact_int(u_.wrap(fn(static_cast<std::uint64_t>(a.lo), static_cast<std::uint64_t>(b.lo))));
  };
  switch (n.kind) {
    case op::int_lit: return exact_int(u_.wrap(n.value));
    case op::card: return card(expression(*n.args.at(0), f));
    case op::sum_of: return sum(expression(*n.args.at(0), f));
    case op::plus: return arith([](std::uint64_t a, std::uint64_t b) { return static_cast<std::int64_t>(a + b); });
    case op::minus: return arith([](std::uint64_t a, std::uint64_t b) { return static_cast<std::int64_t>(a - b); });
    case op::mul: return arith([](std::uint64_t a, std::uint64_t b) { return static_cast<std::int64_t>(a * b); });
    case op::ite: {
      const truth c = formula(*n.args.at(0), f);
      if (c == truth::unknown) return unknown_int_;
      return integer(*n.args.at(c == truth::yes ? 1 : 2), f);
    }
    case op::let:
      bind_let(n, f);
      return integer(*n.args.at(0), f);
    case op::call: {
      frame inner = call_frame(n, f);
      return integer(*m_.functions.at(n.index).body, inner);
    }
    default: {
      if (n.is_formula) throw std::logic_error("a formula where an integer is needed");
      if (n.kind == op::div || n.kind == op::rem) return unknown_int_;  // left to the final check
      return sum(expression(n, f));  // a set of Int atoms read as an integer
    }
  }
}

partial_evaluator::bound partial_evaluator::monotone(const node& n, frame& f,
                                                     tuple_set (*op)(const tuple_set&, const tuple_set&)) const {
  const bound a = expression(*n.args.at(0), f), b = expression(*n.args.at(1), f);
  return {op(a.lo, b.lo), a.exact && b.exact};
}

void partial_evaluator::bind_let(const node& n, frame& f) const {
  for (const decl& d : n.decls) slot(f, d.slots.at(0)) = expression(*d.bound, f);
}

partial_evaluator::bound partial_evaluator::expression(const node& n, frame& f) const {
  if (n.is_int || n.kind == op::int_to_set) {
    const interval i = integer(n.kind == op::int_to_set ? *n.args.at(0) : n, f);
    if (i.lo != i.hi) return {rel::empty(1), false};
    std::uint32_t atom = 0;
    return exact(u_.int_atom(i.lo, atom) ? rel::singleton(atom) : rel::empty(1));
  }
  auto arg = [&](std::size_t i) { return expression(*n.args.at(i), f); };
  switch (n.kind) {
    case op::name:
    case op::this_:
      switch (n.ref) {
        case ref_kind::sig: {
          const sig_decl& s = m_.sigs.at(n.index);
          if (s.builtin && s.name == "Int") return exact(ints_);
          if (s.builtin || s.mult == multiplicity::one) return exact(p_.known.sigs.at(n.index));
          return whole(p_.known.sigs.at(n.index));
        }
        case ref_kind::builtin_int: return exact(ints_);
        case ref_kind::field: return whole(p_.known.fields.at(n.index));
        case ref_kind::variable: return slot(f, n.index);
        case ref_kind::fun: {
          frame inner(std::max<std::uint32_t>(m_.functions.at(n.index).variable_count, 1));
          return expression(*m_.functions.at(n.index).body, inner);
        }
        default:
          if (n.kind == op::this_) return slot(f, n.index);
          throw std::logic_error("unresolved name '" + n.text + "'");
      }
    case op::none: return exact(rel::empty(n.arity == 0 ? 1 : n.arity));
    case op::univ:
    case op::iden: return whole(n.kind == op::univ ? univ() : rel::identity(univ()));
    case op::transpose: {
      bound a = arg(0);
      return {rel::transpose(a.lo), a.exact};
    }
    case op::closure:
    case op::rclosure: {
      bound a = arg(0);
      tuple_set c = rel::closure(a.lo);
      if (n.kind == op::closure) return {std::move(c), a.exact};
      return {rel::unite(c, rel::identity(univ())), a.exact && p_.complete};
    }
    case op::join: return join(n, f);
    // Monotone in both operands: the lower bounds' result is a lower bound, exact with both.
    case op::union_: return monotone(n, f, rel::unite);
    case op::intersect: return monotone(n, f, rel::intersect);
    case op::product: return monotone(n, f, rel::product);
    case op::domain_restrict: return monotone(n, f, rel::domain_restrict);
    case op::range_restrict: return monotone(n, f, rel::range_restrict);
    case op::difference: {
      bound a = arg(0), b = arg(1);
      if (!b.exact) return {rel::empty(a.lo.arity), false};  // b may still grow
      return {rel::subtract(a.lo, b.lo), a.exact};
    }
    case op::override_: {
      bound a = arg(0), b = arg(1);
      if (a.exact && b.exact) return exact(rel::override_(a.lo, b.lo));
      return {rel::empty(a.lo.arity), false};
    }
    case op::ite: {
      const truth c = formula(*n.args.at(0), f);
      if (c != truth::unknown) return arg(c == truth::yes ? 1 : 2);
      bound a = arg(1), b = arg(2);
      return {rel::intersect(a.lo, b.lo), false};
    }
    case op::let:
      bind_let(n, f);
      return arg(0);
    case op::comprehension: return comprehension(n, f);
    case op::call: {
      frame inner = call_frame(n, f);
      return expression(*m_.functions.at(n.index).body, inner);
    }
    default: throw std::logic_error("a formula where an expression is needed");
  }
}

std::uint64_t partial_evaluator::frame_hash(const frame& f) {
  std::uint64_t h = 0xcbf29ce484222325ull;  // FNV-1a over the slots' atoms and exactness
  auto mix = [&h](std::uint64_t v) {
    h ^= v;
    h *= 0x100000001b3ull;
  };
  for (const bound& b : f) {
    mix(b.exact ? 1 : 2);
    mix(b.lo.atoms.size());
    for (std::uint32_t a : b.lo.atoms) mix(a);
  }
  return h;
}

truth partial_evaluator::formula(const node& n, frame& f) const {
  // Outside quantifiers a formula is judged in few frames: one found true stays true.
  const bool cacheable = quantifiers_ == 0 && n.kind != op::block && n.kind != op::and_;
  std::uint64_t key = 0;
  if (cacheable) {
    key = frame_hash(f);
    for (const auto& [done, h] : p_.settled) {
      if (done == &n && h == key) return truth::yes;
    }
  }
  const truth t = judge(n, f);
  if (cacheable && t == truth::yes) p_.settled.emplace_back(&n, key);
  return t;
}

truth partial_evaluator::judge(const node& n, frame& f) const {
  auto arg = [&](std::size_t i) -> const node& { return *n.args.at(i); };
  switch (n.kind) {
    case op::true_: return truth::yes;
    case op::false_: return truth::no;
    case op::not_:
    case op::and_:
    case op::block:
    case op::or_:
    case op::implies:
    case op::iff:
    case op::ite:
      return connective(
          n.kind, n.args.size(), [&](std::size_t k) { return formula(*n.args[k], f); },
          [&] { return wanted_.field >= 0 && quantifiers_ == 0; });
    case op::in:
    case op::not_in: {
      const bound a = expression(arg(0), f), b = expression(arg(1), f);
      truth t = truth::unknown;
      if (a.exact && rel::subset(a.lo, b.lo)) t = truth::yes;
      else if (b.exact && !rel::subset(a.lo, b.lo)) t = truth::no;
      return n.kind == op::in ? t : negate(t);
    }
    case op::eq:
    case op::neq: {
      truth t = truth::unknown;
      if (arg(0).is_int && arg(1).is_int) {
        const interval a = integer(arg(0), f), b = integer(arg(1), f);
        t = equal(a, b);
      } else {
        const bound a = expression(arg(0), f), b = expression(arg(1), f);
        if (a.exact && b.exact) t = of(a.lo == b.lo);
        else if ((a.exact && !rel::subset(b.lo, a.lo)) || (b.exact && !rel::subset(a.lo, b.lo))) t = truth::no;
      }
      return n.kind == op::eq ? t : negate(t);
    }
    case op::lt:
    case op::gt:
    case op::lte:
    case op::gte: {
      const interval a = integer(arg(0), f), b = integer(arg(1), f);
      return compare(n.kind, a, b);
    }
    case op::no:
    case op::some: {
      const bound a = expression(arg(0), f);
      truth t = !a.lo.empty() ? truth::yes : a.exact ? truth::no : truth::unknown;  // some
      return n.kind == op::some ? t : negate(t);
    }
    case op::lone:
    case op::one: {
      const bound a = expression(arg(0), f);
      if (a.lo.size() > 1) return truth::no;
      if (!a.exact) return truth::unknown;
      return of(n.kind == op::lone || a.lo.size() == 1);
    }
    case op::quant_all:
    case op::quant_some:
    case op::quant_no:
    case op::quant_lone:
    case op::quant_one: return quantifier(n, f);
    case op::let:
      bind_let(n, f);
      return formula(arg(0), f);
    case op::call: {
      frame inner = call_frame(n, f);
      return formula(*m_.functions.at(n.index).body, inner);
    }
    case op::name:
      if (n.ref == ref_kind::pred) {
        frame inner(std::max<std::uint32_t>(m_.functions.at(n.index).variable_count, 1));
        return formula(*m_.functions.at(n.index).body, inner);
      }
      throw std::logic_error("the name '" + n.text + "' where a formula is needed");
    default: throw std::logic_error("an expression where a formula is needed");
  }
}

}  // namespace smallscope::spec
