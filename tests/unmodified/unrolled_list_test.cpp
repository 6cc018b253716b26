// C arrays and std::arrays with a separate count, as real code writes them (subjects/unmodified/
// plain/unrolled_list.hpp): one structure per list, counted independently (subsets of keys times
// the ways to cut them into chunks), with no invariant about the slots past each count; insert
// passes on every list and its post-states are pictured element by element.
#include <gtest/gtest.h>

#include <cstdint>
#include <string>
#include <vector>

#include "plain/unrolled_list.hpp"
#include "smallscope/checker.hpp"
#include "smallscope/explore.hpp"
#include "smallscope/heap.hpp"
#include "smallscope/search.hpp"
#include "tests/support/dead_slots.hpp"

namespace {

namespace ul = plain_subjects::unrolled_list;

template <class List>
std::vector<int> keys(const List& l) {
  std::vector<int> out;
  int chunks = 0;
  for (const auto* c = l.head(); c != nullptr && ++chunks < 64; c = c->next)
    for (int i = 0; i < c->count && i < ul::capacity; ++i) out.push_back(c->keys[i]);
  return out;
}

template <class List>
void insert_post(smallscope::verdict& v, const List& old, const List& now, bool inserted, int k) {
  std::vector<int> expected = keys(old);
  bool present = false;
  for (int e : expected) present = present || e == k;
  v.require(inserted == !present, "returns whether k was absent");
  if (!present) {
    auto at = expected.begin();
    while (at != expected.end() && *at < k) ++at;
    expected.insert(at, k);
  }
  v.require(keys(now) == expected, "k is in its place");
}

// Lists of up to `chunks` chunks over keys 0..max_key: for each set of L keys, the ways to cut L
// into at most `chunks` parts of 1..capacity keys. With `dead_slots_count`, each slot past a
// chunk's count multiplies by the max_key + 1 values it may hold (Korat's rule for every field
// of a valid structure, when the finitization does not say which slots are live).
std::uint64_t expected_lists(int chunks, int max_key, bool dead_slots_count = false) {
  const int m = max_key + 1;
  // cuts[L][p]: compositions of L into p parts of size 1..capacity.
  std::vector<std::vector<std::uint64_t>> cuts(m + 1, std::vector<std::uint64_t>(chunks + 1, 0));
  cuts[0][0] = 1;
  for (int p = 1; p <= chunks; ++p)
    for (int l = 1; l <= m; ++l)
      for (int part = 1; part <= ul::capacity && part <= l; ++part) {
        std::uint64_t dead = 1;
        for (int d = part; dead_slots_count && d < ul::capacity; ++d) dead *= static_cast<std::uint64_t>(m);
        cuts[l][p] += cuts[l - part][p - 1] * dead;
      }
  std::uint64_t total = 0;
  std::uint64_t choose = 1;  // C(m, l)
  for (int l = 0; l <= m; ++l) {
    std::uint64_t ways = 0;
    for (int p = 0; p <= chunks; ++p) ways += cuts[l][p];
    total += choose * ways;
    choose = choose * static_cast<std::uint64_t>(m - l) / static_cast<std::uint64_t>(l + 1);
  }
  return total;
}

}  // namespace

TEST(UnmodifiedUnrolledList, OneStructurePerListWithNoInvariantForUnusedSlots) {
  for (int chunks = 0; chunks <= 3; ++chunks)
    for (int max_key = 0; max_key <= 4; ++max_key) {
      std::uint64_t n = 0;
      for ([[maybe_unused]] const auto& s : smallscope::structures(ul::fin(chunks, max_key), &ul::list::rep_ok)) ++n;
      EXPECT_EQ(n, expected_lists(chunks, max_key)) << chunks << " chunks, keys 0.." << max_key;
    }
}

TEST(UnmodifiedUnrolledList, StdArraysWithACountGiveTheSameStructures) {
  // Element by element, as for the C array: the same count, and each structure's slots are the
  // C array list's, in the same order.
  for (int chunks = 0; chunks <= 3; ++chunks)
    for (int max_key = 0; max_key <= 3; ++max_key) {
      std::vector<std::vector<int>> c_arrays;
      std::vector<std::vector<int>> std_arrays;
      for (const auto& s : smallscope::structures(ul::fin(chunks, max_key), &ul::list::rep_ok))
        c_arrays.push_back(keys(s.root<ul::list>()));
      for (const auto& s : smallscope::structures(ul::fin<ul::std_list>(chunks, max_key), &ul::std_list::rep_ok))
        std_arrays.push_back(keys(s.root<ul::std_list>()));
      EXPECT_EQ(std_arrays.size(), expected_lists(chunks, max_key)) << chunks << " chunks, keys 0.." << max_key;
      EXPECT_EQ(std_arrays, c_arrays);
    }
}

TEST(UnmodifiedUnrolledList, WithoutTheCountEveryDeadSlotMultipliesTheStructures) {
  auto f = smallscope::finitization::of<ul::list>("UnrolledList");
  auto cs = f.objects<ul::chunk>("Chunk", 2);
  f.set(&ul::list::head_, cs.or_null());
  f.set(&ul::list::size_, smallscope::ints(0, 6));
  f.set(&ul::chunk::count, smallscope::ints(0, ul::capacity));
  f.set(&ul::chunk::keys, smallscope::ints(0, 3));  // every element a field of the structure
  f.set(&ul::chunk::next, cs.or_null());
  std::uint64_t n = 0;
  for ([[maybe_unused]] const auto& s : smallscope::structures(f, &ul::list::rep_ok)) ++n;
  EXPECT_EQ(n, expected_lists(2, 3, true));
  EXPECT_GT(n, expected_lists(2, 3));
}

TEST(UnmodifiedUnrolledList, TheCountIsBoundFirst) {
  auto f = smallscope::finitization::of<ul::list>("UnrolledList");
  f.objects<ul::chunk>("Chunk", 2);
  EXPECT_THROW(f.set_counted(&ul::chunk::keys, &ul::chunk::count, smallscope::ints(0, 3)), smallscope::finitization_error);
}

// A pointer cannot count: that does not compile.
template <class A, class I>
concept counts = requires(smallscope::finitization& f, A a, I i) { f.set_counted(a, i, smallscope::ints(0, 3)); };
static_assert(!counts<decltype(&ul::chunk::keys), decltype(&ul::chunk::next)>);
static_assert(counts<decltype(&ul::chunk::keys), decltype(&ul::chunk::count)>);

TEST(UnmodifiedUnrolledList, InsertPassesOnStdArrays) {
  const auto insert = SMALLSCOPE_METHOD(ul::std_list::insert, insert_post<ul::std_list>, smallscope::ints(0, 5));
  const auto r = smallscope::run_check(ul::fin<ul::std_list>(2, 4), smallscope::make_predicate<&ul::std_list::rep_ok>(),
                                       insert, {});
  EXPECT_EQ(r.structures, expected_lists(2, 4));
  EXPECT_EQ(r.inputs, r.structures * 6u);
  EXPECT_EQ(r.worker_restarts, 0u);
  for (const auto& c : r.failures)
    ADD_FAILURE() << "input " << c.input << ": " << smallscope::outcome_name(c.kind) << " " << c.detail;
}

TEST(UnmodifiedUnrolledList, InsertPassesAndPicturesShowEachElement) {
  const auto insert = SMALLSCOPE_METHOD(ul::list::insert, insert_post<ul::list>, smallscope::ints(0, 5));
  const auto r = smallscope::run_check(ul::fin(2, 4), smallscope::make_predicate<&ul::list::rep_ok>(), insert, {});
  EXPECT_EQ(r.structures, expected_lists(2, 4));
  EXPECT_EQ(r.worker_restarts, 0u);
  for (const auto& c : r.failures)
    ADD_FAILURE() << "input " << c.input << ": " << smallscope::outcome_name(c.kind) << " " << c.detail;
  // A copy of a two-chunk list, pictured with its elements as slots of their own.
  ul::list l;
  for (int k : {1, 2, 3, 4}) ASSERT_TRUE(l.insert(k));
  ul::list* copy = smallscope::deep_copy(l);
  EXPECT_EQ(keys(*copy), (std::vector<int>{1, 2, 3, 4}));
  const auto graph = smallscope::describe(*copy);
  ASSERT_GE(graph.objects.size(), 2u);
  std::vector<std::string> names;
  for (const auto& f : graph.objects[1].fields) names.push_back(f.name);
  EXPECT_EQ(names, (std::vector<std::string>{"count", "keys[0]", "keys[1]", "keys[2]", "next"}));
  smallscope::release(copy);  // each chunk deleted once, though ~list() owns them
}

TEST(UnmodifiedUnrolledList, ExploreComparesTheLivePartOfTheStatesItReaches) {
  // A split leaves the moved keys behind past the count. Every list insert builds from the empty
  // one has at most 4 keys of 0..3, so 2 chunks: each reached state is one of gen's valid lists,
  // compared by what lies below the counts (the arena's dead slots hold other values).
  for (const bool with_std : {false, true}) {
    const auto insert = with_std ? SMALLSCOPE_METHOD(ul::std_list::insert, insert_post<ul::std_list>, smallscope::ints(0, 3))
                                 : SMALLSCOPE_METHOD(ul::list::insert, insert_post<ul::list>, smallscope::ints(0, 3));
    const auto f = with_std ? ul::fin<ul::std_list>(2, 3) : ul::fin(2, 3);
    const auto invariant = with_std ? smallscope::make_predicate<&ul::std_list::rep_ok>()
                                    : smallscope::make_predicate<&ul::list::rep_ok>();
    smallscope::explore_options o;
    o.against = &f;
    o.invariant = &invariant;
    const auto r = smallscope::explore_sequences(smallscope::api_calls({&insert}), o);
    ASSERT_TRUE(r.has_differential);
    EXPECT_TRUE(r.complete);
    EXPECT_TRUE(r.findings.empty());
    EXPECT_GE(r.states, 16u) << "every subset of 0..3, some cut into chunks in more than one way";
    EXPECT_EQ(r.differential.reached_not_valid, 0u) << (with_std ? "std::array" : "C array");
    EXPECT_EQ(r.differential.valid_reached, r.states);
  }
}

TEST(UnmodifiedUnrolledList, NothingReadsPastTheCounts) {
  const auto insert = SMALLSCOPE_METHOD(ul::list::insert, insert_post<ul::list>, smallscope::ints(0, 3));
  EXPECT_GT(dead_slots::expect_dead_slots_unread(ul::fin(2, 3), &ul::list::rep_ok, insert), 0u);
  const auto std_insert = SMALLSCOPE_METHOD(ul::std_list::insert, insert_post<ul::std_list>, smallscope::ints(0, 3));
  EXPECT_GT(dead_slots::expect_dead_slots_unread(ul::fin<ul::std_list>(2, 3), &ul::std_list::rep_ok, std_insert), 0u);
}
