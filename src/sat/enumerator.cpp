// Enumeration with blocking clauses over the reached part (paper 003, Sec. 5; paper 004, Sec. 3).
#include "sat/enumerator.hpp"

#include <fmt/format.h>

#include <stdexcept>
#include <unordered_map>

#include "spec/evaluator.hpp"

namespace smallscope::sat {

namespace {

double seconds_since(std::chrono::steady_clock::time_point start) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

}  // namespace

enumerator::enumerator(const spec::module& m, std::uint32_t command) : m_(m), command_(command) {
  auto start = std::chrono::steady_clock::now();
  const auto& cmd = m.commands.at(command);
  bounds_ = make_bounds(m, cmd);
  translator_ = std::make_unique<translator>(m, bounds_, circuit_);
  lit decls = translator_->declarations();
  lit body = translator_->command(cmd);
  symmetry_ = break_symmetries(*translator_);
  solver_ = std::make_unique<cnf_solver>(circuit_);
  solver_->require(decls);
  solver_->require(body);
  solver_->require(symmetry_.constraint);
  // Rows for the blocking clauses; their variables stay out of elimination.
  std::vector<std::vector<std::size_t>> by_row;  // (field, owner) -> primaries
  std::unordered_map<std::uint64_t, std::size_t> row_of;
  for (const auto& p : translator_->primaries()) {
    if (!p.is_field) continue;  // membership of a reached atom is fixed by the reached part
    const auto& ref = m.field_list[p.relation];
    const auto& decl = m.sigs[ref.sig].fields[ref.index];
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
    solver_->freeze(p.var);
  }
  for (auto& r : rows_) {
    if (!r.single) continue;
    r.nonempty = circuit_.or_(r.vars);
    solver_->freeze(r.nonempty);
  }
  stats_.primary_variables = translator_->primaries().size();
  stats_.gates = circuit_.gate_count();
  stats_.cnf_variables = solver_->variables();
  stats_.cnf_clauses = solver_->clauses();
  stats_.translate_seconds = seconds_since(start);
}

enumerator::~enumerator() = default;

bool enumerator::next(spec::instance& out, std::vector<std::uint32_t>& reached) {
  if (done_) return false;
  auto start = std::chrono::steady_clock::now();
  bool sat = solver_->solve();
  stats_.solve_seconds += seconds_since(start);
  if (!sat) {
    done_ = !interrupted();
    return false;
  }
  const std::uint32_t n = bounds_.atoms.size();
  out.atoms = &bounds_.atoms;
  out.sigs.assign(m_.sigs.size(), spec::tuple_set{});
  for (std::uint32_t i = 0; i < m_.sigs.size(); ++i) {
    out.sigs[i].arity = 1;
    const matrix& s = translator_->sig(i);
    for (std::uint32_t a = 0; a < n; ++a) {
      if (s[a] != lit_false && solver_->value(s[a])) out.sigs[i].atoms.push_back(a);
    }
  }
  out.fields.assign(m_.field_list.size(), spec::tuple_set{});
  for (std::uint32_t f = 0; f < m_.field_list.size(); ++f) {
    const matrix& mat = translator_->field(f);
    auto& ts = out.fields[f];
    ts.arity = mat.arity;
    for (std::size_t i = 0; i < mat.size(); ++i) {
      if (mat[i] == lit_false || !solver_->value(mat[i])) continue;
      std::uint32_t tuple[8];
      std::size_t t = i;
      for (std::size_t col = mat.arity; col-- > 0;) {
        tuple[col] = static_cast<std::uint32_t>(t % n);
        t /= n;
      }
      ts.atoms.insert(ts.atoms.end(), tuple, tuple + mat.arity);  // matrix order is lexicographic
    }
  }
  reached.clear();
  std::vector<bool> is_reached(n, false);
  for (std::uint32_t a = 0; a < n; ++a) {
    if (solver_->value(symmetry_.reach[a])) {
      reached.push_back(a);
      is_reached[a] = true;
    }
  }
  // Block this reached part: some row of a reached atom differs.
  blocking_.clear();
  for (const auto& r : rows_) {
    if (!is_reached[r.owner]) continue;
    if (r.single) {
      lit on = lit_false;
      for (lit v : r.vars) {
        if (solver_->value(v)) on = v;
      }
      blocking_.push_back(on == lit_false ? r.nonempty : negate(on));
    } else {
      for (lit v : r.vars) blocking_.push_back(solver_->value(v) ? negate(v) : v);
    }
  }
  if (blocking_.empty()) done_ = true;  // nothing can differ: this was the only instance
  else solver_->add_clause(blocking_);
  ++stats_.instances;

  if (recheck_) {
    auto check_start = std::chrono::steady_clock::now();
    spec::evaluator ev(m_, out);
    const auto& cmd = m_.commands[command_];
    bool facts = ev.facts_hold();
    bool body = true;
    if (cmd.block || !cmd.is_run) {
      body = ev.command_holds(command_, {});
    } else {
      const auto& pred = m_.functions[static_cast<std::size_t>(cmd.target)];
      std::size_t params = 0;
      for (const auto& d : pred.params) params += d.names.size();
      if (params == 1 && bounds_.root_sig >= 0) {
        std::uint32_t root = bounds_.root_atom;
        body = ev.holds(static_cast<std::uint32_t>(cmd.target), std::span<const std::uint32_t>(&root, 1));
      } else {
        body = ev.command_holds(command_, {});
      }
    }
    stats_.check_seconds += seconds_since(check_start);
    if (!facts || !body) {
      throw std::logic_error(fmt::format("instance {} of the SAT engine fails the evaluator's check ({}): the translation is wrong",
                                         stats_.instances, !facts ? "facts" : "the command's formula"));
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
