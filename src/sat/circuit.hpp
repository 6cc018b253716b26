// The boolean circuit a spec is translated into (paper 004, Sec. 3: relational logic to
// propositional logic, as the Alloy Analyzer and Kodkod do): variables and n-ary AND gates with
// negation on the edges, hash-consed so that equal subterms are one gate, simplified as they are
// built (constants, repeats, x and not x). OR is an AND of negations.
#pragma once

#include <cstdint>
#include <span>
#include <unordered_map>
#include <vector>

#include "sat/stopped.hpp"
#include "smallscope/stop.hpp"

namespace smallscope::sat {

// A literal: a gate's number times two, plus one when negated. Gate 0 is the constant true.
using lit = std::uint32_t;
inline constexpr lit lit_true = 0;
inline constexpr lit lit_false = 1;
inline constexpr lit negate(lit l) { return l ^ 1u; }
inline constexpr std::uint32_t gate_of(lit l) { return l >> 1; }
inline constexpr bool is_negated(lit l) { return (l & 1u) != 0; }
inline constexpr bool is_constant(lit l) { return l <= 1; }

class circuit {
 public:
  circuit();

  // A fresh variable: a gate with no inputs.
  lit variable();
  bool is_variable(std::uint32_t gate) const { return gates_[gate].first == gates_[gate].last && gate != 0; }

  lit and_(lit a, lit b);
  lit or_(lit a, lit b) { return negate(and_(negate(a), negate(b))); }
  lit and_(std::span<const lit> inputs);  // true for none
  lit or_(std::span<const lit> inputs);   // false for none
  lit implies(lit a, lit b) { return or_(negate(a), b); }
  lit iff(lit a, lit b);
  lit xor_(lit a, lit b) { return negate(iff(a, b)); }
  lit ite(lit c, lit t, lit e);

  std::uint32_t gate_count() const { return static_cast<std::uint32_t>(gates_.size()); }
  // Polled every 65,536 AND gates asked for: translation_stopped once it asks, so a translation
  // that builds millions of gates in one step of the translator stops too.
  void set_stop(stop_request stop) { stop_ = std::move(stop); }
  // The inputs of an AND gate (empty for variables and the constant).
  std::span<const lit> inputs(std::uint32_t gate) const {
    return {inputs_.data() + gates_[gate].first, inputs_.data() + gates_[gate].last};
  }

 private:
  struct gate_span {
    std::uint32_t first = 0, last = 0;  // its inputs in inputs_
  };
  struct key_hash {
    std::size_t operator()(const std::vector<lit>& k) const;
  };
  std::vector<gate_span> gates_;
  std::vector<lit> inputs_;
  std::unordered_map<std::vector<lit>, std::uint32_t, key_hash> table_;
  std::vector<lit> scratch_;
  stop_request stop_;
  std::uint32_t asked_ = 0;
};

}  // namespace smallscope::sat
