// The evaluator's formulas, quantifiers and comprehensions (paper 003, Sec. 3: Alloy's
// first-order relational logic, judged by enumerating the bindings of each quantified name).
#include <stdexcept>

#include "evaluate/evaluator.hpp"
#include "evaluate/evaluator_frame.hpp"
#include "evaluate/relations.hpp"

namespace smallscope::spec {

namespace {

// Subsets of a bound larger than this are not enumerated (2^20 bindings per name).
constexpr std::size_t max_subset_bound = 20;

// The values a declared name ranges over: the bound's tuples one by one (`one`, the default),
// or its subsets (`lone`: the empty set and the singletons; `some`: the non-empty ones; `set`: all).
std::vector<tuple_set> candidates(const tuple_set& bound, multiplicity mult) {
  std::vector<tuple_set> out;
  std::size_t n = bound.size();
  auto tuple_at = [&](std::size_t i) {
    tuple_set s = rel::empty(bound.arity);
    s.atoms.assign(bound.atoms.begin() + static_cast<std::ptrdiff_t>(i * bound.arity),
                   bound.atoms.begin() + static_cast<std::ptrdiff_t>((i + 1) * bound.arity));
    return s;
  };
  switch (mult) {
    case multiplicity::none:
    case multiplicity::one:
      for (std::size_t i = 0; i < n; ++i) out.push_back(tuple_at(i));
      return out;
    case multiplicity::lone:
      out.push_back(rel::empty(bound.arity));
      for (std::size_t i = 0; i < n; ++i) out.push_back(tuple_at(i));
      return out;
    case multiplicity::some:
    case multiplicity::set:
      if (n > max_subset_bound) {
        throw std::runtime_error("a quantifier over the subsets of a bound of " + std::to_string(n) +
                                 " tuples (at most " + std::to_string(max_subset_bound) + ")");
      }
      for (std::uint64_t bits = mult == multiplicity::some ? 1 : 0; bits < (std::uint64_t{1} << n); ++bits) {
        tuple_set s = rel::empty(bound.arity);
        for (std::size_t i = 0; i < n; ++i) {
          if (bits >> i & 1) {
            s.atoms.insert(s.atoms.end(), bound.atoms.begin() + static_cast<std::ptrdiff_t>(i * bound.arity),
                           bound.atoms.begin() + static_cast<std::ptrdiff_t>((i + 1) * bound.arity));
          }
        }
        out.push_back(std::move(s));
      }
      return out;
  }
  return out;
}

std::uint32_t slot_of(const decl& d, std::size_t k) {
  if (k >= d.slots.size()) throw std::logic_error("declared name '" + d.names.at(k) + "' without a slot");
  return d.slots[k];
}

}  // namespace

bool evaluator::for_each_binding(const std::vector<decl>& decls, std::size_t d, std::size_t k, frame& f,
                                 const std::function<bool()>& visit) const {
  if (d == decls.size()) return visit();
  const decl& dc = decls[d];
  if (k == dc.names.size()) return for_each_binding(decls, d + 1, 0, f, visit);
  // The bound is evaluated here, so that it may mention the names declared before it.
  tuple_set bound = expression(*dc.bound, f);
  std::uint32_t slot = slot_of(dc, k);
  for (tuple_set& value : candidates(bound, dc.mult)) {
    if (dc.disjoint) {  // `disj`: the names of one declaration share no atom
      bool overlaps = false;
      for (std::size_t j = 0; j < k && !overlaps; ++j) {
        overlaps = !rel::intersect(f.at(slot_of(dc, j)), value).empty();
      }
      if (overlaps) continue;
    }
    f.at(slot) = std::move(value);
    if (!for_each_binding(decls, d, k + 1, f, visit)) return false;
  }
  return true;
}

bool evaluator::quantifier(const node& n, frame& f) const {
  const node& body = *n.args.at(0);
  std::size_t count = 0;
  switch (n.kind) {
    case op::quant_all:
      return for_each_binding(n.decls, 0, 0, f, [&] { return formula(body, f); });
    case op::quant_some:
    case op::quant_no:
      for_each_binding(n.decls, 0, 0, f, [&] {
        if (formula(body, f)) ++count;
        return count == 0;
      });
      return n.kind == op::quant_some ? count > 0 : count == 0;
    case op::quant_lone:
    case op::quant_one:
      for_each_binding(n.decls, 0, 0, f, [&] {
        if (formula(body, f)) ++count;
        return count < 2;
      });
      return n.kind == op::quant_lone ? count <= 1 : count == 1;
    default: throw std::logic_error("not a quantifier");
  }
}

tuple_set evaluator::comprehension(const node& n, frame& f) const {
  std::vector<std::uint32_t> slots;
  for (const decl& d : n.decls) {
    if (d.mult != multiplicity::none && d.mult != multiplicity::one) {
      throw std::runtime_error("a comprehension's names range over single atoms only");
    }
    for (std::size_t k = 0; k < d.names.size(); ++k) slots.push_back(slot_of(d, k));
  }
  // Each name holds one tuple of its (unary) bound; a tuple of the result joins them in order.
  tuple_set out = rel::empty(n.arity != 0 ? n.arity : static_cast<std::uint8_t>(slots.size()));
  for_each_binding(n.decls, 0, 0, f, [&] {
    if (n.args.empty() || formula(*n.args[0], f)) {
      for (std::uint32_t s : slots) out.atoms.insert(out.atoms.end(), f.at(s).atoms.begin(), f.at(s).atoms.end());
    }
    return true;
  });
  out.normalize();
  return out;
}

bool evaluator::formula(const node& n, frame& f) const {
  auto arg = [&](std::size_t i) -> const node& { return *n.args.at(i); };
  switch (n.kind) {
    case op::true_: return true;
    case op::false_: return false;
    case op::not_: return !formula(arg(0), f);
    case op::and_:
    case op::block:
      for (const node_ptr& a : n.args) {
        if (!formula(*a, f)) return false;
      }
      return true;
    case op::or_:
      for (const node_ptr& a : n.args) {
        if (formula(*a, f)) return true;
      }
      return false;
    case op::implies: return !formula(arg(0), f) || formula(arg(1), f);
    case op::iff: return formula(arg(0), f) == formula(arg(1), f);
    case op::ite: return formula(arg(0), f) ? formula(arg(1), f) : formula(arg(2), f);
    case op::in: return rel::subset(expression(arg(0), f), expression(arg(1), f));
    case op::not_in: return !rel::subset(expression(arg(0), f), expression(arg(1), f));
    case op::eq:
    case op::neq: {
      bool equal = arg(0).is_int && arg(1).is_int ? integer(arg(0), f) == integer(arg(1), f)
                                                  : expression(arg(0), f) == expression(arg(1), f);
      return n.kind == op::eq ? equal : !equal;
    }
    case op::lt: return integer(arg(0), f) < integer(arg(1), f);
    case op::gt: return integer(arg(0), f) > integer(arg(1), f);
    case op::lte: return integer(arg(0), f) <= integer(arg(1), f);
    case op::gte: return integer(arg(0), f) >= integer(arg(1), f);
    case op::no: return expression(arg(0), f).empty();
    case op::some: return !expression(arg(0), f).empty();
    case op::lone: return expression(arg(0), f).size() <= 1;
    case op::one: return expression(arg(0), f).size() == 1;
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
        frame inner = bind_params(n.index, {});
        return formula(*m_.functions.at(n.index).body, inner);
      }
      throw std::logic_error("the name '" + n.text + "' where a formula is needed");
    default: throw std::logic_error("an expression where a formula is needed");
  }
}

}  // namespace smallscope::spec
