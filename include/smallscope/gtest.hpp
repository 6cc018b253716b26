// Checking a method from GoogleTest (paper 000, Sec. 6.1): one TEST checks a method on every
// input of a scope; each counterexample becomes a GoogleTest failure that carries its pictures,
// the failed check and a paste-ready reproducer.
//
//   TEST(SearchTree, RemoveOnEveryTreeOfFiveNodes) {
//     using namespace subjects::search_tree;
//     const auto remove = SMALLSCOPE_METHOD(tree::remove, remove_post, smallscope::ints(1, 5));
//     EXPECT_TRUE(smallscope::testing::all_inputs_pass<tree>(fin(5, 0, 5, 1, 5), remove));
//   }
//
// Include this header only in test code that links GoogleTest.
#pragma once

#include <gtest/gtest.h>

#include <cstdio>
#include <string>

#include "smallscope/checker.hpp"
#include "smallscope/counterexample.hpp"

namespace smallscope::testing {

struct gtest_options {
  check_options check;
  std::size_t show = 3;  // counterexamples reported in full; the rest are counted
  std::string header;    // the header the reproducers include
  double progress_after = 5;  // seconds before (and between) progress lines on stderr; 0: none
};

// Checks `method` on every input of `fin` under `invariant`; adds one GoogleTest failure per
// shown counterexample and returns an assertion result that summarizes the run.
inline ::testing::AssertionResult all_inputs_pass(const finitization& fin, const predicate& invariant,
                                                  const target_method& method, const gtest_options& options = {}) {
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
  const check_report report = run_check(fin, invariant, method, options.check, progress);
  for (const auto& w : report.warnings) std::fprintf(stderr, "[ smallscope ] warning: %s\n", w.c_str());
  check_context ctx;
  ctx.fin = &fin;
  ctx.method = &method;
  ctx.header = options.header;
  for (std::size_t i = 0; i < report.failures.size() && i < options.show; ++i) {
    const auto& c = report.failures[i];
    ADD_FAILURE() << counterexample_report(ctx, c, i + 1, structure_format::text)
                  << "  GoogleTest reproducer:\n"
                  << googletest_reproducer(ctx, c);
  }
  if (report.failed == 0)
    return ::testing::AssertionSuccess() << method.name << ": all " << report.inputs << " inputs passed";
  return ::testing::AssertionFailure() << method.name << ": " << report.failed << " of " << report.inputs
                                       << " inputs failed (" << report.failures.size() - std::min(report.failures.size(), options.show)
                                       << " not shown)";
}

// The same, with the root class's member invariant rep_ok.
template <class Root>
::testing::AssertionResult all_inputs_pass(const finitization& fin, const target_method& method,
                                           const gtest_options& options = {}) {
  return all_inputs_pass(fin, make_predicate<&Root::rep_ok>(), method, options);
}

// The same, with the invariant RepOk known at compile time: a member or a free function of the
// root (all_inputs_pass<&rep_ok>(fin, method)).
template <auto RepOk>
::testing::AssertionResult all_inputs_pass(const finitization& fin, const target_method& method,
                                           const gtest_options& options = {}) {
  return all_inputs_pass(fin, make_predicate<RepOk>(), method, options);
}

}  // namespace smallscope::testing
