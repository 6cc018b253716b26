// Reading a spec: parse (parser.cpp), then resolve (resolve.cpp), each reporting the first
// mistake as file:line:col with what was expected (paper 003, Sec. 3: the spec language).
#pragma once

#include <cstdint>
#include <stdexcept>
#include <string>
#include <string_view>

#include "smallscope/spec_error.hpp"
#include "spec_front/ast.hpp"

namespace smallscope::spec {

// A mistake in a spec: what() is "file:line:col: error: message". The command line prints it
// and exits with code 2.
class spec_error : public smallscope::spec_error {
 public:
  spec_error(const std::string& file, position at, const std::string& message);
  const std::string& file() const { return file_; }
  position at() const { return at_; }
  const std::string& message() const { return message_; }

 private:
  std::string file_;
  position at_;
  std::string message_;
};

// Parses `text` (named `file` in messages). Throws spec_error.
module parse(std::string_view text, const std::string& file);

// Resolves every name of a parsed module and gives every node its arity and kind; see
// resolve.cpp's header for what it rewrites. Throws spec_error.
void check(module& m);

// parse + check of a file's content. Throws spec_error (a file that cannot be read is
// reported at 0:0).
module load_file(const std::string& path);
module load_text(std::string_view text, const std::string& file);

// A scope given apart from the file (`fe --scope`, `check --scope`) that cannot replace the run
// command's (smallscope/spec_error.hpp).
using scope_error = smallscope::spec_scope_error;

// The module of `path` (whose command `command` is the one to run) with that command's scope
// replaced by `scope`, written as after `for`: the file's text plus one run command, parsed by the
// same parser; `command` becomes the new command. Throws scope_error, or spec_error for the
// file's own faults.
module with_scope(const module& m, const std::string& path, const std::string& scope, std::uint32_t& command);

// The scope of a command as written after `for` ("3 but exactly 1 SearchTree, 4 Int"); empty
// when it has none.
std::string scope_text(const command_decl& cmd);

// The command `run NAME` of a checked module (its first run command when `name` is empty), and
// the predicate NAME. Throw std::invalid_argument naming what there is.
std::uint32_t find_run_command(const module& m, const std::string& name);
std::uint32_t find_pred(const module& m, const std::string& name);

}  // namespace smallscope::spec
