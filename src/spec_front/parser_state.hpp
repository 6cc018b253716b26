// The parser behind parser.cpp and parser_expressions.cpp (paper 003, Sec. 3: the spec
// language): its state, its token helpers and what both halves share. Internal to src/spec_front.
#pragma once

#include <fmt/format.h>

#include <algorithm>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "spec_front/ast.hpp"
#include "spec_front/lexer.hpp"
#include "spec_front/load.hpp"

namespace smallscope::spec::parsing {

using lex::token;
using lex::token_kind;

inline constexpr int max_depth = 200;
inline constexpr std::size_t max_label = 60;

inline node_ptr make(op kind, position at) {
  auto n = std::make_unique<node>();
  n->kind = kind;
  n->at = at;
  return n;
}

inline node_ptr make(op kind, position at, node_ptr a) {
  auto n = make(kind, at);
  n->args.push_back(std::move(a));
  return n;
}

inline node_ptr make(op kind, position at, node_ptr a, node_ptr b) {
  auto n = make(kind, at, std::move(a));
  n->args.push_back(std::move(b));
  return n;
}

inline node_ptr clone(const node& n);

inline decl clone(const decl& d) {
  decl c;
  c.at = d.at;
  c.disjoint = d.disjoint;
  c.names = d.names;
  c.name_at = d.name_at;
  c.mult = d.mult;
  if (d.bound) c.bound = clone(*d.bound);
  c.slots = d.slots;
  return c;
}

// A deep copy (for `sig A, B { ... }`, whose fields and fact each sig gets).
inline node_ptr clone(const node& n) {
  auto c = std::make_unique<node>();
  c->kind = n.kind;
  c->at = n.at;
  c->text = n.text;
  c->value = n.value;
  c->pre_state = n.pre_state;
  c->at_sign = n.at_sign;
  for (const auto& a : n.args) c->args.push_back(clone(*a));
  for (const auto& d : n.decls) c->decls.push_back(clone(d));
  c->ref = n.ref;
  c->index = n.index;
  c->arity = n.arity;
  c->is_formula = n.is_formula;
  c->is_int = n.is_int;
  c->label = n.label;
  return c;
}

class parser {
 public:
  parser(std::string_view text, const std::string& file) : src_(text), file_(file) {
    lex::lexed l = lex::tokenize(text, file);
    toks_ = std::move(l.tokens);
    comments_ = std::move(l.comments);
  }

  module run();

 private:
  // Counts nesting levels; leaving the scope gives them back.
  class depth_guard {
   public:
    explicit depth_guard(parser& owner) : owner_(owner) {}
    depth_guard(parser& owner, position at) : owner_(owner) { add(at); }
    depth_guard(const depth_guard&) = delete;
    depth_guard& operator=(const depth_guard&) = delete;
    ~depth_guard() { owner_.depth_ -= levels_; }
    void add(position at) {
      ++levels_;
      if (++owner_.depth_ > max_depth) owner_.fail(at, fmt::format("nesting deeper than {} levels", max_depth));
    }

   private:
    parser& owner_;
    int levels_ = 0;
  };

  // ---- tokens

  const token& peek(std::size_t ahead = 0) const;
  static bool is_word(const token& t, std::string_view s);
  bool is(std::string_view s, std::size_t ahead = 0) const { return is_word(peek(ahead), s); }
  const token& advance();
  bool accept(std::string_view s);
  const token& expect(std::string_view s, std::string_view context = {});
  const token& identifier(std::string_view what);
  std::uint32_t last_end() const { return pos_ == 0 ? 0 : toks_[pos_ - 1].end; }
  std::uint32_t last_line() const { return pos_ == 0 ? 1 : toks_[pos_ - 1].at.line; }

  [[noreturn]] void fail(position at, const std::string& message) const { throw spec_error(file_, at, message); }

  std::string qualified_name(std::string_view what);
  multiplicity accept_multiplicity(bool allow_set);

  // ---- paragraphs

  void paragraph(module& m);
  void open_module(module& m);
  void signature(module& m);

  // `a, b: lone Node` or `f: Node -> lone Int`.
  void fields(sig_decl& s);
  void function(module& m);
  void command(module& m);
  void scope_list(command_decl& c);

  // ---- declarations and blocks

  // `[disj] a, b: [mult] expr` (parameters, quantifiers, comprehensions).
  decl declaration(std::string_view what);

  // Does a declaration list `[disj] a, b:` start at the token `ahead`?
  bool declarations_ahead(std::size_t ahead) const;
  void close(const token& open, std::string_view what);
  bool starts_expression(const token& t) const;

  // `{ f1 f2 ... }`: a block node whose args are the conjuncts, each with its label.
  node_ptr block(std::string_view what);

  // The `//` or `--` comment above a conjunct (the nearest one after the previous conjunct, on
  // a line of its own before the conjunct's first line), else the conjunct's text.
  std::string label(const token& start, std::uint32_t end, std::uint32_t boundary_end, std::uint32_t boundary_line,
                    bool first) const {
    auto it = std::lower_bound(comments_.begin(), comments_.end(), start.begin,
                               [](const lex::comment& c, std::uint32_t offset) { return c.begin < offset; });
    while (it != comments_.begin()) {
      --it;
      if (it->begin < boundary_end) break;
      if (!it->line_comment || it->text.empty()) continue;
      if (it->at.line < start.at.line && (first || it->at.line > boundary_line)) return std::string(it->text);
      break;
    }
    return source_text(start.begin, end);
  }

  // The text of [begin, end) without comments, whitespace collapsed, cut to max_label characters.
  std::string source_text(std::uint32_t begin, std::uint32_t end) const;

  // ---- expressions, loosest first

  node_ptr expression();
  // A chain `a OP b OP c ...` of an associative operator (one of the words `a` or `b`), its
  // operands parsed by `next` one after another: up to 16 operands a left-deep tree as written,
  // more a balanced tree (the same operands, left to right) whose nesting is log2 of their count,
  // so a long flat chain that generated specs write is no deep nesting.
  node_ptr associative_chain(op kind, std::string_view a, std::string_view b, node_ptr (parser::*next)());
  // The same for operators that `operator_ahead` names (nullopt: none ahead); a chain mixing
  // operators, or of one that is not associative (-), stays left-deep.
  template <class Operator>
  node_ptr chain(Operator operator_ahead, node_ptr (parser::*next)());
  node_ptr or_expr();
  node_ptr iff_expr();
  node_ptr implies_expr();
  node_ptr and_expr();
  node_ptr not_expr();
  node_ptr compare_expr();
  bool quantifier_ahead() const;
  node_ptr multiplicity_expr();
  node_ptr sum_expr();
  node_ptr card_expr();
  node_ptr override_expr();
  node_ptr intersect_expr();
  node_ptr arrow_expr();
  node_ptr restrict_expr();

  // `a.b` and the box join `e[x, y]` (= y.(x.e)), left to right.
  node_ptr postfix_expr();
  node_ptr unary_expr();

  // A backtick right after a name marks TestEra's pre-state.
  void backtick(node& n);
  node_ptr primary();

  // `| body` or `{ block }` after the declarations of a quantifier or let.
  node_ptr body(std::string_view what);
  node_ptr quantifier();
  node_ptr comprehension();
  node_ptr let();
  std::string_view src_;
  const std::string& file_;
  std::vector<token> toks_;
  std::vector<lex::comment> comments_;
  std::size_t pos_ = 0;
  int depth_ = 0;
};


}  // namespace smallscope::spec::parsing
