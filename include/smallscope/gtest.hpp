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
// all_inputs_within_cost adds a bound on each input's cost (cost.hpp); all_sequences_pass does
// the same for every sequence of API calls (paper 001, explore.hpp), and
// all_sequences_within_cost bounds their calls' cost, each call's or amortized.
// Include this header only in test code that links GoogleTest.
// Stage: adapters.
#pragma once

#include <gtest/gtest.h>

#include <cstdlib>
#include <functional>
#include <stdexcept>
#include <string>
#include <string_view>

#include "smallscope/detail/test_adapter.hpp"

namespace smallscope::testing {

using gtest_options = adapter_options;

// Checks `method` on every input of `fin` under `invariant`; adds one GoogleTest failure per
// shown counterexample and returns an assertion result that summarizes the run.
inline ::testing::AssertionResult all_inputs_pass(const finitization& fin, const predicate& invariant,
                                                  const target_method& method, const gtest_options& options = {}) {
  const auto run = detail::check_for_test(fin, invariant, method, options, test_framework::googletest);
  for (const auto& f : run.failures) ADD_FAILURE() << f.text(test_framework::googletest);
  return run.summary.passed ? ::testing::AssertionSuccess() << run.summary.text
                            : ::testing::AssertionFailure() << run.summary.text;
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

// Checks `method` as all_inputs_pass does, with the cost bound `bound` as an oracle too
// (cost.hpp: "reads <= 2*log2(n + 1) + 3", n the input's objects besides the root): each input
// that passes but costs more is a failure with its input and a reproducer that meters the call.
// A bound that does not parse fails the assertion with the parser's message.
inline ::testing::AssertionResult all_inputs_within_cost(const finitization& fin, const predicate& invariant,
                                                         const target_method& method, std::string_view bound,
                                                         gtest_options options = {}) {
  try {
    options.check.max_cost.push_back(cost_bound::parse(bound));
  } catch (const std::invalid_argument& e) {
    return ::testing::AssertionFailure() << "the cost bound '" << bound << "' does not parse: " << e.what();
  }
  return all_inputs_pass(fin, invariant, method, options);
}

// The same, with the root class's member invariant rep_ok.
template <class Root>
::testing::AssertionResult all_inputs_within_cost(const finitization& fin, const target_method& method,
                                                  std::string_view bound, const gtest_options& options = {}) {
  return all_inputs_within_cost(fin, make_predicate<&Root::rep_ok>(), method, bound, options);
}

// A scope too big for one runner, spread over GoogleTest's shards: registers `parts` tests
// SUITE.NAME/part_K_of_PARTS (K = 1..parts); part K checks `method` on the structures of share K
// of the search (the cut of `smallscope gen --shard K/PARTS`), and the parts together check every
// input once. GoogleTest's own sharding (GTEST_TOTAL_SHARDS and GTEST_SHARD_INDEX, which ctest,
// Bazel's shard_count and CI matrices set) then runs each part on one of its shards. With parts
// = 0: as many parts as GTEST_TOTAL_SHARDS says (1 when unset). Call before RUN_ALL_TESTS (a
// static initializer will do); `make_fin` and `invariant` are kept for the tests' run.
inline void register_sharded_checks(const char* suite, const char* name, std::function<finitization()> make_fin,
                                    predicate invariant, target_method method, unsigned parts = 0,
                                    gtest_options options = {}) {
  if (parts == 0) {
    const char* total = std::getenv("GTEST_TOTAL_SHARDS");
    parts = total != nullptr && std::atoi(total) > 0 ? static_cast<unsigned>(std::atoi(total)) : 1u;
  }
  for (unsigned k = 1; k <= parts; ++k) {
    const std::string test_name = std::string(name) + "/part_" + std::to_string(k) + "_of_" + std::to_string(parts);
    ::testing::RegisterTest(suite, test_name.c_str(), nullptr, nullptr, __FILE__, __LINE__,
                            [=]() -> ::testing::Test* {
                              struct part : ::testing::Test {
                                std::function<void()> body;
                                void TestBody() override { body(); }
                              };
                              auto* t = new part;
                              t->body = [=] {
                                const finitization fin = make_fin();
                                const auto run = detail::check_part_for_test(fin, invariant, method, k, parts, options,
                                                                             test_framework::googletest);
                                for (const auto& f : run.failures) ADD_FAILURE() << f.text(test_framework::googletest);
                                EXPECT_TRUE(run.summary.passed) << run.summary.text;
                              };
                              return t;
                            });
  }
}

// Explores every sequence of calls of `methods` (each with every tuple of its integer argument
// domains) from the empty structure (paper 001's model checking as testing, explore.hpp); adds
// one GoogleTest failure per shown failed call, with the calls that reach it, and returns an
// assertion result that summarizes the run. The calls run in this process.
//
//   const auto t = smallscope::find_subject("TreeMap")->make({4, 0, 4, 4, 1});
//   EXPECT_TRUE(smallscope::testing::all_sequences_pass({&t.methods[1], &t.methods[2]}));
inline ::testing::AssertionResult all_sequences_pass(const std::vector<const target_method*>& methods,
                                                     const explore_options& options = {}, std::size_t show = 3) {
  const auto run = detail::explore_for_test(methods, options, show);
  for (const auto& f : run.failures) ADD_FAILURE() << f;
  return run.summary.passed ? ::testing::AssertionSuccess() << run.summary.text
                            : ::testing::AssertionFailure() << run.summary.text;
}

// Explores as all_sequences_pass does, with cost bounds as oracles (cost.hpp, explore.hpp):
// `per_call` on each call (n the size of the state it is called on) and `amortized` on every
// sequence of up to options.sequence_length calls (its total against the sum of the bound at
// its calls). Either may be empty. A bound that does not parse fails the assertion.
//
//   EXPECT_TRUE(smallscope::testing::all_sequences_within_cost({&enqueue, &dequeue}, "", "reads <= 6"));
inline ::testing::AssertionResult all_sequences_within_cost(const std::vector<const target_method*>& methods,
                                                            std::string_view per_call, std::string_view amortized,
                                                            explore_options options = {}, std::size_t show = 3) {
  for (const auto& [bound, into] : {std::pair{per_call, &options.max_cost}, std::pair{amortized, &options.max_amortized_cost}}) {
    if (bound.empty()) continue;
    try {
      into->push_back(cost_bound::parse(bound));
    } catch (const std::invalid_argument& e) {
      return ::testing::AssertionFailure() << "the cost bound '" << bound << "' does not parse: " << e.what();
    }
  }
  return all_sequences_pass(methods, options, show);
}

}  // namespace smallscope::testing
