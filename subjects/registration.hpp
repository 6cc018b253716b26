// What the built-in subjects' registrations share (SMALLSCOPE_SUBJECT in subjects/*.cpp): a
// subject with Korat's finitization parameters and its one-argument short form finX(n), so
// `smallscope gen X n` means Korat's finX(n) (paper 000, Sec. 3.1; korat-semantics.md).
#pragma once

#include <cstdint>
#include <functional>
#include <span>
#include <string>
#include <utility>
#include <vector>

#include "smallscope/finitization.hpp"
#include "smallscope/subject.hpp"

namespace subjects::registration {

using params = std::vector<std::int64_t>;
using smallscope::fin_parameter;
inline constexpr std::int64_t max_objects = 64;

inline smallscope::subject korat_subject(
    std::string name, std::string summary, std::vector<fin_parameter> parameters,
    std::function<params(std::int64_t)> scope,
    std::function<smallscope::subject_instance(std::span<const std::int64_t>)> make, std::string header = {}) {
  smallscope::subject s;
  s.name = std::move(name);
  s.summary = std::move(summary);
  s.parameters = std::move(parameters);
  s.scope = std::move(scope);
  s.scope_min = 0;
  s.scope_max = max_objects;
  s.make = std::move(make);
  s.header = std::move(header);
  return s;
}

inline fin_parameter size_bound(const char* name, const char* help) { return {name, help, 0, max_objects}; }

// Korat's integer sets need min <= max; says which parameters are out of order.
inline void require_ordered(std::span<const std::int64_t> p, std::size_t lo, std::size_t hi,
                            const std::vector<fin_parameter>& names) {
  if (p[lo] > p[hi])
    throw smallscope::finitization_error(names[lo].name + " (" + std::to_string(p[lo]) + ") must be <= " +
                                         names[hi].name + " (" + std::to_string(p[hi]) + ")");
}

}  // namespace subjects::registration
