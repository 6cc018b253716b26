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
// all_sequences_pass does the same for every sequence of API calls (paper 001, explore.hpp).
// Include this header only in test code that links GoogleTest.
#pragma once

#include <gtest/gtest.h>

#include <cstdio>
#include <cstdlib>
#include <functional>
#include <string>

#include "smallscope/checker.hpp"
#include "smallscope/counterexample.hpp"
#include "smallscope/explore.hpp"

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
                                structure_source shard;
                                shard.candidates = shard_structures(fin, invariant, k - 1, parts, options.check.search);
                                gtest_options o = options;
                                o.check.source = &shard;
                                EXPECT_TRUE(all_inputs_pass(fin, invariant, method, o));
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
  const explore_report report = explore_sequences(api_calls(methods), options);
  for (std::size_t i = 0; i < report.findings.size() && i < show; ++i) {
    const auto& f = report.findings[i];
    std::string calls;
    for (const auto& c : f.calls) calls += (calls.empty() ? "" : "; ") + c;
    counterexample failed;
    failed.kind = f.run.kind;
    failed.detail = f.run.detail;
    failed.invariant_clause = f.run.invariant_clause;
    ADD_FAILURE() << "after " << f.depth << " calls: " << failed_check_text(failed)
                  << "\n  calls:  " << calls << "\n  result: " << f.run.result;
  }
  std::string sizes;
  for (const auto n : report.states_by_depth) sizes += (sizes.empty() ? "" : ", ") + std::to_string(n);
  if (report.findings.empty())
    return ::testing::AssertionSuccess() << report.states << " states (by depth: " << sizes << "), " << report.calls
                                         << " calls, none failed" << (report.complete ? "" : "; stopped: " + report.stopped_by);
  return ::testing::AssertionFailure() << report.findings.size() << " failed calls in " << report.calls << " calls ("
                                       << report.findings.size() - std::min(report.findings.size(), show)
                                       << " not shown)";
}

}  // namespace smallscope::testing
