// `explore --cost`: the cost of the calls and of the sequences they form (explore.hpp's
// sequence_cost), as the figures of `--stats` and as the text the command prints.
#pragma once

#include <string>

#include "cli/stats.hpp"
#include "smallscope/explore.hpp"

namespace smallscope::cli {

// The report as figures: calls by size, the growth of the worst call, and per measure the
// worst call, the most k calls cost for each k, the costliest and the most per call sequences.
figures sequence_cost_figures(const sequence_cost& cost);

// The figures as text: the table by size and each measure's worst sequences with their calls.
std::string sequence_cost_text(const figures& cost);

// The most k calls cost against k, per measure, as an SVG line chart.
std::string sequence_cost_plot(const figures& cost, const std::string& title);

}  // namespace smallscope::cli
