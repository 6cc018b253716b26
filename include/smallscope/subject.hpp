// Subjects: the classes of an input structure, their invariant and their finitization
// (paper 000, Sec. 3). A subject registers itself with SMALLSCOPE_SUBJECT, so the command line
// (and any test binary linked with it) can list and run it by name.
//
//   SMALLSCOPE_SUBJECT(binary_tree) {
//     smallscope::subject s;
//     s.name = "BinaryTree";
//     s.parameters = {{"nodes", "...", 0, 64}, {"minSize", ...}, {"maxSize", ...}};
//     s.scope = [](std::int64_t n) { return std::vector<std::int64_t>{n, n, n}; };
//     s.make = [](std::span<const std::int64_t> p) { return smallscope::subject_instance{...}; };
//     return s;
//   }
// Stage: subject.
#pragma once

#include <cstdint>
#include <functional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "smallscope/check.hpp"
#include "smallscope/finitization.hpp"
#include "smallscope/search.hpp"

namespace smallscope {

// One parameter of a subject's finitization, with its allowed range.
struct fin_parameter {
  std::string name;
  std::string help;
  std::int64_t min = 0;
  std::int64_t max = 0;
};

// A subject with all its finitization parameters fixed, and its methods under test with their
// argument domains for those parameters.
struct subject_instance {
  finitization fin;
  predicate invariant;
  std::vector<target_method> methods;
  eq_class_fn eq_class = {};  // optional: the black-box criterion's classes (paper 002)
  // optional: the same invariant written with dedicated generators (generators.hpp, paper 000
  // Sec. 5): the same valid structures from fewer candidates (--generators)
  predicate with_generators = {};
};

struct subject {
  std::string name;     // as on the command line: "BinaryTree"
  std::string summary;  // one line
  std::vector<fin_parameter> parameters;
  // The one-argument finitization (Korat's finX(n)): scope -> every parameter.
  std::function<std::vector<std::int64_t>(std::int64_t scope)> scope;
  std::int64_t scope_min = 0;
  std::int64_t scope_max = 0;
  // Builds the finitization; requires one value per parameter, each in its range; throws
  // finitization_error naming the parameter when the values do not fit together.
  std::function<subject_instance(std::span<const std::int64_t>)> make;
  // For reproducers: the header that declares the classes (each method names its invariant).
  std::string header;
};

// Registers a subject factory; returns true (for static registration).
bool register_subject(subject (*factory)());
// Every registered subject, sorted by name.
const std::vector<subject>& subjects();
// The subject called `name`, or null.
const subject* find_subject(std::string_view name);

}  // namespace smallscope

#define SMALLSCOPE_SUBJECT(id)                                                               \
  static ::smallscope::subject smallscope_subject_##id();                                    \
  [[maybe_unused]] static const bool smallscope_registered_##id =                            \
      ::smallscope::register_subject(&smallscope_subject_##id);                              \
  static ::smallscope::subject smallscope_subject_##id()
