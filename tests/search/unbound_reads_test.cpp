// What the search cannot model is refused, never run as a smaller space: an invariant that reads
// a member no field binds (not listed in SMALLSCOPE_FIELDS) stops the search with an error
// naming the class and the place of the member; an invariant whose reads are not observed at all
// (plain members in code the build did not rewrite) is said to have read nothing.
#include <gtest/gtest.h>

#include "smallscope/subject.hpp"

#include <string>

#include "smallscope/checker.hpp"
#include "smallscope/generate.hpp"
#include "smallscope/search.hpp"

namespace unbound_reads_test {

// `hidden` is a field<int> that SMALLSCOPE_FIELDS leaves out: it keeps its constructed value.
struct pair_with_hidden {
  smallscope::field<int> a;
  smallscope::field<int> hidden;
  smallscope::field<int> b;
  bool reads_hidden() const { return a <= b && hidden == 0; }
  bool reads_bound() const { return a <= b; }
  void touch() {}
};
SMALLSCOPE_FIELDS(pair_with_hidden, a, b)

smallscope::finitization hidden_fin() {
  auto f = smallscope::finitization::of<pair_with_hidden>("Pair");
  f.set(&pair_with_hidden::a, smallscope::ints(0, 2));
  f.set(&pair_with_hidden::b, smallscope::ints(0, 2));
  return f;
}

// Plain members read by code that is not rewritten: no read is observed, and the invariant
// rejects the first candidate (0 < 0 is false) having read nothing, so the search ends there.
struct plain_pair {
  int a = 0;
  int b = 0;
  bool rep_ok() const { return a < b; }
  bool rep_ok_at_most() const { return a <= b; }
  void touch() {}
};
SMALLSCOPE_FIELDS(plain_pair, a, b)
void plain_post(smallscope::verdict&, const plain_pair&, const plain_pair&) {}

}  // namespace unbound_reads_test

using namespace unbound_reads_test;

TEST(UnboundReads, AMemberNoFieldBindsIsRefusedNamingItsPlace) {
  // Refused before the search, whether the invariant reads the member or not (byte_accounting.hpp).
  for (auto invariant : {smallscope::make_predicate<&pair_with_hidden::reads_hidden>(),
                         smallscope::make_predicate<&pair_with_hidden::reads_bound>()}) {
    try {
      std::uint64_t n = 0;
      for ([[maybe_unused]] const auto& s : smallscope::structures(hidden_fin(), invariant)) ++n;
      ADD_FAILURE() << n << " structures, no error";
    } catch (const smallscope::finitization_error& e) {
      const std::string m = e.what();
      EXPECT_NE(m.find("unbound_reads_test::pair_with_hidden (the objects of Pair) has bytes 4..7 (between a and b) that "
                       "no field binds"),
                std::string::npos)
          << m;
      EXPECT_NE(m.find("SMALLSCOPE_FIELDS"), std::string::npos) << m;
    }
  }
  // Declared not part of the input, it keeps its constructed value, and reading it reads no
  // field: 6 pairs a <= b either way.
  auto f = hidden_fin();
  f.not_input(&pair_with_hidden::hidden);
  for (auto invariant : {smallscope::make_predicate<&pair_with_hidden::reads_hidden>(),
                         smallscope::make_predicate<&pair_with_hidden::reads_bound>()}) {
    std::uint64_t n = 0;
    for ([[maybe_unused]] const auto& s : smallscope::structures(f, invariant)) ++n;
    EXPECT_EQ(n, 6u);
  }
}

TEST(UnboundReads, AnInvariantThatReadNothingIsSaidToHaveReadNothing) {
  auto f = smallscope::finitization::of<plain_pair>("Plain");
  f.set(&plain_pair::a, smallscope::ints(0, 2));
  f.set(&plain_pair::b, smallscope::ints(0, 2));
  const auto r = smallscope::run_check(f, smallscope::make_predicate<&plain_pair::rep_ok>(),
                                       SMALLSCOPE_METHOD(plain_pair::touch, plain_post), {});
  EXPECT_EQ(r.explored, 1u);
  EXPECT_EQ(r.structures, 0u);  // where 3 pairs a < b exist
  bool said = false;
  for (const auto& w : r.warnings) said = said || w.find("1 candidate explored") != std::string::npos;
  EXPECT_TRUE(said);
  // And one that returned true having read nothing: the search varies the fields of each valid
  // structure it was not told of (b here, a never, as nothing was read), and found 3 "pairs" that
  // are no more than the bounds' values. Said, where the pairs a <= b are 6.
  const auto t = smallscope::run_check(f, smallscope::make_predicate<&plain_pair::rep_ok_at_most>(),
                                       SMALLSCOPE_METHOD(plain_pair::touch, plain_post), {});
  EXPECT_EQ(t.structures, 3u);
  bool said_true = false;
  for (const auto& w : t.warnings)
    said_true = said_true || w.find("the invariant read no field in any of its 5 calls, yet accepted 3") != std::string::npos;
  EXPECT_TRUE(said_true) << ::testing::PrintToString(t.warnings);
  // An invariant whose reads are observed (a subject's, through field<T>) says it read fields.
  const auto* bt = smallscope::find_subject("BinaryTree");
  ASSERT_NE(bt, nullptr);
  const auto instance = bt->make(bt->scope(3));
  smallscope::structure_range range(instance.fin, instance.invariant);
  for ([[maybe_unused]] const auto& s : range) {
  }
  EXPECT_TRUE(range.stats().fields_read);
  smallscope::structure_range blind(f, smallscope::make_predicate<&plain_pair::rep_ok_at_most>());
  for ([[maybe_unused]] const auto& s : blind) {
  }
  EXPECT_FALSE(blind.stats().fields_read);
}

// A scope where no Node exists (RedBlackTree 0 entries): the node's fields have two colors to
// take but no object to take them, so nothing could be varied, and the one candidate is no sign
// of reads that are not observed.
TEST(UnboundReads, FieldsOfAClassWithNoObjectAreNoChoice) {
  const auto* rbt = smallscope::find_subject("RedBlackTree");
  ASSERT_NE(rbt, nullptr);
  const std::vector<std::int64_t> fin = {0, 0, 0, 0};
  const auto instance = rbt->make(fin);
  smallscope::generation_options o;
  const auto r = smallscope::generate(instance.fin, instance.invariant, o);
  EXPECT_EQ(r.stats.explored, 1u);
  EXPECT_EQ(r.stats.valid, 1u);
  for (const auto& w : r.warnings) EXPECT_EQ(w.find("not observed"), std::string::npos) << w;
}
