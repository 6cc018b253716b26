// Tests of the allocation watch (detail/allocation_watch.hpp), the leak detection of a check:
// what a window reports against a record kept by hand, over windows of many blocks (its table
// grows), blocks freed in the window (tombstones), blocks from before it freed in it, and windows
// one after the other on one table (nothing of an earlier window is reported by a later one).
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <set>
#include <vector>

#include "smallscope/detail/allocation_watch.hpp"

namespace {

using smallscope::detail::allocation_report;

// The addresses of the leaked blocks, sorted.
std::vector<const void*> addresses(const allocation_report& r) {
  std::vector<const void*> out;
  for (const auto& b : r.leaked) out.push_back(b.address);
  std::sort(out.begin(), out.end());
  return out;
}

TEST(AllocationWatch, EachWindowReportsExactlyItsOwnBlocksNotFreed) {
  if (!smallscope::detail::allocation_watch_active()) GTEST_SKIP() << "another operator new is in force";
  std::vector<int*> before;
  for (int i = 0; i < 50; ++i) before.push_back(new int(i));
  std::vector<int*> kept_all;
  // Windows of 1, 300 and 5000 blocks (the table's first capacity is 1024), then small ones again.
  kept_all.reserve(10000);
  for (const int blocks : {1, 300, 5000, 3, 0, 700}) {
    SCOPED_TRACE(blocks);
    std::vector<int*> made(static_cast<std::size_t>(blocks));
    std::vector<int*> again(static_cast<std::size_t>(blocks / 10));
    smallscope::detail::begin_allocation_watch();
    for (int i = 0; i < blocks; ++i) made[static_cast<std::size_t>(i)] = new int(i);
    // Free every third block made here, then make a few more (they may reuse the freed slots),
    // and free one block from before the window. The vectors were sized before the window.
    for (int i = 0; i < blocks; i += 3) delete made[static_cast<std::size_t>(i)];
    for (auto& p : again) p = new int(7);
    int* old = before.back();
    delete old;
    const allocation_report r = smallscope::detail::end_allocation_watch();
    before.pop_back();
    std::set<const void*> expected;
    for (int i = 0; i < blocks; ++i)
      if (i % 3 != 0) {
        expected.insert(made[static_cast<std::size_t>(i)]);
        kept_all.push_back(made[static_cast<std::size_t>(i)]);
      }
    for (int* p : again) {
      expected.insert(p);
      kept_all.push_back(p);
    }
    EXPECT_EQ(addresses(r), std::vector<const void*>(expected.begin(), expected.end()));
    for (const auto& b : r.leaked) EXPECT_EQ(b.bytes, sizeof(int));
    EXPECT_EQ(r.freed, std::vector<const void*>{old});
  }
  for (int* p : kept_all) delete p;
  for (int* p : before) delete p;
}

}  // namespace
