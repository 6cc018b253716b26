// What the method tests share (tests/methods_*_test.cpp): structures that own their objects,
// the clause a postcondition fails, and random operation sequences.
#pragma once

#include <gtest/gtest.h>

#include <cstdint>
#include <random>
#include <string_view>

#include "smallscope/heap.hpp"
#include "smallscope/oracle.hpp"

namespace methods_test {

// A structure built by hand with `new` that owns its objects: copied with smallscope::deep_copy
// and freed with smallscope::release (heap.hpp's ownership rule, the one checks use).
template <class Root>
struct owned_structure {
  Root* root;
  owned_structure() : root(new Root()) {}
  explicit owned_structure(const Root& other) : root(smallscope::deep_copy(other)) {}
  owned_structure(const owned_structure&) = delete;
  owned_structure& operator=(const owned_structure&) = delete;
  ~owned_structure() { smallscope::release(root); }
};

// The clause a postcondition call fails, or "" when it passes.
template <class Post>
std::string_view failed_clause(Post post) {
  smallscope::verdict v;
  post(v);
  return v.failed_clause();
}

inline constexpr std::uint32_t seed = 20240611;
inline constexpr int random_steps = 4000;

// Adds with probability 0.8 and 0.2 in alternating phases, so structures grow and shrink.
inline bool add_now(std::mt19937& rng, int step) {
  const double p_add = (step / 250) % 2 == 0 ? 0.8 : 0.2;
  return std::uniform_real_distribution<double>(0, 1)(rng) < p_add;
}

inline int pick(std::mt19937& rng, int lo, int hi) { return std::uniform_int_distribution<int>(lo, hi)(rng); }

}  // namespace methods_test
