// Feeds the options table (smallscope/options.hpp) to the command line: one flag per option,
// with its default and allowed range in the help; out-of-range values are rejected by name.
#include <CLI/CLI.hpp>
#include <fmt/format.h>

#include <charconv>
#include <limits>
#include <string>
#include <string_view>
#include <type_traits>

#include "cli/arguments.hpp"
#include "cli/commands.hpp"
#include "cli/output.hpp"

namespace smallscope::cli {
namespace {


// "in [1, 10]", or ">= 1" when the type's maximum is the only upper bound.
template <class T>
std::string allowed(T lo, T hi) {
  if (hi == std::numeric_limits<T>::max()) return fmt::format(">= {}", lo);
  return fmt::format("in [{}, {}]", lo, hi);
}

template <class T>
void add_one(CLI::App& app, const char* name, T& value, T lo, T hi, const char* help) {
  const std::string flag = "--" + flag_name(name);
  if constexpr (std::is_same_v<T, bool>) {
    (void)lo;
    (void)hi;
    if (value)
      app.add_flag_callback("--no-" + flag_name(name), [&value] { value = false; },
                            fmt::format("turn off {}", help));
    else
      app.add_flag(flag, value, help);
  } else if constexpr (std::is_integral_v<T>) {
    // A count, parsed and refused as every other command's counts are (the rule is cli.cpp's
    // shared one, from the same count_rule).
    static_assert(std::is_same_v<T, std::uint64_t>);
    rule_table stated_in_the_shared_rules;
    add_count_in(app, stated_in_the_shared_rules, flag, value, lo, hi,
                 fmt::format("{} (default {}, allowed {})", help, value, allowed(lo, hi)));
  } else {
    app.add_option_function<std::string>(
        flag,
        [flag, &value, lo, hi](const std::string& text) {
          T v{};
          const char* end = text.data() + text.size();
          const auto [rest, error] = std::from_chars(text.data(), end, v);
          if (text.empty() || error != std::errc() || rest != end)
            throw usage_error(fmt::format("{} must be a number {}, got '{}'", flag, allowed(lo, hi), escaped(text)));
          if (!(v >= lo && v <= hi))  // also rejects NaN
            throw usage_error(fmt::format("{} must be {}, got {}", flag, allowed(lo, hi), escaped(text)));
          value = v;
        },
        fmt::format("{} (default {}, allowed {})", help, value, allowed(lo, hi)))
        ->type_name(std::is_floating_point_v<T> ? "SECONDS" : "N");
  }
}

}  // namespace

std::string flag_name(std::string name) {
  for (auto& c : name)
    if (c == '_') c = '-';
  return name;
}

std::string order_dependent_flag(const search_options& options) {
  const char* name = order_dependent_option(options);
  return name == nullptr ? std::string() : "--" + flag_name(name);
}

void add_progress_interval(CLI::App& app, double& seconds) {
#define SMALLSCOPE_DETAIL_ADD(name, type, def, lo, hi, help) \
  if (std::string_view(#name) == "progress_interval")        \
    add_one<double>(app, #name, seconds, static_cast<double>(lo), static_cast<double>(hi), help);
  SMALLSCOPE_SEARCH_OPTIONS(SMALLSCOPE_DETAIL_ADD)
#undef SMALLSCOPE_DETAIL_ADD
}

void add_search_options(CLI::App& app, search_options& options) {
#define SMALLSCOPE_DETAIL_ADD(name, type, def, lo, hi, help) \
  add_one<type>(app, #name, options.name, static_cast<type>(lo), static_cast<type>(hi), help);
  SMALLSCOPE_SEARCH_OPTIONS(SMALLSCOPE_DETAIL_ADD)
#undef SMALLSCOPE_DETAIL_ADD
}

}  // namespace smallscope::cli
