// Number helpers for the command line. See numbers.hpp.
#include "cli/numbers.hpp"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <fmt/format.h>

namespace smallscope::cli {

std::string grouped(std::uint64_t n) {
  std::string digits = std::to_string(n);
  std::string out;
  for (std::size_t i = 0; i < digits.size(); ++i) {
    if (i != 0 && (digits.size() - i) % 3 == 0) out += ',';
    out += digits[i];
  }
  return out;
}

std::string short_rate(double r) {
  if (r >= 1e9) return fmt::format("{:.1f}G", r / 1e9);
  if (r >= 1e6) return fmt::format("{:.1f}M", r / 1e6);
  if (r >= 1e3) return fmt::format("{:.1f}k", r / 1e3);
  return fmt::format("{:.0f}", r);
}

std::optional<std::int64_t> parse_int(std::string_view text) {
  std::int64_t v = 0;
  const char* end = text.data() + text.size();
  auto [p, ec] = std::from_chars(text.data(), end, v);
  if (text.empty() || ec != std::errc() || p != end) return std::nullopt;
  return v;
}

std::optional<std::uint64_t> parse_u64(std::string_view text) {
  std::uint64_t v = 0;
  const char* end = text.data() + text.size();
  auto [p, ec] = std::from_chars(text.data(), end, v);
  if (text.empty() || ec != std::errc() || p != end) return std::nullopt;
  return v;
}

std::optional<double> parse_double(std::string_view text) {
  double v = 0;
  const char* end = text.data() + text.size();
  auto [p, ec] = std::from_chars(text.data(), end, v);
  if (text.empty() || ec != std::errc() || p != end || !std::isfinite(v)) return std::nullopt;
  return v;
}

std::optional<std::vector<std::int64_t>> parse_int_list(std::string_view text) {
  std::vector<std::int64_t> out;
  while (true) {
    const auto comma = text.find(',');
    auto v = parse_int(text.substr(0, comma));
    if (!v) return std::nullopt;
    out.push_back(*v);
    if (comma == std::string_view::npos) return out;
    text.remove_prefix(comma + 1);
  }
}

std::string duration_text(double seconds) {
  constexpr double year = 365.25 * 86400;
  if (!(seconds < 100 * year)) return "more than 100 years";  // also NaN and infinity
  if (seconds >= 2 * year) return fmt::format("{:.0f} years", seconds / year);
  if (seconds >= 2 * 86400) return fmt::format("{:.0f} days", seconds / 86400);
  const auto s = static_cast<std::uint64_t>(std::max(0.0, seconds) + 0.5);
  if (s < 60) return fmt::format("{} s", s);
  if (s < 3600) return fmt::format("{} min {} s", s / 60, s % 60);
  return fmt::format("{} h {} min", s / 3600, s % 3600 / 60);
}

}  // namespace smallscope::cli
