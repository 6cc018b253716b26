// The evaluator's entry points (paper 003, Sec. 5: TestEra's phase 2 judges pre- and post-states
// with the spec): facts, predicates with their failing conjuncts, commands, and calls (a callee's
// body evaluated in a fresh frame with its parameters bound).
#include "evaluate/evaluator.hpp"

#include <stdexcept>

#include "evaluate/evaluator_frame.hpp"
#include "evaluate/relations.hpp"

namespace smallscope::spec {

evaluator::evaluator(const module& m, const instance& state, const instance* pre)
    : m_(m), state_(state), pre_(pre) {
  if (state.atoms == nullptr) throw std::invalid_argument("evaluator: the instance has no universe");
  if (pre != nullptr && pre->atoms != state.atoms) {
    throw std::invalid_argument("evaluator: the pre-state and the state have different universes");
  }
  const universe& u = *state.atoms;
  ints_ = rel::empty(1);
  for (std::uint32_t i = 0; i < u.int_count; ++i) ints_.atoms.push_back(u.int_first + i);
  // univ (and iden, and with it every reflexive closure) spans both states: an atom the method
  // deleted is still an atom of the pre-state, so `root`.*(left` + right`)` keeps a deleted root.
  univ_ = ints_;
  for (const instance* in : {&state, pre}) {
    if (in == nullptr) continue;
    for (std::uint32_t s = 0; s < in->sigs.size(); ++s) {
      if (s < m.sigs.size() && is_int_sig(s)) continue;
      univ_.atoms.insert(univ_.atoms.end(), in->sigs[s].atoms.begin(), in->sigs[s].atoms.end());
    }
  }
  univ_.normalize();
  iden_ = rel::identity(univ_);
  field_numbers_.resize(m.sigs.size());
  if (m.field_list.empty()) {  // not filled: number the fields in sig order, then declaration order
    std::uint32_t next = 0;
    for (std::size_t s = 0; s < m.sigs.size(); ++s) {
      for (std::size_t j = 0; j < m.sigs[s].fields.size(); ++j) field_numbers_[s].push_back(next++);
    }
  } else {
    for (std::size_t s = 0; s < m.sigs.size(); ++s) field_numbers_[s].resize(m.sigs[s].fields.size());
    for (std::uint32_t k = 0; k < m.field_list.size(); ++k) {
      field_numbers_.at(m.field_list[k].sig).at(m.field_list[k].index) = k;
    }
  }
}

evaluator::frame evaluator::bind_params(std::uint32_t fn, std::vector<tuple_set> values) const {
  const function_decl& callee = m_.functions.at(fn);
  frame f(callee.variable_count);
  std::size_t next = 0;  // the next value to bind
  std::uint32_t slot = 0;
  // The checker made a receiver the first parameter (`this`, slot 0).
  for (const decl& d : callee.params) {
    for (std::size_t k = 0; k < d.names.size(); ++k, ++slot) {
      if (next >= values.size()) {
        throw std::invalid_argument("call of '" + callee.name + "' with too few arguments");
      }
      std::uint32_t s = k < d.slots.size() ? d.slots[k] : slot;
      f.at(s) = std::move(values[next++]);
    }
  }
  if (next != values.size()) throw std::invalid_argument("call of '" + callee.name + "' with too many arguments");
  return f;
}

evaluator::frame evaluator::call_frame(const node& call, frame& f) const {
  std::vector<tuple_set> values;
  values.reserve(call.args.size());
  for (const node_ptr& a : call.args) values.push_back(expression(*a, f));
  return bind_params(call.index, std::move(values));
}

namespace {

std::vector<tuple_set> atom_values(std::span<const std::uint32_t> args) {
  std::vector<tuple_set> values;
  values.reserve(args.size());
  for (std::uint32_t a : args) values.push_back(rel::singleton(a));
  return values;
}

std::string conjunct_label(const node& n) {
  if (!n.label.empty()) return n.label;
  return "conjunct at line " + std::to_string(n.at.line);
}

}  // namespace

bool evaluator::holds(std::uint32_t pred, std::span<const std::uint32_t> args) const {
  frame f = bind_params(pred, atom_values(args));
  return formula(*m_.functions.at(pred).body, f);
}

std::vector<std::string> evaluator::block_failures(const node& body, frame& f) const {
  std::vector<std::string> out;
  if (body.kind != op::block) return out;
  for (const node_ptr& c : body.args) {
    if (formula(*c, f)) continue;
    if (c->kind == op::call && m_.functions.at(c->index).is_pred) {
      const function_decl& callee = m_.functions[c->index];
      frame inner = call_frame(*c, f);
      std::vector<std::string> sub = block_failures(*callee.body, inner);
      if (sub.empty()) out.push_back(callee.name);
      for (const std::string& s : sub) out.push_back(callee.name + ": " + s);
    } else {
      out.push_back(conjunct_label(*c));
    }
  }
  return out;
}

std::vector<std::string> evaluator::failed_conjuncts(std::uint32_t pred,
                                                     std::span<const std::uint32_t> args) const {
  const function_decl& fn = m_.functions.at(pred);
  frame f = bind_params(pred, atom_values(args));
  if (fn.body->kind == op::block) return block_failures(*fn.body, f);
  if (formula(*fn.body, f)) return {};
  return {fn.body->label.empty() ? fn.name : fn.body->label};
}

bool evaluator::command_holds(std::uint32_t command, std::span<const std::uint32_t> args) const {
  const command_decl& c = m_.commands.at(command);
  if (c.block) {
    if (!args.empty()) throw std::invalid_argument("an inline command takes no arguments");
    frame f(c.variable_count);
    return formula(*c.block, f);
  }
  if (c.target < 0) throw std::logic_error("command without a checked target");
  if (c.is_run) return holds(static_cast<std::uint32_t>(c.target), args);
  if (!args.empty()) throw std::invalid_argument("an assertion takes no arguments");
  const assert_decl& a = m_.asserts.at(static_cast<std::size_t>(c.target));
  frame f(a.variable_count);
  return formula(*a.body, f);
}

bool evaluator::fact_holds(const fact_decl& fact) const {
  frame f(fact.variable_count);
  return formula(*fact.body, f);
}

bool evaluator::facts_hold() const {
  std::vector<std::string> failed;
  declaration_failures(failed, true);
  if (!failed.empty()) return false;
  for (const fact_decl& fact : m_.facts) {
    if (!fact_holds(fact)) return false;
  }
  return true;
}

std::vector<std::string> evaluator::failed_facts() const {
  std::vector<std::string> failed;
  declaration_failures(failed, false);
  for (const fact_decl& fact : m_.facts) {
    if (fact_holds(fact)) continue;
    failed.push_back(fact.name.empty() ? "fact at line " + std::to_string(fact.at.line) : fact.name);
  }
  return failed;
}

bool evaluator::reads_variables(const node& n) const {
  if (auto it = reads_variables_.find(&n); it != reads_variables_.end()) return it->second;
  bool reads = (n.kind == op::name || n.kind == op::this_) && n.ref == ref_kind::variable;
  // A call reads what its arguments read; its body reads only its own parameters.
  for (const node_ptr& a : n.args) reads = reads || reads_variables(*a);
  for (const decl& d : n.decls) reads = reads || (d.bound && reads_variables(*d.bound));
  reads_variables_.emplace(&n, reads);
  return reads;
}

}  // namespace smallscope::spec
