// Name resolution of a spec's expressions and formulas (paper 003, Sec. 3: the spec language):
// the scopes of variables, the kinds of operands (formula, integer, relation of some arity, with
// the conversions resolve.cpp's header lists), calls of preds, funs and builtins, and every
// operator's operands. Part of the checker of resolve_checker.hpp.
#include "spec_front/resolve_checker.hpp"

namespace smallscope::spec::resolving {

void checker::start(std::int32_t receiver) {
  scope_.clear();
  next_slot_ = 0;
  receiver_ = receiver;
}

void checker::bind(decl& d) {
  d.slots.clear();
  for (const std::string& name : d.names) {
    d.slots.push_back(next_slot_);
    scope_.push_back({name, next_slot_, d.bound ? d.bound->arity : std::uint8_t{1},
                      d.bound && d.bound->is_int, d.bound && d.bound->is_formula});
    ++next_slot_;
  }
}

const variable* checker::lookup(std::string_view name) const {
  for (auto it = scope_.rbegin(); it != scope_.rend(); ++it) {
    if (it->name == name) return &*it;
  }
  return nullptr;
}

std::string checker::unknown(std::string_view what, const std::string& name, bool any) const {
  std::string message = fmt::format("unknown {} {}", what, lex::quoted(name));
  if (name.size() > 64) return message;
  std::vector<std::string_view> candidates;
  if (any) {
    for (auto it = scope_.rbegin(); it != scope_.rend(); ++it) candidates.push_back(it->name);
  }
  for (const sig_decl& s : m_.sigs) candidates.push_back(s.name);
  if (any || what != "sig") {
    for (const sig_decl& s : m_.sigs) {
      for (const field_decl& f : s.fields) candidates.push_back(f.name);
    }
    for (const function_decl& f : m_.functions) candidates.push_back(f.name);
    for (const builtin_function& b : builtin_functions) candidates.push_back(b.name);
  }
  std::string_view best;
  std::size_t best_distance = 3;
  for (std::string_view c : candidates) {
    if (same_ignoring_case(c, name)) {
      best = c;
      break;
    }
    if (c.size() > 64) continue;
    std::size_t d = edit_distance(c, name);
    if (d < best_distance && d < name.size()) {
      best = c;
      best_distance = d;
    }
  }
  if (!best.empty()) message += fmt::format("; did you mean {}?", lex::quoted(best));
  return message;
}

void checker::wrap_int_to_set(node_ptr& n) {
  wrap(n, op::int_to_set);
  n->arity = 1;
}

std::string checker::found(const node& n) const {
  if (n.is_formula) return "a formula";
  if (n.is_int) return "an integer";
  return fmt::format("an expression of arity {}", n.arity);
}

void checker::to_set(node_ptr& n, std::string_view where) {
  expr(n);
  if (n->is_formula) fail(start_of(*n), fmt::format("expected an expression {}, found a formula", where));
  if (n->is_int) wrap_int_to_set(n);
}

void checker::to_int(node_ptr& n, std::string_view where) {
  expr(n);
  if (n->is_int) return;
  if (n->is_formula || n->arity != 1) fail(start_of(*n), fmt::format("expected an integer {}, found {}", where, found(*n)));
  wrap(n, op::sum_of);
  n->is_int = true;
}

void checker::to_formula(node_ptr& n, std::string_view where) {
  expr(n);
  if (!n->is_formula) fail(start_of(*n), fmt::format("expected a formula {}, found {}", where, found(*n)));
}

void checker::set_kind(node& n, std::uint32_t arity) {
  if (arity > max_arity) fail(n.at, fmt::format("the expression has arity {}, above the limit of {}", arity, max_arity));
  n.arity = static_cast<std::uint8_t>(arity);
  n.is_int = false;
  n.is_formula = false;
}

void checker::formula_kind(node& n) {
  n.arity = 0;
  n.is_int = false;
  n.is_formula = true;
}

void checker::int_kind(node& n) {
  n.arity = 0;
  n.is_int = true;
  n.is_formula = false;
}

std::string checker::operand(op kind, bool left) const {
  return fmt::format("as the {} operand of '{}'", left ? "left" : "right", symbol(kind));
}

bool checker::partial(const node& n) const {
  if (n.kind == op::call && (n.ref == ref_kind::pred || n.ref == ref_kind::fun)) {
    return n.args.size() < expected_args(m_.functions[n.index]);
  }
  switch (n.kind) {
    case op::plus: case op::minus: case op::mul: case op::div: case op::rem:
    case op::gt: case op::lt: case op::gte: case op::lte: return n.args.size() < 2;
    default: return false;
  }
}

bool checker::is_builtin_call(const node& n) const {
  switch (n.kind) {
    case op::plus: case op::minus: case op::mul: case op::div: case op::rem:
    case op::gt: case op::lt: case op::gte: case op::lte: return true;
    default: return false;
  }
}

std::string checker::callee(const node& n) const {
  if (n.kind == op::call) return fmt::format("{} {}", n.ref == ref_kind::pred ? "pred" : "fun", lex::quoted(n.text));
  return fmt::format("builtin {}", lex::quoted(n.text));
}

std::string checker::takes(const node& n) const {
  std::uint32_t count = 2;
  bool receiver = false;
  if (n.kind == op::call) {
    const function_decl& f = m_.functions[n.index];
    count = expected_args(f);
    receiver = f.receiver_index >= 0;
  }
  return fmt::format("{} takes {} argument{}{}", callee(n), count, count == 1 ? "" : "s",
                     receiver ? " (the receiver first)" : "");
}

void checker::argument_count_error(const node& n, bool too_many) const {
  if (too_many) fail(n.at, fmt::format("{}, found more", takes(n)));
  std::string message = fmt::format("{}, found {}", takes(n), n.args.size());
  if (n.kind == op::call && n.args.empty() && receiver_ >= 0 &&
      m_.functions[n.index].receiver_index == receiver_ && lookup("this") != nullptr) {
    message += fmt::format(" (write this.{})", n.text);
  }
  fail(n.at, message);
}

void checker::finish_call(node& n) {
  if (is_builtin_call(n)) {
    bool formula = n.kind == op::gt || n.kind == op::lt || n.kind == op::gte || n.kind == op::lte;
    if (formula) formula_kind(n); else int_kind(n);
    return;
  }
  if (n.ref == ref_kind::pred) {
    formula_kind(n);
  } else {
    set_kind(n, result_arity_[n.index]);
  }
  if (current_function_ >= 0) calls_.push_back({static_cast<std::uint32_t>(current_function_), n.index, n.at});
}

void checker::add_argument(node& call, node_ptr arg) {
  std::size_t k = call.args.size() + 1;
  if (is_builtin_call(call)) {
    to_int(arg, fmt::format("as argument {} of {}", k, callee(call)));
  } else {
    to_set(arg, fmt::format("as argument {} of {}", k, callee(call)));
    if (arg->arity != 1) {
      fail(start_of(*arg), fmt::format("argument {} of {} must be a set (arity 1), found arity {}", k,
                                       callee(call), arg->arity));
    }
  }
  call.args.push_back(std::move(arg));
}

void checker::name(node_ptr& n, bool allow_partial) {
  node& x = *n;
  const std::string& text = x.text;
  if (!x.at_sign || names_.count(text) == 0 || names_.at(text).kind != entity::field) {
    if (const variable* v = lookup(text)) {
      if (x.pre_state) {
        fail(x.at, fmt::format("a backtick (pre-state) may only follow a field; {} is a variable", lex::quoted(text)));
      }
      x.ref = ref_kind::variable;
      x.index = v->slot;
      x.arity = v->arity;
      x.is_int = v->is_int;
      x.is_formula = v->is_formula;
      return;
    }
  }
  auto it = names_.find(text);
  if (it == names_.end()) fail(x.at, unknown("name", text, true));
  const named& what = it->second;
  if (x.pre_state && what.kind != entity::field) {
    fail(x.at, fmt::format("a backtick (pre-state) may only follow a field; {} is {}", lex::quoted(text), what_is(what)));
  }
  switch (what.kind) {
    case entity::sig:
      x.ref = ref_kind::sig;
      x.index = what.index;
      set_kind(x, 1);
      return;
    case entity::field: {
      std::uint32_t number = what.index;
      if (const auto group = field_groups_.find(text); group != field_groups_.end()) {
        // A name several sigs give a field: the receiver's own, in a receiver pred with
        // implicit `this`; otherwise all of them (their union: `x.f` joins x with its own sig's).
        std::int32_t own = -1;
        if (!x.at_sign && !field_itself_ && receiver_ >= 0 && lookup("this") != nullptr) {
          for (const std::uint32_t g : group->second)
            if (inherits(static_cast<std::uint32_t>(receiver_), m_.field_list[g].sig)) own = static_cast<std::int32_t>(g);
        }
        if (own >= 0) {
          number = static_cast<std::uint32_t>(own);
        } else {
          node_ptr all;
          for (const std::uint32_t g : group->second) {
            auto one = make(op::name, x.at);
            one->text = text;
            one->pre_state = x.pre_state;
            one->at_sign = x.at_sign;
            one->ref = ref_kind::field;
            one->index = g;
            set_kind(*one, field_of(g).arity);
            if (!all) {
              all = std::move(one);
              continue;
            }
            auto both = make(op::union_, x.at);
            both->args.push_back(std::move(all));
            both->args.push_back(std::move(one));
            set_kind(*both, field_of(g).arity);
            all = std::move(both);
          }
          n = std::move(all);
          return;
        }
      }
      field_ref f = m_.field_list[number];
      const field_decl& field = m_.sigs[f.sig].fields[f.index];
      x.ref = ref_kind::field;
      x.index = number;
      set_kind(x, field.arity);
      if (x.at_sign || field_itself_ || receiver_ < 0 || !inherits(static_cast<std::uint32_t>(receiver_), f.sig)) return;
      const variable* self = lookup("this");
      if (self == nullptr) return;
      auto receiver = make(op::this_, x.at);
      receiver->text = "this";
      receiver->ref = ref_kind::variable;
      receiver->index = self->slot;
      receiver->arity = 1;
      auto join = make(op::join, x.at);
      join->args.push_back(std::move(receiver));
      join->args.push_back(std::move(n));
      set_kind(*join, static_cast<std::uint32_t>(field.arity) - 1);
      n = std::move(join);
      return;
    }
    case entity::function: {
      if (in_signature_) {
        fail(x.at, fmt::format("a parameter's bound or a fun's result type cannot call {}", lex::quoted(text)));
      }
      x.kind = op::call;
      x.ref = m_.functions[what.index].is_pred ? ref_kind::pred : ref_kind::fun;
      x.index = what.index;
      break;
    }
    case entity::builtin:
      x.kind = builtin_functions[what.index].kind;
      break;
  }
  if (!partial(x)) {
    finish_call(x);
  } else if (!allow_partial) {
    argument_count_error(x, false);
  }
}

bool checker::inherits(std::uint32_t sig, std::uint32_t ancestor) const {
  for (std::int32_t s = static_cast<std::int32_t>(sig); s >= 0; s = m_.sigs[static_cast<std::size_t>(s)].parent_index) {
    if (static_cast<std::uint32_t>(s) == ancestor) return true;
  }
  return false;
}

void checker::join(node_ptr& n, bool allow_partial) {
  bool saved = field_itself_;
  if (n->args[1]->kind == op::name) field_itself_ = true;
  expr(n->args[1], true);
  field_itself_ = saved;
  if (partial(*n->args[1])) {
    node_ptr call = std::move(n->args[1]);
    add_argument(*call, std::move(n->args[0]));
    n = std::move(call);
    if (!partial(*n)) {
      finish_call(*n);
    } else if (!allow_partial) {
      argument_count_error(*n, false);
    }
    return;
  }
  const node& right = *n->args[1];
  if ((right.kind == op::call && right.ref == ref_kind::pred) || is_builtin_call(right)) {
    argument_count_error(right, true);
  }
  to_set(n->args[0], operand(op::join, true));
  if (n->args[1]->is_formula) fail(start_of(*n->args[1]), fmt::format("expected an expression {}, found a formula", operand(op::join, false)));
  if (n->args[1]->is_int) wrap_int_to_set(n->args[1]);
  std::uint32_t arity = n->args[0]->arity + n->args[1]->arity;
  if (arity == 2) fail(n->at, "cannot join two sets of arity 1: the result would have arity 0");
  set_kind(*n, arity - 2);
}

void checker::same_arity(node& n) {
  std::uint8_t a = n.args[0]->arity;
  std::uint8_t b = n.args[1]->arity;
  if (a != b) {
    fail(n.at, fmt::format("the operands of '{}' must have the same arity, found arities {} and {}", symbol(n.kind), a, b));
  }
}

void checker::binding(node& n, std::string_view what) {
  for (decl& d : n.decls) {
    to_set(d.bound, fmt::format("as the {}'s bound", what));
    if (d.bound->arity != 1) {
      fail(start_of(*d.bound), fmt::format("a {}'s bound must be a set (arity 1), found arity {}", what, d.bound->arity));
    }
    if (d.mult == multiplicity::set || d.mult == multiplicity::lone || d.mult == multiplicity::some) {
      fail(d.at, fmt::format("a {} over subsets ('lone', 'some' or 'set' bound) is not supported; bind single atoms", what));
    }
    bind(d);
  }
}

void checker::expr(node_ptr& n, bool allow_partial) {
  node& x = *n;
  switch (x.kind) {
    case op::name: return name(n, allow_partial);
    case op::this_: {
      const variable* self = lookup("this");
      if (self == nullptr) {
        fail(x.at, "'this' is only available in a pred or fun with a receiver (Sig.name) or in a sig's appended fact");
      }
      if (x.pre_state) fail(x.at, "a backtick (pre-state) may only follow a field; 'this' is a variable");
      x.ref = ref_kind::variable;
      x.index = self->slot;
      set_kind(x, 1);
      return;
    }
    case op::int_lit: return int_kind(x);
    case op::none:
    case op::univ: return set_kind(x, 1);
    case op::iden: return set_kind(x, 2);
    case op::true_:
    case op::false_: return formula_kind(x);
    case op::transpose:
    case op::closure:
    case op::rclosure: {
      bool saved = field_itself_;
      field_itself_ = true;
      to_set(x.args[0], fmt::format("after '{}'", symbol(x.kind)));
      field_itself_ = saved;
      if (x.args[0]->arity != 2) {
        fail(x.at, fmt::format("'{}' needs a binary relation (arity 2), found arity {}", symbol(x.kind), x.args[0]->arity));
      }
      return set_kind(x, 2);
    }
    case op::card:
      to_set(x.args[0], "after '#'");
      return int_kind(x);
    case op::join: return join(n, allow_partial);
    case op::union_:
    case op::intersect:
    case op::difference:
    case op::override_:
      to_set(x.args[0], operand(x.kind, true));
      to_set(x.args[1], operand(x.kind, false));
      same_arity(x);
      return set_kind(x, x.args[0]->arity);
    case op::product:
      to_set(x.args[0], operand(x.kind, true));
      to_set(x.args[1], operand(x.kind, false));
      return set_kind(x, static_cast<std::uint32_t>(x.args[0]->arity) + x.args[1]->arity);
    case op::domain_restrict:
    case op::range_restrict: {
      to_set(x.args[0], operand(x.kind, true));
      to_set(x.args[1], operand(x.kind, false));
      bool domain = x.kind == op::domain_restrict;
      const node& set = *x.args[domain ? 0 : 1];
      if (set.arity != 1) {
        fail(start_of(set), fmt::format("the {} operand of '{}' must be a set (arity 1), found arity {}",
                                        domain ? "left" : "right", symbol(x.kind), set.arity));
      }
      return set_kind(x, x.args[domain ? 1 : 0]->arity);
    }
    case op::plus: case op::minus: case op::mul: case op::div: case op::rem:
      return int_kind(x);  // checked already (built by the checker)
    case op::sum_of: return int_kind(x);
    case op::int_to_set: return set_kind(x, 1);
    case op::call: return;  // checked already
    case op::not_:
      to_formula(x.args[0], "after '!'");
      return formula_kind(x);
    case op::and_:
    case op::or_:
    case op::implies:
    case op::iff:
      to_formula(x.args[0], operand(x.kind, true));
      to_formula(x.args[1], operand(x.kind, false));
      return formula_kind(x);
    case op::ite: return ite(x);
    case op::in:
    case op::not_in:
      to_set(x.args[0], operand(x.kind, true));
      to_set(x.args[1], operand(x.kind, false));
      same_arity(x);
      return formula_kind(x);
    case op::eq:
    case op::neq: return equality(x);
    case op::lt:
    case op::gt:
    case op::lte:
    case op::gte:
      if (x.args.size() == 2) {
        to_int(x.args[0], operand(x.kind, true));
        to_int(x.args[1], operand(x.kind, false));
      }
      return formula_kind(x);
    case op::no:
    case op::some:
    case op::lone:
    case op::one:
      to_set(x.args[0], fmt::format("after '{}'", symbol(x.kind)));
      return formula_kind(x);
    case op::quant_all:
    case op::quant_some:
    case op::quant_no:
    case op::quant_lone:
    case op::quant_one: {
      std::size_t depth = scope_.size();
      binding(x, "quantifier");
      to_formula(x.args[0], "as the quantifier's body");
      scope_.resize(depth, variable{});
      return formula_kind(x);
    }
    case op::comprehension: {
      std::size_t depth = scope_.size();
      bool saved = field_itself_;
      field_itself_ = false;
      binding(x, "comprehension");
      to_formula(x.args[0], "after '|' in the comprehension");
      scope_.resize(depth, variable{});
      field_itself_ = saved;
      std::uint32_t arity = 0;
      for (const decl& d : x.decls) arity += static_cast<std::uint32_t>(d.names.size());
      return set_kind(x, arity);
    }
    case op::let: {
      std::size_t depth = scope_.size();
      for (decl& d : x.decls) {
        expr(d.bound);
        bind(d);
      }
      expr(x.args[0]);
      scope_.resize(depth, variable{});
      x.arity = x.args[0]->arity;
      x.is_int = x.args[0]->is_int;
      x.is_formula = x.args[0]->is_formula;
      return;
    }
    case op::block:
      for (node_ptr& conjunct : x.args) {
        to_formula(conjunct, "in the block");
        if (conjunct->kind == op::call && conjunct->ref == ref_kind::pred) conjunct->label = conjunct->text;
      }
      return formula_kind(x);
  }
}

void checker::equality(node& x) {
  expr(x.args[0]);
  expr(x.args[1]);
  for (const node_ptr& side : x.args) {
    if (side->is_formula) {
      fail(start_of(*side), fmt::format("'{}' compares expressions, found a formula (use '<=>' for formulas)", symbol(x.kind)));
    }
  }
  if (!(x.args[0]->is_int && x.args[1]->is_int)) {
    for (node_ptr& side : x.args) {
      if (side->is_int) wrap_int_to_set(side);
    }
    same_arity(x);
  }
  formula_kind(x);
}

void checker::ite(node& x) {
  to_formula(x.args[0], "as the condition of 'implies ... else'");
  expr(x.args[1]);
  expr(x.args[2]);
  node& a = *x.args[1];
  node& b = *x.args[2];
  if (a.is_formula || b.is_formula) {
    if (!(a.is_formula && b.is_formula)) {
      const node& other = a.is_formula ? b : a;
      fail(start_of(other), fmt::format("both branches of 'implies ... else' must be formulas, found {}", found(other)));
    }
    return formula_kind(x);
  }
  if (a.is_int && b.is_int) return int_kind(x);
  if (a.is_int) wrap_int_to_set(x.args[1]);
  if (b.is_int) wrap_int_to_set(x.args[2]);
  if (x.args[1]->arity != x.args[2]->arity) {
    fail(x.at, fmt::format("the branches of 'implies ... else' must have the same arity, found arities {} and {}",
                           x.args[1]->arity, x.args[2]->arity));
  }
  set_kind(x, x.args[1]->arity);
}

}  // namespace smallscope::spec::resolving
