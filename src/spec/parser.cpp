// The parser of spec files (paper 003, Sec. 3: the spec language, written in an Alloy 6 subset):
// recursive descent over the lexer's tokens, with Alloy's precedences, building the syntax tree
// of ast.hpp. It also names every conjunct of a `{ }` block (node::label) from the `//` or `--`
// comment above it, or from its own text. Nesting is limited to max_depth levels, so no input
// can exhaust the stack.
#include <fmt/format.h>

#include <algorithm>

#include "spec/lexer.hpp"
#include "spec/load.hpp"

namespace smallscope::spec {

namespace {

using lex::token;
using lex::token_kind;

constexpr int max_depth = 200;
constexpr std::size_t max_label = 60;

node_ptr make(op kind, position at) {
  auto n = std::make_unique<node>();
  n->kind = kind;
  n->at = at;
  return n;
}

node_ptr make(op kind, position at, node_ptr a) {
  auto n = make(kind, at);
  n->args.push_back(std::move(a));
  return n;
}

node_ptr make(op kind, position at, node_ptr a, node_ptr b) {
  auto n = make(kind, at, std::move(a));
  n->args.push_back(std::move(b));
  return n;
}

node_ptr clone(const node& n);

decl clone(const decl& d) {
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
node_ptr clone(const node& n) {
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

  module run() {
    module m;
    m.file = file_;
    if (accept("module")) m.name = qualified_name("a module name");
    while (peek().kind != token_kind::end) paragraph(m);
    return m;
  }

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

  const token& peek(std::size_t ahead = 0) const {
    std::size_t i = std::min(pos_ + ahead, toks_.size() - 1);
    return toks_[i];
  }
  static bool is_word(const token& t, std::string_view s) {
    return (t.kind == token_kind::keyword || t.kind == token_kind::symbol) && t.text == s;
  }
  bool is(std::string_view s, std::size_t ahead = 0) const { return is_word(peek(ahead), s); }
  const token& advance() {
    const token& t = toks_[pos_];
    if (pos_ + 1 < toks_.size()) ++pos_;
    return t;
  }
  bool accept(std::string_view s) {
    if (!is(s)) return false;
    advance();
    return true;
  }
  const token& expect(std::string_view s, std::string_view context = {}) {
    if (!is(s)) {
      fail(peek().at, fmt::format("expected '{}'{}{}, found {}", s, context.empty() ? "" : " ", context,
                                  lex::describe(peek())));
    }
    return advance();
  }
  const token& identifier(std::string_view what) {
    if (peek().kind != token_kind::identifier) {
      const char* kw = peek().kind == token_kind::keyword ? "keyword " : "";
      fail(peek().at, fmt::format("expected {}, found {}{}", what, kw, lex::describe(peek())));
    }
    return advance();
  }
  std::uint32_t last_end() const { return pos_ == 0 ? 0 : toks_[pos_ - 1].end; }
  std::uint32_t last_line() const { return pos_ == 0 ? 1 : toks_[pos_ - 1].at.line; }

  [[noreturn]] void fail(position at, const std::string& message) const { throw spec_error(file_, at, message); }

  std::string qualified_name(std::string_view what) {
    std::string name(identifier(what).text);
    while (is("/") && peek(1).kind == token_kind::identifier) {
      advance();
      name += '/';
      name += advance().text;
    }
    return name;
  }

  multiplicity accept_multiplicity(bool allow_set) {
    if (accept("lone")) return multiplicity::lone;
    if (accept("one")) return multiplicity::one;
    if (accept("some")) return multiplicity::some;
    if (allow_set && accept("set")) return multiplicity::set;
    return multiplicity::none;
  }

  // ---- paragraphs

  void paragraph(module& m) {
    const token& t = peek();
    if (is("module")) fail(t.at, "'module' must come first in the file");
    if (is("open")) return open_module(m);
    if (is("sig") || is("abstract") || is("lone") || is("one") || is("some")) return signature(m);
    if (is("fact")) {
      fact_decl f;
      f.at = advance().at;
      if (peek().kind == token_kind::identifier) f.name = advance().text;
      f.body = block("the fact");
      m.facts.push_back(std::move(f));
      return;
    }
    if (is("pred") || is("fun")) return function(m);
    if (is("assert")) {
      assert_decl a;
      a.at = advance().at;
      a.name = identifier("the assertion's name").text;
      a.body = block("the assertion");
      m.asserts.push_back(std::move(a));
      return;
    }
    if (is("run") || is("check")) return command(m);
    fail(t.at, fmt::format("expected a paragraph (sig, fact, pred, fun, assert, run or check), found {}",
                           lex::describe(t)));
  }

  void open_module(module& m) {
    advance();
    position at = peek().at;
    std::string name = qualified_name("a module name after 'open'");
    if (name == "util/ordering") {
      fail(at, "util/ordering is not supported: order the sig with fields, `one sig Ord { first: lone S }` "
               "and `sig S { next: lone S }`, and `fact { S = Ord.first.*next and no s: S | s in s.^next }`; "
               "Ord.first, s.next and s.^next are the module's first, next and nexts (docs/SPECS.md, "
               "\"What Alloy has and specs do not\")");
    }
    if (name != "util/integer" && name != "util/boolean") {
      fail(at, fmt::format("unknown module {}; the supported modules are util/integer and util/boolean: "
                           "copy the module's sigs, facts, preds and funs into this file instead (without "
                           "its `module` line)",
                           lex::quoted(name)));
    }
    if (std::find(m.opens.begin(), m.opens.end(), name) == m.opens.end()) m.opens.push_back(name);
  }

  void signature(module& m) {
    sig_decl proto;
    proto.at = peek().at;
    while (!is("sig")) {
      if (is("abstract") && !proto.is_abstract) {
        advance();
        proto.is_abstract = true;
      } else if (proto.mult == multiplicity::none && (is("lone") || is("one") || is("some"))) {
        proto.mult = accept_multiplicity(false);
      } else {
        fail(peek().at, fmt::format("expected 'sig', found {}", lex::describe(peek())));
      }
    }
    advance();
    std::vector<const token*> names{&identifier("a sig name")};
    while (accept(",")) names.push_back(&identifier("a sig name after ','"));
    if (is("in") || is("=")) {
      fail(peek().at, "subset sigs (`sig A in B`) are not supported: write A as a set-valued field of a one sig, "
                      "`one sig Sets { A: set B }`, and Sets.A where A is used, or `sig A extends B` when A's "
                      "atoms are B's only and no other subset shares them");
    }
    if (accept("extends")) {
      proto.parent_at = peek().at;
      proto.parent = identifier("the name of the sig to extend").text;
    }
    const token& open = expect("{", "to open the sig's fields");
    if (!is("}")) {
      while (true) {
        fields(proto);
        if (!accept(",") || is("}")) break;
      }
    }
    close(open, "the sig's fields");
    if (is("{")) proto.fact = block("the sig's appended fact");
    for (const token* name : names) {
      sig_decl s;
      s.at = name->at;
      s.name = name->text;
      s.is_abstract = proto.is_abstract;
      s.mult = proto.mult;
      s.parent = proto.parent;
      s.parent_at = proto.parent_at;
      for (const field_decl& f : proto.fields) {
        field_decl c;
        c.at = f.at;
        c.name = f.name;
        c.mult = f.mult;
        c.type = clone(*f.type);
        c.arrow_mults = f.arrow_mults;
        s.fields.push_back(std::move(c));
      }
      if (proto.fact) s.fact = clone(*proto.fact);
      m.sigs.push_back(std::move(s));
    }
  }

  // `a, b: lone Node` or `f: Node -> lone Int`.
  void fields(sig_decl& s) {
    std::vector<const token*> names{&identifier("a field name")};
    while (accept(",")) names.push_back(&identifier("a field name after ','"));
    expect(":", "after the field's name");
    field_decl proto;
    proto.mult = accept_multiplicity(true);
    const token& first = identifier("a sig name in the field's type");
    proto.type = make(op::name, first.at);
    proto.type->text = first.text;
    while (is("->")) {
      position at = advance().at;
      proto.arrow_mults.push_back(accept_multiplicity(true));
      const token& next = identifier("a sig name after '->' in the field's type");
      auto right = make(op::name, next.at);
      right->text = next.text;
      proto.type = make(op::product, at, std::move(proto.type), std::move(right));
      if (proto.arrow_mults.size() > 15) fail(at, "a field's type has more than 16 columns");
    }
    for (const token* name : names) {
      field_decl f;
      f.at = name->at;
      f.name = name->text;
      f.mult = proto.mult;
      f.type = clone(*proto.type);
      f.arrow_mults = proto.arrow_mults;
      s.fields.push_back(std::move(f));
    }
  }

  void function(module& m) {
    function_decl f;
    f.is_pred = is("pred");
    f.at = advance().at;
    const char* kind = f.is_pred ? "pred" : "fun";
    const token& first = identifier(f.is_pred ? "the pred's name" : "the fun's name");
    if (accept(".")) {
      f.receiver = first.text;
      f.receiver_at = first.at;
      f.name = identifier(f.is_pred ? "the pred's name after '.'" : "the fun's name after '.'").text;
    } else {
      f.name = first.text;
    }
    if (is("[") || is("(")) {
      bool square = is("[");
      const token& open = advance();
      std::string_view closing = square ? "]" : ")";
      if (!is(closing)) {
        while (true) {
          f.params.push_back(declaration("a parameter name"));
          if (!accept(",")) break;
        }
      }
      if (!is(closing)) {
        fail(peek().at, fmt::format("expected ',' or '{}' to close the parameters opened at {}:{}, found {}",
                                    closing, open.at.line, open.at.column, lex::describe(peek())));
      }
      advance();
    }
    if (!f.is_pred) {
      expect(":", fmt::format("and the result type after the {}'s parameters", kind));
      f.result_mult = accept_multiplicity(true);
      f.result_type = expression();
      const token& open = expect("{", "to open the fun's body");
      f.body = expression();
      close(open, "the fun's body (a fun's body is one expression)");
    } else {
      f.body = block("the pred");
    }
    m.functions.push_back(std::move(f));
  }

  void command(module& m) {
    command_decl c;
    c.is_run = is("run");
    c.at = advance().at;
    if (is("{")) {
      c.block = block("the command");
    } else {
      c.name_at = peek().at;
      c.name = identifier(c.is_run ? "a pred name or '{' after 'run'" : "an assertion name or '{' after 'check'").text;
    }
    if (accept("for")) {
      bool list = is("exactly") || (peek().kind == token_kind::number && peek(1).kind == token_kind::identifier);
      if (list) {
        scope_list(c);
      } else {
        if (peek().kind != token_kind::number) {
          fail(peek().at, fmt::format("expected a number after 'for', found {}", lex::describe(peek())));
        }
        c.has_default = true;
        c.default_scope = static_cast<std::uint32_t>(advance().value);
        if (accept("but")) scope_list(c);
      }
    }
    if (accept("expect")) {
      if (peek().kind != token_kind::number || peek().value > 1) {
        fail(peek().at, fmt::format("expected 0 or 1 after 'expect', found {}", lex::describe(peek())));
      }
      c.expect = static_cast<std::int32_t>(advance().value);
    }
    m.commands.push_back(std::move(c));
  }

  void scope_list(command_decl& c) {
    while (true) {
      scope_item s;
      s.at = peek().at;
      s.exactly = accept("exactly");
      if (peek().kind != token_kind::number) {
        fail(peek().at, fmt::format("expected a number in the scope, found {}", lex::describe(peek())));
      }
      s.count = static_cast<std::uint32_t>(advance().value);
      s.sig = identifier("a sig name after the scope's number").text;
      c.scopes.push_back(std::move(s));
      if (!accept(",")) break;
    }
  }

  // ---- declarations and blocks

  // `[disj] a, b: [mult] expr` (parameters, quantifiers, comprehensions).
  decl declaration(std::string_view what) {
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

  // Does a declaration list `[disj] a, b:` start at the token `ahead`?
  bool declarations_ahead(std::size_t ahead) const {
    if (is("disj", ahead)) return true;
    while (peek(ahead).kind == token_kind::identifier) {
      if (is(":", ahead + 1)) return true;
      if (!is(",", ahead + 1)) return false;
      ahead += 2;
    }
    return false;
  }

  void close(const token& open, std::string_view what) {
    if (!is("}")) {
      fail(peek().at, fmt::format("expected '}}' to close {} opened at {}:{}, found {}", what, open.at.line,
                                  open.at.column, lex::describe(peek())));
    }
    advance();
  }

  bool starts_expression(const token& t) const {
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

  // `{ f1 f2 ... }`: a block node whose args are the conjuncts, each with its label.
  node_ptr block(std::string_view what) {
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
  std::string source_text(std::uint32_t begin, std::uint32_t end) const {
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

  // ---- expressions, loosest first

  node_ptr expression() {
    depth_guard guard(*this, peek().at);
    return or_expr();
  }

  node_ptr or_expr() {
    depth_guard guard(*this);
    node_ptr left = iff_expr();
    while (is("||") || is("or")) {
      position at = advance().at;
      guard.add(at);
      left = make(op::or_, at, std::move(left), iff_expr());
    }
    return left;
  }

  node_ptr iff_expr() {
    depth_guard guard(*this);
    node_ptr left = implies_expr();
    while (is("<=>") || is("iff")) {
      position at = advance().at;
      guard.add(at);
      left = make(op::iff, at, std::move(left), implies_expr());
    }
    return left;
  }

  node_ptr implies_expr() {
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

  node_ptr and_expr() {
    depth_guard guard(*this);
    node_ptr left = not_expr();
    while (is("&&") || is("and")) {
      position at = advance().at;
      guard.add(at);
      left = make(op::and_, at, std::move(left), not_expr());
    }
    return left;
  }

  node_ptr not_expr() {
    if ((is("!") || is("not")) && !is("in", 1)) {
      position at = advance().at;
      depth_guard guard(*this, at);
      return make(op::not_, at, not_expr());
    }
    return compare_expr();
  }

  node_ptr compare_expr() {
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

  bool quantifier_ahead() const {
    return (is("all") || is("some") || is("no") || is("lone") || is("one")) && declarations_ahead(1);
  }

  node_ptr multiplicity_expr() {
    if ((is("no") || is("some") || is("lone") || is("one")) && !quantifier_ahead()) {
      const token& t = advance();
      op kind = t.text == "no" ? op::no : t.text == "some" ? op::some : t.text == "lone" ? op::lone : op::one;
      depth_guard guard(*this, t.at);
      return make(kind, t.at, sum_expr());
    }
    return sum_expr();
  }

  node_ptr sum_expr() {
    depth_guard guard(*this);
    node_ptr left = card_expr();
    while (is("+") || is("-")) {
      op kind = is("+") ? op::union_ : op::difference;
      position at = advance().at;
      guard.add(at);
      left = make(kind, at, std::move(left), card_expr());
    }
    return left;
  }

  node_ptr card_expr() {
    if (is("#")) {
      position at = advance().at;
      depth_guard guard(*this, at);
      return make(op::card, at, card_expr());
    }
    return override_expr();
  }

  node_ptr override_expr() {
    depth_guard guard(*this);
    node_ptr left = intersect_expr();
    while (is("++")) {
      position at = advance().at;
      guard.add(at);
      left = make(op::override_, at, std::move(left), intersect_expr());
    }
    return left;
  }

  node_ptr intersect_expr() {
    depth_guard guard(*this);
    node_ptr left = arrow_expr();
    while (is("&")) {
      position at = advance().at;
      guard.add(at);
      left = make(op::intersect, at, std::move(left), arrow_expr());
    }
    return left;
  }

  node_ptr arrow_expr() {
    depth_guard guard(*this);
    node_ptr left = restrict_expr();
    while (is("->")) {
      position at = advance().at;
      guard.add(at);
      left = make(op::product, at, std::move(left), restrict_expr());
    }
    return left;
  }

  node_ptr restrict_expr() {
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

  // `a.b` and the box join `e[x, y]` (= y.(x.e)), left to right.
  node_ptr postfix_expr() {
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

  node_ptr unary_expr() {
    if (is("~") || is("^") || is("*")) {
      const token& t = advance();
      op kind = t.text == "~" ? op::transpose : t.text == "^" ? op::closure : op::rclosure;
      depth_guard guard(*this, t.at);
      return make(kind, t.at, unary_expr());
    }
    return primary();
  }

  // A backtick right after a name marks TestEra's pre-state.
  void backtick(node& n) {
    if (is("`") && peek().begin == last_end()) {
      advance();
      n.pre_state = true;
    }
  }

  node_ptr primary() {
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

  // `| body` or `{ block }` after the declarations of a quantifier or let.
  node_ptr body(std::string_view what) {
    if (accept("|")) return expression();
    if (is("{")) return block(what);
    fail(peek().at, fmt::format("expected '|' or '{{' after the {}'s declarations, found {}", what,
                                lex::describe(peek())));
  }

  node_ptr quantifier() {
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

  node_ptr comprehension() {
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

  node_ptr let() {
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

  std::string_view src_;
  const std::string& file_;
  std::vector<token> toks_;
  std::vector<lex::comment> comments_;
  std::size_t pos_ = 0;
  int depth_ = 0;
};

}  // namespace

module parse(std::string_view text, const std::string& file) { return parser(text, file).run(); }

}  // namespace smallscope::spec
