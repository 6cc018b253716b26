// Branch-coverage suites (paper 001, Sec. 5.2-5.4) over a program built with branch probes
// (branches.hpp): every valid input of a finitization, smallest first, meets its tests (each
// method with each argument tuple of its domains, or those a selection keeps), and each test's
// outcomes are read.
// - Black-box (paper 001's Table 2): every test runs; the report gives the coverage of all.
// - White-box (Table 3): the suite keeps each test that takes an outcome no test before it took,
//   and the inputs of those tests, each once (inputs are one per isomorphism class already), so
//   it reaches the same coverage as all the tests with few inputs.
// A test whose run fails its oracle is a failure with its input, whichever the mode. The tests
// run in a forked worker: a method that crashes or hangs is a failure too, and the tests after it
// run. A test's outcomes are those taken from the copies of its input to the end of its oracle:
// code only the harness runs (the release of the post-state and the destructors it calls) is
// credited to no test.
// Stage: coverage.
#pragma once

#include <cstdint>
#include <functional>
#include <span>
#include <string>
#include <vector>

#include "smallscope/rewritten/branches.hpp"
#include "smallscope/check.hpp"
#include "smallscope/finitization.hpp"
#include "smallscope/search.hpp"

namespace smallscope {

struct cover_options {
  // Which tests an input has: method `m` (an index into the methods) with `args`; every tuple of
  // every method when empty. The paper's black-box suite, for instance, is every deletion and
  // one insertion per tree.
  std::function<bool(const structure& input, std::size_t m, std::span<const std::int64_t> args)> select;
  search_options search;
  // Told of every test as it ran, with the outcomes it took (in this process; `select` runs in
  // the worker).
  std::function<void(const struct cover_test&, const branch_vector& taken)> on_test;
  // Seconds a test may run before it counts as hanging (0: ten times the running median plus one
  // second).
  double timeout = 0;
};

struct cover_test {
  std::uint64_t input = 0;  // 1-based, in the order inputs were tested (size, then search order)
  std::size_t method = 0;
  std::vector<std::int64_t> args;
  std::vector<std::string> arg_texts;
  std::uint32_t new_outcomes = 0;  // outcomes no earlier test took
};

struct cover_failure {
  cover_test test;
  outcome_kind kind = outcome_kind::passed;
  std::string detail;
  bool returned = false;  // a crash: the method had returned (reading its post-state crashed)
};

struct cover_report {
  std::uint64_t inputs = 0;  // valid structures
  std::uint64_t tests = 0;   // method runs
  branch_vector covered;     // by every test
  std::vector<cover_test> suite;                   // white-box: the tests that took a new outcome
  std::vector<std::uint64_t> suite_inputs;         // their inputs, each once, in test order
  std::vector<std::vector<std::uint32_t>> suite_candidates;  // those inputs' candidate vectors
  std::vector<std::uint32_t> suite_input_objects;  // and the objects each reaches
  std::vector<cover_failure> failures;
  std::vector<std::uint64_t> inputs_by_objects;    // [k]: inputs that reach k objects
};

// Requires a program with branch probes (branches::instrumented()); throws std::invalid_argument
// otherwise, or for a method whose argument domains the finitization cannot resolve.
cover_report cover(const finitization& fin, const predicate& invariant, const std::vector<target_method>& methods,
                   const cover_options& options = {});

}  // namespace smallscope
