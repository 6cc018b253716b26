// Field-exhaustive suites from a spec in the library (paper 004, Sec. 3, Algorithm 1, run by
// fe::field_exhaustive), with the members optionally bound to a finitization's objects (paper
// 003, Sec. 5: a2j) and checked against its C++ invariant. See smallscope/field_exhaustive.hpp.
#include <fmt/format.h>

#include <chrono>
#include <optional>
#include <stdexcept>

#include "concretize/binding.hpp"
#include "concretize/instance_format.hpp"
#include "fe/field_exhaustive.hpp"
#include "sat/stopped.hpp"
#include "smallscope/field_exhaustive.hpp"
#include "space/state_space.hpp"
#include "spec_front/instance_printer.hpp"
#include "spec_front/load.hpp"

namespace smallscope {

namespace {

// Algorithm 1 on the options' spec; `bind` (when set) turns the members into structures.
spec_suite_report run_algorithm_1(const spec_suite_options& o, const finitization* fin, const predicate* invariant) {
  if (!(o.seconds >= 0)) throw std::invalid_argument("seconds must be 0 (no limit) or more");
  const auto start = std::chrono::steady_clock::now();
  spec::module m = spec::load_file(o.spec_file);
  std::uint32_t command = spec::find_run_command(m, o.run);
  if (!o.scope.empty()) m = spec::with_scope(m, o.spec_file, o.scope, command);
  spec_suite_report report;
  report.command = m.commands[command].name;
  if (o.on_command) o.on_command(report.command);
  std::optional<fe::field_exhaustive> made;
  // Asked to stop already, or while translating (a small command translates without polling).
  if (!stop_requested(o.stop)) {
    try {
      made.emplace(m, command, fe::fe_options{o.probe_conflicts, o.batches ? 1000 : -1, o.stop});
    } catch (const sat::translation_stopped&) {
    }
  }
  if (!made) {
    report.stopped = report.stopped_translating = true;
    return report;
  }
  fe::field_exhaustive& fe = *made;
  report.inexact = fe.inexact();
  if (o.on_warning)
    for (const auto& warning : report.inexact) o.on_warning(warning);
  fe.run({o.seconds, o.limit}, o.stop, [&](const fe::fe_stats& st) {
    if (o.progress)
      o.progress({sat::seconds_since(start), st.instances, st.covered, st.candidate_pairs, st.refuted});
  });
  const auto& st = fe.stats();
  for (const auto& f : fe.covered().fields) report.extensions.push_back({f.field, f.pairs});
  report.instances = st.instances;
  report.solves = st.solves;
  report.candidate_pairs = st.candidate_pairs;
  report.refuted = st.refuted;
  report.batched = st.batched;
  report.cnf_variables = st.cnf_variables;
  report.cnf_clauses = st.cnf_clauses;
  report.translate_seconds = st.translate_seconds;
  report.solve_seconds = st.solve_seconds;
  report.probe_seconds = st.probe_seconds;
  report.batch_seconds = st.batch_seconds;
  report.check_seconds = st.check_seconds;
  report.complete = st.complete;
  report.stopped = st.interrupted;
  report.limited = st.limited;
  // The suite: Algorithm 1's instances, less those whose pairs the others cover (unless
  // all_instances).
  std::vector<std::size_t> members;
  if (o.all_instances) {
    for (std::size_t k = 0; k < fe.suite().size(); ++k) members.push_back(k);
  } else {
    members = fe.pruned();
  }
  report.members = members.size();
  if (fin == nullptr) {
    if (o.format) {
      std::uint64_t number = 0;
      for (const std::size_t k : members) {
        auto shown = fe.suite()[k].reached;
        std::erase_if(shown, [&](std::uint32_t a) { return fe.bound().atoms.is_int(a); });
        std::string picture;
        spec::print_instance(picture, m, fe.suite()[k].whole, shown, ++number, concretize::instance_format_of(*o.format));
        report.pictures.push_back(std::move(picture));
      }
    }
    return report;
  }
  // Each member onto the finitization's objects, checked against the C++ invariant: the spec
  // and the invariant must agree on it.
  const detail::state_space space(fin->data());
  std::optional<concretize::binding> bind;
  try {
    bind.emplace(m, fe.bound(), space, fin->data().subject);
  } catch (const std::invalid_argument& e) {
    throw spec_binding_error(spec_binding_error::kind::spec, 0, e.what());
  }
  structure_printer printer;
  for (const std::size_t k : members) {
    const auto& si = fe.suite()[k];
    std::vector<std::uint32_t> candidate;
    try {
      bind->concretize(si.whole, si.reached, candidate);
    } catch (const std::invalid_argument& e) {
      throw spec_binding_error(spec_binding_error::kind::instance, k + 1, e.what());
    }
    space.write_all(candidate.data());
    if (!invariant->call(invariant->context.get(), space.root()))
      throw spec_binding_error(spec_binding_error::kind::invariant, k + 1,
                               fmt::format("instance {} of {} is not valid under the C++ invariant", k + 1, o.spec_file));
    if (o.format) {
      std::string picture;
      printer.append(picture, structure(space, candidate, report.structures.size() + 1), *o.format);
      report.pictures.push_back(std::move(picture));
    }
    report.structures.push_back(std::move(candidate));
  }
  return report;
}

}  // namespace

spec_suite_report field_exhaustive_from_spec(const spec_suite_options& options) {
  return run_algorithm_1(options, nullptr, nullptr);
}

spec_suite_report field_exhaustive_from_spec(const finitization& fin, const predicate& invariant,
                                             const spec_suite_options& options) {
  return run_algorithm_1(options, &fin, &invariant);
}

}  // namespace smallscope
