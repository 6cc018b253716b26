// The part of mutant generation that branch instrumentation shares (paper 000 Sec. 7, paper 001
// Sec. 5): the source parsed with Clang, and the functions a request selects: the targets and
// the helpers they call, less what only the kept functions (invariant, postconditions) call.
#pragma once

#include <clang/AST/Decl.h>
#include <clang/Frontend/ASTUnit.h>

#include <memory>
#include <set>
#include <string>
#include <vector>

#include "mutate/mutants.hpp"

namespace smallscope::mutate {

struct selection {
  std::string code;  // the file as read
  std::unique_ptr<clang::ASTUnit> ast;
  std::set<const clang::FunctionDecl*> selected;  // code under test (canonical declarations)
  std::set<const clang::FunctionDecl*> oracle;    // the kept functions and what they call
  std::vector<function_extent> extents;           // both, by first line
};

// Throws std::invalid_argument for a source that does not compile or an unknown method.
selection select_functions(const request& r);

// Inserts `support` (an #include and the like) inside a rewritten file's include guard (after
// its `#ifndef NAME` / `#define NAME`), else after its `#pragma once` line, else at its start.
void insert_support_code(std::string& rewritten, const std::string& support);

}  // namespace smallscope::mutate
