// An estimate of the search's size from its frontier. See size_estimate.hpp.
#include "search/size_estimate.hpp"

#include <cmath>

#include <algorithm>

#include "search/korat_search.hpp"
#include "space/state_space.hpp"

namespace smallscope::detail {

namespace {
constexpr std::uint32_t frontiers_kept = 3;  // the mean is over the probes of the last three frontiers
constexpr std::size_t probes_kept = 16;       // or the last 16 probes, when those are fewer
}

size_estimate::size_estimate(const finitization_data& fin, const predicate& pred, const search_options& options)
    : search_(std::make_unique<korat_search>(std::make_unique<state_space>(fin), pred, options)) {}

size_estimate::~size_estimate() = default;

// A unit is its node still to be evaluated (children at or above its floor and its stack) and,
// for a position between its floor and its top, the later values there.
std::vector<work_unit> size_estimate::items_of(const std::vector<work_unit>& units) {
  std::vector<work_unit> items;
  for (const auto& u : units) {
    if (u.advance_first) {
      items.push_back(u);
      continue;
    }
    const auto size = static_cast<std::uint32_t>(u.slots.size());
    work_unit node = u;
    node.floor = std::max(u.floor, size);
    items.push_back(std::move(node));
    for (std::uint32_t p = u.floor; p < size; ++p) {
      work_unit later;
      later.slots.assign(u.slots.begin(), u.slots.begin() + p + 1);
      later.values.assign(u.values.begin(), u.values.begin() + p + 1);
      if (!u.lo.empty()) {
        later.lo.assign(u.lo.begin(), u.lo.begin() + p + 1);
        later.hi.assign(u.hi.begin(), u.hi.begin() + p + 1);
      }
      later.tree_slots = u.tree_slots;
      later.floor = p;
      later.advance_first = true;
      items.push_back(std::move(later));
    }
  }
  return items;
}

void size_estimate::set_frontier(const std::vector<work_unit>& units, std::uint64_t explored) {
  items_ = items_of(units);
  explored_at_ = explored;
  ++frontier_;
  // The probes of the last frontiers, and at least the last few.
  std::size_t drop = 0;
  while (drop < samples_.size() && samples_[drop].frontier + frontiers_kept <= frontier_ &&
         samples_.size() - drop > probes_kept)
    ++drop;
  samples_.erase(samples_.begin(), samples_.begin() + static_cast<std::ptrdiff_t>(drop));
}

void size_estimate::probe_for(std::chrono::steady_clock::duration budget) {
  // A probe may take longer than one call's budget: the time over is owed, and the calls that
  // follow pay it back before they probe again.
  credit_ += budget;
  while (credit_.count() > 0) {
    const auto start = std::chrono::steady_clock::now();
    const double left = items_.empty() ? 0 : search_->stratified_probe(items_, random_);
    samples_.push_back({frontier_, static_cast<double>(explored_at_) + left});
    ++probes_;
    credit_ -= std::chrono::steady_clock::now() - start;
  }
}

double size_estimate::total() const {
  if (samples_.empty()) return 0;
  double sum = 0;
  for (const auto& s : samples_) sum += s.total;
  return sum / static_cast<double>(samples_.size());
}

double size_estimate::spread() const {
  const double mean = total();
  const auto n = static_cast<double>(samples_.size());
  if (samples_.size() < 2) return mean;
  double squares = 0;
  for (const auto& s : samples_) squares += (s.total - mean) * (s.total - mean);
  return std::sqrt(squares / (n - 1) / n);
}

}  // namespace smallscope::detail
