// Counterexamples a C++ developer can act on (paper 003, Sec. 5: a counterexample shows the
// pre-state and the post-state and says which part of the specification failed): a picture of
// both states, the failed check, the command that reproduces it, and a test case (GoogleTest,
// Catch2 or doctest) that rebuilds the pre-state with plain C++ statements and runs the method with
// the same oracle.
// Stage: check.
#pragma once

#include <string>

#include "smallscope/checker.hpp"

namespace smallscope {

// What a counterexample's report needs besides the counterexample.
struct check_context {
  std::string suite;  // the reproducer's test suite name; empty: the structure's subject
  const finitization* fin = nullptr;  // the inputs' finitization
  const target_method* method = nullptr;
  std::string reproduce_command;  // the command without --input; empty: none
  std::string header;             // the header that declares the classes
};

// "invariant fails in the post-state", "postcondition clause 'size' fails", "crash: SIGSEGV".
std::string failed_check_text(const counterexample& c);

// The pre-state of `c` as a picture in `format` (text: one line).
std::string pre_state_picture(const check_context& ctx, const counterexample& c, structure_format format);

// The full report of one counterexample, numbered `n`.
std::string counterexample_report(const check_context& ctx, const counterexample& c, std::size_t n,
                                  structure_format format);

// The test frameworks a reproducer is written for.
enum class test_framework { googletest, catch2, doctest };

// "GoogleTest", "Catch2", "doctest".
std::string test_framework_name(test_framework f);

// A paste-ready test case of `framework` reproducing `c`: it rebuilds the pre-state with plain C++
// statements, runs the method and judges the post-state with the same oracle.
std::string test_reproducer(const check_context& ctx, const counterexample& c, test_framework framework);

// A paste-ready GoogleTest case reproducing `c` (test_reproducer with test_framework::googletest).
std::string googletest_reproducer(const check_context& ctx, const counterexample& c);

}  // namespace smallscope
