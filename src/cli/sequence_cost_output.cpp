// `explore --cost`: the cost of sequences as figures, text and an SVG. See sequence_cost_output.hpp.
#include "cli/sequence_cost_output.hpp"

#include <algorithm>
#include <cmath>

#include <fmt/format.h>

#include "cli/cost_output.hpp"
#include "cli/numbers.hpp"
#include "report/scope_plot.hpp"

namespace smallscope::cli {
namespace {

figures sequence_json(const costed_sequence& s) {
  return {{"calls", s.calls}, {"costs", s.costs}, {"sizes", s.sizes}, {"total", s.total}, {"amortized", s.amortized()}};
}

// The measures worth a column: counted, and not 0 on every call.
std::vector<std::string> shown_measures(const figures& cost) {
  std::vector<std::string> shown;
  for (const cost_measure m : cost_measures) {
    const std::string name = cost_measure_name(m);
    const bool allocation = m == cost_measure::allocations || m == cost_measure::frees;
    if (allocation && !cost.value("allocations_counted", false)) continue;
    if (m == cost_measure::reads || cost["all"][name]["max"].get<std::uint64_t>() > 0) shown.push_back(name);
  }
  return shown;
}

// "insert(6) 1 (n 0), insert(5) 4 (n 1), enqueue(0) 3 x16 (n 0..15), ...": each call with
// what it cost and the size it was called on; a run of the same call at the same cost once.
std::string calls_with_costs(const figures& s, std::size_t most = 16) {
  const auto calls = s["calls"].get<std::vector<std::string>>();
  const auto costs = s["costs"].get<std::vector<std::uint64_t>>();
  const auto sizes = s["sizes"].get<std::vector<std::uint64_t>>();
  std::string text;
  std::size_t runs = 0, i = 0;
  for (; i < calls.size() && runs < most; ++runs) {
    std::size_t j = i + 1;
    while (j < calls.size() && calls[j] == calls[i] && costs[j] == costs[i]) ++j;
    const std::uint64_t low = *std::min_element(sizes.begin() + static_cast<std::ptrdiff_t>(i), sizes.begin() + static_cast<std::ptrdiff_t>(j));
    const std::uint64_t high = *std::max_element(sizes.begin() + static_cast<std::ptrdiff_t>(i), sizes.begin() + static_cast<std::ptrdiff_t>(j));
    text += fmt::format("{}{} {}{} (n {})", runs == 0 ? "" : ", ", calls[i], grouped(costs[i]),
                        j - i > 1 ? fmt::format(" x{}", j - i) : "",
                        low == high ? fmt::format("{}", low) : fmt::format("{}..{}", low, high));
    i = j;
  }
  if (i < calls.size()) text += fmt::format(", ... ({} more calls)", calls.size() - i);
  return text;
}

// The fit the figures hold, printed as check's report prints one.
std::string fit_line(const figures& g) {
  cost_fit f;
  for (const cost_growth c : {cost_growth::constant, cost_growth::logarithmic, cost_growth::linear,
                              cost_growth::linearithmic, cost_growth::quadratic, cost_growth::exponential})
    if (g["growth"].get<std::string>() == cost_growth_name(c)) {
      f.growth = c;
      f.fitted = true;
    }
  f.a = g["a"].get<double>();
  f.b = g["b"].get<double>();
  f.error = g["error"].get<double>();
  f.sizes = g["sizes"].get<std::size_t>();
  return fit_text(f);
}

}  // namespace

figures sequence_cost_figures(const sequence_cost& cost) {
  figures j;
  j["allocations_counted"] = cost.allocations_counted;
  j["length"] = cost.length;
  j["complete"] = cost.complete;
  j["length_limited"] = cost.length_limited;
  j["length_asked"] = cost.length_asked;
  const auto row_json = [](const cost_row& row) {
    figures r;
    r["size"] = row.size;
    r["calls"] = row.inputs;
    for (const cost_measure m : cost_measures) r[cost_measure_name(m)] = {{"max", row[m].max}, {"total", row[m].total}};
    return r;
  };
  figures sizes = figures::array();
  for (const cost_row& row : cost.by_size) sizes.push_back(row_json(row));
  j["by_size"] = sizes;
  j["all"] = row_json(cost.all);
  figures measures;
  for (const cost_measure m : cost_measures) {
    const std::size_t i = static_cast<std::size_t>(m);
    const cost_fit f = fit_growth(cost.by_size, m);
    measures[cost_measure_name(m)] = {
        {"growth",
         {{"growth", f.fitted ? cost_growth_name(f.growth) : "none"},
          {"a", f.a},
          {"b", f.b},
          {"error", f.error},
          {"sizes", f.sizes}}},
        {"worst_call", sequence_json(cost.worst_call[i])},
        {"worst_total", cost.worst_total[i]},
        {"worst_sequence", sequence_json(cost.worst_sequence[i])},
        {"worst_amortized", sequence_json(cost.worst_amortized[i])}};
  }
  j["measures"] = measures;
  return j;
}

std::string sequence_cost_text(const figures& cost) {
  const std::vector<std::string> shown = shown_measures(cost);
  std::string text = "cost of the calls: what each call did, by the size n of the state it was called on (objects "
                     "besides the root)\n";
  if (!cost.value("allocations_counted", false))
    text += "  (allocations and frees are not counted: another operator new is in force, as in a sanitizer's build)\n";
  text += fmt::format("  {:>6} {:>12}", "size", "calls");
  for (const auto& m : shown) text += fmt::format("  {:>12} {:>8}", fmt::format("{} max", m), "mean");
  text += "\n";
  const auto row_text = [&](const std::string& size, const figures& row) {
    std::string line = fmt::format("  {:>6} {:>12}", size, grouped(row["calls"].get<std::uint64_t>()));
    const double calls = std::max(1.0, row["calls"].get<double>());
    for (const auto& m : shown)
      line += fmt::format("  {:>12} {:>8.2f}", grouped(row[m]["max"].get<std::uint64_t>()),
                          row[m]["total"].get<double>() / calls);
    return line + "\n";
  };
  for (const auto& row : cost["by_size"]) text += row_text(std::to_string(row["size"].get<std::uint64_t>()), row);
  text += row_text("all", cost["all"]);
  const auto& measures = cost["measures"];
  for (const auto& m : shown) text += fmt::format("  worst {} of a call by size: {}\n", m, fit_line(measures[m]["growth"]));
  const std::uint32_t length = cost["length"].get<std::uint32_t>();
  const std::uint32_t asked = cost.value("length_asked", length);
  std::string why;
  if (cost["length_limited"].get<bool>())
    why = fmt::format(" (of {} asked: cut so that the analysis's tables fit in memory)", asked);
  else if (!cost["complete"].get<bool>())
    why = " (the exploration stopped before it ran every call of the sequences this long: over the calls it ran)";
  else if (asked > length)
    why = fmt::format(" (of {} asked: every sequence was run only up to {} calls, the exploration's depth)", asked,
                      length);
  text += fmt::format("worst sequences from the empty structure, over every sequence of up to {} call{}{}:\n", length,
                      length == 1 ? "" : "s", why);
  for (const auto& m : shown) {
    const figures& f = measures[m];
    const figures& call = f["worst_call"];
    if (call["calls"].empty()) continue;
    text += fmt::format("  most {} in one call: {}, the last of {}\n", m, grouped(call["costs"].back().get<std::uint64_t>()),
                        calls_with_costs(call));
    const figures& amortized = f["worst_amortized"];
    if (amortized["calls"].empty()) continue;
    text += fmt::format("  most {} per call (amortized): {:.4g}, {} in {} calls: {}\n", m,
                        amortized["amortized"].get<double>(), grouped(amortized["total"].get<std::uint64_t>()),
                        amortized["calls"].size(), calls_with_costs(amortized));
    const figures& longest = f["worst_sequence"];
    if (longest["calls"].size() != amortized["calls"].size())
      text += fmt::format("  most {} in {} calls: {} ({:.4g} per call): {}\n", m, longest["calls"].size(),
                          grouped(longest["total"].get<std::uint64_t>()), longest["amortized"].get<double>(),
                          calls_with_costs(longest));
    std::string totals;
    const auto all = f["worst_total"].get<std::vector<std::uint64_t>>();
    for (std::size_t k = 0; k < all.size() && k < 32; ++k) totals += fmt::format("{}{}", k == 0 ? "" : " ", all[k]);
    if (all.size() > 32) totals += " ...";
    text += fmt::format("  most {} in k calls, k = 1, 2, ...: {}\n", m, totals);
  }
  return text;
}

std::string sequence_cost_plot(const figures& cost, const std::string& title) {
  static constexpr const char* colors[] = {"#1f77b4", "#d62728", "#2ca02c", "#9467bd"};
  const std::uint32_t length = cost["length"].get<std::uint32_t>();
  std::vector<long long> ks;
  for (std::uint32_t k = 1; k <= length; ++k) ks.push_back(k);
  std::vector<plot_series> series;
  double most = 1;
  std::size_t color = 0;
  for (const auto& m : shown_measures(cost)) {
    plot_series s{fmt::format("most {} in k calls", m), {}, colors[color++ % 4], false};
    for (const auto& v : cost["measures"][m]["worst_total"]) {
      s.values.emplace_back(v.get<double>());
      most = std::max(most, v.get<double>());
    }
    s.values.resize(ks.size());
    series.push_back(std::move(s));
  }
  return scope_plot_svg(title, ks, series, {"calls in the sequence k", "", round_axis_top(most)});
}

}  // namespace smallscope::cli
