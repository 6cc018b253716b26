// --stats json|text. See stats.hpp.
#include "cli/stats.hpp"

#include "files/strict_json.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <iterator>
#include <type_traits>

#include "cli/commands.hpp"
#include "cli/output.hpp"

namespace smallscope::cli {

namespace {

constexpr std::size_t elements_shown = 10;

bool scalar(const figures& v) { return !v.is_object() && !v.is_array(); }

std::string scalar_text(const figures& v) {
  if (v.is_string()) return v.get<std::string>();
  if (v.is_boolean()) return v.get<bool>() ? "yes" : "no";
  if (v.is_number_float()) return fmt::format("{:.6f}", v.get<double>());
  return v.dump();
}

std::string value_text(const figures& v) {
  if (scalar(v)) return scalar_text(v);
  if (v.empty()) return "none";
  if (v.is_array() && std::all_of(v.begin(), v.end(), scalar)) {
    std::string text;
    for (const auto& e : v) text += (text.empty() ? "" : ",") + scalar_text(e);
    return text;
  }
  if (v.is_object()) {
    std::string text;
    for (const auto& [k, e] : v.items()) text += (text.empty() ? "" : ", ") + k + "=" + (scalar(e) ? scalar_text(e) : e.dump());
    return text;
  }
  return v.dump();
}

std::string name_text(std::string name) {
  std::replace(name.begin(), name.end(), '_', ' ');
  return name + ":";
}

}  // namespace

#define SMALLSCOPE_DETAIL_ROW(name, type, def, rule, help) figure_row{#name, figure_rule::rule, std::is_integral_v<type>},
constexpr figure_row gen_rows[] = {SMALLSCOPE_SEARCH_FIGURES(SMALLSCOPE_DETAIL_ROW) figure_row{"yielded", figure_rule::sum, true},
                                   figure_row{"interrupted", figure_rule::any, true}};
constexpr figure_row check_rows[] = {SMALLSCOPE_CHECK_FIGURES(SMALLSCOPE_DETAIL_ROW)};
#undef SMALLSCOPE_DETAIL_ROW

std::span<const figure_row> gen_figure_rows() { return gen_rows; }
std::span<const figure_row> check_figure_rows() { return check_rows; }

#define SMALLSCOPE_DETAIL_WRITE(name, type, def, rule, help) j[#name] = from.name;
figures search_figures(const search_stats& from) {
  figures j;
  SMALLSCOPE_SEARCH_FIGURES(SMALLSCOPE_DETAIL_WRITE)
  return j;
}
figures check_figures(const check_report& from) {
  figures j;
  SMALLSCOPE_CHECK_FIGURES(SMALLSCOPE_DETAIL_WRITE)
  return j;
}
#undef SMALLSCOPE_DETAIL_WRITE

void merge_figures(figures& whole, std::span<const nlohmann::json* const> shards, std::span<const figure_row> rows,
                   const std::function<void(std::size_t shard, const std::string& what)>& bad) {
  for (const figure_row& row : rows) {
    if (row.rule == figure_rule::distinct) {
      whole.erase(row.name);
      continue;
    }
    if (row.rule == figure_rule::same) {
      if (!shards.empty() && shards.front()->contains(row.name)) whole[row.name] = (*shards.front())[row.name];
      continue;
    }
    std::uint64_t count = 0;
    double seconds = 0;
    bool flag = false;
    for (std::size_t i = 0; i < shards.size(); ++i) {
      if (!shards[i]->contains(row.name)) {
        if (row.rule == figure_rule::sum) bad(i, fmt::format("\"{}\" is missing", row.name));
        continue;
      }
      const nlohmann::json& v = (*shards[i])[row.name];
      if (row.rule == figure_rule::any) {
        if (!v.is_boolean()) bad(i, fmt::format("\"{}\" is {}, not true or false", row.name, v.dump()));
        flag = flag || v.get<bool>();
        continue;
      }
      if (row.integral ? !v.is_number_unsigned() : !v.is_number() || v.get<double>() < 0)
        bad(i, fmt::format("\"{}\" is {}, not a {}", row.name, v.dump(), row.integral ? "count" : "time"));
      if (row.integral) count = row.rule == figure_rule::sum ? count + v.get<std::uint64_t>() : std::max(count, v.get<std::uint64_t>());
      seconds = row.rule == figure_rule::sum ? seconds + v.get<double>() : std::max(seconds, v.get<double>());
    }
    if (row.rule == figure_rule::any)
      whole[row.name] = flag;
    else if (row.integral)
      whole[row.name] = count;
    else
      whole[row.name] = seconds;
  }
}

std::set<std::string> warnings_of_every(std::span<const nlohmann::json* const> shards) {
  std::set<std::string> every;
  for (std::size_t i = 0; i < shards.size(); ++i) {
    std::set<std::string> these;
    for (const auto& w : shards[i]->value("warnings", nlohmann::json::array()))
      if (w.is_string()) these.insert(w.get<std::string>());
    if (i == 0) {
      every = std::move(these);
      continue;
    }
    std::set<std::string> both;
    std::set_intersection(every.begin(), every.end(), these.begin(), these.end(), std::inserter(both, both.end()));
    every = std::move(both);
  }
  return every;
}

void seal(figures& f) { f["content_hash"] = files::content_hash(nlohmann::json::parse(f.dump())); }

std::string stats_lines(std::string_view format, const figures& f) {
  if (format == "json") return f.dump() + "\n";
  std::size_t width = 0;
  for (const auto& [k, v] : f.items()) width = std::max(width, name_text(k).size());
  std::string text;
  for (const auto& [k, v] : f.items()) {
    const bool rows = v.is_array() && !v.empty() && std::all_of(v.begin(), v.end(), [](const figures& e) {
                        return e.is_object();
                      });
    if (!rows) {
      text += fmt::format("{:<{}} {}\n", name_text(k), width, value_text(v));
      continue;
    }
    text += fmt::format("{:<{}} {}\n", name_text(k), width, v.size());
    for (std::size_t i = 0; i < v.size() && i < elements_shown; ++i) text += fmt::format("  {}\n", value_text(v[i]));
    if (v.size() > elements_shown)
      text += fmt::format("  ... and {} more (--stats json has them all)\n", v.size() - elements_shown);
  }
  return text;
}

void check_stats_format(const std::string& value) {
  if (value != "json" && value != "text")
    throw usage_error(fmt::format("--stats must be json or text, got '{}'", escaped(value)));
}

}  // namespace smallscope::cli
