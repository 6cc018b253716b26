// The checker behind resolve.cpp and resolve_expressions.cpp (paper 003, Sec. 3: the spec
// language): its state and the helpers both halves use. Internal to src/spec_front.
#pragma once

#include <fmt/format.h>

#include <algorithm>
#include <cstdint>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "spec_front/ast.hpp"
#include "spec_front/lexer.hpp"
#include "spec_front/load.hpp"

namespace smallscope::spec::resolving {

using lex::quoted;

inline constexpr std::uint32_t max_arity = 32;
inline constexpr std::uint32_t max_bit_width = 16;
// The longest chain of calls a spec may have: each call is a level of recursion when the spec
// is translated or evaluated, and 1,000 levels stay far inside the stack (17,000 overflowed it).
inline constexpr std::size_t max_call_chain = 1000;

struct builtin_function {
  std::string_view name;
  op kind;
  bool is_formula;
};

inline constexpr builtin_function builtin_functions[] = {
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

inline node_ptr make(op kind, position at) {
  auto n = std::make_unique<node>();
  n->kind = kind;
  n->at = at;
  return n;
}

inline void wrap(node_ptr& n, op kind) {
  auto w = make(kind, n->at);
  w->args.push_back(std::move(n));
  n = std::move(w);
}

inline bool before(position a, position b) { return a.line < b.line || (a.line == b.line && a.column < b.column); }

// The leftmost source position of a subtree (an operator's node sits at the operator).
inline position start_of(const node& n) {
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

inline std::string_view symbol(op kind) {
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

inline std::size_t edit_distance(std::string_view a, std::string_view b) {
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

inline bool same_ignoring_case(std::string_view a, std::string_view b) {
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

  void run();

 private:
  [[noreturn]] void fail(position at, const std::string& message) const { throw spec_error(m_.file, at, message); }

  // ---- declarations

  void add_builtin_sigs();
  std::string what_is(const named& n) const;
  void declare(const std::string& name, named what);
  void declare_sigs();
  void declare_fields();
  const field_decl& field_of(std::uint32_t number) const;
  void field_type(node& t, std::vector<std::uint32_t>& columns);
  void declare_functions();
  std::uint32_t expected_args(const function_decl& f) const;
  void check_signature(std::uint32_t i);
  void move_sig_facts();
  void check_function_body(std::uint32_t i);
  void check_recursion();
  void check_command(command_decl& c);

  // ---- scopes of variables

  void start(std::int32_t receiver);
  void bind(decl& d);
  const variable* lookup(std::string_view name) const;
  std::string unknown(std::string_view what, const std::string& name, bool any) const;

  // ---- kinds of operands

  void wrap_int_to_set(node_ptr& n);
  std::string found(const node& n) const;
  void to_set(node_ptr& n, std::string_view where);
  void to_int(node_ptr& n, std::string_view where);
  void to_formula(node_ptr& n, std::string_view where);
  void set_kind(node& n, std::uint32_t arity);
  void formula_kind(node& n);
  void int_kind(node& n);
  std::string operand(op kind, bool left) const;

  // ---- calls

  bool partial(const node& n) const;
  bool is_builtin_call(const node& n) const;
  std::string callee(const node& n) const;
  std::string takes(const node& n) const;
  [[noreturn]] void argument_count_error(const node& n, bool too_many) const;
  void finish_call(node& n);
  void add_argument(node& call, node_ptr arg);

  // ---- expressions

  void name(node_ptr& n, bool allow_partial);
  bool inherits(std::uint32_t sig, std::uint32_t ancestor) const;
  void join(node_ptr& n, bool allow_partial);
  void same_arity(node& n);
  void binding(node& n, std::string_view what);
  void expr(node_ptr& n, bool allow_partial = false);
  void equality(node& x);
  void ite(node& x);
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


}  // namespace smallscope::spec::resolving
