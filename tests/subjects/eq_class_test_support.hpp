// What the paper 002 case-study tests share (tests/subjects/*_test.cpp for ListAsSet,
// DirectedGraph, WeightedDirectedGraph, SearchTreeDelete): a subject's search run plain, with
// eqClass pruning (Korat+) and one per class, and the classes each run covers, computed by
// calling the root's eq_class() on every structure it yields.
#pragma once

#include <gtest/gtest.h>

#include <cstdint>
#include <map>
#include <set>
#include <string>
#include <vector>

#include "smallscope/search.hpp"
#include "smallscope/subject.hpp"

namespace eq_class_test {

struct class_run {
  std::map<std::uint64_t, std::uint64_t> per_class;  // class -> structures yielded in it
  std::uint64_t yielded = 0;
  smallscope::search_stats stats;
  std::set<std::uint64_t> classes() const {
    std::set<std::uint64_t> s;
    for (const auto& [c, n] : per_class) s.insert(c);
    return s;
  }
};

inline smallscope::subject_instance instance(const std::string& subject, const std::vector<std::int64_t>& fin) {
  const smallscope::subject* s = smallscope::find_subject(subject);
  EXPECT_NE(s, nullptr) << subject;
  return s->make(fin);
}

// Runs the search; every structure it yields must satisfy rep_ok().
template <class Root>
class_run run(const smallscope::subject_instance& inst, bool eq_class, bool one_per_class) {
  smallscope::search_options o;
  o.eq_class = eq_class;
  o.one_per_class = one_per_class;
  smallscope::structure_range range(inst.fin, inst.invariant, inst.eq_class, o);
  class_run r;
  for (const auto& s : range) {
    const Root& root = s.template root<Root>();
    EXPECT_TRUE(root.rep_ok());
    ++r.per_class[root.eq_class()];
    ++r.yielded;
  }
  r.stats = range.stats();
  return r;
}

struct expected_counts {
  std::uint64_t explored, valid;          // plain Korat
  std::uint64_t eq_explored, eq_valid;    // Korat+ (eqClass pruning)
  std::uint64_t classes;
};

// Plain and eqClass runs cover the same classes, eqClass explores fewer candidates, one per
// class yields exactly one structure per class (the first of each, so plain's count of
// candidates), and the counts are the expected ones.
template <class Root>
void expect_korat_plus(const smallscope::subject_instance& inst, const expected_counts& want) {
  const class_run plain = run<Root>(inst, false, false);
  const class_run plus = run<Root>(inst, true, false);
  const class_run one = run<Root>(inst, false, true);
  const class_run plus_one = run<Root>(inst, true, true);

  EXPECT_EQ(plain.stats.explored, want.explored);
  EXPECT_EQ(plain.stats.valid, want.valid);
  EXPECT_EQ(plain.yielded, want.valid);
  EXPECT_EQ(plus.stats.explored, want.eq_explored);
  EXPECT_EQ(plus.stats.valid, want.eq_valid);
  EXPECT_EQ(plus.yielded, want.eq_valid);
  EXPECT_EQ(plain.classes().size(), want.classes);

  EXPECT_EQ(plus.classes(), plain.classes()) << "Korat+ covers the classes plain Korat covers";
  EXPECT_LT(plus.stats.explored, plain.stats.explored);
  EXPECT_LE(plus.stats.valid, plain.stats.valid);
  EXPECT_EQ(plain.stats.classes, plain.classes().size());
  EXPECT_EQ(plus.stats.classes, plain.classes().size());

  for (const class_run* r : {&one, &plus_one}) {
    EXPECT_EQ(r->classes(), plain.classes());
    EXPECT_EQ(r->yielded, plain.classes().size());
    for (const auto& [c, n] : r->per_class) EXPECT_EQ(n, 1u) << "class " << c;
  }
  EXPECT_EQ(one.stats.explored, plain.stats.explored);  // one per class alone prunes nothing
  EXPECT_EQ(one.stats.valid, plain.stats.valid);
  EXPECT_EQ(plus_one.stats.explored, plus.stats.explored);
}

}  // namespace eq_class_test
