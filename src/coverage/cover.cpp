// Branch-coverage suites, black-box and white-box (paper 001, Sec. 5.2-5.4). See cover.hpp.
#include "smallscope/cover.hpp"

#include <algorithm>
#include <numeric>
#include <stdexcept>

#include "check/input_space.hpp"
#include "space/reachable.hpp"

namespace smallscope {

namespace {

struct reset_hook {
  static void copied(void*, const copy_map&) { branches::reset(); }
};

}  // namespace

cover_report cover(const finitization& fin, const predicate& invariant, const std::vector<target_method>& methods,
                   const cover_options& options) {
  if (!branches::instrumented())
    throw std::invalid_argument("this program has no branch probes: build the code under test from headers rewritten "
                                "by smallscope-mutants --branches (smallscope-branches is the command line built so)");
  cover_report report;
  const live_scope in_force(fin.live());  // the walks of copies and pictures
  structure_range range = structures(fin, invariant, options.search);
  struct input {
    std::vector<std::uint32_t> values;
    std::uint32_t objects;
  };
  std::vector<input> inputs;
  const detail::state_space* space = nullptr;
  std::vector<std::uint32_t> order;
  std::vector<std::uint8_t> seen;
  for (const auto& s : range) {
    space = &s.space();
    detail::reachable_objects(s.space(), s.values(), order, seen);
    inputs.push_back({{s.values().begin(), s.values().end()}, static_cast<std::uint32_t>(order.size())});
  }
  report.inputs = inputs.size();
  if (inputs.empty()) return report;
  std::stable_sort(inputs.begin(), inputs.end(), [](const input& a, const input& b) { return a.objects < b.objects; });
  std::vector<detail::argument_tuples> tuples;
  for (const auto& m : methods) tuples.emplace_back(m, *space);
  report.covered.assign(branches::size(), 0);
  run_hooks hooks;
  hooks.copied = &reset_hook::copied;
  std::vector<std::int64_t> args, integers;
  std::vector<std::string> texts;
  for (std::size_t i = 0; i < inputs.size(); ++i) {
    const input& in = inputs[i];
    if (report.inputs_by_objects.size() <= in.objects) report.inputs_by_objects.resize(in.objects + 1, 0);
    report.inputs_by_objects[in.objects] += 1;
    space->write_all(in.values.data());
    const structure st(*space, in.values, i + 1);
    bool kept = false;
    for (std::size_t m = 0; m < methods.size(); ++m)
      for (std::uint64_t t = 0; t < tuples[m].count(); ++t) {
        tuples[m].values(t, args);
        if (options.select && !options.select(st, m, args)) continue;
        const method_run run = methods[m].call(space->root(), args, &hooks);
        const branch_vector taken = branches::taken();
        ++report.tests;
        cover_test test;
        test.input = i + 1;
        test.method = m;
        test.args = args;
        tuples[m].describe(t, test.arg_texts, integers);
        for (std::size_t k = 0; k < taken.size(); ++k)
          if (taken[k] != 0 && report.covered[k] == 0) {
            report.covered[k] = 1;
            ++test.new_outcomes;
          }
        if (options.on_test) options.on_test(test, taken);
        if (run.kind != outcome_kind::passed) report.failures.push_back({test, run.kind, run.detail});
        if (test.new_outcomes == 0) continue;
        report.suite.push_back(test);
        if (!kept) {
          kept = true;
          report.suite_inputs.push_back(i + 1);
          report.suite_candidates.push_back(in.values);
          report.suite_input_objects.push_back(in.objects);
        }
      }
  }
  return report;
}

}  // namespace smallscope
