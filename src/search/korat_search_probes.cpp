// The search's size from samples of its tree (korat_search.hpp): Knuth's random probe (Knuth
// 1975, "Estimating the efficiency of backtrack programs") and Chen's stratified sampling
// (Chen 1992, "Heuristic sampling: a method for predicting the performance of tree searching
// programs"). The tree is Korat's (paper 000, Fig. 7): a node is a candidate, its children the
// candidates reached by giving one stack position at or above its floor a later value.
#include <algorithm>

#include "search/korat_search.hpp"

namespace smallscope::detail {

namespace {
// splitmix64: a fast, well-mixed 64-bit step for the probes' choices.
std::uint64_t next_random(std::uint64_t& state) {
  std::uint64_t z = (state += 0x9e3779b97f4a7c15ull);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
  return z ^ (z >> 31);
}
}  // namespace

double korat_search::probe(const work_unit& item, std::uint64_t& random) {
  // The read budget holds for probes too: an invariant that loops on a candidate is stopped.
  if (!watchdog_.joinable()) watchdog_ = std::thread([this] { watch(); });
  work_unit start_at = item;
  start_at.advance_first = false;
  start(start_at);
  double weight = 1;
  std::uint32_t from = std::max<std::uint32_t>(observer_.stack_size_, item.floor);
  if (item.advance_first) {  // the later values of the top: pick one of them
    const std::uint32_t top = observer_.stack_size_ - 1;
    std::uint32_t picked = 0;
    const std::uint32_t m = later_values(top, 0, picked);
    if (m == 0) return 0;
    later_values(top, static_cast<std::uint32_t>(next_random(random) % m), picked);
    set_top(top, stack_[top], picked);
    weight = m;
    from = top + 1;
  }
  double estimate = 0;
  current_observer = &observer_;
  for (std::uint32_t depth = 0; depth < 100000; ++depth) {
    estimate += weight;
    evaluate();
    const std::uint32_t size = observer_.stack_size_;
    // The children: every later value of every position from `from` up.
    std::uint32_t children = 0;
    std::uint32_t unused = 0;
    for (std::uint32_t p = from; p < size; ++p) children += later_values(p, ~0u, unused);
    if (children == 0) break;
    std::uint32_t r = static_cast<std::uint32_t>(next_random(random) % children);
    for (std::uint32_t p = from; p < size; ++p) {
      std::uint32_t picked = 0;
      const std::uint32_t c = later_values(p, r, picked);
      if (r < c) {
        pop_to(p + 1);
        set_top(p, stack_[p], picked);
        from = p + 1;
        break;
      }
      r -= c;
    }
    weight *= children;
  }
  current_observer = &inactive_observer;
  return estimate;
}

work_unit korat_search::child_unit(std::uint32_t position, std::uint32_t value) const {
  work_unit u = prefix_unit(position + 1);
  u.values[position] = value;
  u.floor = position + 1;
  return u;
}

double korat_search::stratified_probe(std::span<const work_unit> items, std::uint64_t& random) {
  if (!watchdog_.joinable()) watchdog_ = std::thread([this] { watch(); });
  // One level of the tree at a time, each kept as one node per type standing for `weight`
  // nodes of that type. A node's type is the number of stack positions its children may change
  // (the positions its evaluation left above the one its step changed): the nodes whose
  // invariant read further have the bigger subtrees.
  struct representative {
    work_unit node;
    double weight = 0;
  };
  const std::uint32_t types = slot_count_ + 2;
  std::vector<representative> level, next(types);
  auto offer = [&](std::uint32_t type, double weight, std::uint32_t position, std::uint32_t value) {
    representative& r = next[type];
    r.weight += weight;
    if (static_cast<double>(next_random(random) >> 11) * 0x1.0p-53 * r.weight < weight)
      r.node = child_unit(position, value);
  };
  auto close_level = [&] {
    level.clear();
    for (auto& r : next)
      if (r.weight > 0) level.push_back(std::move(r));
    std::fill(next.begin(), next.end(), representative{});
  };
  // Evaluates every later value of `position` (the stack above it popped) and offers each child.
  std::vector<std::uint32_t> later;
  auto expand = [&](std::uint32_t position, double weight) {
    const std::uint32_t s = stack_[position];
    const std::uint32_t original = values_[s];
    std::uint32_t picked = 0;
    later.resize(later_values(position, ~0u, picked));
    for (std::uint32_t k = 0; k < later.size(); ++k) {
      later_values(position, k, picked);
      later[k] = picked;
    }
    for (const std::uint32_t value : later) {
      pop_to(position + 1);
      set_top(position, s, value);
      evaluate();
      offer(observer_.stack_size_ - position, weight, position, value);
    }
    pop_to(position + 1);
    set_top(position, s, original);
  };
  double estimate = 0;
  current_observer = &observer_;
  // The items are disjoint parts of the tree: nodes of level 0 each, and the later values of an
  // item's top as children of a node already explored.
  for (const auto& item : items) {
    if (item.advance_first) {
      work_unit node = item;
      node.advance_first = false;
      start(node);
      expand(observer_.stack_size_ - 1, 1);
    } else {
      level.push_back({item, 1});
      level.back().node.floor = std::max<std::uint32_t>(item.floor, static_cast<std::uint32_t>(item.slots.size()));
    }
  }
  while (!level.empty() || std::any_of(next.begin(), next.end(), [](const auto& r) { return r.weight > 0; })) {
    for (const auto& r : level) {
      estimate += r.weight;
      start(r.node);
      evaluate();
      for (std::uint32_t p = observer_.stack_size_; p-- > r.node.floor;) expand(p, r.weight);
    }
    close_level();
  }
  current_observer = &inactive_observer;
  return estimate;
}

}  // namespace smallscope::detail
