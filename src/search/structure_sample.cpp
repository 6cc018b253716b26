// The reservoir sampler's skips and replacements (Li's Algorithm L). See structure_sample.hpp.
#include "search/structure_sample.hpp"

#include <cmath>

namespace smallscope::detail {
namespace {

std::uint64_t mix(std::uint64_t x) {  // splitmix64's finalizer
  x += 0x9E3779B97F4A7C15ull;
  x = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9ull;
  x = (x ^ (x >> 27)) * 0x94D049BB133111EBull;
  return x ^ (x >> 31);
}

// A uniform number in (0, 1) from a hash of (n, salt).
double unit(std::uint64_t n, std::uint64_t salt) {
  return (static_cast<double>(mix(n * 4 + salt) >> 11) + 0.5) * 0x1.0p-53;
}

}  // namespace

// Algorithm L: after the reservoir fills, w is the largest of k uniform numbers, and the gap to
// the next structure that enters is geometric with parameter w.
void reservoir_sampler::skip(bool first) {
  const double k = sample_capacity;
  if (first) w_ = std::exp(std::log(unit(seen_, 0)) / k);
  const double gap = std::floor(std::log(unit(seen_, 1)) / std::log1p(-w_));
  next_ = seen_ + 1 + (gap < 1e18 ? static_cast<std::uint64_t>(gap) : std::uint64_t{1} << 60);
}

std::uint32_t reservoir_sampler::replace() {
  const auto place = static_cast<std::uint32_t>(mix(seen_ * 4 + 2) % sample_capacity);
  w_ *= std::exp(std::log(unit(seen_, 3)) / sample_capacity);
  skip(false);
  return place;
}

}  // namespace smallscope::detail
