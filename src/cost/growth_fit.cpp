// How a worst case grows with the size (cost.hpp's fit_growth): least squares of max(n) against
// each curve a * f(n) + b, then the slowest curve that fits within 10 % of the best.
#include <algorithm>
#include <cmath>
#include <vector>

#include "smallscope/cost.hpp"

namespace smallscope {

const char* cost_growth_name(cost_growth g) {
  switch (g) {
    case cost_growth::constant: return "1";
    case cost_growth::logarithmic: return "log n";
    case cost_growth::linear: return "n";
    case cost_growth::linearithmic: return "n log n";
    case cost_growth::quadratic: return "n^2";
    case cost_growth::exponential: return "2^n";
  }
  return "?";
}

double growth_curve(cost_growth g, double n) {
  switch (g) {
    case cost_growth::constant: return 0;
    case cost_growth::logarithmic: return std::log2(n);
    case cost_growth::linear: return n;
    case cost_growth::linearithmic: return n * std::log2(n);
    case cost_growth::quadratic: return n * n;
    case cost_growth::exponential: return std::exp2(n);
  }
  return 0;
}

namespace {

cost_fit least_squares(cost_growth g, const std::vector<double>& n, const std::vector<double>& y) {
  cost_fit fit;
  fit.growth = g;
  fit.sizes = n.size();
  const double count = static_cast<double>(n.size());
  double sx = 0, sy = 0, sxx = 0, sxy = 0;
  for (std::size_t i = 0; i < n.size(); ++i) {
    const double x = growth_curve(g, n[i]);
    sx += x;
    sy += y[i];
    sxx += x * x;
    sxy += x * y[i];
  }
  const double spread = count * sxx - sx * sx;
  fit.a = g == cost_growth::constant || spread <= 0 ? 0 : (count * sxy - sx * sy) / spread;
  fit.b = (sy - fit.a * sx) / count;
  double squares = 0;
  for (std::size_t i = 0; i < n.size(); ++i) {
    const double e = y[i] - (fit.a * growth_curve(g, n[i]) + fit.b);
    squares += e * e;
  }
  fit.error = std::sqrt(squares / count);
  return fit;
}

}  // namespace

cost_fit fit_growth(const std::vector<cost_row>& rows, cost_measure m) {
  std::vector<double> n, y;
  for (const cost_row& r : rows)
    if (r.size >= 1 && r.inputs > 0) {
      n.push_back(static_cast<double>(r.size));
      y.push_back(static_cast<double>(r[m].max));
    }
  if (n.size() < cost_fit_min_sizes) {
    cost_fit none;
    none.sizes = n.size();
    return none;
  }
  std::vector<cost_growth> curves{cost_growth::constant, cost_growth::logarithmic, cost_growth::linear,
                                  cost_growth::linearithmic, cost_growth::quadratic};
  if (n.size() >= 5) curves.push_back(cost_growth::exponential);
  std::vector<cost_fit> fits;
  for (const cost_growth g : curves) {
    const cost_fit f = least_squares(g, n, y);
    if (g == cost_growth::constant || f.a > 0) fits.push_back(f);  // a worst case that grows
  }
  double best = fits.front().error;
  for (const auto& f : fits) best = std::min(best, f.error);
  const double tolerance = 0.1 * best + 1e-9;  // a tie (an exact fit) goes to the slower curve
  for (auto& f : fits)  // slowest first
    if (f.error <= best + tolerance) {
      f.fitted = true;
      return f;
    }
  fits.back().fitted = true;
  return fits.back();
}

}  // namespace smallscope
