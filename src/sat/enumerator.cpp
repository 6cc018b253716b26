// Enumeration with blocking clauses over the reached part (paper 003, Sec. 5; paper 004, Sec. 3).
#include "sat/enumerator.hpp"

#include <fmt/format.h>

#include <stdexcept>
#include <unordered_map>


namespace smallscope::sat {

enumerator::enumerator(const spec::module& m, std::uint32_t command, stop_request stop)
    : problem_(m, command, stop), stop_(std::move(stop)) {
  cnf_solver& solver = problem_.solver();
  circuit& gates = problem_.gates();
  const translator& t = problem_.translation();
  // Rows for the blocking clauses; their variables stay out of elimination.
  std::unordered_map<std::uint64_t, std::size_t> row_of;
  for (const auto& p : t.primaries()) {
    if (!p.is_field) continue;  // membership of a reached atom is fixed by the reached part
    const auto& ref = m.field_list[p.relation];
    const auto& decl = m.sigs[ref.sig].fields[ref.index];
    if (decl.aux) continue;  // the solver's own state: one instance per structure, whatever its values
    const std::uint64_t key = (std::uint64_t{p.relation} << 32) | p.owner;
    auto [it, fresh] = row_of.try_emplace(key, rows_.size());
    if (fresh) {
      row r;
      r.owner = p.owner;
      r.single = decl.arity == 2 && (decl.mult == spec::multiplicity::none || decl.mult == spec::multiplicity::one ||
                                     decl.mult == spec::multiplicity::lone);
      rows_.push_back(std::move(r));
    }
    rows_[it->second].vars.push_back(p.var);
    solver.freeze(p.var);
  }
  for (auto& r : rows_) {
    if (!r.single) continue;
    r.nonempty = gates.or_(r.vars);
    solver.freeze(r.nonempty);
  }
  stats_.primary_variables = t.primaries().size();
  stats_.gates = gates.gate_count();
  stats_.cnf_variables = solver.variables();
  stats_.cnf_clauses = solver.clauses();
  stats_.translate_seconds = problem_.translate_seconds();
}

enumerator::~enumerator() = default;

bool enumerator::next(spec::instance& out, std::vector<std::uint32_t>& reached) {
  if (done_) return false;
  cnf_solver& solver = problem_.solver();
  auto start = std::chrono::steady_clock::now();
  bool sat = solver.solve();
  stats_.solve_seconds += seconds_since(start);
  if (!sat) {
    done_ = !interrupted();
    return false;
  }
  problem_.read_model(out, reached);
  std::vector<bool> is_reached(problem_.bound().atoms.size(), false);
  for (auto a : reached) is_reached[a] = true;
  // Block this reached part: some row of a reached atom differs.
  blocking_.clear();
  for (const auto& r : rows_) {
    if (!is_reached[r.owner]) continue;
    if (r.single) {
      lit on = lit_false;
      for (lit v : r.vars) {
        if (solver.value(v)) on = v;
      }
      blocking_.push_back(on == lit_false ? r.nonempty : negate(on));
    } else {
      for (lit v : r.vars) blocking_.push_back(solver.value(v) ? negate(v) : v);
    }
  }
  if (blocking_.empty()) done_ = true;  // nothing can differ: this was the only instance
  else solver.add_clause(blocking_);
  ++stats_.instances;

  if (recheck_) {
    auto check_start = std::chrono::steady_clock::now();
    const char* which = "";
    const bool holds = problem_.recheck(out, which);
    stats_.check_seconds += seconds_since(check_start);
    if (!holds) {
      throw std::logic_error(fmt::format("instance {} of the SAT engine fails the evaluator's check ({}): the translation is wrong",
                                         stats_.instances, which));
    }
  }
  return true;
}

spec::instance reached_part(const spec::module& m, const spec::instance& whole, const std::vector<std::uint32_t>& reached) {
  const std::uint32_t n = whole.atoms->size();
  std::vector<bool> keep(n, false);
  for (auto a : reached) keep[a] = true;
  spec::instance out;
  out.atoms = whole.atoms;
  out.sigs.resize(whole.sigs.size());
  for (std::size_t i = 0; i < whole.sigs.size(); ++i) {
    out.sigs[i].arity = 1;
    bool fixed = m.sigs[i].builtin || m.sigs[i].mult == spec::multiplicity::one;
    for (auto a : whole.sigs[i].atoms) {
      if (fixed || keep[a] || whole.atoms->is_int(a)) out.sigs[i].atoms.push_back(a);
    }
  }
  out.fields.resize(whole.fields.size());
  for (std::size_t f = 0; f < whole.fields.size(); ++f) {
    const auto& ts = whole.fields[f];
    out.fields[f].arity = ts.arity;
    for (std::size_t t = 0; t < ts.size(); ++t) {
      const std::uint32_t* tuple = ts.atoms.data() + t * ts.arity;
      if (keep[tuple[0]]) out.fields[f].atoms.insert(out.fields[f].atoms.end(), tuple, tuple + ts.arity);
    }
  }
  return out;
}

}  // namespace smallscope::sat
