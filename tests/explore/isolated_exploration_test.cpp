// Isolated exploration (src/explore/isolated_exploration.cpp): the exploration runs in a forked
// worker, so a method that crashes or hangs is a finding with the calls that reach it and the
// exploration goes on without that call in that state; the report the caller gets is the one
// the worker made (report_wire.cpp), compared here figure by figure with the same exploration
// in this process; progress and stop run in the caller's process.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <string>
#include <vector>

#include "explore/report_wire.hpp"
#include "smallscope/check.hpp"
#include "smallscope/explore.hpp"
#include "smallscope/fields.hpp"
#include "smallscope/subject.hpp"

namespace dangling {

struct node {
  smallscope::field<int> key;
  smallscope::field<node*> next;
};
SMALLSCOPE_FIELDS(node, key, next)

struct stack {
  smallscope::field<node*> top;
  smallscope::field<int> size;
  bool rep_ok() const {
    int n = 0;
    for (const node* x = top; x != nullptr; x = x->next)
      if (++n > 8) return false;
    return n == size;
  }
  void push(int k) {
    node* added = new node{};
    added->key = k;
    added->next = top;
    top = added;
    size = size + 1;
  }
  // Returns normally, leaving the top pointer corrupt (and its node leaked).
  void corrupt() {
    if (top != nullptr) top = reinterpret_cast<node*>(std::uintptr_t{16});
  }
  // Ends the process on the empty stack, as a null dereference would.
  void pop() {
    if (top == nullptr) std::abort();
    node* gone = top;
    top = gone->next;
    size = size - 1;
    delete gone;
  }
  // Never returns on a stack of two.
  void spin() {
    volatile int n = size;
    while (n == 2) n = size;
  }
};
SMALLSCOPE_FIELDS(stack, top, size)

inline void push_post(smallscope::verdict&, const stack&, const stack&, int) {}
inline void none_post(smallscope::verdict&, const stack&, const stack&) {}

const auto push = smallscope::make_method<&stack::push, &push_post>(
    "push", {smallscope::argument_domain::of(smallscope::ints(0, 1))}, "push", "push_post");
const auto corrupt = smallscope::make_method<&stack::corrupt, &none_post>("corrupt", {}, "corrupt", "none_post");
const auto pop = smallscope::make_method<&stack::pop, &none_post>("pop", {}, "pop", "none_post");
const auto spin = smallscope::make_method<&stack::spin, &none_post>("spin", {}, "spin", "none_post");

}  // namespace dangling

namespace {

using smallscope::explore_options;
using smallscope::explore_report;

TEST(IsolatedExploration, ACrashAfterTheMethodReturnedIsSaidToBeInReadingThePostState) {
  const std::vector<smallscope::api_call> calls = {{&dangling::push, {0}, "push(0)"},
                                                   {&dangling::corrupt, {}, "corrupt()"}};
  explore_options options;
  options.max_depth = 2;
  const explore_report r = smallscope::explore_sequences(calls, options);
  ASSERT_EQ(r.findings.size(), 1u);
  const auto& f = r.findings[0];
  EXPECT_EQ(f.run.kind, smallscope::outcome_kind::crash);
  EXPECT_TRUE(f.returned);
  EXPECT_EQ(f.calls, (std::vector<std::string>{"push(0)", "corrupt()"}));
  EXPECT_EQ(f.depth, 2u);
  EXPECT_EQ(r.worker_restarts, 1u);
}

TEST(IsolatedExploration, CrashesAndHangsAreFindingsAndTheExplorationGoesOn) {
  const auto calls = smallscope::api_calls({&dangling::push, &dangling::pop, &dangling::spin});
  ASSERT_EQ(calls.size(), 4u);  // push(0), push(1), pop(), spin()
  explore_options options;
  options.max_depth = 3;
  options.timeout = 0.2;
  const explore_report r = smallscope::explore_sequences(calls, options);
  // Every stack of up to three keys in 0..1 is reached, as without the failing calls.
  EXPECT_EQ(r.states_by_depth, (std::vector<std::uint64_t>{1, 2, 4, 8}));
  EXPECT_EQ(r.states, 15u);
  // pop() on the empty stack crashes; spin() hangs on each of the four stacks of two.
  ASSERT_EQ(r.findings.size(), 5u);
  EXPECT_EQ(r.findings[0].run.kind, smallscope::outcome_kind::crash);
  EXPECT_FALSE(r.findings[0].returned);
  EXPECT_EQ(r.findings[0].calls, std::vector<std::string>{"pop()"});
  for (std::size_t i = 1; i < r.findings.size(); ++i) {
    const auto& f = r.findings[i];
    EXPECT_EQ(f.run.kind, smallscope::outcome_kind::timeout) << i;
    EXPECT_NE(f.run.detail.find("ran over its limit of 0.2 s"), std::string::npos) << f.run.detail;
    ASSERT_EQ(f.calls.size(), 3u);
    EXPECT_EQ(f.calls[2], "spin()");
    EXPECT_TRUE(f.calls[0].starts_with("push(") && f.calls[1].starts_with("push(")) << f.calls[0] << f.calls[1];
  }
  EXPECT_EQ(r.worker_restarts, 5u);
  // In this process the hang would never end; the crash ends the process (a death test).
  explore_options here = options;
  here.isolate = false;
  EXPECT_DEATH(smallscope::explore_sequences(smallscope::api_calls({&dangling::push, &dangling::pop}), here), "");
}

// Every figure of two reports, the pictures' objects included.
void expect_same(const explore_report& a, const explore_report& b) {
  EXPECT_EQ(a.states_by_depth, b.states_by_depth);
  EXPECT_EQ(a.states, b.states);
  EXPECT_EQ(a.calls, b.calls);
  EXPECT_EQ(a.complete, b.complete);
  EXPECT_EQ(a.stopped, b.stopped);
  EXPECT_EQ(a.stopped_by, b.stopped_by);
  ASSERT_EQ(a.findings.size(), b.findings.size());
  const auto same_graph = [](const smallscope::object_graph& x, const smallscope::object_graph& y) {
    ASSERT_EQ(x.objects.size(), y.objects.size());
    for (std::size_t i = 0; i < x.objects.size(); ++i) {
      EXPECT_EQ(x.objects[i].type, y.objects[i].type);
      ASSERT_EQ(x.objects[i].fields.size(), y.objects[i].fields.size());
      for (std::size_t f = 0; f < x.objects[i].fields.size(); ++f) {
        const auto& p = x.objects[i].fields[f];
        const auto& q = y.objects[i].fields[f];
        EXPECT_EQ(p.name, q.name);
        EXPECT_EQ(p.value.is_pointer, q.value.is_pointer);
        EXPECT_EQ(p.value.integer, q.value.integer);
        EXPECT_EQ(p.value.target == nullptr, q.value.target == nullptr);
        EXPECT_EQ(p.elements.size(), q.elements.size());
      }
    }
  };
  for (std::size_t i = 0; i < a.findings.size(); ++i) {
    const auto& f = a.findings[i];
    const auto& g = b.findings[i];
    EXPECT_EQ(f.calls, g.calls);
    EXPECT_EQ(f.depth, g.depth);
    EXPECT_EQ(f.run.kind, g.run.kind);
    EXPECT_EQ(f.run.detail, g.run.detail);
    EXPECT_EQ(f.run.invariant_clause, g.run.invariant_clause);
    EXPECT_EQ(f.run.result, g.run.result);
    EXPECT_EQ(f.run.cost.reads, g.run.cost.reads);
    same_graph(f.run.post_state, g.run.post_state);
  }
  EXPECT_EQ(a.has_differential, b.has_differential);
  const auto& d = a.differential;
  const auto& e = b.differential;
  EXPECT_EQ(d.valid, e.valid);
  EXPECT_EQ(d.valid_reached, e.valid_reached);
  EXPECT_EQ(d.reached_not_valid, e.reached_not_valid);
  ASSERT_EQ(d.unreached_examples.size(), e.unreached_examples.size());
  for (std::size_t i = 0; i < d.unreached_examples.size(); ++i)
    same_graph(d.unreached_examples[i].graph, e.unreached_examples[i].graph);
  ASSERT_EQ(d.not_valid_examples.size(), e.not_valid_examples.size());
  for (std::size_t i = 0; i < d.not_valid_examples.size(); ++i)
    EXPECT_EQ(d.not_valid_examples[i].calls, e.not_valid_examples[i].calls);
  EXPECT_EQ(a.cost.measured, b.cost.measured);
  EXPECT_EQ(a.cost.length, b.cost.length);
  EXPECT_EQ(a.cost.by_size.size(), b.cost.by_size.size());
  for (std::size_t i = 0; i < a.cost.by_size.size() && i < b.cost.by_size.size(); ++i)
    EXPECT_EQ(a.cost.by_size[i][smallscope::cost_measure::reads].max, b.cost.by_size[i][smallscope::cost_measure::reads].max);
  for (std::size_t m = 0; m < smallscope::cost_measure_count; ++m) {
    EXPECT_EQ(a.cost.worst_total[m], b.cost.worst_total[m]);
    EXPECT_EQ(a.cost.worst_amortized[m].calls, b.cost.worst_amortized[m].calls);
    EXPECT_EQ(a.cost.worst_amortized[m].costs, b.cost.worst_amortized[m].costs);
    EXPECT_EQ(a.cost.worst_sequence[m].sizes, b.cost.worst_sequence[m].sizes);
    EXPECT_EQ(a.cost.worst_call[m].total, b.cost.worst_call[m].total);
  }
}

// TreeMap at `scope` and the calls of put_key and `other` (every key of the scope).
struct tree_map {
  smallscope::subject_instance instance;
  std::vector<smallscope::api_call> calls;
};
tree_map tree_map_calls(std::int64_t scope, const std::string& other) {
  const auto* s = smallscope::find_subject("TreeMap");
  tree_map out{s->make(s->scope(scope)), {}};
  std::vector<const smallscope::target_method*> methods;
  for (const auto& m : out.instance.methods)
    if (m.name == "put_key" || m.name == other) methods.push_back(&m);
  EXPECT_EQ(methods.size(), 2u);
  out.calls = smallscope::api_calls(methods);
  return out;
}

TEST(IsolatedExploration, TheReportIsTheOneTheWorkerMade) {
  const tree_map t = tree_map_calls(4, "remove_flipped");
  const auto& instance = t.instance;
  const auto& calls = t.calls;
  explore_options options;
  options.against = &instance.fin;
  options.invariant = &instance.invariant;
  options.cost = true;
  options.examples = 2;
  explore_options here = options;
  here.isolate = false;
  const explore_report isolated = smallscope::explore_sequences(calls, options);
  const explore_report in_process = smallscope::explore_sequences(calls, here);
  ASSERT_FALSE(isolated.findings.empty());  // remove_flipped breaks the tree
  ASSERT_TRUE(isolated.has_differential);
  ASSERT_TRUE(isolated.cost.measured);
  EXPECT_EQ(isolated.worker_restarts, 0u);
  expect_same(isolated, in_process);
  // The encoding itself: a report cut short is refused, never read as values.
  const std::string bytes = smallscope::detail::encode_report(in_process);
  expect_same(smallscope::detail::decode_report(bytes), in_process);
  for (const std::size_t cut : {std::size_t{0}, std::size_t{7}, bytes.size() / 2, bytes.size() - 1})
    EXPECT_THROW(smallscope::detail::decode_report(std::string_view(bytes).substr(0, cut)), std::runtime_error) << cut;
}

TEST(IsolatedExploration, ProgressAndStopRunInTheCallersProcess) {
  const tree_map t = tree_map_calls(10, "remove");
  const auto& calls = t.calls;
  explore_options options;
  options.progress_interval = 0;
  std::uint64_t reports = 0, states = 0;
  options.progress = [&](const smallscope::explore_progress_info& i) {
    ++reports;  // a variable of this process: a worker's call would leave it at 0
    EXPECT_GE(i.states, states);
    states = i.states;
  };
  int polls = 0;
  options.stop = [&polls] { return ++polls > 10; };  // after about 200 ms of polling
  const explore_report r = smallscope::explore_sequences(calls, options);
  EXPECT_GT(reports, 0u);
  EXPECT_LE(states, r.states);
  EXPECT_TRUE(r.stopped);
  EXPECT_EQ(r.stopped_by, "an interrupt");
  EXPECT_FALSE(r.complete);
}

// A timeout below 0 (or not a number) is refused before any worker starts.
TEST(IsolatedExploration, ABadTimeoutIsRefused) {
  const auto calls = smallscope::api_calls({&dangling::push});
  for (const double bad : {-1.0, std::nan("")}) {
    explore_options options;
    options.timeout = bad;
    EXPECT_THROW(smallscope::explore_sequences(calls, options), std::invalid_argument) << bad;
  }
}

}  // namespace
