// SVG line charts of percentages per scope. See scope_plot.hpp.
#include "report/scope_plot.hpp"

#include <cmath>

#include "report/markup.hpp"

#include <fmt/format.h>

namespace smallscope {

std::string scope_plot_svg(const std::string& title, const std::vector<long long>& scopes,
                           const std::vector<plot_series>& series, const plot_axes& axes) {
  const double width = 640, height = 400, left = 60, right = 180, top = 40, bottom = 50;
  const double plot_w = width - left - right, plot_h = height - top - bottom;
  const std::size_t n = scopes.size();
  auto x = [&](std::size_t i) { return left + (n <= 1 ? plot_w / 2 : plot_w * static_cast<double>(i) / static_cast<double>(n - 1)); };
  const double y_max = axes.y_max > 0 ? axes.y_max : 1;
  auto y = [&](double value) { return top + plot_h * (1 - value / y_max); };
  std::string svg = fmt::format(
      "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{0}\" height=\"{1}\" viewBox=\"0 0 {0} {1}\" "
      "font-family=\"sans-serif\" font-size=\"12\">\n<rect width=\"{0}\" height=\"{1}\" fill=\"white\"/>\n"
      "<text x=\"{2}\" y=\"22\" font-size=\"14\" font-weight=\"bold\">{3}</text>\n",
      width, height, left, detail::escaped_markup(title));
  for (int step = 0; step <= 5; ++step) {
    const double p = y_max * step / 5;
    svg += fmt::format("<line x1=\"{0}\" x2=\"{1}\" y1=\"{2:.1f}\" y2=\"{2:.1f}\" stroke=\"#ddd\"/>"
                       "<text x=\"{3}\" y=\"{4:.1f}\" text-anchor=\"end\">{5:g}{6}</text>\n",
                       left, left + plot_w, y(p), left - 6, y(p) + 4, p, detail::escaped_markup(axes.y_unit));
  }
  // At most 20 labels: every `step`-th scope counted back from the last.
  const std::size_t step = (n + 19) / 20;
  for (std::size_t i = 0; i < n; ++i)
    if ((n - 1 - i) % step == 0)
      svg += fmt::format("<text x=\"{:.1f}\" y=\"{:.1f}\" text-anchor=\"middle\">{}</text>\n", x(i),
                         top + plot_h + 18, scopes[i]);
  svg += fmt::format("<text x=\"{:.1f}\" y=\"{:.1f}\" text-anchor=\"middle\">{}</text>\n", left + plot_w / 2,
                     top + plot_h + 38, detail::escaped_markup(axes.x_label));
  svg += fmt::format("<rect x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" fill=\"none\" stroke=\"#888\"/>\n", left, top,
                     plot_w, plot_h);
  for (std::size_t k = 0; k < series.size(); ++k) {
    const plot_series& s = series[k];
    std::string points;
    for (std::size_t i = 0; i < n && i < s.values.size(); ++i)
      if (s.values[i]) points += fmt::format("{:.1f},{:.1f} ", x(i), y(*s.values[i]));
    svg += fmt::format("<polyline fill=\"none\" stroke=\"{}\" stroke-width=\"2\"{} points=\"{}\"/>\n", s.color,
                       s.dashed ? " stroke-dasharray=\"6 4\"" : "", points);
    for (std::size_t i = 0; i < n && i < s.values.size(); ++i)
      if (s.values[i])
        svg += fmt::format("<circle cx=\"{:.1f}\" cy=\"{:.1f}\" r=\"3\" fill=\"{}\"><title>{} at {} {}: {:.6g}{}</title></circle>\n",
                           x(i), y(*s.values[i]), s.color, detail::escaped_markup(s.name),
                           detail::escaped_markup(axes.x_label), scopes[i], *s.values[i],
                           detail::escaped_markup(axes.y_unit));
    const double ly = top + 10 + 20 * static_cast<double>(k);
    svg += fmt::format("<line x1=\"{0}\" x2=\"{1}\" y1=\"{2:.1f}\" y2=\"{2:.1f}\" stroke=\"{3}\" stroke-width=\"2\"{4}/>"
                       "<text x=\"{5}\" y=\"{6:.1f}\">{7}</text>\n",
                       left + plot_w + 12, left + plot_w + 36, ly, s.color, s.dashed ? " stroke-dasharray=\"6 4\"" : "",
                       left + plot_w + 42, ly + 4, detail::escaped_markup(s.name));
  }
  return svg + "</svg>\n";
}

double round_axis_top(double most) {
  double top = std::pow(10, std::floor(std::log10(most)));
  for (const double f : {1.0, 2.0, 5.0, 10.0})
    if (top * f >= most) return top * f;
  return top * 10;
}

}  // namespace smallscope
