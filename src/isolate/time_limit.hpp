// How long a method under test may run before it counts as hanging (paper 000, Sec. 7.2 stops a
// mutant that runs ten times longer than the original): the running median of its times, and
// the steady clock the workers and their supervisor share.
#pragma once

#include <cstdint>

namespace smallscope::detail {

// Nanoseconds of the steady clock (the same in a worker and its supervisor).
std::int64_t steady_ns();

// Whether this is a build with AddressSanitizer.
inline constexpr bool address_sanitizer =
#if defined(__SANITIZE_ADDRESS__)
    true;
#else
    false;
#endif

// The "+ 1 s" of a time limit: a sanitizer's report of a crash symbolizes its stack before the
// process dies, which takes about a second on its own, so a sanitized build allows five and a
// crash is not taken for a hang.
inline constexpr std::int64_t base_limit_ns = address_sanitizer ? 5'000'000'000 : 1'000'000'000;

// The running median of a method's times, by powers of two; the time limit of an input is ten
// times the median plus one second (five in a build with AddressSanitizer), or the user's fixed
// timeout.
class time_limit {
 public:
  explicit time_limit(double timeout_seconds) : fixed_ns_(static_cast<std::int64_t>(timeout_seconds * 1e9)) {}
  void add(std::int64_t ns);
  std::int64_t limit_ns() const;

 private:
  std::int64_t fixed_ns_;
  std::uint64_t buckets_[65] = {};
  std::uint64_t count_ = 0;
};

}  // namespace smallscope::detail
