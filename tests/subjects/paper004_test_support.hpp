// What the tests of paper 004's subjects share (BinarySearchTree, TreeSet): the valid count at
// a scope with every method passing, and the inputs of paper 004's Table 1.
#pragma once

#include <gtest/gtest.h>

#include <cstdint>
#include <string>

#include "smallscope/checker.hpp"
#include "smallscope/subject.hpp"

namespace paper004_test {

inline smallscope::subject_instance instance(const std::string& subject, std::int64_t n) {
  const auto* s = smallscope::find_subject(subject);
  EXPECT_NE(s, nullptr) << subject;
  return s->make(s->scope(n));
}

// The search yields `valid` structures and every method passes on each, with `keys` arguments.
inline void expect_valid_and_methods_pass(const smallscope::subject_instance& i, std::uint64_t valid,
                                          std::uint64_t keys) {
  smallscope::structure_range range(i.fin, i.invariant);
  std::uint64_t count = 0;
  for ([[maybe_unused]] const auto& st : range) ++count;
  EXPECT_EQ(count, valid);
  for (const auto& m : i.methods) {
    const auto r = smallscope::run_check(i.fin, i.invariant, m, {});
    EXPECT_EQ(r.inputs, valid * keys) << m.name;
    EXPECT_EQ(r.failed, 0u) << m.name;
  }
}

// Paper 004, Table 1, bounded exhaustive, scopes 3..6: the inputs of the three methods
// together, which are also valid(n) * 3 methods * n keys.
inline void expect_table1_inputs(const std::string& subject, const std::uint64_t (&table1)[4],
                                 std::uint64_t (*valid)(int)) {
  for (std::int64_t n = 3; n <= 6; ++n) {
    const auto i = instance(subject, n);
    std::uint64_t inputs = 0;
    for (const auto& m : i.methods) inputs += smallscope::count_inputs(i.fin, i.invariant, m);
    EXPECT_EQ(inputs, table1[n - 3]) << "n = " << n;
    EXPECT_EQ(inputs, valid(static_cast<int>(n)) * 3 * static_cast<std::uint64_t>(n)) << "n = " << n;
  }
}

}  // namespace paper004_test
