// The evaluator: judges a formula on one instance by the textbook semantics of relational logic,
// with no SAT and nothing shared with the translator (Kodkod's evaluator plays this part). The
// SAT engine's instances are re-checked with it, and postconditions are judged with it over the
// pre-state and the post-state (paper 003, Sec. 5: TestEra's phase 2; fields written with a
// backtick read the pre-state).
#pragma once

#include <cstdint>
#include <functional>
#include <span>
#include <string>
#include <unordered_map>
#include <vector>

#include "spec_front/ast.hpp"
#include "spec_front/instance.hpp"

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
  struct frame;  // the values of a paragraph's variable slots (evaluator_frame.hpp)

  bool formula(const node& n, frame& f) const;
  tuple_set expression(const node& n, frame& f) const;
  std::int64_t integer(const node& n, frame& f) const;

  // Integers wrap to the universe's bit width, two's complement (as in Alloy).
  std::int64_t wrap(std::int64_t value) const;
  tuple_set int_to_set(std::int64_t value) const;
  std::int64_t sum_of(const tuple_set& s) const;
  bool is_int_sig(std::uint32_t sig) const;
  const tuple_set& sig_value(std::uint32_t sig) const;
  const tuple_set& field_value(std::uint32_t field, bool pre_state) const;

  // Quantifiers and comprehensions: calls `visit` once per binding of the declared names (in
  // order; `disj` skips bindings that share atoms) until it returns false. False when stopped.
  bool for_each_binding(const std::vector<decl>& decls, std::size_t d, std::size_t k, frame& f,
                        const std::function<bool()>& visit) const;
  bool quantifier(const node& n, frame& f) const;
  tuple_set comprehension(const node& n, frame& f) const;
  void bind_let(const node& n, frame& f) const;

  // A frame for function `fn` with its receiver and parameters bound to `values`, in order.
  frame bind_params(std::uint32_t fn, std::vector<tuple_set> values) const;
  frame call_frame(const node& call, frame& f) const;
  // The failing top-level conjuncts of a block body, calls expanded ("callee: conjunct").
  std::vector<std::string> block_failures(const node& body, frame& f) const;

  // The declarations' constraints: sig multiplicities, subsigs, field types and multiplicities.
  // Appends the labels of those that fail; stops at the first when `first_only`.
  void declaration_failures(std::vector<std::string>& out, bool first_only) const;
  bool fact_holds(const fact_decl& fact) const;

  const module& m_;
  const instance& state_;
  const instance* pre_;
  tuple_set ints_;  // every Int atom of the universe
  tuple_set univ_;  // every atom of a sig of `state` or of `pre`, and every Int atom
  tuple_set iden_;  // identity over univ_
  std::vector<std::vector<std::uint32_t>> field_numbers_;  // [sig][field] -> global field number
  // Closures of expressions that read no variable are the same wherever they occur: computed once
  // per evaluator (`*(left + right)` inside a quantifier over every node).
  bool reads_variables(const node& n) const;
  mutable std::unordered_map<const node*, bool> reads_variables_;
  mutable std::unordered_map<const node*, tuple_set> closures_;
};

}  // namespace smallscope::spec
