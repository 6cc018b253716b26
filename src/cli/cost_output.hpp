// `check --cost`: the cost report (cost.hpp) as text, as --stats figures and as an SVG plot.
#pragma once

#include <string>

#include "cli/stats.hpp"
#include "smallscope/checker.hpp"
#include "smallscope/counterexample.hpp"

namespace smallscope::cli {

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
