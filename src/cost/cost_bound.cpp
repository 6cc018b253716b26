// Bounds on a method's cost, the oracle of cost.hpp: `MEASURE <= EXPRESSION` parsed by recursive
// descent into postfix steps, evaluated per input at its size n.
#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdlib>
#include <stdexcept>
#include <string>

#include <fmt/format.h>

#include "smallscope/cost.hpp"

namespace smallscope {

const char* cost_measure_name(cost_measure m) {
  switch (m) {
    case cost_measure::reads: return "reads";
    case cost_measure::writes: return "writes";
    case cost_measure::allocations: return "allocations";
    case cost_measure::frees: return "frees";
  }
  return "?";
}

namespace {

using step = cost_bound::step;

// The sizes a bound is checked at when parsed: more objects than any bounded-exhaustive input has.
constexpr std::uint64_t probed_sizes = 1u << 16;

class parser {
 public:
  parser(std::string_view text, const std::vector<std::pair<std::string, double>>& names, std::vector<step>& out)
      : text_(text), names_(names), out_(out) {}

  void expression() {
    term();
    while (true) {
      skip();
      if (eat('+')) {
        term();
        emit(step::add);
      } else if (eat('-')) {
        term();
        emit(step::subtract);
      } else {
        return;
      }
    }
  }
  void end() {
    skip();
    if (at_ < text_.size()) fail("an operator (+ - * / ^) or the end");
  }
  std::size_t at() const { return at_; }
  void skip() {
    while (at_ < text_.size() && (text_[at_] == ' ' || text_[at_] == '\t')) ++at_;
  }
  bool eat(char c) {
    skip();
    if (at_ < text_.size() && text_[at_] == c) {
      ++at_;
      return true;
    }
    return false;
  }
  std::string word() {
    skip();
    const std::size_t from = at_;
    while (at_ < text_.size() && (std::isalnum(static_cast<unsigned char>(text_[at_])) != 0 || text_[at_] == '_')) ++at_;
    return std::string(text_.substr(from, at_ - from));
  }
  [[noreturn]] void fail(const std::string& expected) const {
    const std::string found = at_ < text_.size() ? fmt::format("'{}'", text_[at_]) : "the end";
    throw std::invalid_argument(fmt::format("column {}: expected {}, found {}", at_ + 1, expected, found));
  }

 private:
  void term() {
    factor();
    while (true) {
      if (eat('*')) {
        factor();
        emit(step::multiply);
      } else if (eat('/')) {
        factor();
        emit(step::divide);
      } else {
        return;
      }
    }
  }
  void factor() {  // a power binds tighter than a sign and groups to the right: -2^2 = -4
    if (eat('-')) {
      factor();
      emit(step::negate);
      return;
    }
    primary();
    if (eat('^')) {
      factor();
      emit(step::power);
    }
  }
  void primary() {
    skip();
    if (eat('(')) {
      expression();
      if (!eat(')')) fail("')'");
      return;
    }
    if (at_ < text_.size() && (std::isdigit(static_cast<unsigned char>(text_[at_])) != 0 || text_[at_] == '.')) {
      const char* begin = text_.data() + at_;
      char* end = nullptr;
      const std::string number(begin, text_.size() - at_);
      const double v = std::strtod(number.c_str(), &end);
      if (!std::isfinite(v)) fail("a number a double holds (this one is too large)");
      at_ += static_cast<std::size_t>(end - number.c_str());
      out_.push_back({step::number, v});
      return;
    }
    const std::size_t from = at_;
    const std::string name = word();
    if (name.empty()) fail("a number, n, a name, a function or '('");
    if (name == "log2" || name == "sqrt" || name == "min" || name == "max") {
      if (!eat('(')) fail(fmt::format("'(' after {}", name));
      expression();
      if (name == "min" || name == "max") {
        if (!eat(',')) fail(fmt::format("',' and a second argument of {}", name));
        expression();
      }
      if (!eat(')')) fail("')'");
      emit(name == "log2" ? step::log2 : name == "sqrt" ? step::sqrt : name == "min" ? step::min : step::max);
      return;
    }
    if (name == "n") {
      out_.push_back({step::size, 0});
      return;
    }
    for (const auto& [known, value] : names_)
      if (known == name) {
        out_.push_back({step::number, value});
        return;
      }
    std::string known = "n";
    for (const auto& [k, v] : names_) known += ", " + k;
    at_ = from;
    throw std::invalid_argument(fmt::format("column {}: unknown name '{}'; the names are {} (and log2, sqrt, min, max)",
                                            from + 1, name, known));
  }
  void emit(step::kind_t k) { out_.push_back({k, 0}); }

  std::string_view text_;
  const std::vector<std::pair<std::string, double>>& names_;
  std::vector<step>& out_;
  std::size_t at_ = 0;
};

}  // namespace

cost_bound cost_bound::parse(std::string_view text, const std::vector<std::pair<std::string, double>>& names) {
  cost_bound b;
  b.text_ = std::string(text);
  parser p(text, names, b.steps_);
  const std::size_t from = (p.skip(), p.at());
  const std::string measure = p.word();
  if (measure == "accesses") {
    b.accesses_ = true;
  } else {
    bool found = false;
    for (const cost_measure m : cost_measures)
      if (measure == cost_measure_name(m)) {
        b.measure_ = m;
        found = true;
      }
    if (!found)
      throw std::invalid_argument(fmt::format(
          "column {}: expected a measure (reads, writes, allocations, frees or accesses), found '{}'", from + 1,
          measure.empty() ? std::string(text.substr(from, 1)) : measure));
  }
  p.skip();
  if (text.substr(p.at(), 2) != "<=") p.fail("'<=' after the measure");
  p.eat('<');
  p.eat('=');
  p.skip();
  const std::size_t right = p.at();
  p.expression();
  p.end();
  // The evaluator's stack: deep enough for any expression a person writes.
  std::size_t depth = 0, deepest = 0;
  for (const step& s : b.steps_) {
    if (s.kind == step::number || s.kind == step::size) deepest = std::max(deepest, ++depth);
    else if (s.kind != step::negate && s.kind != step::log2 && s.kind != step::sqrt) --depth;
  }
  if (deepest > max_depth)
    throw std::invalid_argument(fmt::format("the expression nests deeper than {} operands; write it flatter", max_depth));
  // A bound that is not a number at some size (0 * 2^2000, an infinite difference) would fail
  // every input of that size and blame the method: refuse it at every size an input can have.
  for (std::uint64_t n = 0; n <= probed_sizes; ++n)
    if (std::isnan(b.limit(n)))
      throw std::invalid_argument(fmt::format(
          "the expression is not a number at n = {} (an infinite value times 0, or minus an infinite one); "
          "keep its values finite",
          n));
  b.right_ = std::string(text.substr(right));
  while (!b.right_.empty() && b.right_.back() == ' ') b.right_.pop_back();
  return b;
}

double cost_bound::limit(std::uint64_t n) const {
  double stack[max_depth];
  std::size_t top = 0;
  for (const step& s : steps_) {
    switch (s.kind) {
      case step::number: stack[top++] = s.value; continue;
      case step::size: stack[top++] = static_cast<double>(n); continue;
      case step::negate: stack[top - 1] = -stack[top - 1]; continue;
      case step::log2: stack[top - 1] = stack[top - 1] > 0 ? std::log2(stack[top - 1]) : 0; continue;
      case step::sqrt: stack[top - 1] = stack[top - 1] > 0 ? std::sqrt(stack[top - 1]) : 0; continue;
      default: break;
    }
    const double y = stack[--top];
    double& x = stack[top - 1];
    switch (s.kind) {
      case step::add: x += y; break;
      case step::subtract: x -= y; break;
      case step::multiply: x *= y; break;
      case step::divide: x = y != 0 ? x / y : 0; break;
      case step::power: x = std::pow(x, y); break;
      case step::min: x = std::min(x, y); break;
      case step::max: x = std::max(x, y); break;
      default: break;
    }
  }
  return top == 1 ? stack[0] : 0;
}

std::uint64_t cost_bound::measured(const method_cost& cost) const {
  return accesses_ ? cost.reads + cost.writes : cost_of(cost, measure_);
}

const char* cost_bound::measure_name() const { return accesses_ ? "accesses" : cost_measure_name(measure_); }

std::string cost_bound::exceeded(const method_cost& cost, std::uint64_t n) const {
  const double bound = limit(n);
  const std::uint64_t value = measured(cost);
  if (static_cast<double>(value) <= bound) return {};
  return fmt::format("{} {} > {} = {:.6g} at n = {}", measure_name(), value, right_, bound, n);
}

std::string cost_bound::condition(std::uint64_t n) const {
  const double bound = std::floor(limit(n));
  if (!(bound >= 0)) return "false";
  const std::string left =
      accesses_ ? "cost.reads + cost.writes" : fmt::format("cost.{}", cost_measure_name(measure_));
  if (bound >= 1.8e19) return "true";
  return fmt::format("{} <= {}u", left, static_cast<std::uint64_t>(bound));
}

}  // namespace smallscope
