// A line chart of percentages against the scope (paper 000, Figs. 3 and 9: coverage and kill
// rate per scope), as a standalone SVG a person opens in a browser.
#pragma once

#include <optional>
#include <string>
#include <vector>

namespace smallscope {

struct plot_series {
  std::string name;
  std::vector<std::optional<double>> values;  // one per scope, in percent; empty: no point
  std::string color;                          // "#1f77b4"
  bool dashed = false;
};

// `scopes` label the x axis; every series has one value per scope.
std::string scope_plot_svg(const std::string& title, const std::vector<long long>& scopes,
                           const std::vector<plot_series>& series);

}  // namespace smallscope
