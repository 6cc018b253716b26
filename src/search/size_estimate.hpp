// An estimate of the size of the whole search as it runs, for an honest ETA. Every 200 ms the
// coordinator takes the frontier (the units in the pool and the rest of each worker's unit) and
// cuts it into items: a node still to be evaluated, or the later values of one stack position.
// A probe is Chen's stratified sampling (korat_search::stratified_probe) below all the items
// at once: an unbiased estimate of the candidates left, and explored-at-the-frontier plus that
// estimates the whole. The estimate is the mean over the probes of the last few frontiers; it
// converges as the frontier shrinks. Knuth's single random path (Knuth 1975), the first
// design, underestimated Korat's lopsided trees by 3x to 100x at the same cost
// (bench/estimate_spread.cpp).
#pragma once

#include <chrono>
#include <cstdint>
#include <memory>
#include <vector>

#include "search/work_unit.hpp"
#include "smallscope/search.hpp"

namespace smallscope::detail {

class korat_search;

class size_estimate {
 public:
  size_estimate(const finitization_data& fin, const predicate& pred, const search_options& options);
  ~size_estimate();
  // A frontier's units as disjoint items of the tree: each unit's node, and the later values
  // of each of its positions from its floor up.
  static std::vector<work_unit> items_of(const std::vector<work_unit>& units);
  // A new frontier, taken when `explored` candidates had been explored.
  void set_frontier(const std::vector<work_unit>& units, std::uint64_t explored);
  // Probes for about `budget`.
  void probe_for(std::chrono::steady_clock::duration budget);
  // The estimated candidates of the whole search; 0 before any probe.
  double total() const;
  // The standard error of total() (the probes' spread over the square root of their number); as
  // large as total() itself while there are fewer than two probes.
  double spread() const;
  std::uint64_t probes() const { return probes_; }

 private:
  struct sample {
    std::uint32_t frontier;
    double total;
  };
  std::unique_ptr<korat_search> search_;
  std::vector<work_unit> items_;
  std::uint64_t explored_at_ = 0;
  std::uint32_t frontier_ = 0;
  std::vector<sample> samples_;
  std::uint64_t random_ = 0x2545f4914f6cdd1dull;
  std::uint64_t probes_ = 0;
  std::chrono::steady_clock::duration credit_{0};  // probing time still allowed (negative: owed)
};

}  // namespace smallscope::detail
