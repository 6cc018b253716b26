// A uniform sample of the valid structures a search yields (the finitization warnings'
// evidence, report/finitization_warnings.hpp; paper 000, Sec. 3.2-3.4), kept by the search's
// threads as they go so that no structure has to be handed to anyone to be sampled.
// Stage: search.
#pragma once

#include <cstdint>
#include <vector>

namespace smallscope::detail {

inline constexpr std::uint32_t sample_capacity = 1024;

// A uniform sample of the valid structures as they come (reservoir sampling with geometric
// skips, Li's Algorithm L): offer() costs a counter and a compare for a structure that is left
// out, which is nearly every one in a long run. Its random numbers are hashes of the structure's
// number, and its state is plain data, so a run resumed in another process (a check's worker,
// from the shared mapping) samples as one run would.
class reservoir_sampler {
 public:
  // The place in the sample of the next structure: below sample_capacity, or sample_capacity
  // to leave it out.
  std::uint32_t offer() {
    ++seen_;
    if (seen_ <= sample_capacity) [[unlikely]] {
      if (seen_ == sample_capacity) skip(true);
      return static_cast<std::uint32_t>(seen_ - 1);
    }
    if (seen_ != next_) [[likely]] return sample_capacity;
    return replace();
  }
  // Structures offered so far; the sample holds min(seen(), sample_capacity) of them.
  std::uint64_t seen() const { return seen_; }

 private:
  std::uint32_t replace();
  void skip(bool first);
  std::uint64_t seen_ = 0;
  std::uint64_t next_ = 0;  // the next structure that enters the sample
  double w_ = 0;
};

// One search thread's share of the sample: its candidate vectors, sample_capacity at most, in
// the places offer() gave. On a cache line of its own: every structure counts in it.
struct alignas(64) thread_sample {
  reservoir_sampler sampler;
  std::vector<std::uint32_t> candidates;

  // Offers the structure whose candidate vector is `values` (`slots` of them).
  void offer(const std::uint32_t* values, std::uint32_t slots) {
    if (const auto place = sampler.offer(); place < sample_capacity) [[unlikely]] {
      const std::size_t at = static_cast<std::size_t>(place) * slots;
      if (candidates.size() < at + slots) candidates.resize(at + slots);
      std::copy(values, values + slots, candidates.begin() + static_cast<std::ptrdiff_t>(at));
    }
  }
  // The vectors held: min(seen, sample_capacity).
  std::uint32_t held() const {
    return static_cast<std::uint32_t>(sampler.seen() < sample_capacity ? sampler.seen() : sample_capacity);
  }
};

}  // namespace smallscope::detail
