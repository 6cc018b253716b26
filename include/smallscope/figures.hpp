// The figures of a report, declared once per report as a table (SMALLSCOPE_SEARCH_FIGURES in
// search.hpp, SMALLSCOPE_CHECK_FIGURES in checker.hpp), as the search options are (options.hpp).
// A table gives each figure its member, its type and default, how the figures of parts of one run combine
// and what it counts; the report's struct, --stats, a checkpoint's saved counts and `merge` of
// shards are all made from it, so a figure has one name everywhere.
//
//   #define PRINT(name, type, def, rule, help) std::cout << #name << " " << report.stats.name << "\n";
//   SMALLSCOPE_SEARCH_FIGURES(PRINT)
// Stage: base.
#pragma once

namespace smallscope {

// How the figures of parts of one run (threads, a checkpoint's segments, shards) make the whole's.
enum class figure_rule {
  sum,       // a count: the parts' counts added
  any,       // a flag: true when any part's is
  elapsed,   // wall seconds: parts side by side (threads, shards) take the slowest; a
             // checkpoint's segments, one after another, add
  distinct,  // distinct things (classes) the parts may share: their union, not a sum; merged
             // shards, which carry no list of them, leave the figure out
  same,      // a property of the run every part shares (threads)
};

constexpr const char* figure_rule_name(figure_rule r) {
  switch (r) {
    case figure_rule::sum: return "sum";
    case figure_rule::any: return "any";
    case figure_rule::elapsed: return "elapsed";
    case figure_rule::distinct: return "distinct";
    case figure_rule::same: return "same";
  }
  return "?";
}

// One figure of a part combined into the whole's, the parts side by side (elapsed: the slowest).
// `distinct` and `same` figures are left as they are: the caller holds the things counted.
template <figure_rule Rule, class T>
constexpr void combine_side_by_side(T& whole, const T& part) {
  if constexpr (Rule == figure_rule::sum)
    whole += part;
  else if constexpr (Rule == figure_rule::any)
    whole = whole || part;
  else if constexpr (Rule == figure_rule::elapsed)
    whole = whole < part ? part : whole;
}

}  // namespace smallscope
