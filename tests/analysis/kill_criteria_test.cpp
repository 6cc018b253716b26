// The kill criteria of paper 000 Sec. 7.2 that a worker judges itself, one by one: a mutant's
// run against the original's on the same input.
#include <gtest/gtest.h>

#include "analysis/kill_criteria.hpp"

namespace {

using smallscope::mutant_status;
using smallscope::outcome_kind;
using smallscope::detail::judge_mutant;
using smallscope::detail::run_output;

const run_output original{outcome_kind::passed, "true", "", 42};

TEST(KillCriteria, SameOutputSurvives) {
  EXPECT_EQ(judge_mutant(original, original).status, mutant_status::survived);
}

TEST(KillCriteria, Invariant) {
  const auto v = judge_mutant(original, {outcome_kind::invariant, "true", "sorted", 42});
  EXPECT_EQ(v.status, mutant_status::invariant);
  EXPECT_EQ(v.detail, "sorted");
}

TEST(KillCriteria, ResultThenPostState) {
  EXPECT_EQ(judge_mutant(original, {outcome_kind::passed, "false", "", 42}).detail, "result false, original true");
  EXPECT_EQ(judge_mutant(original, {outcome_kind::passed, "true", "", 43}).status, mutant_status::output);
}

TEST(KillCriteria, Exceptions) {
  EXPECT_EQ(judge_mutant(original, {outcome_kind::exception, "", "boom", 0}).status, mutant_status::exception);
  // The same exception as the original's, and the same state: not killed; another one: killed.
  const run_output threw{outcome_kind::exception, "", "empty heap", 7};
  EXPECT_EQ(judge_mutant(threw, threw).status, mutant_status::survived);
  EXPECT_EQ(judge_mutant(threw, {outcome_kind::exception, "", "other", 7}).detail,
            "threw 'other', original threw 'empty heap'");
  EXPECT_EQ(judge_mutant(threw, original).status, mutant_status::output);
}

TEST(KillCriteria, MemoryPostconditionLeak) {
  EXPECT_EQ(judge_mutant(original, {outcome_kind::exception, "", "std::bad_alloc", 0}).status, mutant_status::memory);
  EXPECT_EQ(judge_mutant(original, {outcome_kind::postcondition, "true", "size", 42}).status,
            mutant_status::postcondition);
  EXPECT_EQ(judge_mutant(original, {outcome_kind::leak, "true", "1 block", 42}).status, mutant_status::leak);
}

// Where the original itself fails, the mutant is compared with that failure.
TEST(KillCriteria, OriginalFailure) {
  const run_output failing{outcome_kind::postcondition, "true", "size", 42};
  EXPECT_EQ(judge_mutant(failing, failing).status, mutant_status::survived);
  EXPECT_EQ(judge_mutant(failing, original).status, mutant_status::output);
}

}  // namespace
