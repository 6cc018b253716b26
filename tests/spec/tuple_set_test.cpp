// Tuple sets keep their tuples sorted and unique, whatever the order of insertion.
#include <gtest/gtest.h>

#include <algorithm>
#include <random>
#include <set>

#include "spec_front/instance.hpp"

namespace smallscope::spec {
namespace {

TEST(TupleSet, InsertKeepsLexicographicOrderAgainstStdSet) {
  std::mt19937 rng(7);
  for (int round = 0; round < 50; ++round) {
    tuple_set s;
    s.arity = 2;
    std::set<std::pair<std::uint32_t, std::uint32_t>> model;
    for (int i = 0; i < 40; ++i) {
      std::uint32_t t[2] = {static_cast<std::uint32_t>(rng() % 5), static_cast<std::uint32_t>(rng() % 5)};
      s.insert(t);
      model.insert({t[0], t[1]});
    }
    ASSERT_EQ(s.size(), model.size());
    std::size_t k = 0;
    for (auto [a, b] : model) {
      EXPECT_EQ(s.atoms[2 * k], a);
      EXPECT_EQ(s.atoms[2 * k + 1], b);
      std::uint32_t t[2] = {a, b};
      EXPECT_TRUE(s.contains(t));
      ++k;
    }
    std::uint32_t absent[2] = {9, 9};
    EXPECT_FALSE(s.contains(absent));
    tuple_set shuffled = s;
    std::vector<std::pair<std::uint32_t, std::uint32_t>> pairs(model.begin(), model.end());
    std::shuffle(pairs.begin(), pairs.end(), rng);
    shuffled.atoms.clear();
    for (auto [a, b] : pairs) {
      shuffled.atoms.push_back(a);
      shuffled.atoms.push_back(b);
      shuffled.atoms.push_back(a);  // a repeat
      shuffled.atoms.push_back(b);
    }
    shuffled.normalize();
    EXPECT_EQ(shuffled, s);
  }
}

TEST(Universe, IntAtomsRoundTrip) {
  universe u;
  u.names = {"Node$0", "-2", "-1", "0", "1"};
  u.int_first = 1;
  u.int_count = 4;
  u.int_min = -2;
  std::uint32_t atom = 0;
  ASSERT_TRUE(u.int_atom(-1, atom));
  EXPECT_EQ(atom, 2u);
  EXPECT_EQ(u.int_value(atom), -1);
  EXPECT_FALSE(u.int_atom(2, atom));
  EXPECT_FALSE(u.int_atom(-3, atom));
  EXPECT_FALSE(u.is_int(0));
  EXPECT_TRUE(u.is_int(4));
}

}  // namespace
}  // namespace smallscope::spec
