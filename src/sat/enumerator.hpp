// Enumeration of a command's instances on one incremental solver (paper 003, Sec. 5, phase 1;
// paper 004, Sec. 3): after each model, a blocking clause over the primary variables of the
// reached part (the fields of the atoms the root reaches) rules out that structure, so atoms the
// root does not reach never make two instances differ. Each instance is re-checked by the
// evaluator, which shares nothing with the translation.
#pragma once

#include <atomic>
#include <chrono>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "sat/problem.hpp"
#include "smallscope/stop.hpp"
#include "spec_front/ast.hpp"
#include "spec_front/instance.hpp"

namespace smallscope::sat {

struct enumeration_stats {
  std::uint64_t instances = 0;
  std::uint64_t primary_variables = 0;
  std::uint64_t gates = 0;
  std::uint64_t cnf_variables = 0;  // encoded gates, before blocking clauses
  std::uint64_t cnf_clauses = 0;    // before blocking clauses
  double translate_seconds = 0;
  double solve_seconds = 0;
  double check_seconds = 0;
};

class enumerator {
 public:
  // Translates command `command` of checked module `m` (which must outlive this). Throws
  // spec::spec_error for what the translation does not support.
  // `stop` is polled from the start: a translation asked to stop throws translation_stopped.
  enumerator(const spec::module& m, std::uint32_t command, stop_request stop = {});
  ~enumerator();

  // The next instance, whole (every atom present, reached or not), with the atoms the root
  // reaches in `reached`; false when there is none left (or `stop` asked to stop).
  bool next(spec::instance& out, std::vector<std::uint32_t>& reached);

  // Re-checks each instance with the evaluator (on by default); a mismatch throws
  // std::logic_error naming the instance, since it means the translation is wrong.
  void set_recheck(bool on) { recheck_ = on; }
  // next() returns false soon once `stop` returns true (see interrupted()).
  void set_stop(stop_request stop) {
    stop_ = stop;
    problem_.solver().set_stop(std::move(stop));
  }
  // Whether the last next() returned false because of the stop request, not because none was left.
  bool interrupted() const { return stop_requested(stop_); }

  const spec::universe& atoms() const { return problem_.bound().atoms; }
  const bounds& bound() const { return problem_.bound(); }
  const enumeration_stats& stats() const { return stats_; }
  // Sigs whose classes may have several instances (see symmetry.hpp), one line each.
  const std::vector<std::string>& inexact() const { return problem_.symmetry().inexact; }

 private:
  problem problem_;
  // The blocking clause's terms per (atom, field) row of a binary field: a row of a one field
  // differs when its true variable turns false; of a lone field, also when an empty row gets a
  // value (`nonempty`); other rows compare every variable.
  struct row {
    std::uint32_t owner;
    std::vector<lit> vars;
    lit nonempty = lit_false;  // lone rows
    bool single = false;       // one or lone
  };
  std::vector<row> rows_;
  std::vector<lit> blocking_;
  enumeration_stats stats_;
  bool recheck_ = true;
  stop_request stop_;
  bool done_ = false;
};

// The reached part of an instance: the sigs' atoms restricted to `reached` (fixed atoms and
// integers kept), the fields restricted to tuples whose owner is reached.
spec::instance reached_part(const spec::module& m, const spec::instance& whole, const std::vector<std::uint32_t>& reached);

}  // namespace smallscope::sat
