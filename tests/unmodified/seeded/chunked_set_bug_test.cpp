// The chunked set (subjects/unmodified/plain/chunked_set.hpp) with its deliberate bug compiled in
// (CHUNKED_SET_SEEDED_BUG: erase() never frees the last chunk), tested as it is: check finds it
// on the smallest set, and the reproducer states the live part (the correct erase leaves the
// freed chunk's pointer past used_, which its release must not follow), compiles on its own,
// fails with the bug and passes without it.
#include <gtest/gtest.h>

#include <string>

#include "chunked_set_spec.hpp"
#include "smallscope/checker.hpp"
#include "smallscope/counterexample.hpp"
#include "seeded/reproducer_build.hpp"

#ifndef CHUNKED_SET_SEEDED_BUG
#error "this test is built with the seeded bug"
#endif

using namespace chunked_spec;

TEST(ChunkedSetSeededBug, EraseIsCaughtOnTheSmallestSetAndItsReproducerStatesTheLivePart) {
  const auto f = fin(2, 2);
  const auto r = smallscope::run_check(f, smallscope::make_predicate<&verified>(), erase_method(2), {});
  ASSERT_GT(r.failed, 0u);
  const auto& smallest = r.failures.front();
  EXPECT_EQ(smallest.kind, smallscope::outcome_kind::invariant);
  EXPECT_EQ(smallest.objects, 2u) << "the set and one chunk";
  EXPECT_EQ(r.worker_restarts, 0u);
  for (const auto& c : r.failures) EXPECT_EQ(c.kind, smallscope::outcome_kind::invariant) << c.detail;
  smallscope::check_context ctx;
  ctx.fin = &f;
  ctx.method = &erase_method(2);
  ctx.header = "chunked_set_spec.hpp";
  const std::string code = smallscope::googletest_reproducer(ctx, smallest);
  EXPECT_NE(code.find("live.counted(&plain_subjects::chunked::set<int, 2, 3>::chunk_, "
                      "&plain_subjects::chunked::set<int, 2, 3>::used_);"),
            std::string::npos)
      << code;
  EXPECT_NE(code.find("live.counted(&plain_subjects::chunked::set<int, 2, 3>::chunk::keys, "
                      "&plain_subjects::chunked::set<int, 2, 3>::chunk::count);"),
            std::string::npos)
      << code;
  // The pre-state is built from its live part: no dead slot is written.
  EXPECT_EQ(code.find("chunk_[1] ="), std::string::npos) << code;

  const std::string dir = ::testing::TempDir() + "chunked_set_reproducer";
  const std::string includes = "-I" SMALLSCOPE_SOURCE_DIR "/subjects/unmodified -I" SMALLSCOPE_SOURCE_DIR "/tests/unmodified";
  const auto build_and_run = [&](const std::string& flags) { return seeded::build_and_run(dir, code, includes, flags); };
  EXPECT_EQ(build_and_run("-DCHUNKED_SET_SEEDED_BUG"), "fails") << code;
  // Without the bug, erase frees the chunk and leaves its pointer in chunk_[0], past used_ = 0.
  EXPECT_EQ(build_and_run("-fsanitize=address -fno-omit-frame-pointer"), "passes") << code;
}
