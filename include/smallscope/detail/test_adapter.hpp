// What the test framework adapters share (gtest.hpp, catch2.hpp, doctest.hpp; paper 000, Sec. 6.1:
// one test checks a method on every input of a scope): the run with its progress lines, the text
// of each shown counterexample with its reproducer in the framework's own form, and the summary.
// Each adapter only turns these into its framework's failures.
// Stage: adapters.
#pragma once

#include <algorithm>
#include <cstdio>
#include <ostream>
#include <string>
#include <vector>

#include "smallscope/checker.hpp"
#include "smallscope/counterexample.hpp"
#include "smallscope/explore.hpp"

namespace smallscope::testing {

// How a test checks a method (every adapter takes these).
struct adapter_options {
  check_options check;
  std::size_t show = 3;  // counterexamples reported in full; the rest are counted
  std::string header;    // the header the reproducers include
  double progress_after = 5;  // seconds before (and between) progress lines on stderr; 0: none
};

// A whole check's verdict as Catch2 and doctest assertions print it: true when every input
// passed; the text says how many inputs ran and how many failed
// (CHECK(all_inputs_pass(...)) prints "push: 3 of 30 inputs failed (0 not shown)").
struct test_summary {
  bool passed = false;
  std::string text;
  explicit operator bool() const { return passed; }
  friend std::ostream& operator<<(std::ostream& os, const test_summary& s) { return os << s.text; }
};

namespace detail {

// A shown counterexample: its report (failed check, call, pictures) and its reproducer as a test
// case of the framework.
struct shown_failure {
  std::string report;
  std::string reproducer;
  // Both, as one failure's message.
  std::string text(test_framework framework) const {
    return report + "  " + test_framework_name(framework) + " reproducer:\n" + reproducer;
  }
};

// One check run for a test: its report, the failures to report and the summary.
struct checked_method {
  check_report report;
  std::vector<shown_failure> failures;
  test_summary summary;
};

inline checked_method check_for_test(const finitization& fin, const predicate& invariant, const target_method& method,
                                     const adapter_options& options, test_framework framework) {
  // Long checks say how far they are, on stderr, as the command line does.
  check_progress progress;
  if (options.progress_after > 0)
    progress = [&method, &options, last = 0.0](const check_report& partial) mutable {
      if (partial.seconds < options.progress_after || partial.seconds - last < options.progress_after) return;
      last = partial.seconds;
      std::fprintf(stderr, "[ smallscope ] %s: %llu inputs checked, %llu failed, %llu structures, %.0f s\n",
                   method.name.c_str(), static_cast<unsigned long long>(partial.inputs),
                   static_cast<unsigned long long>(partial.failed), static_cast<unsigned long long>(partial.structures),
                   partial.seconds);
    };
  checked_method out;
  out.report = run_check(fin, invariant, method, options.check, progress);
  const check_report& report = out.report;
  for (const auto& w : report.warnings) std::fprintf(stderr, "[ smallscope ] warning: %s\n", w.c_str());
  check_context ctx;
  ctx.fin = &fin;
  ctx.method = &method;
  ctx.header = options.header;
  for (std::size_t i = 0; i < report.failures.size() && i < options.show; ++i) {
    const auto& c = report.failures[i];
    out.failures.push_back({counterexample_report(ctx, c, i + 1, structure_format::text),
                            test_reproducer(ctx, c, framework)});
  }
  out.summary.passed = report.failed == 0;
  out.summary.text =
      report.failed == 0
          ? method.name + ": all " + std::to_string(report.inputs) + " inputs passed"
          : method.name + ": " + std::to_string(report.failed) + " of " + std::to_string(report.inputs) +
                " inputs failed (" + std::to_string(report.failures.size() - std::min(report.failures.size(), options.show)) +
                " not shown)";
  return out;
}

// `parts` shares of `fin`'s search, part k (1-based) checked alone: the cut of `smallscope gen
// --shard K/PARTS`; the parts together check every input once.
inline checked_method check_part_for_test(const finitization& fin, const predicate& invariant,
                                          const target_method& method, unsigned k, unsigned parts,
                                          adapter_options options, test_framework framework) {
  structure_source shard;
  shard.candidates = shard_structures(fin, invariant, k - 1, parts, options.check.search);
  options.check.source = &shard;
  return check_for_test(fin, invariant, method, options, framework);
}

// One sequence exploration for a test: the failed calls to report (each with the calls that reach
// it) and the summary.
struct explored_sequences {
  explore_report report;
  std::vector<std::string> failures;
  test_summary summary;
};

inline explored_sequences explore_for_test(const std::vector<const target_method*>& methods,
                                           const explore_options& options, std::size_t show) {
  explored_sequences out;
  out.report = explore_sequences(api_calls(methods), options);
  const explore_report& report = out.report;
  for (std::size_t i = 0; i < report.findings.size() && i < show; ++i) {
    const auto& f = report.findings[i];
    std::string calls;
    for (const auto& c : f.calls) calls += (calls.empty() ? "" : "; ") + c;
    counterexample failed;
    failed.kind = f.run.kind;
    failed.detail = f.run.detail;
    failed.invariant_clause = f.run.invariant_clause;
    failed.returned = f.returned;
    out.failures.push_back("after " + std::to_string(f.depth) + " calls: " + failed_check_text(failed) +
                           "\n  calls:  " + calls + "\n  result: " + f.run.result);
  }
  std::string sizes;
  for (const auto n : report.states_by_depth) sizes += (sizes.empty() ? "" : ", ") + std::to_string(n);
  out.summary.passed = report.findings.empty();
  out.summary.text =
      report.findings.empty()
          ? std::to_string(report.states) + " states (by depth: " + sizes + "), " + std::to_string(report.calls) +
                " calls, none failed" + (report.complete ? "" : "; stopped: " + report.stopped_by)
          : std::to_string(report.findings.size()) + " failed calls in " + std::to_string(report.calls) + " calls (" +
                std::to_string(report.findings.size() - std::min(report.findings.size(), show)) + " not shown)";
  return out;
}

}  // namespace detail
}  // namespace smallscope::testing
