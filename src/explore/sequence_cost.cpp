// The cost of API sequences: worst paths of each length over the exploration's state graph.
// See sequence_cost.hpp.
#include "explore/sequence_cost.hpp"

#include <algorithm>
#include <limits>
#include <numeric>

#include <fmt/format.h>

#include "smallscope/detail/allocation_watch.hpp"

namespace smallscope::detail {
namespace {

constexpr std::uint32_t none = sequence_meter::no_state;
__extension__ using wide = __int128;  // exact products of a total and a length

// The costliest paths of exactly k edges from state 0 (the empty structure), k = 1, 2, ...,
// `length`: after each k, `after(k, best, state)` with the largest sum over the states and the
// first state that has it; it returns false to stop. Returns the predecessor table: entry
// (k - 1) * states + v is the last edge of the costliest path of k edges to v.
template <class Value, class Edge, class Weight, class After>
std::vector<std::uint32_t> longest_paths(const std::vector<Edge>& edges, std::size_t states, std::uint32_t length,
                                         Weight weight, After after) {
  constexpr Value unreached = std::numeric_limits<Value>::lowest();
  std::vector<Value> previous(states, unreached), current(states, unreached);
  previous[0] = 0;
  std::vector<std::uint32_t> predecessor(static_cast<std::size_t>(length) * states, none);
  for (std::uint32_t k = 1; k <= length; ++k) {
    std::fill(current.begin(), current.end(), unreached);
    std::uint32_t* last = predecessor.data() + static_cast<std::size_t>(k - 1) * states;
    for (std::uint32_t i = 0; i < edges.size(); ++i) {
      const Edge& e = edges[i];
      if (previous[e.from] == unreached) continue;
      const Value sum = previous[e.from] + weight(e);
      if (current[e.to] == unreached || sum > current[e.to]) {
        current[e.to] = sum;
        last[e.to] = i;
      }
    }
    const auto best = std::max_element(current.begin(), current.end());  // the first of the largest
    if (*best == unreached) break;  // every call from the states k - 1 calls reach failed
    if (!after(k, *best, static_cast<std::uint32_t>(best - current.begin()))) break;
    std::swap(previous, current);
  }
  return predecessor;
}

method_cost expanded(const std::array<std::uint32_t, cost_measure_count>& c) {
  return {c[0], c[1], c[2], c[3]};
}

}  // namespace

sequence_meter::sequence_meter(const explore_options& options)
    : options_(&options),
      active_(options.cost || !options.max_cost.empty() || !options.max_amortized_cost.empty()) {}

sequence_meter::counts sequence_meter::compact(const method_cost& c) {
  counts out{};
  for (const cost_measure m : cost_measures)
    out[static_cast<std::size_t>(m)] =
        static_cast<std::uint32_t>(std::min<std::uint64_t>(cost_of(c, m), std::numeric_limits<std::uint32_t>::max()));
  return out;
}

void sequence_meter::state_added(std::uint64_t size, std::uint32_t parent, std::uint32_t call, const method_cost& cost) {
  if (!active_) return;
  sizes_.push_back(size);
  arrival_.push_back({parent, call, compact(cost)});
}

void sequence_meter::call_run(std::uint32_t from, std::uint32_t call, const method_cost& cost, std::uint32_t to) {
  const std::uint64_t size = sizes_[from];
  if (by_size_.size() <= size) by_size_.resize(size + 1);
  const counts c = compact(cost);
  for (cost_row* row : {&by_size_[size], &all_}) {
    ++row->inputs;
    for (const cost_measure m : cost_measures) {
      cost_figure& f = row->measures[static_cast<std::size_t>(m)];
      f.total += cost_of(cost, m);
      f.max = std::max(f.max, cost_of(cost, m));
    }
  }
  all_.size = std::max(all_.size, size);
  for (const cost_measure m : cost_measures) {
    worst& w = worst_call_[static_cast<std::size_t>(m)];
    if (w.from == none || cost_of(cost, m) > w.value) w = {cost_of(cost, m), from, call, c};
  }
  if (to != none) edges_.push_back({from, to, call, c});
}

void sequence_meter::finish(explore_report& report, const std::vector<std::string>& texts,
                            std::uint32_t depth_reached, std::uint32_t exact_up_to) const {
  if (!active_) return;
  sequence_cost& out = report.cost;
  out.measured = true;
  out.allocations_counted = allocation_watch_active();
  for (std::uint64_t size = 0; size < by_size_.size(); ++size)
    if (by_size_[size].inputs > 0) {
      out.by_size.push_back(by_size_[size]);
      out.by_size.back().size = size;
    }
  out.all = all_;
  const std::size_t states = sizes_.size();

  // The calls that first reached the worst call's state, then the worst call.
  for (const cost_measure m : cost_measures) {
    const std::size_t i = static_cast<std::size_t>(m);
    const worst& w = worst_call_[i];
    if (w.from == none) continue;
    costed_sequence& s = out.worst_call[i];
    std::vector<std::uint32_t> reached;  // the states on the way to w.from, last first
    for (std::uint32_t state = w.from; arrival_[state].parent != none; state = arrival_[state].parent)
      reached.push_back(state);
    for (auto it = reached.rbegin(); it != reached.rend(); ++it) {
      const arrival& a = arrival_[*it];
      s.calls.push_back(texts[a.call]);
      s.sizes.push_back(sizes_[a.parent]);
      s.costs.push_back(a.cost[i]);
    }
    s.calls.push_back(texts[w.call]);
    s.sizes.push_back(sizes_[w.from]);
    s.costs.push_back(w.cost[i]);
    s.total = std::accumulate(s.costs.begin(), s.costs.end(), std::uint64_t{0});
  }

  // How long the analysed sequences are.
  const std::uint32_t asked = options_->sequence_length != 0 ? options_->sequence_length
                              : exact_up_to == none          ? std::max<std::uint32_t>(1, 4 * depth_reached)
                                                             : std::max<std::uint32_t>(1, exact_up_to);
  out.length_asked = asked;
  std::uint32_t length = exact_up_to >= 1 ? std::min(asked, exact_up_to) : asked;
  if (states > 0 && static_cast<std::uint64_t>(length) * states > max_table) {
    length = static_cast<std::uint32_t>(std::max<std::uint64_t>(1, max_table / states));
    out.length_limited = true;
  }
  out.length = length;
  out.complete = exact_up_to != 0 && length <= exact_up_to;
  if (states == 0 || edges_.empty()) return;

  // The edges of the path of k edges to `state` in a predecessor table, first first.
  const auto path_edges = [&](const std::vector<std::uint32_t>& predecessor, std::uint32_t k, std::uint32_t state) {
    std::vector<std::uint32_t> walk(k);
    for (std::uint32_t j = k; j >= 1; --j) {
      walk[j - 1] = predecessor[static_cast<std::size_t>(j - 1) * states + state];
      state = edges_[walk[j - 1]].from;
    }
    return walk;
  };
  // That path as a costed sequence in measure i.
  const auto sequence = [&](const std::vector<std::uint32_t>& predecessor, std::uint32_t k, std::uint32_t state,
                            std::size_t i) {
    costed_sequence s;
    for (const std::uint32_t e : path_edges(predecessor, k, state)) {
      s.calls.push_back(texts[edges_[e].call]);
      s.sizes.push_back(sizes_[edges_[e].from]);
      s.costs.push_back(edges_[e].cost[i]);
    }
    s.total = std::accumulate(s.costs.begin(), s.costs.end(), std::uint64_t{0});
    return s;
  };

  for (const cost_measure m : cost_measures) {
    const std::size_t i = static_cast<std::size_t>(m);
    std::vector<std::uint64_t>& totals = out.worst_total[i];
    std::uint32_t last_state = 0, amortized_k = 0, amortized_state = 0;
    std::int64_t amortized_total = 0;
    const auto predecessor = longest_paths<std::int64_t>(
        edges_, states, length, [i](const edge& e) { return static_cast<std::int64_t>(e.cost[i]); },
        [&](std::uint32_t k, std::int64_t best, std::uint32_t state) {
          totals.push_back(static_cast<std::uint64_t>(best));
          last_state = state;
          // The most per call; the shortest sequence of it (best / k > total / k', exactly).
          if (amortized_k == 0 || static_cast<wide>(best) * amortized_k > static_cast<wide>(amortized_total) * k) {
            amortized_k = k;
            amortized_total = best;
            amortized_state = state;
          }
          return true;
        });
    if (totals.empty()) continue;
    out.worst_sequence[i] = sequence(predecessor, static_cast<std::uint32_t>(totals.size()), last_state, i);
    out.worst_amortized[i] = sequence(predecessor, amortized_k, amortized_state, i);
  }

  // Amortized bounds: the sum over a sequence of cost - bound(n) at each call, positive for a
  // sequence that costs more than its calls' bounds allow. The shortest such is the finding.
  for (const cost_bound& bound : options_->max_amortized_cost) {
    std::vector<double> limit(states);
    for (std::size_t s = 0; s < states; ++s) limit[s] = bound.limit(sizes_[s]);
    std::uint32_t over_k = 0, over_state = 0;
    const auto predecessor = longest_paths<double>(
        edges_, states, length,
        [&](const edge& e) { return static_cast<double>(bound.measured(expanded(e.cost))) - limit[e.from]; },
        [&](std::uint32_t k, double best, std::uint32_t state) {
          if (best <= 1e-9) return true;
          over_k = k;
          over_state = state;
          return false;
        });
    if (over_k == 0) continue;
    std::uint64_t total = 0;
    double allowed = 0;
    std::string each;
    sequence_finding f;
    for (const std::uint32_t i : path_edges(predecessor, over_k, over_state)) {
      const edge& e = edges_[i];
      const std::uint64_t value = bound.measured(expanded(e.cost));
      total += value;
      allowed += limit[e.from];
      each += fmt::format("{}{} at n = {}", each.empty() ? "" : ", ", value, sizes_[e.from]);
      f.calls.push_back(texts[e.call]);
    }
    f.depth = over_k;
    f.run.kind = outcome_kind::cost;
    f.run.detail = fmt::format("{} {} over {} calls > {:.6g}, the sum of {} at each call's n (amortized bound; the "
                               "calls cost {})",
                               bound.measure_name(), total, over_k, allowed, bound.expression(), each);
    report.findings.push_back(std::move(f));
  }
  std::stable_sort(report.findings.begin(), report.findings.end(),
                   [](const sequence_finding& a, const sequence_finding& b) { return a.depth < b.depth; });
}

}  // namespace smallscope::detail
