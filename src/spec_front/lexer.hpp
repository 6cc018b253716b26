// The lexer of spec files (paper 003, Sec. 3: the spec language, in today's Alloy syntax): turns
// the text into tokens and keeps the comments apart, since `//` and `--` comments above a
// conjunct become its label.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "spec_front/ast.hpp"

namespace smallscope::spec::lex {

enum class token_kind : std::uint8_t { end, identifier, keyword, number, symbol };

struct token {
  token_kind kind = token_kind::end;
  std::string_view text;     // a view into the spec's text (empty at the end)
  position at;
  std::uint32_t begin = 0;   // byte offsets of the token in the text
  std::uint32_t end = 0;
  std::int64_t value = 0;    // number
};

struct comment {
  std::uint32_t begin = 0;  // byte offsets, markers included
  std::uint32_t end = 0;
  position at;
  bool line_comment = false;  // `//` or `--` (a `/* */` comment is not a label)
  std::string_view text;      // a line comment without its marker, trimmed
};

struct lexed {
  std::vector<token> tokens;  // ends with one token of kind end
  std::vector<comment> comments;
};

// The largest integer literal (and scope) a spec may write.
inline constexpr std::int64_t max_literal = 2147483647;

// Splits `text` into tokens. Throws spec_error on a character outside the language, an
// unterminated `/*` comment or an integer literal above max_literal.
lexed tokenize(std::string_view text, const std::string& file);

// A name for messages: quoted, and cut after 40 characters.
std::string quoted(std::string_view name);
// A token for messages: "'sig'", "number 3", "end of file".
std::string describe(const token& t);

}  // namespace smallscope::spec::lex
