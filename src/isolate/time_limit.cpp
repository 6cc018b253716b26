// Time limits of a method's runs. See time_limit.hpp.
#include "isolate/time_limit.hpp"

#include <algorithm>
#include <bit>
#include <chrono>
#include <cstddef>

namespace smallscope::detail {

std::int64_t steady_ns() {
  return std::chrono::duration_cast<std::chrono::nanoseconds>(std::chrono::steady_clock::now().time_since_epoch())
      .count();
}

void time_limit::add(std::int64_t ns) {
  ++buckets_[static_cast<std::size_t>(std::bit_width(static_cast<std::uint64_t>(std::max<std::int64_t>(ns, 1))))];
  ++count_;
}

std::int64_t time_limit::limit_ns() const {
  if (fixed_ns_ > 0) return fixed_ns_;
  std::uint64_t seen = 0;
  for (std::size_t b = 0; b < 65; ++b) {
    seen += buckets_[b];
    if (2 * seen >= count_) return 10 * (std::int64_t{1} << std::min<std::size_t>(b, 40)) + base_limit_ns;
  }
  return base_limit_ns;
}

}  // namespace smallscope::detail
