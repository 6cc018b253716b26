// Builds checked syntax trees by hand for the evaluator's tests (paper 003, Sec. 3): each helper
// makes one node with what the checker would fill in (ref, index, arity, is_formula, is_int).
#pragma once

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "spec_front/ast.hpp"
#include "spec_front/instance.hpp"

namespace smallscope::spec::build {

inline node_ptr mk(op kind, std::uint8_t arity = 1) {
  auto n = std::make_unique<node>();
  n->kind = kind;
  n->arity = arity;
  return n;
}
inline node_ptr with(node_ptr n, node_ptr a) {
  n->args.push_back(std::move(a));
  return n;
}
inline node_ptr with(node_ptr n, node_ptr a, node_ptr b) {
  n->args.push_back(std::move(a));
  n->args.push_back(std::move(b));
  return n;
}

// Leaves.
inline node_ptr sig(std::uint32_t i) {
  node_ptr n = mk(op::name);
  n->ref = ref_kind::sig;
  n->index = i;
  return n;
}
inline node_ptr int_sig() {
  node_ptr n = mk(op::name);
  n->ref = ref_kind::builtin_int;
  return n;
}
inline node_ptr field(std::uint32_t i, std::uint8_t arity = 2, bool pre = false) {
  node_ptr n = mk(op::name, arity);
  n->ref = ref_kind::field;
  n->index = i;
  n->pre_state = pre;
  return n;
}
inline node_ptr var(std::uint32_t slot, std::uint8_t arity = 1) {
  node_ptr n = mk(op::name, arity);
  n->ref = ref_kind::variable;
  n->index = slot;
  return n;
}
inline node_ptr this_() {
  node_ptr n = mk(op::this_);
  n->ref = ref_kind::variable;
  return n;
}
inline node_ptr univ() { return mk(op::univ); }
inline node_ptr iden() { return mk(op::iden, 2); }
inline node_ptr none(std::uint8_t arity = 1) { return mk(op::none, arity); }

// Relational expressions.
inline node_ptr binary(op k, node_ptr a, node_ptr b, std::uint8_t arity) { return with(mk(k, arity), std::move(a), std::move(b)); }
inline node_ptr join(node_ptr a, node_ptr b) {
  std::uint8_t ar = static_cast<std::uint8_t>(a->arity + b->arity - 2);
  return binary(op::join, std::move(a), std::move(b), ar);
}
inline node_ptr product(node_ptr a, node_ptr b) {
  std::uint8_t ar = static_cast<std::uint8_t>(a->arity + b->arity);
  return binary(op::product, std::move(a), std::move(b), ar);
}
inline node_ptr same_arity(op k, node_ptr a, node_ptr b) {
  std::uint8_t ar = a->arity;
  return binary(k, std::move(a), std::move(b), ar);
}
inline node_ptr unite(node_ptr a, node_ptr b) { return same_arity(op::union_, std::move(a), std::move(b)); }
inline node_ptr inter(node_ptr a, node_ptr b) { return same_arity(op::intersect, std::move(a), std::move(b)); }
inline node_ptr diff(node_ptr a, node_ptr b) { return same_arity(op::difference, std::move(a), std::move(b)); }
inline node_ptr override_(node_ptr a, node_ptr b) { return same_arity(op::override_, std::move(a), std::move(b)); }
inline node_ptr dres(node_ptr s, node_ptr r) { return binary(op::domain_restrict, std::move(s), std::move(r), 2); }
inline node_ptr rres(node_ptr r, node_ptr s) { return binary(op::range_restrict, std::move(r), std::move(s), 2); }
inline node_ptr transpose(node_ptr r) { return with(mk(op::transpose, 2), std::move(r)); }
inline node_ptr closure(node_ptr r) { return with(mk(op::closure, 2), std::move(r)); }
inline node_ptr rclosure(node_ptr r) { return with(mk(op::rclosure, 2), std::move(r)); }

// Integers.
inline node_ptr int_node(op k) {
  node_ptr n = mk(k, 0);
  n->is_int = true;
  return n;
}
inline node_ptr lit(std::int64_t v) {
  node_ptr n = int_node(op::int_lit);
  n->value = v;
  return n;
}
inline node_ptr card(node_ptr e) { return with(int_node(op::card), std::move(e)); }
inline node_ptr sum(node_ptr e) { return with(int_node(op::sum_of), std::move(e)); }
inline node_ptr arith(op k, node_ptr a, node_ptr b) { return with(int_node(k), std::move(a), std::move(b)); }
inline node_ptr to_set(node_ptr i) { return with(mk(op::int_to_set), std::move(i)); }

// Formulas.
inline node_ptr formula_node(op k) {
  node_ptr n = mk(k, 0);
  n->is_formula = true;
  return n;
}
inline node_ptr f1(op k, node_ptr a) { return with(formula_node(k), std::move(a)); }
inline node_ptr f2(op k, node_ptr a, node_ptr b) { return with(formula_node(k), std::move(a), std::move(b)); }
inline node_ptr truth(bool v) { return formula_node(v ? op::true_ : op::false_); }
inline node_ptr ite(node_ptr c, node_ptr a, node_ptr b) {
  node_ptr n = mk(op::ite, a->arity);
  n->is_formula = a->is_formula;
  n->is_int = a->is_int;
  n->args.push_back(std::move(c));
  n->args.push_back(std::move(a));
  n->args.push_back(std::move(b));
  return n;
}
inline node_ptr labeled(node_ptr n, std::string label) {
  n->label = std::move(label);
  return n;
}
inline node_ptr block(std::vector<node_ptr> conjuncts) {
  node_ptr n = formula_node(op::block);
  n->args = std::move(conjuncts);
  return n;
}
template <class... N>
std::vector<node_ptr> list(N... n) {
  std::vector<node_ptr> v;
  (v.push_back(std::move(n)), ...);
  return v;
}

// Declarations and binders.
inline decl d(std::vector<std::uint32_t> slots, node_ptr bound, multiplicity mult = multiplicity::none,
              bool disjoint = false) {
  decl x;
  for (std::uint32_t s : slots) x.names.push_back("v" + std::to_string(s));
  x.slots = std::move(slots);
  x.bound = std::move(bound);
  x.mult = mult;
  x.disjoint = disjoint;
  return x;
}
inline node_ptr quant(op k, decl x, node_ptr body) {
  node_ptr n = formula_node(k);
  n->decls.push_back(std::move(x));
  n->args.push_back(std::move(body));
  return n;
}
inline node_ptr quant(op k, decl x, decl y, node_ptr body) {
  node_ptr n = quant(k, std::move(x), std::move(body));
  n->decls.push_back(std::move(y));
  return n;
}
inline node_ptr compr(std::vector<decl> decls, node_ptr body, std::uint8_t arity) {
  node_ptr n = mk(op::comprehension, arity);
  n->decls = std::move(decls);
  n->args.push_back(std::move(body));
  return n;
}
inline node_ptr let_(std::uint32_t slot, node_ptr value, node_ptr body) {
  node_ptr n = mk(op::let, body->arity);
  n->is_formula = body->is_formula;
  n->is_int = body->is_int;
  n->decls.push_back(d({slot}, std::move(value)));
  n->args.push_back(std::move(body));
  return n;
}
inline node_ptr call(std::uint32_t fn, std::vector<node_ptr> args, bool is_formula = true, std::uint8_t arity = 0) {
  node_ptr n = mk(op::call, arity);
  n->is_formula = is_formula;
  n->index = fn;
  n->args = std::move(args);
  return n;
}

// Paragraphs.
inline sig_decl sig_d(std::string name, multiplicity mult = multiplicity::none, std::int32_t parent = -1,
                      bool abstract = false, bool builtin = false) {
  sig_decl s;
  s.name = std::move(name);
  s.mult = mult;
  s.parent_index = parent;
  s.is_abstract = abstract;
  s.builtin = builtin;
  return s;
}
inline field_decl field_d(std::string name, std::uint32_t owner, std::vector<std::uint32_t> columns,
                          multiplicity mult, std::vector<multiplicity> arrows = {}) {
  field_decl f;
  f.name = std::move(name);
  f.owner = owner;
  f.columns = std::move(columns);
  f.arity = static_cast<std::uint8_t>(f.columns.size() + 1);
  f.mult = mult;
  f.arrow_mults = std::move(arrows);
  return f;
}
// Numbers the fields in sig order (module::field_list).
inline void number_fields(module& m) {
  m.field_list.clear();
  for (std::uint32_t s = 0; s < m.sigs.size(); ++s) {
    for (std::uint32_t j = 0; j < m.sigs[s].fields.size(); ++j) m.field_list.push_back({s, j});
  }
}
inline std::uint32_t add_pred(module& m, std::string name, node_ptr body, std::uint32_t variable_count,
                              std::int32_t receiver = -1) {
  function_decl f;
  f.name = std::move(name);
  f.is_pred = true;
  f.body = std::move(body);
  f.variable_count = variable_count;
  f.receiver_index = receiver;
  if (receiver >= 0) {
    // As the checker does: the receiver is the first parameter, `this`, in slot 0.
    f.receiver = "R";
    decl self;
    self.names = {"this"};
    self.slots = {0};
    f.params.insert(f.params.begin(), std::move(self));
  }
  m.functions.push_back(std::move(f));
  return static_cast<std::uint32_t>(m.functions.size() - 1);
}

// A universe of `plain` named atoms followed by the integers of `bit_width`.
inline universe make_universe(std::vector<std::string> plain, std::uint32_t bit_width) {
  universe u;
  u.names = std::move(plain);
  u.int_first = u.size();
  u.int_count = 1u << bit_width;
  u.int_min = -(std::int64_t{1} << (bit_width - 1));
  u.bit_width = bit_width;
  for (std::uint32_t i = 0; i < u.int_count; ++i) u.names.push_back(std::to_string(u.int_min + i));
  return u;
}
inline tuple_set unary(std::vector<std::uint32_t> atoms) {
  tuple_set s;
  s.arity = 1;
  s.atoms = std::move(atoms);
  s.normalize();
  return s;
}
inline tuple_set pairs(const std::vector<std::pair<std::uint32_t, std::uint32_t>>& ps) {
  tuple_set s;
  s.arity = 2;
  for (auto [a, b] : ps) {
    s.atoms.push_back(a);
    s.atoms.push_back(b);
  }
  s.normalize();
  return s;
}

}  // namespace smallscope::spec::build
