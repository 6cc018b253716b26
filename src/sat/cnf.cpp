// Tseitin's encoding into an incremental CaDiCaL solver (paper 004, Sec. 3 and Algorithm 1).
#include "sat/cnf.hpp"

#include "sat/stopped.hpp"

#include <cadical.hpp>

#include <algorithm>


namespace smallscope::sat {

struct cnf_solver::terminator : CaDiCaL::Terminator {
  stop_request stop;
  std::optional<std::chrono::steady_clock::time_point> deadline;
  std::uint32_t polls = 0;
  bool terminate() override {
    if (stop_requested(stop)) return true;
    // The clock is read every 64th poll: CaDiCaL polls often.
    return deadline && (++polls & 63u) == 0 && std::chrono::steady_clock::now() >= *deadline;
  }
};

cnf_solver::cnf_solver(const circuit& c)
    : c_(c), solver_(std::make_unique<CaDiCaL::Solver>()), terminator_(std::make_unique<terminator>()) {
  // Enumeration solves thousands of times: CaDiCaL's "lucky" phases (trying all-false,
  // all-true, ... assignments first) fail on blocked formulas and cost a scan of every clause per
  // solve (binary search trees of paper 004 at k = 7: 2.63 s against 1.66 s).
  solver_->set("lucky", 0);
  // CaDiCaL prints messages on stdout (such as "c found falsified original clause" when a
  // blocking clause is false at the root level), which would mix with the instances there.
  solver_->set("quiet", 1);
  // Gate 0 is the constant true.
  solver_->add(1);
  solver_->add(0);
  ++clauses_;
  encoded_.assign(1, true);
  solver_->connect_terminator(terminator_.get());
}

cnf_solver::~cnf_solver() {
  if (solver_) solver_->disconnect_terminator();
}

void cnf_solver::set_stop(stop_request stop) { terminator_->stop = std::move(stop); }

void cnf_solver::set_deadline(std::optional<std::chrono::steady_clock::time_point> deadline) {
  terminator_->deadline = deadline;
}

int cnf_solver::dimacs(lit l) const {
  int v = static_cast<int>(gate_of(l)) + 1;
  return is_negated(l) ? -v : v;
}

void cnf_solver::encode(std::uint32_t root) {
  if (encoded_.size() < c_.gate_count()) encoded_.resize(c_.gate_count(), false);
  if (encoded_[root]) return;
  stack_.clear();
  stack_.push_back(root);
  while (!stack_.empty()) {
    std::uint32_t g = stack_.back();
    stack_.pop_back();
    if (encoded_[g]) continue;
    encoded_[g] = true;
    if ((++encoded_count_ & 0xffffu) == 0 && stop_requested(terminator_->stop)) throw translation_stopped{};
    auto in = c_.inputs(g);
    if (in.empty()) continue;  // a variable
    int out = static_cast<int>(g) + 1;
    // g -> each input; all inputs -> g.
    for (lit l : in) {
      solver_->add(-out);
      solver_->add(dimacs(l));
      solver_->add(0);
    }
    solver_->add(out);
    for (lit l : in) solver_->add(-dimacs(l));
    solver_->add(0);
    clauses_ += in.size() + 1;
    for (lit l : in) {
      if (!encoded_[gate_of(l)]) stack_.push_back(gate_of(l));
    }
  }
}

void cnf_solver::require(lit l) {
  lit one[1] = {l};
  add_clause(one);
}

void cnf_solver::add_clause(std::span<const lit> lits) {
  for (lit l : lits) encode(gate_of(l));
  for (lit l : lits) solver_->add(dimacs(l));
  solver_->add(0);
  ++clauses_;
}

void cnf_solver::freeze(lit l) {
  if (is_constant(l)) return;
  encode(gate_of(l));
  solver_->freeze(dimacs(l));
}

void cnf_solver::phase(lit l) {
  if (is_constant(l)) return;
  encode(gate_of(l));
  solver_->phase(dimacs(l));
}

void cnf_solver::unphase(lit l) {
  if (is_constant(l)) return;
  solver_->unphase(dimacs(l));
}

bool cnf_solver::solve() {
  ++solves_;
  return solver_->solve() == 10;
}

cnf_solver::result cnf_solver::solve(std::span<const lit> assumptions, std::int64_t conflicts) {
  ++solves_;
  for (lit l : assumptions) {
    if (l == lit_false) return result::unsat;
  }
  for (lit l : assumptions) {
    if (l == lit_true) continue;
    encode(gate_of(l));
    solver_->assume(dimacs(l));
  }
  if (conflicts >= 0) solver_->limit("conflicts", static_cast<int>(std::min<std::int64_t>(conflicts, 1 << 30)));
  const int r = solver_->solve();
  return r == 10 ? result::sat : r == 20 ? result::unsat : result::unknown;
}

bool cnf_solver::value(lit l) {
  if (l == lit_true) return true;
  if (l == lit_false) return false;
  if (gate_of(l) >= encoded_.size() || !encoded_[gate_of(l)]) return false;
  int v = solver_->val(dimacs(l));
  return v > 0;
}

bool cnf_solver::failed(lit l) {
  if (l == lit_true || l == lit_false) return l == lit_false;
  return solver_->failed(dimacs(l));
}

}  // namespace smallscope::sat
