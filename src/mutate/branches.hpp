// Source-level branch probes (paper 001, Sec. 5: "branch-coverage on the source code level"):
// every decision of the code under test (if, while, do, for, ?:) and every operand of && and ||
// becomes a condition whose two outcomes are counted, as Java's bytecode has one conditional
// jump per condition. The file is rewritten with each condition c as
// `smallscope_branches_TAG.hit(ID, static_cast<bool>(c))` (include/smallscope/rewritten/branches.hpp),
// and a table of the conditions (function, line, column, text) is defined at its top.
#pragma once

#include <string>
#include <vector>

#include "mutate/mutants.hpp"

namespace smallscope::mutate {

struct branch_condition {
  std::string function;  // qualified
  unsigned line = 0, column = 0;
  std::string text;
};

struct branch_result {
  std::vector<branch_condition> conditions;  // by id, in source order
  std::string instrumented;                  // the file with its probes
};

// The conditions of the functions `r` selects (targets and helpers, not what only the kept
// functions call). Throws std::invalid_argument as generate does, or when there is none.
branch_result instrument_branches(const request& r);

}  // namespace smallscope::mutate
