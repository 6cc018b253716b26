// Name resolution of specs (paper 003, Sec. 3: the spec language): resolves every name of a parsed
// module, numbers fields and variables, and gives every node its arity and kind (formula,
// integer, or a relation of some arity), reporting the first mistake with what was expected.
//
// What it rewrites in the tree:
// - sigs: the builtin Int comes first (sigs[0]); with `open util/boolean` the builtins Bool,
//   True and False follow; then the spec's own sigs.
// - a sig's appended fact `sig S {...} { F }` becomes the module fact "S fact" whose body is a
//   block holding `all this: S | { F }`; sig_decl::fact is left null.
// - a receiver pred or fun `pred S.p[...]` gets `this: S` as its first parameter (slot 0).
// - implicit this: in a receiver pred/fun and in a sig's appended fact, a bare name of a field
//   of the receiver sig (or of a sig it extends), not shadowed by a variable, becomes
//   `this.field` (a join node), except where the relation itself is meant: right after a `.`
//   (`this.root`, `n.left`), as the relation of a box join (`left[n]`), and inside the operand
//   of `~`, `^` and `*` (`*(left + right)`). `@field` is always the field itself.
// - calls: `p[a, b]`, `a.p[b]`, `a.p` and a bare `p` of a pred or fun become op::call nodes
//   (args: the receiver first); the builtins plus, minus, mul, div, rem become op::plus ...
//   (integers) and gt, lt, gte, lte become op::gt ... (formulas). A box join `r[x]` on a
//   relation stays a join node, join(x, r).
// - integers: a unary expression where an integer is needed is wrapped in op::sum_of; an
//   integer where a set is needed in op::int_to_set. `=`/`!=` compare integers when both sides
//   are integers, and sets otherwise.
// - labels: a block's conjunct that calls a pred is labelled with the pred's name.
//
// The checker's state and helpers are in resolve_checker.hpp; its declarations and commands are
// here, its expressions (scopes of variables, kinds of operands, calls) in resolve_expressions.cpp.
#include "spec_front/resolve_checker.hpp"

namespace smallscope::spec {

namespace resolving {

void checker::run() {
  add_builtin_sigs();
  for (std::uint32_t i = 0; i < std::size(builtin_functions); ++i) {
    names_.emplace(std::string(builtin_functions[i].name), named{entity::builtin, i, {}});
  }
  declare_sigs();
  declare_fields();
  declare_functions();
  for (std::uint32_t i = 0; i < m_.functions.size(); ++i) check_signature(i);
  move_sig_facts();
  for (std::uint32_t i = 0; i < m_.functions.size(); ++i) check_function_body(i);
  check_recursion();
  for (std::uint32_t i = 0; i < m_.facts.size(); ++i) {
    fact_decl& f = m_.facts[i];
    start(i < fact_receivers_.size() ? fact_receivers_[i] : -1);
    to_formula(f.body, "as the fact's body");
    f.variable_count = next_slot_;
  }
  for (assert_decl& a : m_.asserts) {
    start(-1);
    to_formula(a.body, "as the assertion's body");
    a.variable_count = next_slot_;
  }
  for (command_decl& c : m_.commands) check_command(c);
}

void checker::add_builtin_sigs() {
  std::vector<sig_decl> sigs;
  auto builtin = [&sigs](std::string name, bool is_abstract, multiplicity mult, std::int32_t parent) {
    sig_decl s;
    s.name = std::move(name);
    s.is_abstract = is_abstract;
    s.mult = mult;
    s.builtin = true;
    s.parent_index = parent;
    if (parent >= 0) s.parent = sigs[static_cast<std::size_t>(parent)].name;
    sigs.push_back(std::move(s));
  };
  builtin("Int", false, multiplicity::none, -1);
  if (std::find(m_.opens.begin(), m_.opens.end(), "util/boolean") != m_.opens.end()) {
    builtin("Bool", true, multiplicity::none, -1);
    builtin("True", false, multiplicity::one, 1);
    builtin("False", false, multiplicity::one, 1);
  }
  builtin_sigs_ = static_cast<std::uint32_t>(sigs.size());
  for (sig_decl& s : m_.sigs) sigs.push_back(std::move(s));
  m_.sigs = std::move(sigs);
}

std::string checker::what_is(const named& n) const {
  switch (n.kind) {
    case entity::sig:
      if (m_.sigs[n.index].builtin) return "a builtin sig";
      return fmt::format("a sig declared at {}:{}", n.at.line, n.at.column);
    case entity::field: return fmt::format("a field declared at {}:{}", n.at.line, n.at.column);
    case entity::function:
      return fmt::format("a {} declared at {}:{}", m_.functions[n.index].is_pred ? "pred" : "fun", n.at.line,
                         n.at.column);
    case entity::builtin: return "a builtin function";
  }
  return "a name";
}

void checker::declare(const std::string& name, named what) {
  auto [it, fresh] = names_.emplace(name, what);
  if (!fresh) fail(what.at, fmt::format("duplicate name {}: already {}", lex::quoted(name), what_is(it->second)));
}

void checker::declare_sigs() {
  for (std::uint32_t i = 0; i < m_.sigs.size(); ++i) declare(m_.sigs[i].name, {entity::sig, i, m_.sigs[i].at});
  for (std::uint32_t i = builtin_sigs_; i < m_.sigs.size(); ++i) {
    sig_decl& s = m_.sigs[i];
    if (s.parent.empty()) continue;
    auto it = names_.find(s.parent);
    if (it == names_.end() || it->second.kind != entity::sig) {
      if (it != names_.end()) fail(s.parent_at, fmt::format("a sig can only extend a sig; {} is {}", lex::quoted(s.parent), what_is(it->second)));
      fail(s.parent_at, unknown("sig", s.parent, false));
    }
    if (m_.sigs[it->second.index].builtin) {
      fail(s.parent_at, fmt::format("a sig cannot extend the builtin sig {}", lex::quoted(s.parent)));
    }
    s.parent_index = static_cast<std::int32_t>(it->second.index);
  }
  // Cycles of extends: walk up from each sig, marking the walk with its start.
  std::vector<std::uint32_t> mark(m_.sigs.size(), 0);  // 0 unvisited, else 1 + start; done = max
  const std::uint32_t done = 0xFFFFFFFFu;
  for (std::uint32_t i = 0; i < m_.sigs.size(); ++i) {
    std::int32_t at = static_cast<std::int32_t>(i);
    while (at >= 0 && mark[static_cast<std::size_t>(at)] == 0) {
      mark[static_cast<std::size_t>(at)] = i + 1;
      at = m_.sigs[static_cast<std::size_t>(at)].parent_index;
    }
    if (at >= 0 && mark[static_cast<std::size_t>(at)] == i + 1) {
      const sig_decl& s = m_.sigs[static_cast<std::size_t>(at)];
      if (s.parent == s.name) fail(s.parent_at, fmt::format("sig {} extends itself", lex::quoted(s.name)));
      fail(s.parent_at, fmt::format("sig {} extends itself through {}", lex::quoted(s.name), lex::quoted(s.parent)));
    }
    for (std::int32_t k = static_cast<std::int32_t>(i); k >= 0 && mark[static_cast<std::size_t>(k)] != done;
         k = m_.sigs[static_cast<std::size_t>(k)].parent_index) {
      mark[static_cast<std::size_t>(k)] = done;
    }
  }
}

void checker::declare_fields() {
  for (std::uint32_t i = 0; i < m_.sigs.size(); ++i) {
    for (std::uint32_t j = 0; j < m_.sigs[i].fields.size(); ++j) {
      field_decl& f = m_.sigs[i].fields[j];
      auto number = static_cast<std::uint32_t>(m_.field_list.size());
      // Two unrelated sigs may each have a field of one name (as in Alloy): the name stands for
      // both (field_group).
      const auto existing = names_.find(f.name);
      if (existing != names_.end() && existing->second.kind == entity::field) {
        const std::uint32_t other = m_.field_list[existing->second.index].sig;
        if (inherits(i, other) || inherits(other, i)) {
          fail(f.at, fmt::format("duplicate field {}: sig {} already has it (declared at {}:{})", lex::quoted(f.name),
                                 lex::quoted(m_.sigs[other].name), existing->second.at.line, existing->second.at.column));
        }
        auto& group = field_groups_[f.name];
        if (group.empty()) group.push_back(existing->second.index);
        group.push_back(number);
      } else {
        declare(f.name, {entity::field, number, f.at});
      }
      m_.field_list.push_back({i, j});
      f.owner = i;
      f.columns.clear();
      field_type(*f.type, f.columns);
      f.arity = static_cast<std::uint8_t>(1 + f.columns.size());
    }
  }
  for (const auto& [name, group] : field_groups_) {
    const field_decl& first = field_of(group.front());
    for (const std::uint32_t number : group) {
      const field_decl& f = field_of(number);
      if (f.arity != first.arity)
        fail(f.at, fmt::format("field {} has arity {} here and {} in sig {}: fields of one name must have one arity "
                               "(Alloy tells them apart by type, which this subset does not); rename one",
                               lex::quoted(name), f.arity, first.arity, lex::quoted(m_.sigs[m_.field_list[group.front()].sig].name)));
    }
  }
}

const field_decl& checker::field_of(std::uint32_t number) const {
  const field_ref r = m_.field_list[number];
  return m_.sigs[r.sig].fields[r.index];
}

void checker::field_type(node& t, std::vector<std::uint32_t>& columns) {
  if (t.kind == op::product) {
    field_type(*t.args[0], columns);
    field_type(*t.args[1], columns);
    t.arity = static_cast<std::uint8_t>(t.args[0]->arity + t.args[1]->arity);
    return;
  }
  auto it = names_.find(t.text);
  if (it == names_.end()) fail(t.at, unknown("sig", t.text, false));
  if (it->second.kind != entity::sig) {
    fail(t.at, fmt::format("a field's type may only name sigs; {} is {}", lex::quoted(t.text), what_is(it->second)));
  }
  t.ref = ref_kind::sig;
  t.index = it->second.index;
  t.arity = 1;
  columns.push_back(it->second.index);
}

void checker::declare_functions() {
  for (std::uint32_t i = 0; i < m_.functions.size(); ++i) {
    function_decl& f = m_.functions[i];
    declare(f.name, {entity::function, i, f.at});
    if (f.receiver.empty()) continue;
    auto it = names_.find(f.receiver);
    if (it == names_.end() || it->second.kind != entity::sig) {
      if (it != names_.end()) {
        fail(f.receiver_at, fmt::format("the receiver of {} must be a sig; {} is {}", lex::quoted(f.name),
                                        lex::quoted(f.receiver), what_is(it->second)));
      }
      fail(f.receiver_at, unknown("sig", f.receiver, false));
    }
    f.receiver_index = static_cast<std::int32_t>(it->second.index);
    decl self;
    self.at = f.receiver_at;
    self.names = {"this"};
    self.name_at = {f.receiver_at};
    self.bound = make(op::name, f.receiver_at);
    self.bound->text = f.receiver;
    f.params.insert(f.params.begin(), std::move(self));
  }
  for (std::uint32_t i = 0; i < m_.asserts.size(); ++i) {
    auto [it, fresh] = asserts_.emplace(m_.asserts[i].name, i);
    if (!fresh) {
      position first = m_.asserts[it->second].at;
      fail(m_.asserts[i].at, fmt::format("duplicate assertion {}: already declared at {}:{}",
                                         lex::quoted(m_.asserts[i].name), first.line, first.column));
    }
  }
  result_arity_.assign(m_.functions.size(), 0);
}

std::uint32_t checker::expected_args(const function_decl& f) const {
  std::uint32_t count = 0;
  for (const decl& d : f.params) count += static_cast<std::uint32_t>(d.names.size());
  return count;
}

void checker::check_signature(std::uint32_t i) {
  function_decl& f = m_.functions[i];
  start(f.receiver_index);
  in_signature_ = true;
  std::vector<std::string_view> seen;
  for (decl& d : f.params) {
    for (std::size_t k = 0; k < d.names.size(); ++k) {
      if (std::find(seen.begin(), seen.end(), d.names[k]) != seen.end()) {
        fail(d.name_at[k], fmt::format("duplicate parameter {}", lex::quoted(d.names[k])));
      }
      seen.push_back(d.names[k]);
    }
    to_set(d.bound, "as the parameter's bound");
    if (d.bound->arity != 1) {
      fail(start_of(*d.bound),
           fmt::format("a parameter's bound must be a set (arity 1), found arity {}", d.bound->arity));
    }
    bind(d);
  }
  if (!f.is_pred) {
    to_set(f.result_type, "as the fun's result type");
    result_arity_[i] = f.result_type->arity;
  }
  in_signature_ = false;
}

void checker::move_sig_facts() {
  fact_receivers_.assign(m_.facts.size(), -1);
  for (std::uint32_t i = 0; i < m_.sigs.size(); ++i) {
    sig_decl& s = m_.sigs[i];
    if (!s.fact) continue;
    position at = s.fact->at;
    decl self;
    self.at = s.at;
    self.names = {"this"};
    self.name_at = {s.at};
    self.bound = make(op::name, s.at);
    self.bound->text = s.name;
    auto all = make(op::quant_all, at);
    all->decls.push_back(std::move(self));
    all->args.push_back(std::move(s.fact));
    all->label = s.name + " fact";
    fact_decl f;
    f.at = at;
    f.name = s.name + " fact";
    f.body = make(op::block, at);
    f.body->args.push_back(std::move(all));
    m_.facts.push_back(std::move(f));
    fact_receivers_.push_back(static_cast<std::int32_t>(i));
  }
}

void checker::check_function_body(std::uint32_t i) {
  function_decl& f = m_.functions[i];
  start(f.receiver_index);
  current_function_ = static_cast<std::int32_t>(i);
  for (const decl& d : f.params) {
    for (std::size_t k = 0; k < d.names.size(); ++k) scope_.push_back({d.names[k], d.slots[k], 1, false, false});
  }
  next_slot_ = expected_args(f);
  if (f.is_pred) {
    to_formula(f.body, "as the pred's body");
  } else {
    expr(f.body);
    if (f.body->is_formula) fail(start_of(*f.body), "a fun's body must be an expression, found a formula");
    if (f.body->is_int && result_arity_[i] == 1) wrap_int_to_set(f.body);
    if (f.body->is_int || f.body->arity != result_arity_[i]) {
      fail(start_of(*f.body),
           fmt::format("the body of fun {} has {}, but its result type has arity {}", lex::quoted(f.name),
                       f.body->is_int ? std::string("an integer value") : fmt::format("arity {}", f.body->arity),
                       result_arity_[i]));
    }
  }
  f.variable_count = next_slot_;
  current_function_ = -1;
}

void checker::check_recursion() {
  std::size_t n = m_.functions.size();
  std::vector<std::vector<const call_edge*>> out(n);
  for (const call_edge& e : calls_) out[e.from].push_back(&e);
  std::vector<std::uint8_t> color(n, 0);  // 0 new, 1 on the path, 2 done
  std::vector<std::size_t> chain_length(n, 1);  // the longest call chain from each, itself included
  struct frame {
    std::uint32_t fn;
    std::size_t next;
  };
  for (std::uint32_t root = 0; root < n; ++root) {
    if (color[root] != 0) continue;
    std::vector<frame> path{{root, 0}};
    color[root] = 1;
    while (!path.empty()) {
      frame& top = path.back();
      if (top.next == out[top.fn].size()) {
        // Translation and evaluation recurse once per call: a chain too long for the stack is
        // refused here, with the call that makes it too long.
        for (const call_edge* e : out[top.fn]) {
          chain_length[top.fn] = std::max(chain_length[top.fn], chain_length[e->to] + 1);
          if (chain_length[top.fn] > max_call_chain)
            fail(e->at, fmt::format("calls nest more than {} deep here ({} calls {}, which calls on): write the "
                                    "spec with fewer levels of predicates and functions",
                                    max_call_chain, m_.functions[top.fn].name, m_.functions[e->to].name));
        }
        color[top.fn] = 2;
        path.pop_back();
        continue;
      }
      const call_edge* e = out[top.fn][top.next++];
      if (color[e->to] == 1) {
        std::string chain;
        auto from = std::find_if(path.begin(), path.end(), [e](const frame& f) { return f.fn == e->to; });
        for (auto it = from; it != path.end(); ++it) chain += m_.functions[it->fn].name + " -> ";
        chain += m_.functions[e->to].name;
        fail(e->at, fmt::format("recursion is not supported: {}", chain));
      }
      if (color[e->to] == 0) {
        color[e->to] = 1;
        path.push_back({e->to, 0});
      }
    }
  }
}

void checker::check_command(command_decl& c) {
  if (c.block) {
    start(-1);
    to_formula(c.block, "as the command's body");
    c.variable_count = next_slot_;
  } else if (c.is_run) {
    auto it = names_.find(c.name);
    if (it == names_.end() || it->second.kind != entity::function || !m_.functions[it->second.index].is_pred) {
      if (it != names_.end()) {
        fail(c.name_at, fmt::format("run needs a pred; {} is {}", lex::quoted(c.name), what_is(it->second)));
      }
      fail(c.name_at, unknown("pred", c.name, false));
    }
    c.target = static_cast<std::int32_t>(it->second.index);
  } else {
    auto it = asserts_.find(c.name);
    if (it == asserts_.end()) {
      std::string message = fmt::format("unknown assertion {}", lex::quoted(c.name));
      if (names_.count(c.name) != 0) message += "; check needs an assertion, run takes a pred";
      fail(c.name_at, message);
    }
    c.target = static_cast<std::int32_t>(it->second);
  }
  std::vector<std::string_view> seen;
  for (const scope_item& s : c.scopes) {
    if (std::find(seen.begin(), seen.end(), s.sig) != seen.end()) {
      fail(s.at, fmt::format("the scope of {} is given twice", lex::quoted(s.sig)));
    }
    seen.push_back(s.sig);
    if (s.sig == "Int") {
      if (s.exactly) fail(s.at, "'exactly' does not apply to Int: 'N Int' is the bit width");
      if (s.count < 1 || s.count > max_bit_width) {
        fail(s.at, fmt::format("the bit width of Int must be between 1 and {}, found {}", max_bit_width, s.count));
      }
      continue;
    }
    auto it = names_.find(s.sig);
    if (it == names_.end() || it->second.kind != entity::sig) {
      if (it != names_.end()) fail(s.at, fmt::format("a scope names a sig; {} is {}", lex::quoted(s.sig), what_is(it->second)));
      fail(s.at, unknown("sig", s.sig, false));
    }
  }
}

}  // namespace resolving

void check(module& m) { resolving::checker(m).run(); }

}  // namespace smallscope::spec
