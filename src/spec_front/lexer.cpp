// The lexer of spec files (paper 003, Sec. 3: the spec language): identifiers, keywords,
// integer literals, operators, and the comments `//`, `--` and `/* */` kept for labels.
#include "spec_front/lexer.hpp"

#include <fmt/format.h>

#include <array>

#include "spec_front/load.hpp"

namespace smallscope::spec::lex {

namespace {

constexpr std::array<std::string_view, 34> keywords = {
    "abstract", "all",  "and",    "assert", "but",  "check", "disj",    "else", "exactly",
    "expect",   "extends", "fact", "for",   "fun",  "iden",  "iff",     "implies", "in",
    "let",      "lone", "module", "no",     "none", "not",   "one",     "open", "or",
    "pred",     "run",  "set",    "sig",    "some", "this",  "univ"};

// Longest first, so that `<=>` wins over `<=` and `<`.
constexpr std::array<std::string_view, 37> symbols = {
    "<=>", "=>", "<=", "=<", ">=", "!=", "->", "++", "<:", ":>", "&&", "||", "!",
    "=",   "<",  ">",  "+",  "-",  "&",  ".",  "~",  "^",  "*",  "#",  "{",  "}",
    "(",   ")",  "[",  "]",  ",",  ":",  "|",  "@",  "`",  "/",  ";"};

bool is_letter(char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_'; }
bool is_digit(char c) { return c >= '0' && c <= '9'; }

std::string_view trim(std::string_view s) {
  while (!s.empty() && (s.front() == ' ' || s.front() == '\t' || s.front() == '\r')) s.remove_prefix(1);
  while (!s.empty() && (s.back() == ' ' || s.back() == '\t' || s.back() == '\r')) s.remove_suffix(1);
  return s;
}

class lexer {
 public:
  lexer(std::string_view text, const std::string& file) : text_(text), file_(file) {}

  lexed run() {
    if (text_.size() >= 0xFFFFFFF0u) throw spec_error(file_, {1, 1}, "the spec is too large (4 GB or more)");
    while (true) {
      skip_space_and_comments();
      if (i_ >= text_.size()) break;
      out_.tokens.push_back(next());
    }
    token end;
    end.kind = token_kind::end;
    end.at = here();
    end.begin = end.end = static_cast<std::uint32_t>(text_.size());
    out_.tokens.push_back(end);
    return std::move(out_);
  }

 private:
  position here() const { return {line_, static_cast<std::uint32_t>(i_ - line_start_ + 1)}; }

  void newline() {
    ++line_;
    line_start_ = i_;
  }

  void skip_space_and_comments() {
    while (i_ < text_.size()) {
      char c = text_[i_];
      if (c == '\n') {
        ++i_;
        newline();
      } else if (c == ' ' || c == '\t' || c == '\r' || c == '\f' || c == '\v') {
        ++i_;
      } else if (text_.compare(i_, 2, "//") == 0 || text_.compare(i_, 2, "--") == 0) {
        comment k;
        k.at = here();
        k.begin = static_cast<std::uint32_t>(i_);
        k.line_comment = true;
        std::size_t stop = text_.find('\n', i_);
        if (stop == std::string_view::npos) stop = text_.size();
        k.text = trim(text_.substr(i_ + 2, stop - i_ - 2));
        i_ = stop;
        k.end = static_cast<std::uint32_t>(i_);
        out_.comments.push_back(k);
      } else if (text_.compare(i_, 2, "/*") == 0) {
        comment k;
        k.at = here();
        k.begin = static_cast<std::uint32_t>(i_);
        i_ += 2;
        while (true) {
          if (i_ >= text_.size()) throw spec_error(file_, k.at, "unterminated comment: '/*' has no closing '*/'");
          if (text_[i_] == '*' && i_ + 1 < text_.size() && text_[i_ + 1] == '/') {
            i_ += 2;
            break;
          }
          ++i_;
          if (text_[i_ - 1] == '\n') newline();
        }
        k.end = static_cast<std::uint32_t>(i_);
        out_.comments.push_back(k);
      } else {
        return;
      }
    }
  }

  token next() {
    token t;
    t.at = here();
    t.begin = static_cast<std::uint32_t>(i_);
    char c = text_[i_];
    if (is_letter(c)) {
      std::size_t j = i_;
      while (j < text_.size() && (is_letter(text_[j]) || is_digit(text_[j]))) ++j;
      t.text = text_.substr(i_, j - i_);
      t.kind = token_kind::identifier;
      for (std::string_view k : keywords) {
        if (k == t.text) t.kind = token_kind::keyword;
      }
      i_ = j;
    } else if (is_digit(c)) {
      std::size_t j = i_;
      std::int64_t value = 0;
      bool too_large = false;
      while (j < text_.size() && is_digit(text_[j])) {
        if (!too_large) {
          value = value * 10 + (text_[j] - '0');
          if (value > max_literal) too_large = true;
        }
        ++j;
      }
      t.text = text_.substr(i_, j - i_);
      if (too_large) {
        std::string shown = t.text.size() > 30 ? std::string(t.text.substr(0, 30)) + "..." : std::string(t.text);
        throw spec_error(file_, t.at,
                         fmt::format("integer literal {} is too large (the largest is {})", shown, max_literal));
      }
      t.kind = token_kind::number;
      t.value = value;
      i_ = j;
    } else {
      for (std::string_view s : symbols) {
        if (text_.compare(i_, s.size(), s) == 0) {
          t.kind = token_kind::symbol;
          t.text = text_.substr(i_, s.size());
          i_ += s.size();
          break;
        }
      }
      if (t.kind != token_kind::symbol) {
        auto byte = static_cast<unsigned char>(c);
        if (byte >= 0x21 && byte < 0x7F) {
          throw spec_error(file_, t.at, fmt::format("unexpected character '{}'", c));
        }
        throw spec_error(file_, t.at,
                         fmt::format("unexpected byte 0x{:02X} (specs are ASCII outside comments)", byte));
      }
    }
    t.end = static_cast<std::uint32_t>(i_);
    return t;
  }

  std::string_view text_;
  const std::string& file_;
  std::size_t i_ = 0;
  std::uint32_t line_ = 1;
  std::size_t line_start_ = 0;
  lexed out_;
};

}  // namespace

lexed tokenize(std::string_view text, const std::string& file) { return lexer(text, file).run(); }

std::string quoted(std::string_view name) {
  if (name.size() > 40) return fmt::format("'{}...'", name.substr(0, 40));
  return fmt::format("'{}'", name);
}

std::string describe(const token& t) {
  switch (t.kind) {
    case token_kind::end: return "end of file";
    case token_kind::number: return fmt::format("number {}", t.value);
    default: return quoted(t.text);
  }
}

}  // namespace smallscope::spec::lex
