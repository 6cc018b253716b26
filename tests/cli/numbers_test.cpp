// The command line's number helpers (src/cli/numbers.*): durations stay readable and finite for
// any estimate (issue: `gen HeapArray 64` printed "~5.8e24G ... ~0 s left"), strict parsing.
#include <gtest/gtest.h>

#include <cmath>
#include <limits>

#include "cli/numbers.hpp"

namespace {

using smallscope::cli::duration_text;

TEST(Numbers, DurationsAreReadableAtEveryMagnitude) {
  EXPECT_EQ(duration_text(42.3), "42 s");
  EXPECT_EQ(duration_text(192), "3 min 12 s");
  EXPECT_EQ(duration_text(7500), "2 h 5 min");
  EXPECT_EQ(duration_text(200000), "2 days");
  EXPECT_EQ(duration_text(1e8), "3 years");
  EXPECT_EQ(duration_text(5.8e24), "more than 100 years");
  EXPECT_EQ(duration_text(std::numeric_limits<double>::infinity()), "more than 100 years");
  EXPECT_EQ(duration_text(std::nan("")), "more than 100 years");
  EXPECT_EQ(duration_text(-3), "0 s");
}

TEST(Numbers, ParsingIsStrict) {
  EXPECT_EQ(smallscope::cli::parse_u64("18446744073709551615"), std::numeric_limits<std::uint64_t>::max());
  EXPECT_FALSE(smallscope::cli::parse_u64("18446744073709551616").has_value());
  EXPECT_FALSE(smallscope::cli::parse_u64("-1").has_value());
  EXPECT_FALSE(smallscope::cli::parse_u64("3x").has_value());
  EXPECT_EQ(smallscope::cli::grouped(1234567), "1,234,567");
}

}  // namespace
