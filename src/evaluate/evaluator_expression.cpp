// The evaluator's expressions and integers (paper 003, Sec. 3: the relational operators and
// Alloy's integers, which wrap to the scope's bit width in two's complement).
#include <stdexcept>

#include "evaluate/evaluator.hpp"
#include "evaluate/evaluator_frame.hpp"
#include "evaluate/relations.hpp"

namespace smallscope::spec {

bool evaluator::is_int_sig(std::uint32_t sig) const {
  const sig_decl& s = m_.sigs.at(sig);
  return s.builtin && s.name == "Int";
}

const tuple_set& evaluator::sig_value(std::uint32_t sig) const {
  if (is_int_sig(sig)) return ints_;
  return state_.sigs.at(sig);
}

const tuple_set& evaluator::field_value(std::uint32_t field, bool pre_state) const {
  const instance& from = pre_state && pre_ != nullptr ? *pre_ : state_;
  return from.fields.at(field);
}

std::int64_t evaluator::wrap(std::int64_t value) const { return state_.atoms->wrap(value); }

tuple_set evaluator::int_to_set(std::int64_t value) const {
  std::uint32_t atom = 0;
  if (!state_.atoms->int_atom(value, atom)) return rel::empty(1);
  return rel::singleton(atom);
}

std::int64_t evaluator::sum_of(const tuple_set& s) const {
  if (s.arity != 1) throw std::logic_error("sum of a non-unary set");
  std::uint64_t sum = 0;  // unsigned: wraps instead of overflowing
  for (std::uint32_t a : s.atoms) {
    if (state_.atoms->is_int(a)) sum += static_cast<std::uint64_t>(state_.atoms->int_value(a));
  }
  return wrap(static_cast<std::int64_t>(sum));
}

namespace {

std::int64_t add(std::int64_t a, std::int64_t b) {
  return static_cast<std::int64_t>(static_cast<std::uint64_t>(a) + static_cast<std::uint64_t>(b));
}
std::int64_t sub(std::int64_t a, std::int64_t b) {
  return static_cast<std::int64_t>(static_cast<std::uint64_t>(a) - static_cast<std::uint64_t>(b));
}
std::int64_t mul(std::int64_t a, std::int64_t b) {
  return static_cast<std::int64_t>(static_cast<std::uint64_t>(a) * static_cast<std::uint64_t>(b));
}

}  // namespace

std::int64_t evaluator::integer(const node& n, frame& f) const {
  switch (n.kind) {
    case op::int_lit: return wrap(n.value);
    case op::card: return wrap(static_cast<std::int64_t>(expression(*n.args.at(0), f).size()));
    case op::sum_of: return sum_of(expression(*n.args.at(0), f));
    case op::plus: return wrap(add(integer(*n.args.at(0), f), integer(*n.args.at(1), f)));
    case op::minus: return wrap(sub(integer(*n.args.at(0), f), integer(*n.args.at(1), f)));
    case op::mul: return wrap(mul(integer(*n.args.at(0), f), integer(*n.args.at(1), f)));
    case op::div:
    case op::rem: {
      std::int64_t a = integer(*n.args.at(0), f);
      std::int64_t b = integer(*n.args.at(1), f);
      if (b == 0) return n.kind == op::div ? wrap(a >= 0 ? -1 : 1) : a;
      if (b == -1) return n.kind == op::div ? wrap(sub(0, a)) : 0;  // no INT64_MIN / -1
      return wrap(n.kind == op::div ? a / b : a % b);  // C++ truncates toward zero, as Alloy
    }
    case op::ite: return formula(*n.args.at(0), f) ? integer(*n.args.at(1), f) : integer(*n.args.at(2), f);
    case op::let:
      bind_let(n, f);
      return integer(*n.args.at(0), f);
    case op::call: {
      const function_decl& callee = m_.functions.at(n.index);
      frame inner = call_frame(n, f);
      return integer(*callee.body, inner);
    }
    default:
      if (n.is_formula) throw std::logic_error("a formula where an integer is needed");
      return sum_of(expression(n, f));  // a set of Int atoms read as an integer, as Alloy's int[]
  }
}

void evaluator::bind_let(const node& n, frame& f) const {
  for (const decl& d : n.decls) {
    if (d.slots.size() != 1 || !d.bound) throw std::logic_error("let binding without one slot and a value");
    f.at(d.slots[0]) = expression(*d.bound, f);
  }
}

tuple_set evaluator::expression(const node& n, frame& f) const {
  if (n.is_int) return int_to_set(integer(n, f));
  switch (n.kind) {
    case op::name:
    case op::this_:
      switch (n.ref) {
        case ref_kind::sig: return sig_value(n.index);
        case ref_kind::builtin_int: return ints_;
        case ref_kind::field: return field_value(n.index, n.pre_state);
        case ref_kind::variable: return f.at(n.index);
        case ref_kind::fun: {
          frame inner = bind_params(n.index, {});
          return expression(*m_.functions.at(n.index).body, inner);
        }
        default:
          if (n.kind == op::this_) return f.at(n.index);
          throw std::logic_error("unresolved name '" + n.text + "'");
      }
    case op::none: return rel::empty(n.arity == 0 ? 1 : n.arity);
    case op::univ: return univ_;
    case op::iden: return iden_;
    case op::transpose: return rel::transpose(expression(*n.args.at(0), f));
    case op::closure:
    case op::rclosure: {
      const bool shared = !reads_variables(*n.args.at(0));
      if (shared) {
        if (auto it = closures_.find(&n); it != closures_.end()) return it->second;
      }
      tuple_set c = rel::closure(expression(*n.args.at(0), f));
      if (n.kind == op::rclosure) c = rel::unite(c, iden_);
      if (shared) closures_.emplace(&n, c);
      return c;
    }
    case op::join: return rel::join(expression(*n.args.at(0), f), expression(*n.args.at(1), f));
    case op::union_: return rel::unite(expression(*n.args.at(0), f), expression(*n.args.at(1), f));
    case op::intersect: return rel::intersect(expression(*n.args.at(0), f), expression(*n.args.at(1), f));
    case op::difference: return rel::subtract(expression(*n.args.at(0), f), expression(*n.args.at(1), f));
    case op::product: return rel::product(expression(*n.args.at(0), f), expression(*n.args.at(1), f));
    case op::override_: return rel::override_(expression(*n.args.at(0), f), expression(*n.args.at(1), f));
    case op::domain_restrict:
      return rel::domain_restrict(expression(*n.args.at(0), f), expression(*n.args.at(1), f));
    case op::range_restrict:
      return rel::range_restrict(expression(*n.args.at(0), f), expression(*n.args.at(1), f));
    case op::int_to_set: return int_to_set(integer(*n.args.at(0), f));
    case op::ite:
      return formula(*n.args.at(0), f) ? expression(*n.args.at(1), f) : expression(*n.args.at(2), f);
    case op::let:
      bind_let(n, f);
      return expression(*n.args.at(0), f);
    case op::comprehension: return comprehension(n, f);
    case op::call: {
      const function_decl& callee = m_.functions.at(n.index);
      if (callee.is_pred) throw std::logic_error("a predicate call where an expression is needed");
      frame inner = call_frame(n, f);
      return expression(*callee.body, inner);
    }
    default: throw std::logic_error("a formula where an expression is needed");
  }
}

}  // namespace smallscope::spec
