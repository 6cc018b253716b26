// The evaluator: judges a formula on one instance by the textbook semantics of relational logic,
// with no SAT and nothing shared with the translator (Kodkod's evaluator plays this part). The
// SAT engine's instances are re-checked with it, and postconditions are judged with it over the
// pre-state and the post-state (paper 003, Sec. 5: TestEra's phase 2; fields written with a
// backtick read the pre-state).
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "spec/ast.hpp"
#include "spec/instance.hpp"

namespace smallscope::spec {

class evaluator {
 public:
  // Formulas read `state`; backticked fields read `pre` (or `state` when `pre` is null). Both
  // instances must share one universe and outlive the evaluator.
  evaluator(const module& m, const instance& state, const instance* pre = nullptr);

  // Do all facts (named, unnamed and the sigs' appended facts) and the declarations (field
  // multiplicities, `one sig`, ...) hold?
  bool facts_hold() const;
  // The labels of the facts or declarations that fail (empty when facts_hold()).
  std::vector<std::string> failed_facts() const;

  // Does predicate `pred` (an index into module::functions) hold for `args` (one atom per
  // parameter, the receiver first)?
  bool holds(std::uint32_t pred, std::span<const std::uint32_t> args) const;
  // The labels of the predicate's top-level conjuncts that fail for `args`. A conjunct that
  // calls a predicate is reported by that predicate's name followed by its own failing
  // conjuncts: "methodOk: sorted".
  std::vector<std::string> failed_conjuncts(std::uint32_t pred, std::span<const std::uint32_t> args) const;

  // Does the body of command `command` (its predicate with the arguments bound to
  // `args`, or its inline block) hold?
  bool command_holds(std::uint32_t command, std::span<const std::uint32_t> args) const;

 private:
  struct frame;
  bool formula(const node& n, frame& f) const;
  tuple_set expression(const node& n, frame& f) const;
  std::int64_t integer(const node& n, frame& f) const;

  const module& m_;
  const instance& state_;
  const instance* pre_;
};

}  // namespace smallscope::spec
