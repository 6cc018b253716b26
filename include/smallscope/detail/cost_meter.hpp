// Counting what a method does on one input (cost.hpp's method_cost): while a meter runs, the
// thread's observer is the counting observer, which counts every read and write of a tracked
// field, and the library's operator new and delete count the blocks allocated and freed. A
// check's worker turns metering on (count_cost) when the check measures cost; otherwise a run
// costs one thread-local test.
// Stage: cost.
#pragma once

#include <cstdint>

#include "smallscope/cost.hpp"
#include "smallscope/detail/allocation_watch.hpp"
#include "smallscope/detail/observer.hpp"

namespace smallscope::detail {

// Set by a check's worker while the check measures cost (check_options::cost or max_cost).
inline thread_local bool count_cost = false;

inline thread_local constinit access_observer cost_observer{counting_tag{}};

// Meters the method from construction to stop() (or destruction, when it throws) into `out`;
// does nothing when `out` is null.
class cost_meter {
 public:
  explicit cost_meter(method_cost* out) : out_(out) {
    if (out_ == nullptr) return;
    saved_ = current_observer;
    cost_observer.reset_counts();
    current_observer = &cost_observer;
    allocations_ = allocations_counted;
    frees_ = frees_counted;
    ++counting_allocations;
  }
  ~cost_meter() { stop(); }
  cost_meter(const cost_meter&) = delete;
  cost_meter& operator=(const cost_meter&) = delete;

  void stop() {
    if (out_ == nullptr) return;
    --counting_allocations;
    current_observer = saved_;
    out_->reads = cost_observer.reads_counted();
    out_->writes = cost_observer.writes_counted();
    out_->allocations = allocations_counted - allocations_;
    out_->frees = frees_counted - frees_;
    out_ = nullptr;
  }

 private:
  method_cost* out_;
  access_observer* saved_ = nullptr;
  std::uint64_t allocations_ = 0;
  std::uint64_t frees_ = 0;
};

}  // namespace smallscope::detail
