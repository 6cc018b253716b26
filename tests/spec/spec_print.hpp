// Test helper: prints a spec's syntax tree as an s-expression, so that tests of the parser and
// checker (paper 003, Sec. 3) can state a tree's shape in one line. A checked variable prints
// with its slot (`x$1`), a backticked field with its backtick, `@f` with its at sign.
#pragma once

#include <string>

#include "spec_front/ast.hpp"

namespace smallscope::spec::testing {

inline const char* op_name(op k) {
  switch (k) {
    case op::name: return "name";
    case op::int_lit: return "int";
    case op::none: return "none";
    case op::univ: return "univ";
    case op::iden: return "iden";
    case op::this_: return "this";
    case op::transpose: return "~";
    case op::closure: return "^";
    case op::rclosure: return "*";
    case op::card: return "#";
    case op::join: return ".";
    case op::union_: return "+";
    case op::intersect: return "&";
    case op::difference: return "-";
    case op::product: return "->";
    case op::override_: return "++";
    case op::domain_restrict: return "<:";
    case op::range_restrict: return ":>";
    case op::plus: return "plus";
    case op::minus: return "minus";
    case op::mul: return "mul";
    case op::div: return "div";
    case op::rem: return "rem";
    case op::sum_of: return "sum_of";
    case op::int_to_set: return "int_to_set";
    case op::not_: return "not";
    case op::and_: return "and";
    case op::or_: return "or";
    case op::implies: return "implies";
    case op::iff: return "iff";
    case op::ite: return "ite";
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
    case op::quant_all: return "all";
    case op::quant_some: return "some";
    case op::quant_no: return "no";
    case op::quant_lone: return "lone";
    case op::quant_one: return "one";
    case op::comprehension: return "set";
    case op::let: return "let";
    case op::call: return "call";
    case op::block: return "block";
    case op::true_: return "true";
    case op::false_: return "false";
  }
  return "?";
}

inline std::string print(const node& n) {
  std::string s;
  switch (n.kind) {
    case op::name:
    case op::this_:
      s = (n.at_sign ? "@" : "") + n.text;
      if (n.ref == ref_kind::variable) s += "$" + std::to_string(n.index);
      if (n.pre_state) s += "`";
      return s;
    case op::int_lit: return std::to_string(n.value);
    case op::none:
    case op::univ:
    case op::iden: return op_name(n.kind);
    default: break;
  }
  s = std::string("(") + op_name(n.kind);
  if (n.kind == op::call) s += " " + n.text;
  for (const decl& d : n.decls) {
    s += " ";
    if (d.disjoint) s += "disj ";
    for (std::size_t i = 0; i < d.names.size(); ++i) {
      s += (i ? "," : "") + d.names[i];
      if (i < d.slots.size()) s += "$" + std::to_string(d.slots[i]);
    }
    s += n.kind == op::let ? "=" : ":";
    s += d.bound ? print(*d.bound) : "?";
  }
  for (const auto& a : n.args) s += " " + print(*a);
  return s + ")";
}

}  // namespace smallscope::spec::testing
