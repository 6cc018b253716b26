// A line chart of percentages against the scope (paper 000, Figs. 3 and 9: coverage and kill
// rate per scope), as a standalone SVG a person opens in a browser.
#pragma once

#include <optional>
#include <string>
#include <vector>

namespace smallscope {

struct plot_series {
  std::string name;
  std::vector<std::optional<double>> values;  // one per scope (in percent by default); empty: no point
  std::string color;                          // "#1f77b4"
  bool dashed = false;
};

// The axes: percentages against the scope unless told otherwise.
struct plot_axes {
  std::string x_label = "scope";
  std::string y_unit = " %";  // after each label of the y axis
  double y_max = 100;         // the y axis runs from 0 to y_max in five steps
};

// A round top for a y axis: 1, 2 or 5 times a power of ten, at least `most` (> 0).
double round_axis_top(double most);

// `scopes` label the x axis; every series has one value per scope.
std::string scope_plot_svg(const std::string& title, const std::vector<long long>& scopes,
                           const std::vector<plot_series>& series, const plot_axes& axes = {});

}  // namespace smallscope
