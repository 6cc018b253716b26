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
#include <fmt/format.h>

#include <algorithm>
#include <unordered_map>

#include "spec/lexer.hpp"
#include "spec/load.hpp"

namespace smallscope::spec {

namespace {

using lex::quoted;

constexpr std::uint32_t max_arity = 32;
constexpr std::uint32_t max_bit_width = 16;
// The longest chain of calls a spec may have: each call is a level of recursion when the spec
// is translated or evaluated, and 1,000 levels stay far inside the stack (17,000 overflowed it).
constexpr std::size_t max_call_chain = 1000;

struct builtin_function {
  std::string_view name;
  op kind;
  bool is_formula;
};

constexpr builtin_function builtin_functions[] = {
    {"plus", op::plus, false}, {"minus", op::minus, false}, {"mul", op::mul, false},
    {"div", op::div, false},   {"rem", op::rem, false},     {"gt", op::gt, true},
    {"lt", op::lt, true},      {"gte", op::gte, true},      {"lte", op::lte, true}};

enum class entity : std::uint8_t { sig, field, function, builtin };

struct named {
  entity kind;
  std::uint32_t index;  // sig, global field number, function, or builtin_functions index
  position at;
};

struct variable {
  std::string name;
  std::uint32_t slot;
  std::uint8_t arity;
  bool is_int;
  bool is_formula;
};

struct call_edge {
  std::uint32_t from;
  std::uint32_t to;
  position at;
};

node_ptr make(op kind, position at) {
  auto n = std::make_unique<node>();
  n->kind = kind;
  n->at = at;
  return n;
}

void wrap(node_ptr& n, op kind) {
  auto w = make(kind, n->at);
  w->args.push_back(std::move(n));
  n = std::move(w);
}

bool before(position a, position b) { return a.line < b.line || (a.line == b.line && a.column < b.column); }

// The leftmost source position of a subtree (an operator's node sits at the operator).
position start_of(const node& n) {
  position best = n.at;
  auto consider = [&best](position p) {
    if (p.line != 0 && (best.line == 0 || before(p, best))) best = p;
  };
  for (const auto& a : n.args) consider(start_of(*a));
  for (const auto& d : n.decls) {
    consider(d.at);
    if (d.bound) consider(start_of(*d.bound));
  }
  return best;
}

std::string_view symbol(op kind) {
  switch (kind) {
    case op::join: return ".";
    case op::union_: return "+";
    case op::intersect: return "&";
    case op::difference: return "-";
    case op::product: return "->";
    case op::override_: return "++";
    case op::domain_restrict: return "<:";
    case op::range_restrict: return ":>";
    case op::transpose: return "~";
    case op::closure: return "^";
    case op::rclosure: return "*";
    case op::card: return "#";
    case op::not_: return "!";
    case op::and_: return "&&";
    case op::or_: return "||";
    case op::implies: return "=>";
    case op::iff: return "<=>";
    case op::in: return "in";
    case op::not_in: return "!in";
    case op::eq: return "=";
    case op::neq: return "!=";
    case op::lt: return "<";
    case op::gt: return ">";
    case op::lte: return "<=";
    case op::gte: return ">=";
    case op::no: return "no";
    case op::some: return "some";
    case op::lone: return "lone";
    case op::one: return "one";
    default: return "?";
  }
}

std::size_t edit_distance(std::string_view a, std::string_view b) {
  std::vector<std::size_t> row(b.size() + 1);
  for (std::size_t j = 0; j <= b.size(); ++j) row[j] = j;
  for (std::size_t i = 1; i <= a.size(); ++i) {
    std::size_t diagonal = row[0];
    row[0] = i;
    for (std::size_t j = 1; j <= b.size(); ++j) {
      std::size_t up = row[j];
      row[j] = std::min({row[j] + 1, row[j - 1] + 1, diagonal + (a[i - 1] == b[j - 1] ? 0 : 1)});
      diagonal = up;
    }
  }
  return row[b.size()];
}

bool same_ignoring_case(std::string_view a, std::string_view b) {
  if (a.size() != b.size()) return false;
  for (std::size_t i = 0; i < a.size(); ++i) {
    auto lower = [](char c) { return c >= 'A' && c <= 'Z' ? static_cast<char>(c - 'A' + 'a') : c; };
    if (lower(a[i]) != lower(b[i])) return false;
  }
  return true;
}

class checker {
 public:
  explicit checker(module& m) : m_(m) {}

  void run() {
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

 private:
  [[noreturn]] void fail(position at, const std::string& message) const { throw spec_error(m_.file, at, message); }

  // ---- declarations

  void add_builtin_sigs() {
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

  std::string what_is(const named& n) const {
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

  void declare(const std::string& name, named what) {
    auto [it, fresh] = names_.emplace(name, what);
    if (!fresh) fail(what.at, fmt::format("duplicate name {}: already {}", quoted(name), what_is(it->second)));
  }

  void declare_sigs() {
    for (std::uint32_t i = 0; i < m_.sigs.size(); ++i) declare(m_.sigs[i].name, {entity::sig, i, m_.sigs[i].at});
    for (std::uint32_t i = builtin_sigs_; i < m_.sigs.size(); ++i) {
      sig_decl& s = m_.sigs[i];
      if (s.parent.empty()) continue;
      auto it = names_.find(s.parent);
      if (it == names_.end() || it->second.kind != entity::sig) {
        if (it != names_.end()) fail(s.parent_at, fmt::format("a sig can only extend a sig; {} is {}", quoted(s.parent), what_is(it->second)));
        fail(s.parent_at, unknown("sig", s.parent, false));
      }
      if (m_.sigs[it->second.index].builtin) {
        fail(s.parent_at, fmt::format("a sig cannot extend the builtin sig {}", quoted(s.parent)));
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
        if (s.parent == s.name) fail(s.parent_at, fmt::format("sig {} extends itself", quoted(s.name)));
        fail(s.parent_at, fmt::format("sig {} extends itself through {}", quoted(s.name), quoted(s.parent)));
      }
      for (std::int32_t k = static_cast<std::int32_t>(i); k >= 0 && mark[static_cast<std::size_t>(k)] != done;
           k = m_.sigs[static_cast<std::size_t>(k)].parent_index) {
        mark[static_cast<std::size_t>(k)] = done;
      }
    }
  }

  void declare_fields() {
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
            fail(f.at, fmt::format("duplicate field {}: sig {} already has it (declared at {}:{})", quoted(f.name),
                                   quoted(m_.sigs[other].name), existing->second.at.line, existing->second.at.column));
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
                                 quoted(name), f.arity, first.arity, quoted(m_.sigs[m_.field_list[group.front()].sig].name)));
      }
    }
  }

  const field_decl& field_of(std::uint32_t number) const {
    const field_ref r = m_.field_list[number];
    return m_.sigs[r.sig].fields[r.index];
  }

  void field_type(node& t, std::vector<std::uint32_t>& columns) {
    if (t.kind == op::product) {
      field_type(*t.args[0], columns);
      field_type(*t.args[1], columns);
      t.arity = static_cast<std::uint8_t>(t.args[0]->arity + t.args[1]->arity);
      return;
    }
    auto it = names_.find(t.text);
    if (it == names_.end()) fail(t.at, unknown("sig", t.text, false));
    if (it->second.kind != entity::sig) {
      fail(t.at, fmt::format("a field's type may only name sigs; {} is {}", quoted(t.text), what_is(it->second)));
    }
    t.ref = ref_kind::sig;
    t.index = it->second.index;
    t.arity = 1;
    columns.push_back(it->second.index);
  }

  void declare_functions() {
    for (std::uint32_t i = 0; i < m_.functions.size(); ++i) {
      function_decl& f = m_.functions[i];
      declare(f.name, {entity::function, i, f.at});
      if (f.receiver.empty()) continue;
      auto it = names_.find(f.receiver);
      if (it == names_.end() || it->second.kind != entity::sig) {
        if (it != names_.end()) {
          fail(f.receiver_at, fmt::format("the receiver of {} must be a sig; {} is {}", quoted(f.name),
                                          quoted(f.receiver), what_is(it->second)));
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
                                           quoted(m_.asserts[i].name), first.line, first.column));
      }
    }
    result_arity_.assign(m_.functions.size(), 0);
  }

  std::uint32_t expected_args(const function_decl& f) const {
    std::uint32_t count = 0;
    for (const decl& d : f.params) count += static_cast<std::uint32_t>(d.names.size());
    return count;
  }

  void check_signature(std::uint32_t i) {
    function_decl& f = m_.functions[i];
    start(f.receiver_index);
    in_signature_ = true;
    std::vector<std::string_view> seen;
    for (decl& d : f.params) {
      for (std::size_t k = 0; k < d.names.size(); ++k) {
        if (std::find(seen.begin(), seen.end(), d.names[k]) != seen.end()) {
          fail(d.name_at[k], fmt::format("duplicate parameter {}", quoted(d.names[k])));
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

  void move_sig_facts() {
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

  void check_function_body(std::uint32_t i) {
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
             fmt::format("the body of fun {} has {}, but its result type has arity {}", quoted(f.name),
                         f.body->is_int ? std::string("an integer value") : fmt::format("arity {}", f.body->arity),
                         result_arity_[i]));
      }
    }
    f.variable_count = next_slot_;
    current_function_ = -1;
  }

  void check_recursion() {
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

  void check_command(command_decl& c) {
    if (c.block) {
      start(-1);
      to_formula(c.block, "as the command's body");
      c.variable_count = next_slot_;
    } else if (c.is_run) {
      auto it = names_.find(c.name);
      if (it == names_.end() || it->second.kind != entity::function || !m_.functions[it->second.index].is_pred) {
        if (it != names_.end()) {
          fail(c.name_at, fmt::format("run needs a pred; {} is {}", quoted(c.name), what_is(it->second)));
        }
        fail(c.name_at, unknown("pred", c.name, false));
      }
      c.target = static_cast<std::int32_t>(it->second.index);
    } else {
      auto it = asserts_.find(c.name);
      if (it == asserts_.end()) {
        std::string message = fmt::format("unknown assertion {}", quoted(c.name));
        if (names_.count(c.name) != 0) message += "; check needs an assertion, run takes a pred";
        fail(c.name_at, message);
      }
      c.target = static_cast<std::int32_t>(it->second);
    }
    std::vector<std::string_view> seen;
    for (const scope_item& s : c.scopes) {
      if (std::find(seen.begin(), seen.end(), s.sig) != seen.end()) {
        fail(s.at, fmt::format("the scope of {} is given twice", quoted(s.sig)));
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
        if (it != names_.end()) fail(s.at, fmt::format("a scope names a sig; {} is {}", quoted(s.sig), what_is(it->second)));
        fail(s.at, unknown("sig", s.sig, false));
      }
    }
  }

  // ---- scopes of variables

  void start(std::int32_t receiver) {
    scope_.clear();
    next_slot_ = 0;
    receiver_ = receiver;
  }

  void bind(decl& d) {
    d.slots.clear();
    for (const std::string& name : d.names) {
      d.slots.push_back(next_slot_);
      scope_.push_back({name, next_slot_, d.bound ? d.bound->arity : std::uint8_t{1},
                        d.bound && d.bound->is_int, d.bound && d.bound->is_formula});
      ++next_slot_;
    }
  }

  const variable* lookup(std::string_view name) const {
    for (auto it = scope_.rbegin(); it != scope_.rend(); ++it) {
      if (it->name == name) return &*it;
    }
    return nullptr;
  }

  std::string unknown(std::string_view what, const std::string& name, bool any) const {
    std::string message = fmt::format("unknown {} {}", what, quoted(name));
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
    if (!best.empty()) message += fmt::format("; did you mean {}?", quoted(best));
    return message;
  }

  // ---- kinds of operands

  void wrap_int_to_set(node_ptr& n) {
    wrap(n, op::int_to_set);
    n->arity = 1;
  }

  std::string found(const node& n) const {
    if (n.is_formula) return "a formula";
    if (n.is_int) return "an integer";
    return fmt::format("an expression of arity {}", n.arity);
  }

  void to_set(node_ptr& n, std::string_view where) {
    expr(n);
    if (n->is_formula) fail(start_of(*n), fmt::format("expected an expression {}, found a formula", where));
    if (n->is_int) wrap_int_to_set(n);
  }

  void to_int(node_ptr& n, std::string_view where) {
    expr(n);
    if (n->is_int) return;
    if (n->is_formula || n->arity != 1) fail(start_of(*n), fmt::format("expected an integer {}, found {}", where, found(*n)));
    wrap(n, op::sum_of);
    n->is_int = true;
  }

  void to_formula(node_ptr& n, std::string_view where) {
    expr(n);
    if (!n->is_formula) fail(start_of(*n), fmt::format("expected a formula {}, found {}", where, found(*n)));
  }

  void set_kind(node& n, std::uint32_t arity) {
    if (arity > max_arity) fail(n.at, fmt::format("the expression has arity {}, above the limit of {}", arity, max_arity));
    n.arity = static_cast<std::uint8_t>(arity);
    n.is_int = false;
    n.is_formula = false;
  }

  void formula_kind(node& n) {
    n.arity = 0;
    n.is_int = false;
    n.is_formula = true;
  }

  void int_kind(node& n) {
    n.arity = 0;
    n.is_int = true;
    n.is_formula = false;
  }

  std::string operand(op kind, bool left) const {
    return fmt::format("as the {} operand of '{}'", left ? "left" : "right", symbol(kind));
  }

  // ---- calls

  bool partial(const node& n) const {
    if (n.kind == op::call && (n.ref == ref_kind::pred || n.ref == ref_kind::fun)) {
      return n.args.size() < expected_args(m_.functions[n.index]);
    }
    switch (n.kind) {
      case op::plus: case op::minus: case op::mul: case op::div: case op::rem:
      case op::gt: case op::lt: case op::gte: case op::lte: return n.args.size() < 2;
      default: return false;
    }
  }

  bool is_builtin_call(const node& n) const {
    switch (n.kind) {
      case op::plus: case op::minus: case op::mul: case op::div: case op::rem:
      case op::gt: case op::lt: case op::gte: case op::lte: return true;
      default: return false;
    }
  }

  std::string callee(const node& n) const {
    if (n.kind == op::call) return fmt::format("{} {}", n.ref == ref_kind::pred ? "pred" : "fun", quoted(n.text));
    return fmt::format("builtin {}", quoted(n.text));
  }

  std::string takes(const node& n) const {
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

  [[noreturn]] void argument_count_error(const node& n, bool too_many) const {
    if (too_many) fail(n.at, fmt::format("{}, found more", takes(n)));
    std::string message = fmt::format("{}, found {}", takes(n), n.args.size());
    if (n.kind == op::call && n.args.empty() && receiver_ >= 0 &&
        m_.functions[n.index].receiver_index == receiver_ && lookup("this") != nullptr) {
      message += fmt::format(" (write this.{})", n.text);
    }
    fail(n.at, message);
  }

  void finish_call(node& n) {
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

  void add_argument(node& call, node_ptr arg) {
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

  // ---- expressions

  void name(node_ptr& n, bool allow_partial) {
    node& x = *n;
    const std::string& text = x.text;
    if (!x.at_sign || names_.count(text) == 0 || names_.at(text).kind != entity::field) {
      if (const variable* v = lookup(text)) {
        if (x.pre_state) {
          fail(x.at, fmt::format("a backtick (pre-state) may only follow a field; {} is a variable", quoted(text)));
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
      fail(x.at, fmt::format("a backtick (pre-state) may only follow a field; {} is {}", quoted(text), what_is(what)));
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
          fail(x.at, fmt::format("a parameter's bound or a fun's result type cannot call {}", quoted(text)));
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

  bool inherits(std::uint32_t sig, std::uint32_t ancestor) const {
    for (std::int32_t s = static_cast<std::int32_t>(sig); s >= 0; s = m_.sigs[static_cast<std::size_t>(s)].parent_index) {
      if (static_cast<std::uint32_t>(s) == ancestor) return true;
    }
    return false;
  }

  void join(node_ptr& n, bool allow_partial) {
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

  void same_arity(node& n) {
    std::uint8_t a = n.args[0]->arity;
    std::uint8_t b = n.args[1]->arity;
    if (a != b) {
      fail(n.at, fmt::format("the operands of '{}' must have the same arity, found arities {} and {}", symbol(n.kind), a, b));
    }
  }

  void binding(node& n, std::string_view what) {
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

  void expr(node_ptr& n, bool allow_partial = false) {
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

  void equality(node& x) {
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

  void ite(node& x) {
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

  module& m_;
  std::unordered_map<std::string, named> names_;
  // Field names that several sigs declare: every field number of the name, in declaration order.
  std::unordered_map<std::string, std::vector<std::uint32_t>> field_groups_;
  std::unordered_map<std::string, std::uint32_t> asserts_;
  std::uint32_t builtin_sigs_ = 0;
  std::vector<std::uint8_t> result_arity_;
  std::vector<std::int32_t> fact_receivers_;
  std::vector<variable> scope_;
  std::uint32_t next_slot_ = 0;
  std::int32_t receiver_ = -1;
  std::int32_t current_function_ = -1;
  bool in_signature_ = false;
  bool field_itself_ = false;  // a bare field name means the relation here, not this.field
  std::vector<call_edge> calls_;
};

}  // namespace

void check(module& m) { checker(m).run(); }

}  // namespace smallscope::spec
