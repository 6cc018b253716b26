// The cost report of a check (cost.hpp): the workers' cost books (worker_channel.hpp) merged,
// with each worst input numbered in the whole scope.
#include "check/worker_channel.hpp"
#include "smallscope/detail/allocation_watch.hpp"

namespace smallscope::detail {

cost_report merge_cost_books(const std::vector<const worker_state*>& states,
                             const std::function<std::uint64_t(std::uint64_t unit, std::uint64_t input)>& number,
                             const std::function<void(cost_input& worst, std::uint64_t tuple)>& describe) {
  cost_report report;
  report.measured = true;
  report.allocations_counted = allocation_watch_active();
  if (states.empty()) return report;
  const std::uint32_t rows = states.front()->cost_rows;
  std::array<std::vector<std::uint64_t>, cost_measure_count> histogram;
  for (auto& h : histogram) h.assign(cost_books::buckets, 0);
  for (std::uint32_t size = 0; size < rows; ++size) {
    cost_row row;
    row.size = size;
    for (const worker_state* state : states) {
      const std::uint64_t* r = state->cost_book() + static_cast<std::size_t>(size) * cost_books::row_words;
      if (r[0] == 0) continue;
      row.inputs += r[0];
      for (std::size_t m = 0; m < cost_measure_count; ++m) {
        const std::uint64_t* cell = r + 1 + 4 * m;  // max, unit, input, total
        cost_figure& f = row.measures[m];
        const std::uint64_t input = number(cell[1], cell[2]);
        if (f.worst_input == 0 || cell[0] > f.max || (cell[0] == f.max && input < f.worst_input)) {
          f.max = cell[0];
          f.worst_input = input;
        }
        f.total += cell[3];
      }
    }
    if (row.inputs == 0) continue;
    report.all.size = size;
    report.all.inputs += row.inputs;
    for (std::size_t m = 0; m < cost_measure_count; ++m) {
      cost_figure& all = report.all.measures[m];
      const cost_figure& f = row.measures[m];
      if (all.worst_input == 0 || f.max > all.max || (f.max == all.max && f.worst_input < all.worst_input)) {
        all.max = f.max;
        all.worst_input = f.worst_input;
      }
      all.total += f.total;
    }
    report.by_size.push_back(row);
  }
  for (const worker_state* state : states) {
    const std::uint64_t* h = state->cost_book() + cost_books::histogram_at(rows);
    for (std::size_t m = 0; m < cost_measure_count; ++m)
      for (std::size_t b = 0; b < cost_books::buckets; ++b) histogram[m][b] += h[m * cost_books::buckets + b];
  }
  // The worst input of each measure: the one the rows name, with its structure and arguments.
  const std::uint32_t slot_count = states.front()->slot_count;
  for (std::size_t m = 0; m < cost_measure_count; ++m) {
    cost_input& worst = report.worst[m];
    std::uint64_t most = 0, tuple = 0;
    for (const worker_state* state : states) {
      const std::uint64_t* w = state->cost_book() + cost_books::worst_at(rows) + m * cost_books::worst_words(slot_count);
      if (w[2] == 0) continue;
      const std::uint64_t input = number(w[1], w[2]);
      if (worst.input != 0 && (w[0] < most || (w[0] == most && input > worst.input))) continue;
      most = w[0];
      worst.input = input;
      worst.size = w[4];
      worst.cost = {w[5], w[6], w[7], w[8]};
      tuple = w[3];
      worst.candidate.assign(w + cost_books::worst_head, w + cost_books::worst_head + slot_count);
    }
    if (worst.input != 0) describe(worst, tuple);
  }
  for (std::size_t m = 0; m < cost_measure_count; ++m)
    for (std::uint32_t b = 0; b < cost_books::buckets; ++b)
      if (histogram[m][b] != 0) {
        cost_bucket bucket = cost_books::bucket_range(b);
        bucket.inputs = histogram[m][b];
        report.distribution[m].push_back(bucket);
      }
  return report;
}

}  // namespace smallscope::detail
