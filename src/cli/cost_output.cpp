// `check --cost`: the cost report of a check as text, figures and an SVG. See cost_output.hpp.
#include "cli/cost_output.hpp"

#include <algorithm>
#include <cmath>
#include <stdexcept>

#include <fmt/format.h>

#include "cli/commands.hpp"
#include "cli/numbers.hpp"
#include "cli/output.hpp"
#include "report/scope_plot.hpp"

namespace smallscope::cli {
namespace {

// The measures worth a column: counted, and not 0 on every input.
std::vector<cost_measure> shown_measures(const cost_report& cost) {
  std::vector<cost_measure> shown;
  for (const cost_measure m : cost_measures) {
    const bool allocation = m == cost_measure::allocations || m == cost_measure::frees;
    if (allocation && !cost.allocations_counted) continue;
    if (cost.all[m].max > 0 || m == cost_measure::reads) shown.push_back(m);
  }
  return shown;
}

double mean(const cost_figure& f, std::uint64_t inputs) {
  return inputs == 0 ? 0 : static_cast<double>(f.total) / static_cast<double>(inputs);
}

std::string distribution_text(const std::vector<cost_bucket>& buckets) {
  std::string text;
  for (const cost_bucket& b : buckets)
    text += fmt::format("{}{}: {}", text.empty() ? "" : ", ",
                        b.low == b.high ? fmt::format("{}", b.low) : fmt::format("{}..{}", b.low, b.high),
                        grouped(b.inputs));
  return text;
}

counterexample as_counterexample(const cost_input& w) {
  counterexample c;
  c.input = w.input;
  c.kind = outcome_kind::passed;
  c.arguments = w.arguments;
  c.integers = w.integers;
  c.candidate = w.candidate;
  c.objects = w.objects;
  return c;
}

std::string cost_values(const method_cost& c, const std::vector<cost_measure>& shown) {
  std::string text;
  for (const cost_measure m : shown)
    text += fmt::format("{}{} {}", text.empty() ? "" : ", ", grouped(cost_of(c, m)), cost_measure_name(m));
  return text;
}

}  // namespace

std::vector<cost_bound> parse_cost_bounds(const char* option, const std::vector<std::string>& texts, const subject& s,
                                          const std::vector<std::int64_t>& p) {
  std::vector<std::pair<std::string, double>> names;
  for (std::size_t i = 0; i < s.parameters.size() && i < p.size(); ++i)
    names.emplace_back(s.parameters[i].name, static_cast<double>(p[i]));
  std::vector<cost_bound> bounds;
  for (const std::string& text : texts) {
    try {
      bounds.push_back(cost_bound::parse(text, names));
    } catch (const std::invalid_argument& e) {
      throw usage_error(fmt::format("{} '{}': {}; write MEASURE <= EXPRESSION, e.g. 'reads <= 2*n + 4'", option,
                                    escaped(text), e.what()));
    }
  }
  return bounds;
}

std::string fit_text(const cost_fit& f) {
  if (f.sizes == 0) return "no input of size 1 or more";
  if (!f.fitted)
    return fmt::format("no curve fitted: {} size{} of 1 or more, and a fit needs {}", f.sizes, f.sizes == 1 ? "" : "s",
                       cost_fit_min_sizes);
  if (f.growth == cost_growth::constant) return fmt::format("constant, {:.3g}", f.b);
  return fmt::format("grows as {}: {:.3g} {} {} {:.3g} (root mean square error {:.2g} over {} sizes)",
                     cost_growth_name(f.growth), f.a, growth_formula(f.growth), f.b < 0 ? "-" : "+", std::abs(f.b),
                     f.error, f.sizes);
}

const char* growth_formula(cost_growth g) {
  switch (g) {
    case cost_growth::constant: return "1";
    case cost_growth::logarithmic: return "log2 n";
    case cost_growth::linear: return "n";
    case cost_growth::linearithmic: return "n log2 n";
    case cost_growth::quadratic: return "n^2";
    case cost_growth::exponential: return "2^n";
  }
  return "?";
}

std::string cost_text(const cost_report& cost, const check_context& ctx, structure_format format,
                      const std::string& command, bool reproducers, test_framework framework) {
  const std::vector<cost_measure> shown = shown_measures(cost);
  std::string text = fmt::format(
      "cost of {}: what the method did on each input, by size (objects of the input besides the root)\n",
      ctx.method->name);
  if (!cost.allocations_counted)
    text += "  (allocations and frees are not counted: another operator new is in force, as in a sanitizer's build)\n";
  text += fmt::format("  {:>6} {:>12}", "size", "inputs");
  for (const cost_measure m : shown) text += fmt::format("  {:>12} {:>8}", fmt::format("{} max", cost_measure_name(m)), "mean");
  text += "\n";
  const auto row_text = [&](const std::string& size, const cost_row& row) {
    std::string line = fmt::format("  {:>6} {:>12}", size, grouped(row.inputs));
    for (const cost_measure m : shown) line += fmt::format("  {:>12} {:>8.2f}", grouped(row[m].max), mean(row[m], row.inputs));
    return line + "\n";
  };
  for (const cost_row& row : cost.by_size) text += row_text(std::to_string(row.size), row);
  text += row_text("all", cost.all);
  for (const cost_measure m : shown)
    text += fmt::format("  worst {} by size: {}\n", cost_measure_name(m), fit_text(fit_growth(cost.by_size, m)));
  std::vector<std::uint64_t> pictured;
  for (const cost_measure m : shown) {
    const cost_input& w = cost.worst_in(m);
    if (w.input == 0 || cost.all[m].max == 0) continue;
    std::string args;
    for (std::size_t i = 0; i < w.arguments.size(); ++i) args += (i == 0 ? "" : ", ") + w.arguments[i];
    text += fmt::format("most {}: input {}, {}({}), size {}: {}\n", cost_measure_name(m), w.input, ctx.method->name,
                        args, w.size, cost_values(w.cost, shown));
    if (std::find(pictured.begin(), pictured.end(), w.input) != pictured.end()) continue;
    pictured.push_back(w.input);
    counterexample c = as_counterexample(w);
    std::string pre = pre_state_picture(ctx, c, format), post = w.post_state;
    for (std::string* picture : {&pre, &post})
      if (!picture->empty() && picture->back() == '\n') picture->pop_back();
    text += fmt::format("  pre-state:  {}\n  post-state: {}\n", pre,
                        post.empty() ? "(not drawn: running the method on it again did not end within 30 s)" : post);
    if (!command.empty()) text += fmt::format("  run it alone: {} --input {}\n", command, w.input);
    if (reproducers) {
      std::string condition;
      for (const cost_measure k : shown)
        condition += fmt::format("{}cost.{} <= {}u", condition.empty() ? "" : " && ", cost_measure_name(k),
                                 cost_of(w.cost, k));
      c.cost_condition = condition;
      text += fmt::format("  {} reproducer (fails when the method costs more on this input):\n{}\n",
                          test_framework_name(framework), test_reproducer(ctx, c, framework));
    }
  }
  for (const cost_measure m : shown)
    text += fmt::format("  inputs by {}: {}\n", cost_measure_name(m),
                        distribution_text(cost.distribution[static_cast<std::size_t>(m)]));
  return text;
}

figures cost_figures(const cost_report& cost) {
  figures j;
  j["allocations_counted"] = cost.allocations_counted;
  figures sizes = figures::array();
  const auto row_json = [](const cost_row& row) {
    figures r;
    r["size"] = row.size;
    r["inputs"] = row.inputs;
    for (const cost_measure m : cost_measures)
      r[cost_measure_name(m)] = {{"max", row[m].max}, {"worst_input", row[m].worst_input}, {"total", row[m].total}};
    return r;
  };
  for (const cost_row& row : cost.by_size) sizes.push_back(row_json(row));
  j["by_size"] = sizes;
  j["all"] = row_json(cost.all);
  figures growth, worst, distribution;
  for (const cost_measure m : cost_measures) {
    const cost_fit f = fit_growth(cost.by_size, m);
    growth[cost_measure_name(m)] = {{"growth", f.fitted ? cost_growth_name(f.growth) : "none"}, {"a", f.a}, {"b", f.b},
                                    {"error", f.error}, {"sizes", f.sizes}};
    const cost_input& w = cost.worst_in(m);
    worst[cost_measure_name(m)] = {{"input", w.input},
                                   {"size", w.size},
                                   {"arguments", w.arguments},
                                   {"objects", w.objects},
                                   {"cost",
                                    {{"reads", w.cost.reads},
                                     {"writes", w.cost.writes},
                                     {"allocations", w.cost.allocations},
                                     {"frees", w.cost.frees}}}};
    figures buckets = figures::array();
    for (const cost_bucket& b : cost.distribution[static_cast<std::size_t>(m)])
      buckets.push_back({{"low", b.low}, {"high", b.high}, {"inputs", b.inputs}});
    distribution[cost_measure_name(m)] = buckets;
  }
  j["growth"] = growth;
  j["worst"] = worst;
  j["distribution"] = distribution;
  return j;
}

std::string cost_plot(const cost_report& cost, const std::string& title) {
  static constexpr const char* colors[] = {"#1f77b4", "#d62728", "#2ca02c", "#9467bd"};
  std::vector<long long> sizes;
  for (const cost_row& row : cost.by_size) sizes.push_back(static_cast<long long>(row.size));
  std::vector<plot_series> series;
  double most = 1;
  for (const cost_measure m : shown_measures(cost)) {
    plot_series s{fmt::format("most {}", cost_measure_name(m)), {}, colors[static_cast<std::size_t>(m)], false};
    for (const cost_row& row : cost.by_size) {
      s.values.emplace_back(static_cast<double>(row[m].max));
      most = std::max(most, static_cast<double>(row[m].max));
    }
    series.push_back(std::move(s));
    // The fitted growth, dashed, over the sizes it was fitted to.
    const cost_fit f = fit_growth(cost.by_size, m);
    if (!f.fitted) continue;
    plot_series fitted{fmt::format("fit: {}", cost_growth_name(f.growth)), {}, colors[static_cast<std::size_t>(m)], true};
    for (const cost_row& row : cost.by_size)
      if (row.size >= 1) fitted.values.emplace_back(std::max(0.0, f.a * growth_curve(f.growth, static_cast<double>(row.size)) + f.b));
      else fitted.values.emplace_back();
    series.push_back(std::move(fitted));
  }
  return scope_plot_svg(title, sizes, series, {"size n (objects besides the root)", "", round_axis_top(most)});
}

}  // namespace smallscope::cli
