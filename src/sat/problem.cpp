// Loading a command into the solver and reading its models back (paper 004, Algorithm 1's load
// and getInstance).
#include "sat/problem.hpp"

#include <span>

#include "evaluate/evaluator.hpp"

namespace smallscope::sat {

double seconds_since(std::chrono::steady_clock::time_point start) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

problem::problem(const spec::module& m, std::uint32_t command, stop_request stop) : m_(m), command_(command) {
  const auto start = std::chrono::steady_clock::now();
  const auto& cmd = m.commands.at(command);
  bounds_ = make_bounds(m, cmd);
  circuit_.set_stop(stop);
  translator_ = std::make_unique<translator>(m, bounds_, circuit_);
  translator_->set_stop(stop);
  lit decls = translator_->declarations();
  lit body = translator_->command(cmd);
  symmetry_ = break_symmetries(*translator_);
  solver_ = std::make_unique<cnf_solver>(circuit_);
  solver_->set_stop(std::move(stop));
  solver_->require(decls);
  solver_->require(body);
  solver_->require(symmetry_.constraint);
  translate_seconds_ = seconds_since(start);
}

problem::~problem() = default;

void problem::read_model(spec::instance& out, std::vector<std::uint32_t>& reached) {
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
  for (std::uint32_t a = 0; a < n; ++a) {
    if (solver_->value(symmetry_.reach[a])) reached.push_back(a);
  }
}

bool problem::recheck(const spec::instance& whole, const char*& which) const {
  spec::evaluator ev(m_, whole);
  const auto& cmd = m_.commands[command_];
  if (!ev.facts_hold()) {
    which = "facts";
    return false;
  }
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
  which = "the command's formula";
  return body;
}

}  // namespace smallscope::sat
