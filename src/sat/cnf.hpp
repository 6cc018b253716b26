// Tseitin's encoding of the circuit into CaDiCaL's clauses (paper 004, Sec. 3: "the formula is
// translated to CNF and loaded into the solver"). Only gates a constraint reaches are encoded,
// each once; constraints added later (blocking clauses, new formulas) reuse them, so the solver
// stays incremental and keeps what it learnt.
#pragma once

#include <atomic>
#include <chrono>
#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <vector>

#include "sat/circuit.hpp"
#include "smallscope/stop.hpp"

namespace CaDiCaL {
class Solver;
}

namespace smallscope::sat {

class cnf_solver {
 public:
  explicit cnf_solver(const circuit& c);
  ~cnf_solver();
  cnf_solver(const cnf_solver&) = delete;
  cnf_solver& operator=(const cnf_solver&) = delete;

  // Requires `l` to hold (encoding the gates below it).
  void require(lit l);
  // Adds the clause "one of `lits` holds".
  void add_clause(std::span<const lit> lits);
  // Keeps the literal's variable out of CaDiCaL's elimination (encoding it first), for
  // variables that later clauses mention.
  void freeze(lit l);
  // Prefers `l` true when the solver decides on its variable (CaDiCaL's phase); `unphase`
  // drops the preference.
  void phase(lit l);
  void unphase(lit l);
  // SAT: true; UNSAT: false.
  bool solve();
  enum class result { sat, unsat, unknown };
  // Solves with `assumptions` holding for this call only, stopping after `conflicts` conflicts
  // (negative: no limit) with unknown.
  result solve(std::span<const lit> assumptions, std::int64_t conflicts);
  // The value of a literal in the last model.
  bool value(lit l);
  // After an UNSAT solve under assumptions: whether assumption `l` is in the subset that
  // conflicts (CaDiCaL's failed assumptions).
  bool failed(lit l);

  std::uint64_t variables() const { return encoded_count_; }
  std::uint64_t clauses() const { return clauses_; }
  std::uint64_t solves() const { return solves_; }
  // A running or later solve() stops soon (and returns false) once `*flag` is non-zero: a flag
  // a signal handler sets (the command line's SIGINT and SIGTERM).
  void set_stop(stop_request stop);
  // A running or later solve() stops (unknown) once the clock passes `deadline` (none: never).
  void set_deadline(std::optional<std::chrono::steady_clock::time_point> deadline);

 private:
  int dimacs(lit l) const;
  void encode(std::uint32_t gate);
  struct terminator;

  const circuit& c_;
  std::unique_ptr<CaDiCaL::Solver> solver_;
  std::unique_ptr<terminator> terminator_;
  std::vector<bool> encoded_;
  std::vector<std::uint32_t> stack_;
  std::uint64_t encoded_count_ = 0;
  std::uint64_t clauses_ = 0;
  std::uint64_t solves_ = 0;
};

}  // namespace smallscope::sat
