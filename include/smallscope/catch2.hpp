// Checking a method from Catch2 (paper 000, Sec. 6.1), as gtest.hpp does from GoogleTest: one
// TEST_CASE checks a method on every input of a scope; each counterexample becomes a Catch2
// failure (FAIL_CHECK) that carries its pictures, the failed check and a paste-ready Catch2
// reproducer, and the returned summary is true when every input passed:
//
//   TEST_CASE("push on every stack of up to three nodes") {
//     CHECK(smallscope::for_catch2::all_inputs_pass<stack>(fin(3), push));
//   }
//
// check_in_parts spreads a scope over Catch2's sections ("part K of PARTS"), so that `-c "part 2
// of 4"` runs one part: the means Catch2 has for running a share of a test case. Tested with
// Catch2 v2 (<catch2/catch.hpp>, Debian's catch2); with v3 it includes
// <catch2/catch_test_macros.hpp> and uses only macros v3 keeps (CHECK, FAIL_CHECK, DYNAMIC_SECTION).
// Include this header only in test code that links Catch2.
// Stage: adapters.
#pragma once

#if __has_include(<catch2/catch_test_macros.hpp>)
#include <catch2/catch_test_macros.hpp>
#else
#include <catch2/catch.hpp>
#endif

#include <iostream>
#include <string>
#include <vector>

#include "smallscope/detail/test_adapter.hpp"

#ifdef CATCH_CONFIG_PREFIX_ALL
#define SMALLSCOPE_CATCH_FAIL_CHECK(...) CATCH_FAIL_CHECK(__VA_ARGS__)
#define SMALLSCOPE_CATCH_CHECK(...) CATCH_CHECK(__VA_ARGS__)
#define SMALLSCOPE_CATCH_SECTION(...) CATCH_DYNAMIC_SECTION(__VA_ARGS__)
#else
#define SMALLSCOPE_CATCH_FAIL_CHECK(...) FAIL_CHECK(__VA_ARGS__)
#define SMALLSCOPE_CATCH_CHECK(...) CHECK(__VA_ARGS__)
#define SMALLSCOPE_CATCH_SECTION(...) DYNAMIC_SECTION(__VA_ARGS__)
#endif

namespace smallscope::for_catch2 {

using catch2_options = testing::adapter_options;
using testing::test_summary;

namespace detail {

// One Catch2 failure per shown counterexample. Catch2 wraps a message at its console's width,
// which would break the reproducer's lines: the reproducer goes to stdout as it is, just before
// the failure that names it.
inline void report_failures(const std::vector<testing::detail::shown_failure>& failures) {
  for (std::size_t i = 0; i < failures.size(); ++i) {
    std::cout << "Catch2 reproducer of counterexample " << (i + 1) << ":\n" << failures[i].reproducer << std::flush;
    SMALLSCOPE_CATCH_FAIL_CHECK(failures[i].report << "  (its Catch2 reproducer is printed above)");
  }
}

}  // namespace detail

// Checks `method` on every input of `fin` under `invariant`; adds one Catch2 failure per shown
// counterexample and returns the run's summary (true when every input passed).
inline test_summary all_inputs_pass(const finitization& fin, const predicate& invariant, const target_method& method,
                                    const catch2_options& options = {}) {
  const auto run = testing::detail::check_for_test(fin, invariant, method, options, test_framework::catch2);
  detail::report_failures(run.failures);
  return run.summary;
}

// The same, with the root class's member invariant rep_ok.
template <class Root>
test_summary all_inputs_pass(const finitization& fin, const target_method& method, const catch2_options& options = {}) {
  return all_inputs_pass(fin, make_predicate<&Root::rep_ok>(), method, options);
}

// The same, with the invariant RepOk known at compile time (all_inputs_pass<&rep_ok>(fin, method)).
template <auto RepOk>
test_summary all_inputs_pass(const finitization& fin, const target_method& method, const catch2_options& options = {}) {
  return all_inputs_pass(fin, make_predicate<RepOk>(), method, options);
}

// A scope too big for one run, in `parts` sections "part K of PARTS" (K = 1..parts): section K
// checks `method` on share K of the search (the cut of `smallscope gen --shard K/PARTS`), and the
// sections together check every input once. Catch2 runs every section in turn; `-c "part K of
// PARTS"` runs one, so a CI matrix runs one part per job.
inline void check_in_parts(const finitization& fin, const predicate& invariant, const target_method& method,
                           unsigned parts, const catch2_options& options = {}) {
  for (unsigned k = 1; k <= parts; ++k) {
    SMALLSCOPE_CATCH_SECTION("part " << k << " of " << parts) {
      const auto run =
          testing::detail::check_part_for_test(fin, invariant, method, k, parts, options, test_framework::catch2);
      detail::report_failures(run.failures);
      SMALLSCOPE_CATCH_CHECK(run.summary);
    }
  }
}

template <class Root>
void check_in_parts(const finitization& fin, const target_method& method, unsigned parts,
                    const catch2_options& options = {}) {
  check_in_parts(fin, make_predicate<&Root::rep_ok>(), method, parts, options);
}

// Explores every sequence of calls of `methods` from the empty structure (explore.hpp); adds one
// Catch2 failure per shown failed call, with the calls that reach it, and returns the summary.
inline test_summary all_sequences_pass(const std::vector<const target_method*>& methods,
                                       const explore_options& options = {}, std::size_t show = 3) {
  const auto run = testing::detail::explore_for_test(methods, options, show);
  for (const auto& f : run.failures) SMALLSCOPE_CATCH_FAIL_CHECK(f);
  return run.summary;
}

}  // namespace smallscope::for_catch2
