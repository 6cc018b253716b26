// A check's worker killed from outside at any instant (the OOM killer's SIGKILL; paper 000,
// Sec. 7.2: the run goes on and loses no result): the worker's ledger is exact at every step,
// so the run ends with the counts and failures of an undisturbed one. The kill is injected at
// each step a worker takes (worker_step_hook), one step per run, on one worker, on two and in
// white-box mode.
#include <gtest/gtest.h>

#include <signal.h>
#include <sys/mman.h>

#include <algorithm>
#include <atomic>
#include <map>
#include <stdexcept>
#include <string>

#include "check/worker_channel.hpp"
#include "smallscope/checker.hpp"
#include "smallscope/subject.hpp"

namespace {

using smallscope::check_options;
using smallscope::check_report;

// Shared by the test and every worker it forks (an anonymous shared mapping).
struct kill_plan {
  std::atomic<std::uint64_t> steps{0};
  std::uint64_t kill_at = 0;  // the step to die at (1-based; 0: none)
  std::atomic<bool> killed{false};
  char step[32] = {};  // the name of the step killed at
};

kill_plan* plan = nullptr;

// Every step in the release build; under AddressSanitizer, whose forks and crash reports cost
// about a hundred times more, every fifth, and the release build alone checks that every kind of
// step was hit.
#if defined(__SANITIZE_ADDRESS__)
constexpr std::uint64_t stride = 5;
#else
constexpr std::uint64_t stride = 1;
#endif

void count_step(const char* step) {
  if (plan->steps.fetch_add(1) + 1 != plan->kill_at) return;
  plan->killed.store(true);
  std::snprintf(plan->step, sizeof plan->step, "%s", step);
  ::raise(SIGKILL);
}

// The counts and failures of a run killed once are those of the undisturbed one.
void expect_same_findings(const check_report& r, const check_report& whole, const std::string& what) {
  EXPECT_EQ(r.worker_restarts, whole.worker_restarts + 1) << what;
  EXPECT_FALSE(r.interrupted) << what;
  EXPECT_EQ(r.inputs, whole.inputs) << what;
  EXPECT_EQ(r.passed, whole.passed) << what;
  EXPECT_EQ(r.failed, whole.failed) << what;
  EXPECT_EQ(r.explored, whole.explored) << what;
  ASSERT_EQ(r.failures.size(), whole.failures.size()) << what;
  for (std::size_t i = 0; i < r.failures.size(); ++i) {
    EXPECT_EQ(r.failures[i].input, whole.failures[i].input) << what;
    EXPECT_EQ(r.failures[i].kind, whole.failures[i].kind) << what;
    EXPECT_EQ(r.failures[i].candidate, whole.failures[i].candidate) << what;
    EXPECT_EQ(r.failures[i].arguments, whole.failures[i].arguments) << what;
    EXPECT_EQ(r.failures[i].post_state, whole.failures[i].post_state) << what;
  }
}

class WorkerKill : public ::testing::Test {
 protected:
  void SetUp() override {
    void* memory = ::mmap(nullptr, sizeof(kill_plan), PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0);
    ASSERT_NE(memory, MAP_FAILED);
    plan = ::new (memory) kill_plan();
    smallscope::detail::worker_step_hook = &count_step;
  }
  void TearDown() override {
    smallscope::detail::worker_step_hook = nullptr;
    ::munmap(plan, sizeof(kill_plan));
    plan = nullptr;
  }

  // Runs the check once undisturbed, then once per step with a kill at that step, and compares.
  void kill_at_every_step(const char* subject, const char* method_name, std::int64_t scope, unsigned threads) {
    const auto* s = smallscope::find_subject(subject);
    const auto instance = s->make(s->scope(scope));
    const smallscope::target_method* method = nullptr;
    for (const auto& m : instance.methods)
      if (m.name == method_name) method = &m;
    ASSERT_NE(method, nullptr) << method_name;
    check_options o;
    o.threads = threads;
    o.format = smallscope::structure_format::dot;
    o.cost = true;  // the cost books are committed with the ledger: exact too
    plan->steps = 0;
    plan->kill_at = 0;
    const check_report whole = smallscope::run_check(instance.fin, instance.invariant, *method, o);
    const std::uint64_t steps = plan->steps.load();
    ASSERT_GT(whole.failed, 0u) << "the method should fail on some inputs";
    ASSERT_GE(steps, whole.passed * 3) << "input, ran and counted are steps of every input that returns";
    std::map<std::string, unsigned> killed_at;  // step name -> runs killed there
    // Under AddressSanitizer two workers take fewer runs: a unit claimed is steps too, and forks.
    for (std::uint64_t k = 1; k <= steps; k += stride == 1 ? 1 : stride * threads * threads) {
      plan->steps = 0;
      plan->kill_at = k;
      plan->killed = false;
      const check_report r = smallscope::run_check(instance.fin, instance.invariant, *method, o);
      const std::string what = std::string(subject) + " " + method_name + " on " + std::to_string(threads) +
                               " workers, killed at step " + std::to_string(k) + " (" + plan->step + ")";
      if (!plan->killed) continue;  // two workers: the steps may come in another order
      ++killed_at[plan->step];
      expect_same_findings(r, whole, what);
      EXPECT_EQ(r.structures, whole.structures) << what;
      EXPECT_EQ(r.total_inputs, whole.total_inputs) << what;
      ASSERT_EQ(r.cost.by_size.size(), whole.cost.by_size.size()) << what;
      for (std::size_t i = 0; i < r.cost.by_size.size(); ++i)
        for (const auto m : smallscope::cost_measures) {
          EXPECT_EQ(r.cost.by_size[i].inputs, whole.cost.by_size[i].inputs) << what;
          EXPECT_EQ(r.cost.by_size[i][m].max, whole.cost.by_size[i][m].max) << what;
          EXPECT_EQ(r.cost.by_size[i][m].worst_input, whole.cost.by_size[i][m].worst_input) << what;
          EXPECT_EQ(r.cost.by_size[i][m].total, whole.cost.by_size[i][m].total) << what;
        }
      for (std::size_t m = 0; m < smallscope::cost_measure_count; ++m) {
        EXPECT_EQ(r.cost.worst[m].input, whole.cost.worst[m].input) << what;
        EXPECT_EQ(r.cost.worst[m].candidate, whole.cost.worst[m].candidate) << what;
        ASSERT_EQ(r.cost.distribution[m].size(), whole.cost.distribution[m].size()) << what;
        for (std::size_t b = 0; b < r.cost.distribution[m].size(); ++b)
          EXPECT_EQ(r.cost.distribution[m][b].inputs, whole.cost.distribution[m][b].inputs) << what;
      }
    }
    // Every kind of step was hit, the windows between structures and inputs among them.
    if (stride != 1) return;
    for (const char* step : {"structure", "checkpoint", "input", "ran", "counted"})
      EXPECT_GT(killed_at[step], 0u) << step << " on " << threads << " workers";
    // A failure the worker judges itself (not a crash) is sent before it is counted.
    const bool judged = std::any_of(whole.failures.begin(), whole.failures.end(), [](const auto& f) {
      return f.kind != smallscope::outcome_kind::crash;
    });
    if (judged) {
      EXPECT_GT(killed_at["failure sent"], 0u) << threads << " workers";
    }
    if (threads > 1) {
      for (const char* step : {"unit written", "unit", "unit done"}) EXPECT_GT(killed_at[step], 0u) << step;
    }
  }
};

TEST_F(WorkerKill, OneWorkerKilledAtAnyStepLosesAndRepeatsNothing) {
  kill_at_every_step("TreeMap", "remove_flipped", 3, 1);
}

TEST_F(WorkerKill, OneOfTwoWorkersKilledAtAnyStepLosesAndRepeatsNothing) {
  kill_at_every_step("TreeMap", "remove_flipped", 3, 2);
}

// White-box (one search per argument tuple, the method run inside it): a worker killed from
// outside is followed by one that searches its tuple again from the counts it began with; the
// failures found again keep their numbers and are not reported twice.
TEST_F(WorkerKill, AWhiteBoxWorkerKilledAtAnyStepLosesAndRepeatsNothing) {
  const auto* s = smallscope::find_subject("TreeMap");
  const auto instance = s->make(s->scope(3));
  const smallscope::target_method* method = nullptr;
  for (const auto& m : instance.methods)
    if (m.name == "remove_flipped") method = &m;
  ASSERT_NE(method, nullptr);
  check_options o;
  o.white_box = true;
  plan->steps = 0;
  plan->kill_at = 0;
  const check_report whole = smallscope::run_check(instance.fin, instance.invariant, *method, o);
  const std::uint64_t steps = plan->steps.load();
  ASSERT_GT(whole.failed, 0u);
  std::map<std::string, unsigned> killed_at;
  for (std::uint64_t k = 1; k <= steps; k += stride) {
    plan->steps = 0;
    plan->kill_at = k;
    plan->killed = false;
    const check_report r = smallscope::run_check(instance.fin, instance.invariant, *method, o);
    ASSERT_TRUE(plan->killed) << k;
    const std::string what = "white-box, killed at step " + std::to_string(k) + " (" + plan->step + ")";
    ++killed_at[plan->step];
    expect_same_findings(r, whole, what);
  }
  if (stride != 1) return;
  for (const char* step : {"white-box tuple", "white-box checkpoint", "white-box ran", "white-box counted",
                           "white-box failure sent"})
    EXPECT_GT(killed_at[step], 0u) << step;
}

// Crashes: the supervisor counts the input its worker died on, in the dead worker's ledger.
TEST_F(WorkerKill, AWorkerKilledBesideCrashesLosesAndRepeatsNothing) {
  kill_at_every_step("SinglyLinkedList", "remove_null_deref", 3, 1);
  kill_at_every_step("SinglyLinkedList", "remove_null_deref", 3, 2);
}

}  // namespace
