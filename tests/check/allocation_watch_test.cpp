// Tests of the allocation watch (detail/allocation_watch.hpp), the leak detection of a check:
// what a window reports against a record kept by hand, over windows of many blocks (its table
// grows), blocks freed in the window (tombstones), blocks from before it freed in it, and windows
// one after the other on one table (nothing of an earlier window is reported by a later one),
// with blocks from malloc and from the input arena (space/input_arena.hpp) that a check serves
// an input from; and the arena's one promise besides: memory is reused only when every block in
// it was freed.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <memory>
#include <optional>
#include <set>
#include <thread>
#include <vector>

#include "smallscope/detail/allocation_watch.hpp"
#include "space/input_arena.hpp"

namespace {

using smallscope::detail::allocation_report;
using smallscope::detail::input_arena;

// The addresses of the leaked blocks, sorted.
std::vector<const void*> addresses(const allocation_report& r) {
  std::vector<const void*> out;
  for (const auto& b : r.leaked) out.push_back(b.address);
  std::sort(out.begin(), out.end());
  return out;
}

// Whether a block of the input arena.
bool from_arena(const void* p) { return smallscope::detail::arena::contains(p); }

class AllocationWatch : public testing::TestWithParam<bool> {};

// With the arena (the parameter) the blocks come from it, but the blocks `before` the window:
// the report must be the same as with malloc.
TEST_P(AllocationWatch, EachWindowReportsExactlyItsOwnBlocksNotFreed) {
  if (!smallscope::detail::allocation_watch_active()) GTEST_SKIP() << "another operator new is in force";
  if (GetParam() && !smallscope::detail::open_input_arena()) GTEST_SKIP() << "no input arena (a sanitized build)";
  std::vector<int*> before;
  for (int i = 0; i < 50; ++i) before.push_back(new int(i));
  std::vector<int*> kept_all;
  // Windows of 1, 300 and 5000 blocks (the table's first capacity is 1024), then small ones again.
  kept_all.reserve(10000);
  for (const int blocks : {1, 300, 5000, 3, 0, 700}) {
    SCOPED_TRACE(blocks);
    std::vector<int*> made(static_cast<std::size_t>(blocks));
    std::vector<int*> again(static_cast<std::size_t>(blocks / 10));
    std::optional<input_arena> arena;
    if (GetParam()) arena.emplace(true);
    smallscope::detail::begin_allocation_watch();
    for (int i = 0; i < blocks; ++i) made[static_cast<std::size_t>(i)] = new int(i);
    // Free every third block made here, then make a few more (they may reuse the freed slots),
    // and free one block from before the window. The vectors were sized before the window.
    for (int i = 0; i < blocks; i += 3) delete made[static_cast<std::size_t>(i)];
    for (auto& p : again) p = new int(7);
    int* old = before.back();
    delete old;
    if (arena) arena->stop();
    const allocation_report r = smallscope::detail::end_allocation_watch();
    before.pop_back();
    if (blocks > 0) {
      EXPECT_EQ(from_arena(made[0]), GetParam());
    }
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

INSTANTIATE_TEST_SUITE_P(MallocAndArena, AllocationWatch, testing::Bool(),
                         [](const testing::TestParamInfo<bool>& i) { return i.param ? "arena" : "malloc"; });

// Starts an input in the arena, or skips the test where no arena serves.
#define OPEN_ARENA_OR_SKIP()                                                                         \
  do {                                                                                               \
    if (!smallscope::detail::allocation_watch_active()) GTEST_SKIP() << "another operator new is in force"; \
    if (!smallscope::detail::open_input_arena()) GTEST_SKIP() << "no input arena (a sanitized build)"; \
  } while (0)

// The addresses of the one block each of `inputs` inputs allocates and frees.
std::set<const void*> blocks_of_inputs(int inputs) {
  std::set<const void*> handed;
  for (int i = 0; i < inputs; ++i) {
    input_arena arena(true);
    std::unique_ptr<std::uint64_t> p(new std::uint64_t(static_cast<std::uint64_t>(i)));
    const smallscope::detail::allocation_watch_pause pause;  // the set's nodes are the test's
    handed.insert(p.get());
  }
  return handed;
}

// The blocks an input allocated and freed are reused by the next input; a block still alive (a
// cache the method filled, a leak) is never handed out again, and keeps its bytes.
TEST(InputArena, ReusesMemoryOnlyWhenEveryBlockWasFreed) {
  OPEN_ARENA_OR_SKIP();
  const auto one_input = [](bool keep_one) {
    input_arena arena(true);
    auto* a = new std::uint64_t(1);
    auto* b = new std::uint64_t[8]();
    EXPECT_TRUE(from_arena(a) && from_arena(b));
    delete[] b;
    if (keep_one) return a;
    delete a;
    return static_cast<std::uint64_t*>(nullptr);
  };
  EXPECT_EQ(one_input(false), nullptr);
  std::uint64_t* kept = one_input(true);
  *kept = 0x5eed;
  const std::set<const void*> handed = blocks_of_inputs(100);
  EXPECT_EQ(handed.count(kept), 0u) << "a live block was handed out again";
  EXPECT_EQ(*kept, 0x5eedu);
  EXPECT_EQ(handed.size(), 1u) << "inputs that free everything reuse the same memory";
  delete kept;
}

// Over-large and over-aligned blocks come from malloc, arena or not.
TEST(InputArena, LargeAndOverAlignedBlocksComeFromMalloc) {
  OPEN_ARENA_OR_SKIP();
  input_arena arena(true);
  const std::unique_ptr<char[]> large(new char[smallscope::detail::arena::largest_block + 1]);
  struct alignas(64) wide {
    char c[64];
  };
  const std::unique_ptr<wide> aligned(new wide());
  const std::unique_ptr<char> small(new char('x'));
  EXPECT_FALSE(from_arena(large.get()));
  EXPECT_FALSE(from_arena(aligned.get()));
  EXPECT_EQ(reinterpret_cast<std::uintptr_t>(aligned.get()) % 64, 0u);
  EXPECT_TRUE(from_arena(small.get()));
}

// A block deleted by another thread (a method that hands memory to a worker) is freed without
// harm, and the owning thread does not reuse its memory on that word alone.
TEST(InputArena, ABlockDeletedOnAnotherThreadIsNotReusedUnseen) {
  OPEN_ARENA_OR_SKIP();
  std::uint64_t* moved = nullptr;
  {
    input_arena arena(true);
    moved = new std::uint64_t(42);
  }
  ASSERT_TRUE(from_arena(moved));
  std::thread([moved] { delete moved; }).join();
  const std::set<const void*> handed = blocks_of_inputs(10);
  EXPECT_EQ(handed.count(moved), 0u);
}

}  // namespace
