// The B+ tree (subjects/unmodified/plain/bplus_tree.hpp) with its deliberate bug compiled in
// (BPLUS_SEEDED_BUG: contains() never descends into an inner node's last child), tested as it is:
// check finds it on the smallest tree with an inner node, its two leaves and a key in the right
// one, and the reproducer, which builds leaf and inner nodes through the base's pointers,
// compiles on its own, fails with the bug and passes without it.
#include <gtest/gtest.h>

#include <string>

#include "bplus_spec.hpp"
#include "smallscope/checker.hpp"
#include "smallscope/counterexample.hpp"
#include "seeded/reproducer_build.hpp"

#ifndef BPLUS_SEEDED_BUG
#error "this test is built with the seeded bug"
#endif

using namespace bplus_spec;

TEST(BPlusTreeSeededBug, ContainsIsCaughtOnTheSmallestTreeWithARightLeaf) {
  const auto f = fin(3, 4);
  const auto r = smallscope::run_check(f, smallscope::make_predicate<&verified>(), contains_method(4), {});
  ASSERT_GT(r.failed, 0u);
  const auto& smallest = r.failures.front();
  EXPECT_EQ(smallest.kind, smallscope::outcome_kind::postcondition);
  EXPECT_EQ(smallest.detail, "returns whether k is a key");
  EXPECT_EQ(smallest.objects, 4u) << "the tree, an inner node and two leaves";
  EXPECT_EQ(r.worker_restarts, 0u);
  smallscope::check_context ctx;
  ctx.fin = &f;
  ctx.method = &contains_method(4);
  ctx.header = "bplus_spec.hpp";
  const std::string code = smallscope::googletest_reproducer(ctx, smallest);
  EXPECT_NE(code.find("now->contains("), std::string::npos) << code;

  const std::string dir = ::testing::TempDir() + "bplus_reproducer";
  const std::string includes = "-I" SMALLSCOPE_SOURCE_DIR "/subjects/unmodified -I" SMALLSCOPE_SOURCE_DIR "/tests/unmodified";
  const auto build_and_run = [&](const std::string& flags) { return seeded::build_and_run(dir, code, includes, flags); };
  EXPECT_EQ(build_and_run("-DBPLUS_SEEDED_BUG"), "fails") << code;
  EXPECT_EQ(build_and_run(""), "passes") << code;
}
