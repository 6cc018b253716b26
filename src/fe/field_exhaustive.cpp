// Algorithm 1 of paper 004 (Sec. 3) on one incremental CaDiCaL solver.
#include "fe/field_exhaustive.hpp"

#include <fmt/format.h>

#include <stdexcept>

namespace smallscope::fe {

using sat::lit;

field_exhaustive::field_exhaustive(const spec::module& m, std::uint32_t command, fe_options options)
    : problem_(m, command), options_(options) {
  const auto& b = problem_.bound();
  const auto& t = problem_.translation();
  const auto& reach = problem_.symmetry().reach;
  sat::circuit& c = problem_.gates();
  const std::uint32_t n = b.atoms.size();
  // var_f(<a, b>) = a reached and <a, b> in f; for a lone field also var_f(<a, null>) = a
  // reached and a.f empty. Pairs whose literal is constant false are infeasible by the bounds
  // alone and never named.
  for (std::uint32_t f = 0; f < m.field_list.size(); ++f) {
    const auto& ref = m.field_list[f];
    const auto& decl = m.sigs[ref.sig].fields[ref.index];
    if (decl.arity != 2) continue;
    const sat::matrix& mat = t.field(f);
    for (std::uint32_t a : b.sigs[ref.sig].atoms) {
      std::vector<lit> row;
      for (std::uint32_t v = 0; v < n; ++v) {
        const lit cell = mat[static_cast<std::size_t>(a) * n + v];
        if (cell == sat::lit_false) continue;
        row.push_back(cell);
        const lit var = c.and_(reach[a], cell);
        if (var != sat::lit_false) pairs_.push_back({f, a, static_cast<std::int64_t>(v), var});
      }
      if (decl.mult == spec::multiplicity::lone) {
        const lit var = c.and_(reach[a], sat::negate(c.or_(row)));
        if (var != sat::lit_false) pairs_.push_back({f, a, -1, var});
      }
    }
  }
  // The solver prefers what covers new pairs: the pairs' literals are phased true (unphased
  // once covered). Also phasing a covered pair's field variable false, or forcing phases,
  // gave no smaller suites.
  for (const auto& p : pairs_) {
    problem_.solver().freeze(p.var);
    problem_.solver().phase(p.var);
  }
  stats_.candidate_pairs = pairs_.size();
  stats_.translate_seconds = problem_.translate_seconds();
  stats_.cnf_variables = problem_.solver().variables();
  stats_.cnf_clauses = problem_.solver().clauses();
}

field_exhaustive::~field_exhaustive() = default;

bool field_exhaustive::take_instance(const std::function<void(const fe_stats&)>& progress) {
  sat::cnf_solver& solver = problem_.solver();
  suite_instance si;
  problem_.read_model(si.whole, si.reached);
  for (std::uint32_t i = 0; i < pairs_.size(); ++i) {
    auto& p = pairs_[i];
    if (!solver.value(p.var)) continue;
    si.pairs.push_back(i);
    if (p.covered) continue;
    p.covered = true;
    solver.unphase(p.var);
    ++si.new_pairs;
    ++stats_.covered;
  }
  ++stats_.instances;
  if (si.new_pairs == 0) return false;
  if (recheck_) {
    const auto check_start = std::chrono::steady_clock::now();
    const char* which = "";
    if (!problem_.recheck(si.whole, which))
      throw std::logic_error(fmt::format("instance {} of the field-exhaustive loop fails the evaluator's check ({}): the translation is wrong",
                                         stats_.instances, which));
    stats_.check_seconds += sat::seconds_since(check_start);
  }
  suite_.push_back(std::move(si));
  if (progress) progress(stats_);
  return true;
}

void field_exhaustive::run(const fe_limits& limits, const std::atomic<int>* terminate,
                           const std::function<void(const fe_stats&)>& progress) {
  const auto start = std::chrono::steady_clock::now();
  sat::cnf_solver& solver = problem_.solver();
  solver.set_terminate_flag(terminate);
  auto stop = [&] {
    if (terminate != nullptr && terminate->load() != 0) {
      stats_.interrupted = true;
      return true;
    }
    if ((limits.instances != 0 && stats_.instances >= limits.instances) ||
        (limits.seconds > 0 && sat::seconds_since(start) >= limits.seconds)) {
      stats_.limited = true;
      return true;
    }
    return false;
  };
  auto timed_solve = [&](std::span<const lit> assumptions, std::int64_t conflicts) {
    const auto solve_start = std::chrono::steady_clock::now();
    const auto r = solver.solve(assumptions, conflicts);
    stats_.last_solve_seconds = sat::seconds_since(solve_start);
    stats_.solve_seconds += stats_.last_solve_seconds;
    ++stats_.solves;
    return r;
  };
  std::vector<lit> clause;
  bool probed = false;
  while (!stop()) {
    // Line 7: one clause over every pair not covered yet.
    clause.clear();
    for (const auto& p : pairs_) {
      if (!p.covered) clause.push_back(p.var);
    }
    if (clause.empty()) {  // the clause would be empty: UNSAT without a solve
      stats_.complete = true;
      break;
    }
    solver.add_clause(clause);
    const auto r = timed_solve({}, probed || options_.probe_conflicts < 0 ? -1 : options_.probe_conflicts);
    if (r == sat::cnf_solver::result::sat) {
      // Lines 9-10: extend the covered sets with every pair of the instance; add it to the suite.
      if (!take_instance(progress))
        throw std::logic_error(fmt::format("instance {} of the field-exhaustive loop covers no new pair: the clause was not kept",
                                           stats_.instances));
      continue;
    }
    if (r == sat::cnf_solver::result::unsat) {
      stats_.complete = true;
      break;
    }
    if (terminate != nullptr && terminate->load() != 0) {
      stats_.interrupted = true;
      break;
    }
    // The clause's solve ran out of conflicts: the pairs left are mostly infeasible, and
    // refuting them one at a time is far cheaper than refuting their disjunction. Each
    // uncovered pair is asked for on its own; a model covers it (and maybe more), a refutation
    // makes its negation a unit clause (it holds in every model, so nothing changes but speed).
    // Then the next clause of the loop is refuted at once.
    probed = true;
    for (auto& p : pairs_) {
      if (p.covered || p.infeasible) continue;
      if (stop()) break;
      const lit assume[1] = {p.var};
      const auto pr = timed_solve(assume, -1);
      stats_.probe_seconds += stats_.last_solve_seconds;
      if (pr == sat::cnf_solver::result::sat) {
        take_instance(progress);
      } else if (pr == sat::cnf_solver::result::unsat) {
        p.infeasible = true;
        ++stats_.refuted;
        solver.require(sat::negate(p.var));
      } else {
        stats_.interrupted = true;
        break;
      }
    }
  }
  stats_.cnf_clauses = solver.clauses();
}

std::vector<std::size_t> field_exhaustive::pruned() const {
  std::vector<std::vector<std::uint32_t>> pairs(suite_.size());
  for (std::size_t i = 0; i < suite_.size(); ++i) pairs[i] = suite_[i].pairs;
  return prune_cover(pairs, pairs_.size());
}

extensions field_exhaustive::covered() const {
  const auto& m = problem_.spec();
  const auto& atoms = problem_.bound().atoms;
  extensions out;
  std::vector<std::int64_t> slot(m.field_list.size(), -1);
  for (std::uint32_t f = 0; f < m.field_list.size(); ++f) {
    const auto& ref = m.field_list[f];
    const auto& decl = m.sigs[ref.sig].fields[ref.index];
    if (decl.arity != 2) continue;
    slot[f] = static_cast<std::int64_t>(out.fields.size());
    out.fields.push_back({fmt::format("{}.{}", m.sigs[ref.sig].name, decl.name), {}});
  }
  for (const auto& p : pairs_) {
    if (!p.covered) continue;
    out.fields[static_cast<std::size_t>(slot[p.field])].pairs.emplace_back(
        atoms.names[p.owner], p.value < 0 ? std::string("null") : atoms.names[static_cast<std::size_t>(p.value)]);
  }
  normalize(out);
  return out;
}

}  // namespace smallscope::fe
