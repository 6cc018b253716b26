// What the method tests share (tests/subjects/*_test.cpp): structures that own their objects,
// the clause a postcondition fails, random operation sequences, and a check of one built-in
// subject's method.
#pragma once

#include <gtest/gtest.h>

#include <cstdint>
#include <random>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "smallscope/checker.hpp"
#include "smallscope/heap.hpp"
#include "smallscope/oracle.hpp"
#include "smallscope/subject.hpp"

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

// The method `name` of a subject instance.
inline const smallscope::target_method& method_of(const smallscope::subject_instance& i, std::string_view name) {
  for (const auto& m : i.methods)
    if (m.name == name) return m;
  throw std::runtime_error("no method " + std::string(name));
}

// Checks `method` of the built-in `subject` on every input of the finitization `fin`.
inline smallscope::check_report check(std::string_view subject, std::string_view method,
                                      const std::vector<std::int64_t>& fin) {
  const auto* s = smallscope::find_subject(subject);
  if (s == nullptr) throw std::runtime_error("no subject " + std::string(subject));
  const auto instance = s->make(fin);
  return smallscope::run_check(instance.fin, instance.invariant, method_of(instance, method), {});
}

}  // namespace methods_test
