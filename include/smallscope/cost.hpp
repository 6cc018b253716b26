// The cost of a method, counted rather than timed: what it did on each input (reads and writes
// of tracked fields, blocks allocated and freed), the worst case over every input of a scope by
// the size of the input, how that worst case grows, and bounds on it as an oracle. Bounded-
// exhaustive checking (paper 000, Sec. 6.1) runs every non-isomorphic input up to the bound, so
// the worst case it reports is exact for that bound, where tools that hunt worst cases sample
// or search (docs/COST.md).
//
//   check_options o;
//   o.max_cost.push_back(smallscope::cost_bound::parse("reads <= 2*n + 4"));
//   const auto report = smallscope::run_check(fin, invariant, method, o);
//   // report.cost.by_size[k].measures[reads].max: the most reads of an input of size k
// Stage: cost.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace smallscope {

// What one run of a method did between its call and its return (or throw): reads and writes
// of tracked fields (field<T>, elements of smallscope::array and vector, members of classes
// instrumented as written), and the blocks it allocated and freed through the global operator
// new and delete. Deterministic: the same input gives the same counts on every run.
struct method_cost {
  std::uint64_t reads = 0;
  std::uint64_t writes = 0;
  std::uint64_t allocations = 0;
  std::uint64_t frees = 0;
};

enum class cost_measure : std::uint8_t { reads, writes, allocations, frees };
inline constexpr std::size_t cost_measure_count = 4;
inline constexpr std::array<cost_measure, cost_measure_count> cost_measures{
    cost_measure::reads, cost_measure::writes, cost_measure::allocations, cost_measure::frees};

// "reads", "writes", "allocations", "frees".
const char* cost_measure_name(cost_measure m);

inline std::uint64_t cost_of(const method_cost& c, cost_measure m) {
  switch (m) {
    case cost_measure::reads: return c.reads;
    case cost_measure::writes: return c.writes;
    case cost_measure::allocations: return c.allocations;
    case cost_measure::frees: return c.frees;
  }
  return 0;
}

// One measure over a set of inputs.
struct cost_figure {
  std::uint64_t max = 0;
  std::uint64_t worst_input = 0;  // the first input (in scope order) that costs `max`; 0: none
  std::uint64_t total = 0;        // over the set: the mean is total / inputs
};

// The inputs whose pre-state has `size` objects besides the root (a tree's nodes, a list's
// entries), or every input measured (cost_report::all). Every object the pre-state reaches
// counts, an empty one too (a hash table's empty bucket objects, a sentinel): the size is the
// structure's objects, not its elements. The elements of a member that holds contents count as
// objects (a std::list's and a std::unordered_map's entries are their nodes):
// object_graph::cost_size.
struct cost_row {
  std::uint64_t size = 0;
  std::uint64_t inputs = 0;  // inputs measured: the method returned or threw
  std::array<cost_figure, cost_measure_count> measures{};
  const cost_figure& operator[](cost_measure m) const { return measures[static_cast<std::size_t>(m)]; }
};

// `inputs` inputs cost from `low` to `high` (both included) of one measure.
struct cost_bucket {
  std::uint64_t low = 0;
  std::uint64_t high = 0;
  std::uint64_t inputs = 0;
};

// How a worst case grows with the size n: max(n) ~ a * f(n) + b.
enum class cost_growth : std::uint8_t { constant, logarithmic, linear, linearithmic, quadratic, exponential };
// "1", "log n", "n", "n log n", "n^2", "2^n".
const char* cost_growth_name(cost_growth g);
// f(n) of the growth: 0 (constant), log2 n, n, n log2 n, n^2, 2^n.
double growth_curve(cost_growth g, double n);

struct cost_fit {
  cost_growth growth = cost_growth::constant;
  double a = 0;  // max(n) ~ a * f(n) + b, f(n) one of 1, log2 n, n, n log2 n, n^2, 2^n
  double b = 0;
  double error = 0;    // the root mean square of max(n) - (a * f(n) + b) over the sizes fitted
  std::size_t sizes = 0;  // the sizes with inputs (n >= 1): what the fit rests on
  bool fitted = false;    // false: fewer than cost_fit_min_sizes sizes, no curve (growth unset)
};

// The fewest sizes a growth curve is fitted to: through three points a log, a line and a
// parabola all pass closely, so a bounded worst case could read as any of them.
inline constexpr std::size_t cost_fit_min_sizes = 4;

// The input that costs the most in one measure (the first in scope order).
struct cost_input {
  std::uint64_t input = 0;  // 0: no input was measured
  std::uint64_t size = 0;
  method_cost cost;         // in every measure
  std::vector<std::uint32_t> candidate;  // the pre-state: the search's candidate vector
  std::vector<std::string> arguments;    // as text, as in a counterexample
  std::vector<std::int64_t> integers;
  std::uint32_t objects = 0;             // objects reachable in the pre-state
  std::string post_state;  // drawn in check_options::format by running the method on it again
};

struct cost_report {
  bool measured = false;             // check_options::cost, or a bound, was given
  bool allocations_counted = false;  // false where another operator new is in force (a sanitizer's)
  std::vector<cost_row> by_size;     // the sizes that have inputs, ascending
  cost_row all;                      // every input measured (its size is the largest)
  // Per measure, the inputs by cost: one bucket per value up to 31, then one per power of two.
  std::array<std::vector<cost_bucket>, cost_measure_count> distribution;
  std::array<cost_input, cost_measure_count> worst;  // per measure
  const cost_input& worst_in(cost_measure m) const { return worst[static_cast<std::size_t>(m)]; }
};

// The growth that fits the worst case of `m` over `rows` (sizes n >= 1) best by least squares:
// among the curves whose error is within 10 % of the least, the slowest (an exact fit of a
// slower curve wins a tie); a curve must grow (a > 0) unless constant; fewer than
// cost_fit_min_sizes sizes fit no curve (fitted false), fewer than five no 2^n.
cost_fit fit_growth(const std::vector<cost_row>& rows, cost_measure m);

// A bound on the cost of every input (an oracle: an input above it fails, outcome_kind::cost).
// Written `MEASURE <= EXPRESSION`, the measure one of reads, writes, allocations, frees or
// accesses (reads + writes); the expression over numbers, n (the input's size, as in cost_row),
// the names given to parse (a finitization's parameters), + - * / ^, parentheses, log2(x),
// sqrt(x), min(x, y) and max(x, y). log2 and sqrt of x <= 0 are 0; x / 0 is 0.
class cost_bound {
 public:
  // Parses `text`. Throws std::invalid_argument naming the column and what was expected there.
  static cost_bound parse(std::string_view text, const std::vector<std::pair<std::string, double>>& names = {});
  const std::string& text() const { return text_; }
  // The left side's name ("reads", or "accesses") and the right side's text ("2*n + 4").
  const char* measure_name() const;
  const std::string& expression() const { return right_; }
  // The right side at size n.
  double limit(std::uint64_t n) const;
  // The left side of `cost`.
  std::uint64_t measured(const method_cost& cost) const;
  // Empty when `cost`, at size n, is within the bound; else why not:
  // "reads 23 > 2*n + 4 = 18 at n = 7".
  std::string exceeded(const method_cost& cost, std::uint64_t n) const;
  // The bound at size n as a C++ condition over a method_cost named `cost`: "cost.reads <= 18u".
  std::string condition(std::uint64_t n) const;
  static constexpr std::size_t max_depth = 64;

  // The expression in postfix order (for the evaluator; built by parse).
  struct step {
    enum kind_t : std::uint8_t { number, size, add, subtract, multiply, divide, power, negate, log2, sqrt, min, max };
    kind_t kind = number;
    double value = 0;
  };

 private:
  std::string text_;
  std::string right_;         // the expression's text
  bool accesses_ = false;     // reads + writes
  cost_measure measure_ = cost_measure::reads;
  std::vector<step> steps_;
};

}  // namespace smallscope
