// A command of a spec loaded into one incremental solver (paper 004, Algorithm 1's
// `solver.load(inv, scopes)`; paper 003, Sec. 5): bounds, the circuit of the declarations, the
// command's formula and the symmetry-breaking predicate, encoded into CaDiCaL. Enumeration and
// the field-exhaustive loop both add their own clauses to it and read its models back as
// instances.
#pragma once

#include <atomic>
#include <chrono>
#include <cstdint>
#include <memory>
#include <vector>

#include "sat/bounds.hpp"
#include "sat/circuit.hpp"
#include "sat/cnf.hpp"
#include "sat/symmetry.hpp"
#include "sat/translator.hpp"
#include "spec_front/ast.hpp"
#include "spec_front/instance.hpp"

namespace smallscope::sat {

class problem {
 public:
  // Translates command `command` of checked module `m` (which must outlive this) and requires
  // it. Throws spec::spec_error for what the translation does not support.
  // `stop` is polled while it translates and encodes (translation_stopped), and by the solver.
  problem(const spec::module& m, std::uint32_t command, stop_request stop = {});
  ~problem();
  problem(const problem&) = delete;
  problem& operator=(const problem&) = delete;

  // The last model as a whole instance (every atom, reached or not), with the atoms the root
  // reaches in `reached`.
  void read_model(spec::instance& out, std::vector<std::uint32_t>& reached);
  // Whether the evaluator, which shares nothing with the translation, accepts `whole`: the
  // facts and the command's formula. `which` names what failed.
  bool recheck(const spec::instance& whole, const char*& which) const;

  const spec::module& spec() const { return m_; }
  std::uint32_t command() const { return command_; }
  const bounds& bound() const { return bounds_; }
  circuit& gates() { return circuit_; }
  const translator& translation() const { return *translator_; }
  const symmetry_breaking& symmetry() const { return symmetry_; }
  cnf_solver& solver() { return *solver_; }
  double translate_seconds() const { return translate_seconds_; }

 private:
  const spec::module& m_;
  std::uint32_t command_;
  bounds bounds_;
  circuit circuit_;
  std::unique_ptr<translator> translator_;
  symmetry_breaking symmetry_;
  std::unique_ptr<cnf_solver> solver_;
  double translate_seconds_ = 0;
};

double seconds_since(std::chrono::steady_clock::time_point start);

}  // namespace smallscope::sat
