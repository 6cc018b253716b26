// The parser of spec files (paper 003, Sec. 3: the spec language, written in an Alloy 6 subset):
// recursive descent over the lexer's tokens, with Alloy's precedences, building the syntax tree
// of ast.hpp. It also names every conjunct of a `{ }` block (node::label) from the `//` or `--`
// comment above it, or from its own text. Nesting is limited to max_depth levels, so no input
// can exhaust the stack.
//
// The parser's state is in parser_state.hpp; its tokens and paragraphs are here, its
// declarations, blocks and expressions in parser_expressions.cpp.
#include "spec_front/parser_state.hpp"

namespace smallscope::spec {

namespace parsing {

module parser::run() {
  module m;
  m.file = file_;
  if (accept("module")) m.name = qualified_name("a module name");
  while (peek().kind != token_kind::end) paragraph(m);
  return m;
}

const token& parser::peek(std::size_t ahead) const {
  std::size_t i = std::min(pos_ + ahead, toks_.size() - 1);
  return toks_[i];
}

bool parser::is_word(const token& t, std::string_view s) {
  return (t.kind == token_kind::keyword || t.kind == token_kind::symbol) && t.text == s;
}

const token& parser::advance() {
  const token& t = toks_[pos_];
  if (pos_ + 1 < toks_.size()) ++pos_;
  return t;
}

bool parser::accept(std::string_view s) {
  if (!is(s)) return false;
  advance();
  return true;
}

const token& parser::expect(std::string_view s, std::string_view context) {
  if (!is(s)) {
    fail(peek().at, fmt::format("expected '{}'{}{}, found {}", s, context.empty() ? "" : " ", context,
                                lex::describe(peek())));
  }
  return advance();
}

const token& parser::identifier(std::string_view what) {
  if (peek().kind != token_kind::identifier) {
    const char* kw = peek().kind == token_kind::keyword ? "keyword " : "";
    fail(peek().at, fmt::format("expected {}, found {}{}", what, kw, lex::describe(peek())));
  }
  return advance();
}

std::string parser::qualified_name(std::string_view what) {
  std::string name(identifier(what).text);
  while (is("/") && peek(1).kind == token_kind::identifier) {
    advance();
    name += '/';
    name += advance().text;
  }
  return name;
}

multiplicity parser::accept_multiplicity(bool allow_set) {
  if (accept("lone")) return multiplicity::lone;
  if (accept("one")) return multiplicity::one;
  if (accept("some")) return multiplicity::some;
  if (allow_set && accept("set")) return multiplicity::set;
  return multiplicity::none;
}

void parser::paragraph(module& m) {
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

void parser::open_module(module& m) {
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

void parser::signature(module& m) {
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
      c.aux = f.aux;
      s.fields.push_back(std::move(c));
    }
    if (proto.fact) s.fact = clone(*proto.fact);
    m.sigs.push_back(std::move(s));
  }
}

void parser::fields(sig_decl& s) {
  // `aux` before the names marks auxiliary fields (a contextual word: a field may be named aux).
  const bool aux = peek().kind == token_kind::identifier && peek().text == "aux" && peek(1).kind == token_kind::identifier;
  if (aux) advance();
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
    f.aux = aux;
    s.fields.push_back(std::move(f));
  }
}

void parser::function(module& m) {
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

void parser::command(module& m) {
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

void parser::scope_list(command_decl& c) {
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

}  // namespace parsing

module parse(std::string_view text, const std::string& file) { return parsing::parser(text, file).run(); }

}  // namespace smallscope::spec
