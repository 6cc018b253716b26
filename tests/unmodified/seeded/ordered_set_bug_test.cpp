// The example library (examples/unmodified) with its deliberate bug compiled in
// (ORDSET_SEEDED_BUG: erase(lo, hi) stops after two keys), tested unchanged: check finds it on
// the smallest tree with three keys in range, the other methods still pass, and the reproducer
// names the overload's inputs.
#include <gtest/gtest.h>

#include <string>

#include "ordered_set_spec.hpp"
#include "smallscope/counterexample.hpp"
#include "seeded/reproducer_build.hpp"

#ifndef ORDSET_SEEDED_BUG
#error "this test is built with the seeded bug"
#endif

using namespace ordered_set_spec;

TEST(OrderedSetSeededBug, EraseOfARangeIsCaughtOnThreeKeys) {
  const auto f = int_fin(4, 4);
  const auto r = smallscope::run_check(f, smallscope::make_predicate<&int_set_ok>(), erase_range_method(), {});
  ASSERT_GT(r.failed, 0u);
  const auto& smallest = r.failures.front();
  EXPECT_EQ(smallest.kind, smallscope::outcome_kind::postcondition);
  EXPECT_EQ(smallest.detail, "returns how many keys were in [lo, hi)");
  EXPECT_EQ(smallest.objects, 4u) << "the set and three nodes";
  EXPECT_EQ(r.worker_restarts, 0u);
  smallscope::check_context ctx;
  ctx.fin = &f;
  ctx.method = &erase_range_method();
  ctx.header = "ordered_set_spec.hpp";
  const std::string code = smallscope::googletest_reproducer(ctx, smallest);
  EXPECT_NE(code.find("now->erase("), std::string::npos) << code;
  EXPECT_NE(code.find("using namespace ordset;"), std::string::npos) << code;

  // The reproducer compiles on its own against the library as it is (private members named, so
  // with -fno-access-control), fails with the bug compiled in and passes without it.
  const std::string dir = ::testing::TempDir() + "ordset_reproducer";
  const std::string includes =
      "-I" SMALLSCOPE_SOURCE_DIR "/examples/unmodified -I" SMALLSCOPE_SOURCE_DIR "/examples/unmodified/include";
  const auto build_and_run = [&](const std::string& flags) { return seeded::build_and_run(dir, code, includes, flags); };
  EXPECT_EQ(build_and_run("-DORDSET_SEEDED_BUG"), "fails") << code;
  EXPECT_EQ(build_and_run(""), "passes") << code;
}

TEST(OrderedSetSeededBug, TheOtherMethodsStillPass) {
  for (const auto* m : {&insert_method(), &erase_method()}) {
    const auto r = smallscope::run_check(int_fin(4, 4), smallscope::make_predicate<&int_set_ok>(), *m, {});
    EXPECT_EQ(r.failed, 0u) << m->name;
  }
}
