// --stats json|text. See stats.hpp.
#include "cli/stats.hpp"

#include "files/strict_json.hpp"

#include <fmt/format.h>

#include <algorithm>

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
