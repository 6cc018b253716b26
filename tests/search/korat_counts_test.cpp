// The search reproduces Korat 1.0's valid and explored counts on its own examples
// (paper 000, Sec. 3.4: the explored count depends on the invariant's read order and the
// candidate-vector layout). The rows are bench/korat-counts.tsv, Korat's measured counts; every
// row with at most small_row_explored candidates runs here, the larger ones in
// bench/korat_rows.py. A row whose subject is not built in fails.
#include <gtest/gtest.h>

#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "search/korat_rows.hpp"
#include "smallscope/subject.hpp"

namespace {

constexpr std::uint64_t small_row_explored = 300000;

using korat_rows::korat_row;
using korat_rows::parameters;

std::vector<korat_row> small_rows() { return korat_rows::rows_up_to(small_row_explored); }

class KoratCounts : public testing::TestWithParam<korat_row> {};

TEST_P(KoratCounts, ValidAndExploredEqualKorats) {
  const korat_row& row = GetParam();
  const smallscope::subject* s = smallscope::find_subject(row.subject);
  ASSERT_NE(s, nullptr) << row.subject << " is in korat-counts.tsv but not built in";
  const auto instance = s->make(parameters(*s, row.fin));
  smallscope::structure_range range(instance.fin, instance.invariant);
  std::uint64_t yielded = 0;
  for (const auto& st : range) {
    ++yielded;
    EXPECT_EQ(st.index(), yielded);
  }
  const auto stats = range.stats();
  EXPECT_EQ(yielded, row.valid);
  EXPECT_EQ(stats.valid, row.valid);
  EXPECT_EQ(stats.explored, row.explored);
  EXPECT_EQ(stats.predicate_calls, row.explored);
  EXPECT_EQ(stats.budget_exceeded, 0u);
  EXPECT_EQ(stats.predicate_exceptions, 0u);
}

TEST(KoratCounts, TheReferenceRowsAreRead) { EXPECT_GE(small_rows().size(), 40u); }

INSTANTIATE_TEST_SUITE_P(Reference, KoratCounts, testing::ValuesIn(small_rows()),
                         [](const testing::TestParamInfo<korat_row>& row) { return korat_rows::name_of(row.param); });

// BinaryTree valid counts are the Catalan numbers; SinglyLinkedList's are Bell numbers.
TEST(KoratCounts, CatalanAndBellNumbers) {
  const std::vector<std::uint64_t> catalan = {1, 1, 2, 5, 14, 42, 132};
  const std::vector<std::uint64_t> bell = {1, 1, 2, 5, 15, 52, 203};
  for (std::int64_t n = 0; n <= 6; ++n) {
    for (const auto& [name, expected] : {std::pair{"BinaryTree", catalan}, std::pair{"SinglyLinkedList", bell}}) {
      const auto* s = smallscope::find_subject(name);
      ASSERT_NE(s, nullptr);
      const auto instance = s->make(s->scope(n));
      smallscope::structure_range range(instance.fin, instance.invariant);
      std::uint64_t count = 0;
      for ([[maybe_unused]] const auto& st : range) ++count;
      EXPECT_EQ(count, expected[static_cast<std::size_t>(n)]) << name << " " << n;
    }
  }
}

// The limit stops the search at that many structures.
TEST(KoratCounts, LimitStopsTheSearch) {
  const auto* s = smallscope::find_subject("BinaryTree");
  const auto instance = s->make(s->scope(5));
  smallscope::search_options o;
  o.limit = 7;
  smallscope::structure_range range(instance.fin, instance.invariant, o);
  std::uint64_t count = 0;
  for ([[maybe_unused]] const auto& st : range) ++count;
  EXPECT_EQ(count, 7u);
  EXPECT_TRUE(range.stats().limit_reached);
  EXPECT_LT(range.stats().explored, 947u);
}

}  // namespace

// search_options::stop ends a search where it is asked (every 65,536 candidates), as if the
// space were exhausted: the first ask that says yes ends the last block of candidates explored.
TEST(KoratCounts, TheSearchStopsThroughItsStopRequest) {
  const auto* s = smallscope::find_subject("BinaryTree");
  ASSERT_NE(s, nullptr);
  const auto instance = s->make(s->scope(10));
  std::uint64_t whole = 0;
  {
    smallscope::structure_range range(instance.fin, instance.invariant);
    for (const auto& st : range) (void)st;
    whole = range.stats().explored;
  }
  ASSERT_GT(whole, 4u * 65536u);
  int asked = 0;
  smallscope::search_options o;
  o.stop = [&asked] { return ++asked == 2; };
  smallscope::structure_range range(instance.fin, instance.invariant, o);
  for (const auto& st : range) (void)st;
  EXPECT_EQ(asked, 2);
  EXPECT_EQ(range.stats().explored, 2u * 65536u);
  EXPECT_LT(range.stats().valid, 16796u);
}
