// Algorithm 1 of paper 004 (Sec. 3) on one incremental CaDiCaL solver.
#include "fe/field_exhaustive.hpp"

#include <fmt/format.h>

#include <stdexcept>

namespace smallscope::fe {

using sat::lit;

field_exhaustive::field_exhaustive(const spec::module& m, std::uint32_t command, fe_options options)
    : problem_(m, command, options.translation_stop), options_(options) {
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
    if (decl.arity != 2 || decl.aux) continue;  // aux fields are the solver's, not the suite's
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

std::vector<std::vector<std::uint32_t>> field_exhaustive::groups_of_uncovered(bool skip_benched) const {
  std::vector<std::vector<std::uint32_t>> groups;
  for (std::uint32_t i = 0; i < pairs_.size(); ++i) {
    const auto& p = pairs_[i];
    if (p.covered || p.infeasible || (skip_benched && benched_.contains(key_of(p)))) continue;
    const bool same = !groups.empty() && key_of(pairs_[groups.back().front()]) == key_of(p);
    if (!same) groups.emplace_back();
    groups.back().push_back(i);
  }
  return groups;
}

lit field_exhaustive::selector_for(const std::vector<std::uint32_t>& set) {
  const lit s = problem_.gates().variable();
  std::vector<lit> clause{sat::negate(s)};
  for (std::uint32_t i : set) clause.push_back(pairs_[i].var);
  problem_.solver().add_clause(clause);
  return s;
}

void field_exhaustive::mark_infeasible(const std::vector<std::uint32_t>& set) {
  for (std::uint32_t i : set) {
    pairs_[i].infeasible = true;
    ++stats_.refuted;
    problem_.solver().require(sat::negate(pairs_[i].var));
  }
}

// Refutes the pairs of `set` that are infeasible, and covers the others: a solve for "one of
// them" (a fresh selector, as in a batch); UNSAT refutes them all at once (each negation a
// unit clause: it holds in every model, so nothing changes but speed); a model covers some,
// and each half of the rest is asked for in turn; a lone pair is solved for with no conflict
// limit, and so is each pair of a set whose solve passes the probe's conflicts. Infeasible
// values come in runs (an element outside the ints' range, a node's child that the order rules
// out), so most sets die whole. False when a limit or a signal stopped it.
bool field_exhaustive::refute(std::vector<std::uint32_t> set, const std::function<bool()>& stop,
                              const std::function<void(const fe_stats&)>& progress) {
  sat::cnf_solver& solver = problem_.solver();
  std::erase_if(set, [&](std::uint32_t i) { return pairs_[i].covered || pairs_[i].infeasible; });
  if (set.empty()) return true;
  if (stop()) return false;
  const lit assumptions[1] = {set.size() > 1 ? selector_for(set) : pairs_[set[0]].var};
  const auto r = timed_solve(assumptions, set.size() > 1 ? std::max<std::int64_t>(options_.probe_conflicts, 0) : -1);
  stats_.probe_seconds += stats_.last_solve_seconds;
  if (r == sat::cnf_solver::result::sat) take_instance(progress);  // before a clause ends the model
  if (set.size() > 1) solver.require(sat::negate(assumptions[0]));
  if (r == sat::cnf_solver::result::unsat) {
    mark_infeasible(set);
    return true;
  }
  if (r == sat::cnf_solver::result::unknown && (stop() || set.size() == 1)) {
    if (!stop()) stats_.interrupted = true;  // stop() marks a limit or a signal
    return false;
  }
  if (set.size() == 1) return true;
  if (r == sat::cnf_solver::result::unknown) {
    // Hard to refute together (TreeSet's black heights): one at a time, as halves would be.
    for (std::uint32_t i : set) {
      if (!refute({i}, stop, progress)) return false;
    }
    return true;
  }
  const auto half = static_cast<std::ptrdiff_t>(set.size() / 2);
  return refute({set.begin(), set.begin() + half}, stop, progress) &&
         refute({set.begin() + half, set.end()}, stop, progress);
}

sat::cnf_solver::result field_exhaustive::timed_solve(std::span<const lit> assumptions, std::int64_t conflicts) {
  const auto solve_start = std::chrono::steady_clock::now();
  const auto r = problem_.solver().solve(assumptions, conflicts);
  stats_.last_solve_seconds = sat::seconds_since(solve_start);
  stats_.solve_seconds += stats_.last_solve_seconds;
  ++stats_.solves;
  return r;
}

// A batch asks for a structure with a new pair in each (field, owner) group of uncovered pairs
// at once: a fresh selector s_G per group, the clause "not s_G or some uncovered pair of G",
// and a solve assuming every selector. One structure then covers a new pair per group instead
// of the two or three a lone clause gets (the sorted list's elements: one per entry). When the
// groups conflict, CaDiCaL names the assumptions that do: a group that conflicts alone has no
// feasible uncovered pair (all are refuted); otherwise the one of them with the fewest
// uncovered pairs goes to the bench, out of this batch and the next ones, until a round finds
// nothing. A solve that runs out of conflicts halves the batch. The selectors are then fixed
// false, which satisfies their clauses: nothing a batch adds constrains the structures, so
// Algorithm 1's loop, which runs after the batches, still ends with the exact extensions.
bool field_exhaustive::cover_batch(const std::function<bool()>& stop,
                                   const std::function<void(const fe_stats&)>& progress) {
  sat::cnf_solver& solver = problem_.solver();
  const auto groups = groups_of_uncovered(true);
  // A round that starts with groups on the bench and finds nothing brings them back for one
  // more round; a round with all groups in that finds nothing ends the batches.
  const bool all_in = benched_.empty();
  if (groups.size() < 2) {
    benched_.clear();
    return !all_in;
  }
  std::vector<lit> selectors;
  for (const auto& g : groups) selectors.push_back(selector_for(g));
  std::vector<std::uint32_t> active(groups.size());
  for (std::uint32_t g = 0; g < active.size(); ++g) active[g] = g;
  std::vector<lit> assumptions;
  bool found = false;
  const auto start = std::chrono::steady_clock::now();
  while (active.size() >= 2 && !stop()) {
    assumptions.clear();
    for (std::uint32_t g : active) assumptions.push_back(selectors[g]);
    const auto r = timed_solve(assumptions, options_.batch_conflicts);
    if (r == sat::cnf_solver::result::sat) {
      found = take_instance(progress);
      if (found) ++stats_.batched;
      break;
    }
    if (r == sat::cnf_solver::result::unknown) {
      active.resize(active.size() / 2);
      continue;
    }
    std::vector<std::uint32_t> failed;
    for (std::uint32_t g : active) {
      if (solver.failed(selectors[g])) failed.push_back(g);
    }
    if (failed.empty()) break;  // UNSAT without the batch: no structure at all
    std::uint32_t out = failed[0];
    if (failed.size() == 1) {
      mark_infeasible(groups[out]);
    } else {
      // The conflicting group with the fewest uncovered pairs sits out (a conflict between two
      // groups, such as a list ending early and a later entry's element, usually outlives the
      // structure found next).
      for (std::uint32_t g : failed) {
        if (groups[g].size() < groups[out].size()) out = g;
      }
      benched_.insert(key_of(pairs_[groups[out].front()]));
    }
    std::erase(active, out);
  }
  stats_.batch_seconds += sat::seconds_since(start);
  for (lit s : selectors) solver.require(sat::negate(s));
  if (found) return true;
  benched_.clear();
  return !all_in;
}

void field_exhaustive::run(const fe_limits& limits, const stop_request& terminate,
                           const std::function<void(const fe_stats&)>& progress) {
  const auto start = std::chrono::steady_clock::now();
  sat::cnf_solver& solver = problem_.solver();
  solver.set_stop(terminate);
  // A solve stops at the time limit too: one hard solve cannot overrun it.
  if (limits.seconds > 0)
    solver.set_deadline(start + std::chrono::duration_cast<std::chrono::steady_clock::duration>(
                                    std::chrono::duration<double>(limits.seconds)));
  const std::function<bool()> stop = [&] {
    if (stop_requested(terminate)) {
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
  // Batches first, while they find structures; then Algorithm 1's loop completes the cover.
  if (options_.batch_conflicts >= 0) {
    while (!stop() && cover_batch(stop, progress)) {
    }
  }
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
    if (stop_requested(terminate)) {
      stats_.interrupted = true;
      break;
    }
    // The clause's solve ran out of conflicts: the pairs left are mostly infeasible, and
    // refuting them in small sets is far cheaper than refuting their disjunction (refute()).
    // Then the next clause of the loop is refuted at once.
    probed = true;
    for (auto& group : groups_of_uncovered(false)) {
      if (!refute(group, stop, progress)) break;
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
    if (decl.arity != 2 || decl.aux) continue;
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
