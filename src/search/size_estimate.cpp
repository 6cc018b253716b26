// Knuth's estimate of the search's size, from its frontier. See size_estimate.hpp.
#include "search/size_estimate.hpp"

#include <algorithm>

#include "search/korat_search.hpp"
#include "space/state_space.hpp"

namespace smallscope::detail {

namespace {
constexpr std::uint32_t frontiers_kept = 3;  // the mean is over the probes of the last three frontiers
}

size_estimate::size_estimate(const finitization_data& fin, const predicate& pred, const search_options& options)
    : search_(std::make_unique<korat_search>(std::make_unique<state_space>(fin), pred, options)) {}

size_estimate::~size_estimate() = default;

// A unit is its node still to be evaluated (children at or above its floor and its stack) and,
// for a position between its floor and its top, the later values there.
void size_estimate::set_frontier(const std::vector<work_unit>& units, std::uint64_t explored) {
  items_.clear();
  for (const auto& u : units) {
    if (u.advance_first) {
      items_.push_back(u);
      continue;
    }
    const auto size = static_cast<std::uint32_t>(u.slots.size());
    work_unit node = u;
    node.floor = std::max(u.floor, size);
    items_.push_back(std::move(node));
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
      items_.push_back(std::move(later));
    }
  }
  explored_at_ = explored;
  ++frontier_;
  std::erase_if(samples_, [this](const sample& s) { return s.frontier + frontiers_kept <= frontier_; });
}

void size_estimate::probe_for(std::chrono::steady_clock::duration budget) {
  const auto until = std::chrono::steady_clock::now() + budget;
  do {
    double total = static_cast<double>(explored_at_);
    if (!items_.empty()) {
      random_ = random_ * 6364136223846793005ull + 1442695040888963407ull;
      const auto& item = items_[(random_ >> 33) % items_.size()];
      total += static_cast<double>(items_.size()) * search_->probe(item, random_);
    }
    samples_.push_back({frontier_, total});
    ++probes_;
  } while (std::chrono::steady_clock::now() < until);
}

double size_estimate::total() const {
  if (samples_.empty()) return 0;
  double sum = 0;
  for (const auto& s : samples_) sum += s.total;
  return sum / static_cast<double>(samples_.size());
}

}  // namespace smallscope::detail
