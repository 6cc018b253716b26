// TestEra's two phases (paper 003, Sec. 5): enumerate the run command's instances on SAT,
// concretize each into the finitization's objects, run the method in the check harness, and
// judge the abstracted post-state with the spec's predicate.
#include <fmt/format.h>

#include <chrono>
#include <optional>
#include <stdexcept>
#include <unordered_map>

#include "concretize/binding.hpp"
#include "concretize/spec_scope.hpp"
#include "sat/enumerator.hpp"
#include "smallscope/spec.hpp"
#include "evaluate/evaluator.hpp"
#include "spec_front/load.hpp"

namespace smallscope {


spec_check_report run_spec_check(const finitization& fin, const predicate& invariant, const target_method& method,
                                 const spec_check_options& request, check_options options,
                                 const check_progress& progress) {
  spec_check_report report;
  std::uint32_t command = 0;
  const spec::module m =
      concretize::load_scoped(request.spec_file, request.run, request.scope, fin.data(), command, report.scope);
  concretize::refuse_aux_fields(m, "judge the method's post-states");
  const auto& cmd = m.commands[command];
  if (cmd.target < 0) throw std::invalid_argument(m.file + ": the run command must name a predicate with a receiver");
  report.command = cmd.name;
  const std::uint32_t post = request.post.empty() ? static_cast<std::uint32_t>(cmd.target) : spec::find_pred(m, request.post);
  report.post = m.functions[post].name;
  std::size_t params = 0;
  for (const auto& d : m.functions[post].params) params += d.names.size();
  if (params != method.arguments.size() + 1)
    throw std::invalid_argument(fmt::format("{}: predicate {} takes {} parameter(s) with its receiver; method {} needs {} (the root, then its {} argument(s))",
                                            m.file, report.post, params, method.name, method.arguments.size() + 1,
                                            method.arguments.size()));

  const auto start = std::chrono::steady_clock::now();
  std::optional<sat::enumerator> translated;
  try {
    translated.emplace(m, command, options.stop);
  } catch (const sat::translation_stopped&) {  // asked to stop while translating: nothing checked
    report.check.interrupted = true;
    return report;
  }
  sat::enumerator& instances = *translated;
  instances.set_stop(options.stop);  // then check what was enumerated
  if (instances.bound().root_sig < 0)
    throw std::invalid_argument(fmt::format("{}: predicate {} needs a receiver (pred Sig.{}) to be the root of the inputs",
                                            m.file, cmd.name, cmd.name));
  report.inexact = instances.inexact();
  const detail::state_space space(fin.data());
  const concretize::binding bind(m, instances.bound(), space, fin.data().subject);
  structure_source source;
  std::vector<spec::instance> pre_states;
  spec::instance whole;
  std::vector<std::uint32_t> reached, candidate;
  while (instances.next(whole, reached)) {
    bind.concretize(whole, reached, candidate);
    source.candidates.push_back(candidate);
    pre_states.push_back(sat::reached_part(m, whole, reached));
  }
  report.instances = source.candidates.size();
  report.enumerate_seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();

  const auto& atoms = instances.atoms();
  const std::uint32_t root_atom = instances.bound().root_atom;
  source.judge = [&](std::size_t index, const void* now, const copy_map& copied, std::span<const std::int64_t> args,
                     std::string& failed) {
    try {
      spec::universe universe;
      spec::instance after = bind.abstract(now, method.describe(now), copied, universe);
      after.atoms = &universe;
      spec::instance before = pre_states[index];
      before.atoms = &universe;
      std::vector<std::uint32_t> actual{root_atom};
      for (std::size_t a = 0; a < args.size(); ++a) {
        if (!method.arguments[a].class_domain.empty()) {
          const auto* p = reinterpret_cast<const void*>(static_cast<std::uintptr_t>(args[a]));
          const std::int64_t atom = bind.atom_of_input(p, copied);
          if (atom < 0) {
            failed = fmt::format("argument {} is an object the spec does not model", a + 1);
            return false;
          }
          actual.push_back(static_cast<std::uint32_t>(atom));
        } else {
          std::uint32_t atom = 0;
          if (!atoms.int_atom(args[a], atom)) {
            failed = fmt::format("argument {} = {} is outside Int's range of the spec's scope", a + 1, args[a]);
            return false;
          }
          actual.push_back(atom);
        }
      }
      spec::evaluator ev(m, after, &before);
      auto conjuncts = ev.failed_conjuncts(post, actual);
      if (conjuncts.empty()) return true;
      failed = fmt::format("{}", fmt::join(conjuncts, "; "));
      return false;
    } catch (const std::exception& e) {
      failed = std::string("the post-state cannot be judged: ") + e.what();
      return false;
    }
  };
  options.source = &source;
  report.check = run_check(fin, invariant, method, options, progress);
  return report;
}

}  // namespace smallscope
