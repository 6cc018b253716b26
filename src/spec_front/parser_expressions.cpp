// The parser of a spec's declarations, blocks and expressions (paper 003, Sec. 3: the spec
// language, Alloy's precedences loosest first), with each conjunct of a block named from the
// comment above it or its own text. Part of the parser of parser_state.hpp.
#include "spec_front/parser_state.hpp"

namespace smallscope::spec::parsing {

decl parser::declaration(std::string_view what) {
  decl d;
  d.at = peek().at;
  d.disjoint = accept("disj");
  while (true) {
    const token& name = identifier(what);
    d.names.emplace_back(name.text);
    d.name_at.push_back(name.at);
    if (!accept(",")) break;
  }
  expect(":", "after the declared names");
  if (accept("disj")) d.disjoint = true;
  d.mult = accept_multiplicity(true);
  d.bound = expression();
  return d;
}

bool parser::declarations_ahead(std::size_t ahead) const {
  if (is("disj", ahead)) return true;
  while (peek(ahead).kind == token_kind::identifier) {
    if (is(":", ahead + 1)) return true;
    if (!is(",", ahead + 1)) return false;
    ahead += 2;
  }
  return false;
}

void parser::close(const token& open, std::string_view what) {
  if (!is("}")) {
    fail(peek().at, fmt::format("expected '}}' to close {} opened at {}:{}, found {}", what, open.at.line,
                                open.at.column, lex::describe(peek())));
  }
  advance();
}

bool parser::starts_expression(const token& t) const {
  switch (t.kind) {
    case token_kind::identifier:
    case token_kind::number: return true;
    case token_kind::end: return false;
    default: break;
  }
  static constexpr std::string_view starters[] = {"this", "none", "univ", "iden", "all", "some", "no",  "lone",
                                                  "one",  "let",  "not",  "(",    "{",   "@",    "~",   "^",
                                                  "*",    "#",    "!",    "-"};
  for (std::string_view s : starters) {
    if (is_word(t, s)) return true;
  }
  return false;
}

node_ptr parser::block(std::string_view what) {
  const token& open = expect("{", fmt::format("to open {}", what));
  depth_guard guard(*this, open.at);
  auto b = make(op::block, open.at);
  std::uint32_t boundary_line = open.at.line;
  std::uint32_t boundary_end = open.end;
  bool first = true;
  while (!is("}")) {
    if (is("`")) fail(peek().at, "a backtick (pre-state) must follow a field name directly");
    if (!starts_expression(peek())) {
      fail(peek().at, fmt::format("expected '}}' to close the block opened at {}:{}, found {}", open.at.line,
                                  open.at.column, lex::describe(peek())));
    }
    const token& start = peek();
    node_ptr conjunct = expression();
    conjunct->label = label(start, last_end(), boundary_end, boundary_line, first);
    boundary_end = last_end();
    boundary_line = last_line();
    first = false;
    b->args.push_back(std::move(conjunct));
  }
  advance();
  return b;
}

std::string parser::source_text(std::uint32_t begin, std::uint32_t end) const {
  std::string out;
  auto c = std::lower_bound(comments_.begin(), comments_.end(), begin,
                            [](const lex::comment& k, std::uint32_t offset) { return k.begin < offset; });
  bool space = false;
  for (std::uint32_t i = begin; i < end && out.size() <= max_label; ++i) {
    if (c != comments_.end() && c->begin == i) {
      i = c->end - 1;
      ++c;
      space = true;
      continue;
    }
    char ch = src_[i];
    if (ch == ' ' || ch == '\t' || ch == '\n' || ch == '\r' || ch == '\f' || ch == '\v') {
      space = true;
      continue;
    }
    if (space && !out.empty()) out += ' ';
    space = false;
    out += ch;
  }
  if (out.size() > max_label) {
    out.resize(max_label - 3);
    while (!out.empty() && (static_cast<unsigned char>(out.back()) & 0xC0) == 0x80) out.pop_back();
    out += "...";
  }
  return out;
}

node_ptr parser::expression() {
  depth_guard guard(*this, peek().at);
  return or_expr();
}

template <class Operator>
node_ptr parser::chain(Operator operator_ahead, node_ptr (parser::*next)()) {
  constexpr std::size_t as_written = 16;
  depth_guard guard(*this);
  node_ptr first = (this->*next)();
  std::optional<op> kind = operator_ahead();
  if (!kind) return first;
  std::vector<node_ptr> operands;
  std::vector<position> ats;  // the operator before operands[i], for i >= 1
  std::vector<op> kinds;      // and which it is
  operands.push_back(std::move(first));
  ats.push_back(position{});
  kinds.push_back(*kind);
  bool associative = true;
  for (; kind; kind = operator_ahead()) {
    ats.push_back(advance().at);
    kinds.push_back(*kind);
    associative = associative && *kind == kinds[1] &&
                  (*kind == op::and_ || *kind == op::or_ || *kind == op::union_ || *kind == op::intersect);
    if (operands.size() < as_written) guard.add(ats.back());  // a level per operator, as written
    operands.push_back((this->*next)());
  }
  if (operands.size() <= as_written || !associative) {
    for (std::size_t i = as_written; i < operands.size(); ++i) guard.add(ats[i]);  // a left-deep tree
    node_ptr left = std::move(operands[0]);
    for (std::size_t i = 1; i < operands.size(); ++i) left = make(kinds[i], ats[i], std::move(left), std::move(operands[i]));
    return left;
  }
  // Balanced: [lo, hi) split at its middle, the operator before the middle operand joining them.
  for (std::size_t n = as_written - 1; (std::size_t{1} << n) < operands.size(); ++n) guard.add(ats[1]);
  const auto build = [&](const auto& self, std::size_t lo, std::size_t hi) -> node_ptr {
    if (hi - lo == 1) return std::move(operands[lo]);
    const std::size_t mid = lo + (hi - lo) / 2;
    node_ptr left = self(self, lo, mid);
    return make(kinds[mid], ats[mid], std::move(left), self(self, mid, hi));
  };
  return build(build, 0, operands.size());
}

node_ptr parser::associative_chain(op kind, std::string_view a, std::string_view b, node_ptr (parser::*next)()) {
  return chain(
      [&] {
        if (!is(a) && !is(b)) return std::optional<op>();
        return std::optional<op>(kind);
      },
      next);
}

node_ptr parser::or_expr() { return associative_chain(op::or_, "||", "or", &parser::iff_expr); }

node_ptr parser::iff_expr() {
  depth_guard guard(*this);
  node_ptr left = implies_expr();
  while (is("<=>") || is("iff")) {
    position at = advance().at;
    guard.add(at);
    left = make(op::iff, at, std::move(left), implies_expr());
  }
  return left;
}

node_ptr parser::implies_expr() {
  node_ptr left = and_expr();
  if (!is("=>") && !is("implies")) return left;
  position at = advance().at;
  depth_guard guard(*this, at);
  node_ptr then = implies_expr();
  if (accept("else")) {
    auto n = make(op::ite, at, std::move(left), std::move(then));
    n->args.push_back(implies_expr());
    return n;
  }
  return make(op::implies, at, std::move(left), std::move(then));
}

node_ptr parser::and_expr() { return associative_chain(op::and_, "&&", "and", &parser::not_expr); }

node_ptr parser::not_expr() {
  if ((is("!") || is("not")) && !is("in", 1)) {
    position at = advance().at;
    depth_guard guard(*this, at);
    return make(op::not_, at, not_expr());
  }
  return compare_expr();
}

node_ptr parser::compare_expr() {
  depth_guard guard(*this);
  node_ptr left = multiplicity_expr();
  while (true) {
    op kind;
    position at = peek().at;
    if (is("in")) {
      kind = op::in;
    } else if ((is("!") || is("not")) && is("in", 1)) {
      advance();
      kind = op::not_in;
    } else if (is("=")) {
      kind = op::eq;
    } else if (is("!=")) {
      kind = op::neq;
    } else if (is("<")) {
      kind = op::lt;
    } else if (is(">")) {
      kind = op::gt;
    } else if (is("<=") || is("=<")) {
      kind = op::lte;
    } else if (is(">=")) {
      kind = op::gte;
    } else {
      return left;
    }
    advance();
    guard.add(at);
    left = make(kind, at, std::move(left), multiplicity_expr());
  }
}

bool parser::quantifier_ahead() const {
  return (is("all") || is("some") || is("no") || is("lone") || is("one")) && declarations_ahead(1);
}

node_ptr parser::multiplicity_expr() {
  if ((is("no") || is("some") || is("lone") || is("one")) && !quantifier_ahead()) {
    const token& t = advance();
    op kind = t.text == "no" ? op::no : t.text == "some" ? op::some : t.text == "lone" ? op::lone : op::one;
    depth_guard guard(*this, t.at);
    return make(kind, t.at, sum_expr());
  }
  return sum_expr();
}

node_ptr parser::sum_expr() {
  return chain(
      [&] {
        if (is("+")) return std::optional<op>(op::union_);
        if (is("-")) return std::optional<op>(op::difference);
        return std::optional<op>();
      },
      &parser::card_expr);
}

node_ptr parser::card_expr() {
  if (is("#")) {
    position at = advance().at;
    depth_guard guard(*this, at);
    return make(op::card, at, card_expr());
  }
  return override_expr();
}

node_ptr parser::override_expr() {
  depth_guard guard(*this);
  node_ptr left = intersect_expr();
  while (is("++")) {
    position at = advance().at;
    guard.add(at);
    left = make(op::override_, at, std::move(left), intersect_expr());
  }
  return left;
}

node_ptr parser::intersect_expr() { return associative_chain(op::intersect, "&", "&", &parser::arrow_expr); }

node_ptr parser::arrow_expr() {
  depth_guard guard(*this);
  node_ptr left = restrict_expr();
  while (is("->")) {
    position at = advance().at;
    guard.add(at);
    left = make(op::product, at, std::move(left), restrict_expr());
  }
  return left;
}

node_ptr parser::restrict_expr() {
  depth_guard guard(*this);
  node_ptr left = postfix_expr();
  while (is("<:") || is(":>")) {
    op kind = is("<:") ? op::domain_restrict : op::range_restrict;
    position at = advance().at;
    guard.add(at);
    left = make(kind, at, std::move(left), postfix_expr());
  }
  return left;
}

node_ptr parser::postfix_expr() {
  depth_guard guard(*this);
  node_ptr left = unary_expr();
  while (true) {
    if (is(".")) {
      position at = advance().at;
      guard.add(at);
      left = make(op::join, at, std::move(left), unary_expr());
    } else if (is("[")) {
      const token& open = advance();
      if (!is("]")) {
        while (true) {
          guard.add(open.at);
          left = make(op::join, open.at, expression(), std::move(left));
          if (!accept(",")) break;
        }
      }
      if (!is("]")) {
        fail(peek().at, fmt::format("expected ',' or ']' to close the '[' at {}:{}, found {}", open.at.line,
                                    open.at.column, lex::describe(peek())));
      }
      advance();
    } else {
      return left;
    }
  }
}

node_ptr parser::unary_expr() {
  if (is("~") || is("^") || is("*")) {
    const token& t = advance();
    op kind = t.text == "~" ? op::transpose : t.text == "^" ? op::closure : op::rclosure;
    depth_guard guard(*this, t.at);
    return make(kind, t.at, unary_expr());
  }
  return primary();
}

void parser::backtick(node& n) {
  if (is("`") && peek().begin == last_end()) {
    advance();
    n.pre_state = true;
  }
}

node_ptr parser::primary() {
  const token& t = peek();
  if (t.kind == token_kind::identifier) {
    advance();
    auto n = make(op::name, t.at);
    n->text = t.text;
    backtick(*n);
    return n;
  }
  if (t.kind == token_kind::number) {
    advance();
    auto n = make(op::int_lit, t.at);
    n->value = t.value;
    return n;
  }
  if (is("-") && peek(1).kind == token_kind::number) {
    advance();
    auto n = make(op::int_lit, t.at);
    n->value = -advance().value;
    return n;
  }
  if (is("@")) {
    advance();
    const token& name = identifier("a field name after '@'");
    auto n = make(op::name, t.at);
    n->text = name.text;
    n->at_sign = true;
    backtick(*n);
    return n;
  }
  if (is("this")) {
    advance();
    auto n = make(op::this_, t.at);
    n->text = "this";
    backtick(*n);
    return n;
  }
  if (is("none") || is("univ") || is("iden")) {
    advance();
    return make(t.text == "none" ? op::none : t.text == "univ" ? op::univ : op::iden, t.at);
  }
  if (is("(")) {
    const token& open = advance();
    node_ptr inner = expression();
    if (!is(")")) {
      fail(peek().at, fmt::format("expected ')' to close the '(' at {}:{}, found {}", open.at.line, open.at.column,
                                  lex::describe(peek())));
    }
    advance();
    return inner;
  }
  if (is("{")) return declarations_ahead(1) ? comprehension() : block("the block");
  if (is("all") || quantifier_ahead()) return quantifier();
  if (is("let")) return let();
  if (is("`")) fail(t.at, "a backtick (pre-state) must follow a field name directly");
  fail(t.at, fmt::format("expected an expression, found {}", lex::describe(t)));
}

node_ptr parser::body(std::string_view what) {
  if (accept("|")) return expression();
  if (is("{")) return block(what);
  fail(peek().at, fmt::format("expected '|' or '{{' after the {}'s declarations, found {}", what,
                              lex::describe(peek())));
}

node_ptr parser::quantifier() {
  const token& t = advance();
  op kind = t.text == "all"    ? op::quant_all
            : t.text == "some" ? op::quant_some
            : t.text == "no"   ? op::quant_no
            : t.text == "lone" ? op::quant_lone
                               : op::quant_one;
  depth_guard guard(*this, t.at);
  auto n = make(kind, t.at);
  while (true) {
    n->decls.push_back(declaration(fmt::format("a variable name after '{}'", t.text)));
    if (!accept(",")) break;
  }
  n->args.push_back(body("quantifier"));
  return n;
}

node_ptr parser::comprehension() {
  const token& open = advance();
  depth_guard guard(*this, open.at);
  auto n = make(op::comprehension, open.at);
  while (true) {
    n->decls.push_back(declaration("a variable name"));
    if (!accept(",")) break;
  }
  expect("|", "after the comprehension's declarations");
  n->args.push_back(expression());
  close(open, "the comprehension");
  return n;
}

node_ptr parser::let() {
  const token& t = advance();
  depth_guard guard(*this, t.at);
  auto n = make(op::let, t.at);
  while (true) {
    decl d;
    d.at = peek().at;
    const token& name = identifier("a variable name after 'let'");
    d.names.emplace_back(name.text);
    d.name_at.push_back(name.at);
    expect("=", "after the let's variable");
    d.bound = expression();
    n->decls.push_back(std::move(d));
    if (!accept(",")) break;
  }
  n->args.push_back(body("let"));
  return n;
}

}  // namespace smallscope::spec::parsing
