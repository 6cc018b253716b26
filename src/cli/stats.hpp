// --stats json|text from one list of named figures per command (CaDiCaL's stats.cpp prints one
// table the same way): json prints the list as one JSON object on the last line of stdout; text
// prints a "name: value" line per figure, the name with spaces for underscores.
//
// Text values: strings as they are, booleans as yes/no, fractions with six decimals, arrays of
// scalars comma-separated (fin 3,3,3) or "none", objects of scalars as "key=value, ...", arrays
// of objects a line per element (the first ten; the rest counted), anything deeper as JSON.
#pragma once

#include <string>
#include <string_view>

#include <nlohmann/json.hpp>

namespace smallscope::cli {

// A command's figures, in the order they are printed.
using figures = nlohmann::ordered_json;

// The figures as --stats `format` prints them ("json" or "text"), ending with a newline.
std::string stats_lines(std::string_view format, const figures& f);
// Adds "content_hash" to a shard's statistics (files::content_hash of them, keys sorted): merge
// refuses a shard's line changed after its run wrote it (a failure deleted by hand, a count).
void seal(figures& f);

// Throws usage_error unless `value` is json or text (the --stats rule).
void check_stats_format(const std::string& value);

}  // namespace smallscope::cli
