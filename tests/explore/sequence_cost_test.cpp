// Tests of the cost of API sequences (explore.hpp's sequence_cost, docs/COST.md): the worst
// sequences of every length and the worst amortized cost equal a brute force that runs every
// sequence of calls from the empty structure by hand; the worst sequences replayed cost what
// the report says; an amortized bound fails exactly the shortest sequence the brute force puts
// above it; and the seeded performance bugs are found by the oracle meant for them, not by the
// postconditions and not by the other oracle.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <functional>
#include <string>
#include <vector>

#include "smallscope/detail/cost_meter.hpp"
#include "smallscope/explore.hpp"
#include "smallscope/subject.hpp"
#include "subjects/avl_tree.hpp"
#include "subjects/splay_tree.hpp"
#include "subjects/two_list_queue.hpp"

namespace {

using smallscope::api_call;
using smallscope::cost_measure;
using smallscope::explore_options;
using smallscope::method_cost;

struct scoped {
  smallscope::subject_instance instance;
  std::vector<api_call> calls;
};

scoped subject(const std::string& name, std::vector<std::int64_t> fin, const std::vector<std::string>& methods) {
  const auto* s = smallscope::find_subject(name);
  scoped out{s->make(fin), {}};
  std::vector<const smallscope::target_method*> chosen;
  for (const auto& m : methods)
    for (const auto& t : out.instance.methods)
      if (t.name == m) chosen.push_back(&t);
  EXPECT_EQ(chosen.size(), methods.size());
  out.calls = smallscope::api_calls(chosen);
  return out;
}

// One call on a copy of `root`, metered: the post-state (owned; null when the call failed).
void* metered_call(const api_call& call, const void* root, method_cost& cost) {
  const bool saved = smallscope::detail::count_cost;
  smallscope::detail::count_cost = true;
  void* post = nullptr;
  smallscope::run_hooks hooks;
  hooks.keep = &post;
  const smallscope::method_run run = call.method->call(root, call.args, &hooks);
  smallscope::detail::count_cost = saved;
  cost = run.cost;
  if (run.kind != smallscope::outcome_kind::passed) {
    call.method->release_root(post);
    return nullptr;
  }
  return post;
}

// Every sequence of up to `length` calls from the empty structure, depth first, by hand: for
// each length k, the most `value` (of a call's cost) sums to over k calls, and the shortest
// sequence whose sum exceeds the sum of `limit(size)` at its calls (size: the state's before
// the call).
struct brute_result {
  std::vector<std::uint64_t> most;  // [k - 1]
  std::uint32_t over_at = 0;        // the shortest length over the bound; 0: none
};
using value_of = std::function<std::uint64_t(const method_cost&)>;
using size_fn = std::function<std::uint64_t(const void*)>;
brute_result brute_force(const std::vector<api_call>& calls, std::uint32_t length, const value_of& value,
                         const size_fn& size_of, const std::function<double(std::uint64_t)>& limit) {
  brute_result r;
  r.most.assign(length, 0);
  const std::function<void(const void*, std::uint32_t, std::uint64_t, double)> walk =
      [&](const void* state, std::uint32_t k, std::uint64_t total, double allowed) {
        if (k == length) return;
        for (const api_call& c : calls) {
          method_cost cost;
          void* post = metered_call(c, state, cost);
          if (post == nullptr) continue;
          const std::uint64_t sum = total + value(cost);
          const double bound = allowed + limit(size_of(state));
          r.most[k] = std::max(r.most[k], sum);
          if (static_cast<double>(sum) > bound + 1e-9 && (r.over_at == 0 || k + 1 < r.over_at)) r.over_at = k + 1;
          walk(post, k + 1, sum, bound);
          c.method->release_root(post);
        }
      };
  void* empty = calls.front().method->make_empty();
  walk(empty, 0, 0, 0);
  calls.front().method->release_root(empty);
  return r;
}

// The calls of a sequence replayed from the empty structure: what each cost, and the size of
// the state it was called on.
struct replay {
  std::vector<method_cost> costs;
  std::vector<std::uint64_t> sizes;
  std::vector<std::uint64_t> in(cost_measure m) const {
    std::vector<std::uint64_t> out;
    for (const method_cost& c : costs) out.push_back(smallscope::cost_of(c, m));
    return out;
  }
};
replay replayed(const scoped& s, const std::vector<std::string>& texts, const size_fn& size_of) {
  replay r;
  void* state = s.calls.front().method->make_empty();
  for (const std::string& text : texts) {
    const auto call = std::find_if(s.calls.begin(), s.calls.end(), [&](const api_call& c) { return c.text == text; });
    EXPECT_NE(call, s.calls.end()) << text;
    if (call == s.calls.end()) break;
    r.sizes.push_back(size_of(state));
    method_cost cost;
    void* post = metered_call(*call, state, cost);
    call->method->release_root(state);
    state = post;
    r.costs.push_back(cost);
    if (state == nullptr) break;
  }
  if (state != nullptr) s.calls.front().method->release_root(state);
  return r;
}

std::uint64_t sum(const std::vector<std::uint64_t>& v) {
  std::uint64_t s = 0;
  for (const auto x : v) s += x;
  return s;
}

void expect_matches_brute_force(const scoped& s, std::uint32_t length, const size_fn& size_of) {
  explore_options o;
  o.cost = true;
  o.sequence_length = length;
  const auto report = smallscope::explore_sequences(s.calls, o);
  ASSERT_TRUE(report.complete);
  ASSERT_TRUE(report.cost.measured);
  EXPECT_TRUE(report.cost.complete);
  EXPECT_EQ(report.cost.length, length);
  for (const cost_measure m : {cost_measure::reads, cost_measure::writes}) {
    SCOPED_TRACE(smallscope::cost_measure_name(m));
    const std::size_t i = static_cast<std::size_t>(m);
    const brute_result b = brute_force(
        s.calls, length, [m](const method_cost& c) { return smallscope::cost_of(c, m); }, size_of,
        [](std::uint64_t) { return 0.0; });
    EXPECT_EQ(report.cost.worst_total[i], b.most);
    // The most per call: the best ratio over the lengths, at the shortest length that has it.
    std::uint32_t best_k = 1;
    for (std::uint32_t k = 2; k <= length; ++k)
      if (b.most[k - 1] * best_k > b.most[best_k - 1] * k) best_k = k;
    const auto& amortized = report.cost.worst_amortized[i];
    EXPECT_EQ(amortized.calls.size(), best_k);
    EXPECT_EQ(amortized.total, b.most[best_k - 1]);
    // Each worst sequence, replayed by hand, costs what the report says, call by call.
    for (const auto* seq : {&amortized, &report.cost.worst_sequence[i], &report.cost.worst_call[i]}) {
      const replay r = replayed(s, seq->calls, size_of);
      EXPECT_EQ(r.in(m), seq->costs);
      EXPECT_EQ(r.sizes, seq->sizes);
      EXPECT_EQ(sum(seq->costs), seq->total);
    }
    EXPECT_EQ(report.cost.worst_sequence[i].total, b.most[length - 1]);
    EXPECT_EQ(report.cost.worst_call[i].costs.back(), report.cost.all[m].max);
  }
  // Run to run, the same counts.
  const auto again = smallscope::explore_sequences(s.calls, o);
  EXPECT_EQ(again.cost.worst_total, report.cost.worst_total);
  ASSERT_EQ(again.cost.by_size.size(), report.cost.by_size.size());
  for (std::size_t k = 0; k < report.cost.by_size.size(); ++k)
    for (const cost_measure m : smallscope::cost_measures) {
      EXPECT_EQ(again.cost.by_size[k][m].max, report.cost.by_size[k][m].max);
      EXPECT_EQ(again.cost.by_size[k][m].total, report.cost.by_size[k][m].total);
    }
}

TEST(SequenceCost, WorstSequencesOfEveryLengthEqualABruteForceOnAQueue) {
  const scoped s = subject("TwoListQueue", {3, 1}, {"enqueue", "dequeue"});
  expect_matches_brute_force(s, 12, [](const void* root) {
    return static_cast<std::uint64_t>(static_cast<const subjects::two_list_queue::queue*>(root)->size);
  });
}

TEST(SequenceCost, WorstSequencesOfEveryLengthEqualABruteForceOnAnAvlTree) {
  const scoped s = subject("AvlTree", {4, 4}, {"insert", "find"});
  expect_matches_brute_force(s, 5, [](const void* root) {
    return static_cast<std::uint64_t>(static_cast<const subjects::avl_tree::tree*>(root)->size);
  });
}

TEST(SequenceCost, WorstSequencesOfEveryLengthEqualABruteForceOnASplayTree) {
  const scoped s = subject("SplayTree", {3, 3}, {"insert", "find"});
  expect_matches_brute_force(s, 6, [](const void* root) {
    return static_cast<std::uint64_t>(static_cast<const subjects::splay_tree::tree*>(root)->size);
  });
}

TEST(SequenceCost, AnAmortizedBoundFailsTheShortestSequenceTheBruteForcePutsAboveIt) {
  const scoped s = subject("TwoListQueue", {3, 1}, {"enqueue", "dequeue_normalizing"});
  const size_fn size_of = [](const void* root) {
    return static_cast<std::uint64_t>(static_cast<const subjects::two_list_queue::queue*>(root)->size);
  };
  for (const char* text : {"reads <= 6", "reads <= n + 4", "accesses <= 2*log2(n + 1) + 9", "writes <= 5"}) {
    SCOPED_TRACE(text);
    const auto bound = smallscope::cost_bound::parse(text);
    explore_options o;
    o.max_amortized_cost = {bound};
    o.sequence_length = 10;
    const auto report = smallscope::explore_sequences(s.calls, o);
    const brute_result b = brute_force(
        s.calls, 10, [&](const method_cost& c) { return bound.measured(c); }, size_of,
        [&](std::uint64_t n) { return bound.limit(n); });
    if (b.over_at == 0) {
      EXPECT_TRUE(report.findings.empty());
      continue;
    }
    ASSERT_EQ(report.findings.size(), 1u);
    const auto& f = report.findings.front();
    EXPECT_EQ(f.run.kind, smallscope::outcome_kind::cost);
    EXPECT_EQ(f.depth, b.over_at);
    ASSERT_EQ(f.calls.size(), b.over_at);
    // The finding's sequence, replayed by hand, costs more than the bound allows it.
    const replay r = replayed(s, f.calls, size_of);
    double allowed = 0, spent = 0;
    for (std::size_t i = 0; i < r.costs.size(); ++i) {
      allowed += bound.limit(r.sizes[i]);
      spent += static_cast<double>(bound.measured(r.costs[i]));
    }
    EXPECT_GT(spent, allowed) << f.run.detail;
  }
}

// Findings of one exploration with the given bounds, all of kind cost or none.
std::vector<smallscope::sequence_finding> findings(const scoped& s, const std::vector<std::string>& per_call,
                                                   const std::vector<std::string>& amortized) {
  explore_options o;
  o.cost = true;
  for (const auto& b : per_call) o.max_cost.push_back(smallscope::cost_bound::parse(b));
  for (const auto& b : amortized) o.max_amortized_cost.push_back(smallscope::cost_bound::parse(b));
  auto report = smallscope::explore_sequences(s.calls, o);
  EXPECT_TRUE(report.complete);
  for (const auto& f : report.findings) EXPECT_EQ(f.run.kind, smallscope::outcome_kind::cost) << f.run.detail;
  return std::move(report.findings);
}

// The seeded AVL bug keeps the order and the heights: no postcondition fails. Its inserts cost
// linear time on descending keys, so a logarithmic bound on each call finds it; the correct
// insert is within the bound on every call of every sequence.
TEST(SequenceCost, ASkippedRotationIsFoundByAPerCallBoundAndNotByThePostconditions) {
  const std::string log_bound = "reads <= 16*log2(n + 1) + 24";
  const scoped skipping = subject("AvlTree", {7, 7}, {"insert_skipping_rotation", "find"});
  EXPECT_TRUE(findings(skipping, {}, {}).empty());
  const auto found = findings(skipping, {log_bound}, {});
  ASSERT_FALSE(found.empty());
  // The shortest: four descending inserts build a path, the fifth walks it.
  EXPECT_EQ(found.front().calls.size(), 5u);
  EXPECT_NE(found.front().run.detail.find("at n = 4"), std::string::npos) << found.front().run.detail;
  const scoped correct = subject("AvlTree", {7, 7}, {"insert", "find"});
  EXPECT_TRUE(findings(correct, {log_bound}, {}).empty());
}

// The seeded queue bug costs linear time per call at most, as a correct dequeue may: a linear
// bound on each call passes both, and only the amortized bound over sequences finds it.
TEST(SequenceCost, ADequeueThatMovesEveryTimeIsFoundByTheAmortizedBoundAlone) {
  const scoped normalizing = subject("TwoListQueue", {4, 1}, {"enqueue", "dequeue_normalizing"});
  const scoped correct = subject("TwoListQueue", {4, 1}, {"enqueue", "dequeue"});
  for (const scoped* s : {&normalizing, &correct}) {
    EXPECT_TRUE(findings(*s, {}, {}).empty());
    EXPECT_TRUE(findings(*s, {"reads <= 2*n + 8"}, {}).empty());
  }
  EXPECT_TRUE(findings(correct, {}, {"reads <= 6"}).empty());
  const auto found = findings(normalizing, {}, {"reads <= 6"});
  ASSERT_EQ(found.size(), 1u);
  EXPECT_GT(found.front().calls.size(), 1u);
  EXPECT_NE(found.front().run.detail.find("amortized"), std::string::npos);
}

}  // namespace
