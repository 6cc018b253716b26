// A mistake in a relational spec (docs/SPECS.md): what() is "file:line:col: error: message", or
// "file: error: message" for the file as a whole. Every library call that reads a spec throws it;
// a scope given apart from the file that cannot replace the run command's throws
// spec_scope_error.
// Stage: spec_front.
#pragma once

#include <stdexcept>
#include <string>
#include <utility>

namespace smallscope {

class spec_error : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// A scope given apart from the file (as after `for`) that cannot replace the run command's: the
// command names no predicate, the text is not a scope (`detail` has the parser's message), or it
// adds to the spec (more than one command).
class spec_scope_error : public std::invalid_argument {
 public:
  enum class kind { no_predicate, not_a_scope, adds_to_the_spec };
  spec_scope_error(kind k, std::string parser_message)
      : std::invalid_argument(parser_message.empty() ? "not a scope" : parser_message),
        what_kind(k),
        detail(std::move(parser_message)) {}
  kind what_kind;
  std::string detail;
};

}  // namespace smallscope
