// The coverage columns of mutate's table (src/cli/mutate_rows.cpp): a percentage of nothing
// measured is "-" (a subject whose spec lies in another file than its code measured no spec
// line, and the columns said 100.00/100.00).
#include <gtest/gtest.h>

#include "cli/mutate_rows.hpp"

namespace {

TEST(MutateRows, NothingMeasuredIsADashNotAHundred) {
  smallscope::cli::coverage_figures c;
  c.code_statements = 75;
  c.code_branches = 50;
  c.code_lines = 8;
  c.code_branch_count = 4;
  c.spec_statements = 100;  // what a percentage of no line comes to
  c.spec_branches = 100;
  EXPECT_EQ(smallscope::cli::coverage_columns(c), " 75.00/ 50.00       -/     -");
  c.spec_lines = 10;
  c.spec_statements = 90;
  EXPECT_EQ(smallscope::cli::coverage_columns(c), " 75.00/ 50.00   90.00/     -");
}

}  // namespace
