// Code and specification coverage per scope (paper 000, Sec. 8, Table 4's coverage columns): the
// original program runs every input of a scope in smallscope-coverage (the subjects compiled
// with gcov's instrumentation), and gcovr reads the counts; statements and branches are then
// summed over the functions under test (targets and their helpers) and over the spec (the
// invariant, the postconditions and what only they call), as smallscope-mutants --functions
// lists them.
#pragma once

#include <string>
#include <vector>

#include "mutants/mutant_list.hpp"

namespace smallscope::cli {

// One `check` of the original: subject, method and finitization.
struct coverage_call {
  std::string subject, method, fin;
  std::string suite;  // a suite file (check --suite) instead of every valid structure
};

struct coverage_figures {
  double code_statements = 0, code_branches = 0;  // percent
  double spec_statements = 0, spec_branches = 0;
  unsigned code_lines = 0, spec_lines = 0, code_branch_count = 0, spec_branch_count = 0;
};

// Runs `calls` in `binary` and measures the coverage of `extents`' functions. Throws
// std::runtime_error when a run or gcovr fails.
coverage_figures measure_coverage(const std::string& binary, const std::vector<coverage_call>& calls,
                                  const mutate::file_extents& extents);

}  // namespace smallscope::cli
