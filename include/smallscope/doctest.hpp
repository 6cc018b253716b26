// Checking a method from doctest (paper 000, Sec. 6.1), as gtest.hpp does from GoogleTest: one
// TEST_CASE checks a method on every input of a scope; each counterexample becomes a doctest
// failure (FAIL_CHECK) that carries its pictures, the failed check and a paste-ready doctest
// reproducer, and the returned summary is true when every input passed:
//
//   TEST_CASE("push on every stack of up to three nodes") {
//     CHECK(smallscope::for_doctest::all_inputs_pass<stack>(fin(3), push));
//   }
//
// check_in_parts spreads a scope over doctest's subcases ("part K of PARTS"), so that
// `--subcase="part 2 of 4"` runs one part: the means doctest has for running a share of a test
// case. Include this header only in test code that links doctest (Debian's doctest-dev).
// Stage: adapters.
#pragma once

#include <doctest/doctest.h>

#include <string>
#include <vector>

#include "smallscope/detail/test_adapter.hpp"

namespace smallscope::for_doctest {

using doctest_options = testing::adapter_options;
using testing::test_summary;

// Checks `method` on every input of `fin` under `invariant`; adds one doctest failure per shown
// counterexample and returns the run's summary (true when every input passed).
inline test_summary all_inputs_pass(const finitization& fin, const predicate& invariant, const target_method& method,
                                    const doctest_options& options = {}) {
  const auto run = testing::detail::check_for_test(fin, invariant, method, options, test_framework::doctest);
  for (const auto& f : run.failures) DOCTEST_FAIL_CHECK(f.text(test_framework::doctest));
  return run.summary;
}

// The same, with the root class's member invariant rep_ok.
template <class Root>
test_summary all_inputs_pass(const finitization& fin, const target_method& method, const doctest_options& options = {}) {
  return all_inputs_pass(fin, make_predicate<&Root::rep_ok>(), method, options);
}

// The same, with the invariant RepOk known at compile time (all_inputs_pass<&rep_ok>(fin, method)).
template <auto RepOk>
test_summary all_inputs_pass(const finitization& fin, const target_method& method, const doctest_options& options = {}) {
  return all_inputs_pass(fin, make_predicate<RepOk>(), method, options);
}

// A scope too big for one run, in `parts` subcases "part K of PARTS" (K = 1..parts): subcase K
// checks `method` on share K of the search (the cut of `smallscope gen --shard K/PARTS`), and the
// subcases together check every input once. doctest runs every subcase in turn;
// `--subcase="part K of PARTS"` runs one, so a CI matrix runs one part per job.
inline void check_in_parts(const finitization& fin, const predicate& invariant, const target_method& method,
                           unsigned parts, const doctest_options& options = {}) {
  for (unsigned k = 1; k <= parts; ++k) {
    const std::string name = "part " + std::to_string(k) + " of " + std::to_string(parts);
    DOCTEST_SUBCASE(name.c_str()) {
      const auto run =
          testing::detail::check_part_for_test(fin, invariant, method, k, parts, options, test_framework::doctest);
      for (const auto& f : run.failures) DOCTEST_FAIL_CHECK(f.text(test_framework::doctest));
      DOCTEST_CHECK(run.summary);
    }
  }
}

template <class Root>
void check_in_parts(const finitization& fin, const target_method& method, unsigned parts,
                    const doctest_options& options = {}) {
  check_in_parts(fin, make_predicate<&Root::rep_ok>(), method, parts, options);
}

// Explores every sequence of calls of `methods` from the empty structure (explore.hpp); adds one
// doctest failure per shown failed call, with the calls that reach it, and returns the summary.
inline test_summary all_sequences_pass(const std::vector<const target_method*>& methods,
                                       const explore_options& options = {}, std::size_t show = 3) {
  const auto run = testing::detail::explore_for_test(methods, options, show);
  for (const auto& f : run.failures) DOCTEST_FAIL_CHECK(f);
  return run.summary;
}

}  // namespace smallscope::for_doctest
