// The search reproduces Korat 1.0's valid and explored counts on its own examples
// (shared reference korat-counts.tsv; paper 000, Sec. 3.4: the explored count depends on the
// invariant's read order and the candidate-vector layout). Small scopes here; the larger rows
// are checked by bench/korat_rows.sh.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "smallscope/subject.hpp"

namespace {

struct korat_row {
  std::string subject;
  std::int64_t scope;
  std::uint64_t valid;
  std::uint64_t explored;
};

std::ostream& operator<<(std::ostream& os, const korat_row& r) { return os << r.subject << " " << r.scope; }

class KoratCounts : public testing::TestWithParam<korat_row> {};

TEST_P(KoratCounts, ValidAndExploredEqualKorats) {
  const korat_row& row = GetParam();
  const smallscope::subject* s = smallscope::find_subject(row.subject);
  ASSERT_NE(s, nullptr);
  const auto instance = s->make(s->scope(row.scope));
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

// Rows of korat-counts.tsv that run in well under a second each.
INSTANTIATE_TEST_SUITE_P(
    Reference, KoratCounts,
    testing::Values(korat_row{"BinaryTree", 3, 5, 63}, korat_row{"BinaryTree", 4, 14, 245},
                    korat_row{"BinaryTree", 5, 42, 947}, korat_row{"BinaryTree", 6, 132, 3653},
                    korat_row{"BinaryTree", 7, 429, 14092}, korat_row{"BinaryTree", 8, 1430, 54418},
                    korat_row{"SearchTree", 3, 5, 133}, korat_row{"SearchTree", 4, 14, 875},
                    korat_row{"SearchTree", 5, 42, 6155}, korat_row{"SearchTree", 6, 132, 45233},
                    korat_row{"SinglyLinkedList", 3, 5, 44}, korat_row{"SinglyLinkedList", 5, 52, 518},
                    korat_row{"SinglyLinkedList", 7, 877, 10290}, korat_row{"DoublyLinkedList", 3, 10, 49},
                    korat_row{"DoublyLinkedList", 5, 151, 229}, korat_row{"DoublyLinkedList", 7, 3263, 3392},
                    korat_row{"RedBlackTree", 3, 3, 179}, korat_row{"RedBlackTree", 5, 14, 4209},
                    korat_row{"HeapArray", 3, 66, 240}, korat_row{"HeapArray", 5, 1919, 8916},
                    korat_row{"HeapArray", 6, 13139, 64533}),
    [](const testing::TestParamInfo<korat_row>& row) { return row.param.subject + std::to_string(row.param.scope); });

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
