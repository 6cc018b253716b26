// --stats json|text from one list of named figures per command (CaDiCaL's stats.cpp prints one
// table the same way): json prints the list as one JSON object on the last line of stdout; text
// prints a "name: value" line per figure, the name with spaces for underscores.
//
// Text values: strings as they are, booleans as yes/no, fractions with six decimals, arrays of
// scalars comma-separated (fin 3,3,3) or "none", objects of scalars as "key=value, ...", arrays
// of objects a line per element (the first ten; the rest counted), anything deeper as JSON.
#pragma once

#include <functional>
#include <set>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

#include "smallscope/checker.hpp"
#include "smallscope/figures.hpp"
#include "smallscope/search.hpp"

namespace smallscope::cli {

// A command's figures, in the order they are printed.
using figures = nlohmann::ordered_json;

// The figures as --stats `format` prints them ("json" or "text"), ending with a newline.
std::string stats_lines(std::string_view format, const figures& f);
// Adds "content_hash" to a shard's statistics (files::content_hash of them, keys sorted): merge
// refuses a shard's line changed after its run wrote it (a failure deleted by hand, a count).
void seal(figures& f);

// One row of a report's table of figures (figures.hpp): its name in --stats and how the
// figures of shards combine.
struct figure_row {
  const char* name;
  figure_rule rule;
  bool integral;  // a whole number (a count, a flag), not seconds
};

// gen's figures: the search's table, then what the command's run adds (`yielded`: structures
// produced, fewer than valid with one per class; `interrupted`: stopped by a signal).
std::span<const figure_row> gen_figure_rows();
// check's: the check's table.
std::span<const figure_row> check_figure_rows();

// The figures of a report, named and ordered as its table.
figures search_figures(const search_stats& stats);
figures check_figures(const check_report& report);

// The shards' figures of `rows` put into `whole` by each row's rule, the shards side by side:
// counts added, flags or-ed, seconds the slowest, `same` the first shard's, `distinct` left
// out (merged shards carry no list of the things counted). A count that is missing or not a
// non-negative integer is `bad(shard, what)`, which throws.
void merge_figures(figures& whole, std::span<const nlohmann::json* const> shards, std::span<const figure_row> rows,
                   const std::function<void(std::size_t shard, const std::string& what)>& bad);

// The warnings every shard gave (its "warnings"): a warning from a sample holds for the whole run
// only if every shard's sample gave it.
std::set<std::string> warnings_of_every(std::span<const nlohmann::json* const> shards);

// Throws usage_error unless `value` is json or text (the --stats rule).
void check_stats_format(const std::string& value);

}  // namespace smallscope::cli
