// `check --cost`: the cost report (cost.hpp) as text, as --stats figures and as an SVG plot.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "cli/stats.hpp"
#include "smallscope/checker.hpp"
#include "smallscope/cost.hpp"
#include "smallscope/counterexample.hpp"
#include "smallscope/subject.hpp"

namespace smallscope::cli {

// The bounds given to `option` ('MEASURE <= EXPRESSION'), over n and the subject's parameters
// at `p` by name; a bound that does not parse is a usage_error naming the option and the column.
std::vector<cost_bound> parse_cost_bounds(const char* option, const std::vector<std::string>& texts, const subject& s,
                                          const std::vector<std::int64_t>& p);

// f(n) of a growth as the fits write it: "1", "log2 n", "n", "n log2 n", "n^2", "2^n".
const char* growth_formula(cost_growth g);

// A fit as the reports print it: "grows as n: 1.89 n + 1.29 (root mean square error ...)".
std::string fit_text(const cost_fit& f);

// The table by size, the growth of each worst case, and each measure's worst input pictured with
// the command that runs it alone (`command --input N`) and, with `reproducers`, a test that fails
// when the method costs more on it.
std::string cost_text(const cost_report& cost, const check_context& ctx, structure_format format,
                      const std::string& command, bool reproducers, test_framework framework);

// The report as figures: by size, growth, worst inputs and distribution per measure.
figures cost_figures(const cost_report& cost);

// The worst case of each measure against the size, as an SVG line chart.
std::string cost_plot(const cost_report& cost, const std::string& title);

}  // namespace smallscope::cli
