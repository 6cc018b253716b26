// Small helpers for printing and parsing numbers on the command line.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace smallscope::cli {

// 1234567 -> "1,234,567"
std::string grouped(std::uint64_t n);
// 12345678.9 -> "12.3M"
std::string short_rate(double per_second);
// 42.3 -> "42 s", 192 -> "3 min 12 s", 7500 -> "2 h 5 min", 200000 -> "2 days", 1e8 -> "3 years";
// from 100 years on (and for infinity or NaN): "more than 100 years"
std::string duration_text(double seconds);
// "3,3,3" -> {3, 3, 3}; nullopt unless every item is an integer.
std::optional<std::vector<std::int64_t>> parse_int_list(std::string_view text);
// "12" -> 12; nullopt unless the whole text is an integer.
std::optional<std::int64_t> parse_int(std::string_view text);
// "12" -> 12; nullopt unless the whole text is a decimal integer in [0, 2^64-1].
std::optional<std::uint64_t> parse_u64(std::string_view text);
// "0.5" -> 0.5; nullopt unless the whole text is a finite decimal number.
std::optional<double> parse_double(std::string_view text);

}  // namespace smallscope::cli
