// The cost of API sequences (explore.hpp's sequence_cost; docs/COST.md): the exploration's
// calls, metered, form a graph over its states (an edge per call that passed, weighted by what
// it cost); the worst sequence of k calls from the empty structure is the costliest path of k
// edges from the empty state, found for every k up to the analysed length by dynamic
// programming over lengths (one pass over the edges per length, a predecessor per state and
// length to draw the path). An amortized bound is the same search over weights cost - bound(n):
// a sequence with a positive sum costs more than the bound allows it.
#pragma once

#include <array>
#include <cstdint>
#include <vector>

#include "smallscope/explore.hpp"

namespace smallscope::detail {

class sequence_meter {
 public:
  explicit sequence_meter(const explore_options& options);
  bool active() const { return active_; }

  // A state entered the table (in its order): its size (objects besides the root), the state
  // and call that first reached it and what that call cost (no_state for the empty state).
  void state_added(std::uint64_t size, std::uint32_t parent, std::uint32_t call, const method_cost& arrival);
  std::uint64_t size_of(std::uint32_t state) const { return sizes_[state]; }
  // A metered call on `from` that returned (any outcome); `to` its post-state when it passed
  // (an edge of the graph), else none.
  static constexpr std::uint32_t no_state = 0xffffffffu;
  void call_run(std::uint32_t from, std::uint32_t call, const method_cost& cost, std::uint32_t to);

  // After the exploration: report.cost, and a finding per amortized bound some sequence
  // exceeds. `texts`: each call's text; `exact_up_to`: sequences of up to this many calls were
  // all run (no_state: every reachable state was found, so sequences of any length).
  void finish(explore_report& report, const std::vector<std::string>& texts, std::uint32_t depth_reached,
              std::uint32_t exact_up_to) const;

  // The most memory the predecessor tables may take: length x states entries.
  static constexpr std::uint64_t max_table = std::uint64_t{1} << 25;

 private:
  using counts = std::array<std::uint32_t, cost_measure_count>;
  struct edge {
    std::uint32_t from, to, call;
    counts cost;
  };
  struct worst {
    std::uint64_t value = 0;
    std::uint32_t from = no_state, call = 0;
    counts cost{};
  };
  static counts compact(const method_cost& c);

  const explore_options* options_;
  bool active_ = false;
  std::vector<std::uint64_t> sizes_;
  struct arrival {
    std::uint32_t parent, call;
    counts cost;
  };
  std::vector<arrival> arrival_;
  std::vector<edge> edges_;
  std::vector<cost_row> by_size_;  // indexed by size
  cost_row all_;
  std::array<worst, cost_measure_count> worst_call_;
};

}  // namespace smallscope::detail
