// One timed search and the median of several, for the side-by-side benches (unmodified_speed.cpp,
// contents_speed.cpp).
#pragma once

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <vector>

#include "smallscope/search.hpp"

namespace bench {

struct timed {
  double seconds = 0;
  std::uint64_t valid = 0, explored = 0;
};

// Runs the search over f with invariant p to its end.
inline timed run(const smallscope::finitization& f, const smallscope::predicate& p) {
  const auto start = std::chrono::steady_clock::now();
  smallscope::structure_range range(f, p);
  timed t;
  for ([[maybe_unused]] const auto& s : range) ++t.valid;
  t.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  t.explored = range.stats().explored;
  return t;
}

inline double median(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  return v[v.size() / 2];
}

}  // namespace bench
