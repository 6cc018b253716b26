// Feeds the options table (smallscope/options.hpp) to the command line: one flag per option,
// with its default and allowed range in the help; out-of-range values are rejected by name.
#include <CLI/CLI.hpp>
#include <fmt/format.h>

#include <string>
#include <type_traits>

#include "cli/commands.hpp"

namespace smallscope::cli {
namespace {

std::string flag_name(std::string name) {
  for (auto& c : name)
    if (c == '_') c = '-';
  return name;
}

template <class T>
void add_one(CLI::App& app, const char* name, T& value, T lo, T hi, const char* help) {
  const std::string flag = "--" + flag_name(name);
  if constexpr (std::is_same_v<T, bool>) {
    (void)lo;
    (void)hi;
    if (value)
      app.add_flag_callback("--no-" + flag_name(name), [&value] { value = false; },
                            fmt::format("turn off: {}", help));
    else
      app.add_flag(flag, value, help);
  } else {
    app.add_option_function<std::string>(
        flag,
        [flag, &value, lo, hi](const std::string& text) {
          T v{};
          try {
            std::size_t used = 0;
            if constexpr (std::is_floating_point_v<T>) {
              v = static_cast<T>(std::stod(text, &used));
            } else {
              if (!text.empty() && text[0] == '-') throw std::invalid_argument(text);
              v = static_cast<T>(std::stoull(text, &used));
            }
            if (used != text.size()) throw std::invalid_argument(text);
          } catch (const std::exception&) {
            throw usage_error(fmt::format("{} must be a number in [{}, {}], got '{}'", flag, lo, hi, text));
          }
          if (v < lo || v > hi)
            throw usage_error(fmt::format("{} must be in [{}, {}], got {}", flag, lo, hi, text));
          value = v;
        },
        fmt::format("{} (default {}, allowed [{}, {}])", help, value, lo, hi));
  }
}

}  // namespace

void add_search_options(CLI::App& app, search_options& options) {
#define SMALLSCOPE_DETAIL_ADD(name, type, def, lo, hi, help) \
  add_one<type>(app, #name, options.name, static_cast<type>(lo), static_cast<type>(hi), help);
  SMALLSCOPE_SEARCH_OPTIONS(SMALLSCOPE_DETAIL_ADD)
#undef SMALLSCOPE_DETAIL_ADD
}

}  // namespace smallscope::cli
