// The share done and time left of the progress line (src/cli/progress.cpp): an exact or settled
// share gives one time left; an estimate whose probes still spread widely gives a range, and no
// time left while that range spans more than four times, so the line never shows a single time
// left that the next line, a second later, contradicts tenfold.
#include <gtest/gtest.h>

#include <string>

#include "cli/progress.hpp"

namespace {

using smallscope::cli::progress_share;
using smallscope::cli::search_share;
using smallscope::cli::share_text;

smallscope::search_stats stats(std::uint64_t explored, double estimate, double spread) {
  smallscope::search_stats s;
  s.explored = explored;
  s.estimated_explored = estimate;
  s.estimated_spread = spread;
  return s;
}

TEST(ProgressShare, AnExactShareGivesOneTimeLeft) {
  EXPECT_EQ(share_text(10, progress_share{0.5, "8 structures"}), ", ~50% of 8 structures, ~10 s left");
  EXPECT_EQ(share_text(10, progress_share{0.0001, ""}), "");  // too early to say
  EXPECT_EQ(share_text(10, progress_share{1, ""}), "");
}

TEST(ProgressShare, ASettledEstimateGivesOneTimeLeft) {
  const auto share = search_share(stats(1'000'000, 2'000'000, 1'000));
  ASSERT_TRUE(share.has_value());
  EXPECT_EQ(share_text(20, *share), ", ~50% of ~2.0M explored (Chen's estimate), ~20 s left");
  EXPECT_FALSE(search_share(stats(5, 0, 0)).has_value());  // no estimate yet
}

TEST(ProgressShare, AnUnsettledEstimateGivesARangeOrNoTimeLeft) {
  // Between 1.6M and 2.4M candidates: 42-62 % done after 14 s.
  const auto narrow = search_share(stats(1'000'000, 2'000'000, 200'000));
  ASSERT_TRUE(narrow.has_value());
  EXPECT_EQ(share_text(14, *narrow), ", ~42-62% of ~2.0M explored (Chen's estimate), ~8 s to ~20 s left");
  // The probes spread as widely as their mean (one probe, or a lopsided tree): the time left
  // could be anything from seconds to minutes, and the line does not pretend to know it.
  const auto wide = search_share(stats(1'000'000, 2'400'000, 1'200'000));
  ASSERT_TRUE(wide.has_value());
  EXPECT_EQ(share_text(14, *wide), ", ~21-99% of ~2.4M explored (Chen's estimate), time left not yet known");
  // The case: a point estimate of 41 % that was a guess. Its line never states "14 s left".
  for (const double mean : {2'400'000.0, 24'000'000.0, 240'000.0 + 1'000'000})
    EXPECT_EQ(share_text(14, *search_share(stats(1'000'000, mean, mean))).find(" s left"), std::string::npos) << mean;
}

}  // namespace
