// The rows of `smallscope mutate`'s table (paper 000, Table 4: per scope the inputs, the kill
// rate and the coverage; Table 3: the R(s) samples) and their JSON and report forms.
#pragma once

#include <cmath>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "cli/gcov_coverage.hpp"
#include "cli/stats.hpp"
#include "mutants/mutant_list.hpp"
#include "smallscope/drivers/mutation_analysis.hpp"

namespace smallscope::cli {

// One scope: its analysis, its samples and its coverage.
struct scope_row {
  std::int64_t scope = 0;
  mutation_report report;
  std::optional<random_samples> random;  // the R(s) samples of the largest scope
  std::optional<coverage_figures> coverage;
  std::uint64_t inputs() const {
    std::uint64_t n = 0;
    for (auto i : report.inputs) n += i;
    return n;
  }
};

std::uint64_t count_status(const mutation_report& r, mutant_status s);
// Truncated to two decimals, as paper 000's tables print kill rates.
double truncated(double percent);
// FILE:LINE:COLUMN of a mutant.
std::string where(const mutate::mutant& m);
// A scope's row as --stats prints it.
figures row_json(const scope_row& row);

// The table's coverage columns, "code st/br  spec st/br" in percent: a percentage of nothing
// measured (no spec line, no branch) is "-", not 100.
std::string coverage_columns(const coverage_figures& c);
// The mutation-testing-report status of a mutant's outcome.
mutate::report_status report_status_of(const mutant_outcome& o);

}  // namespace smallscope::cli
