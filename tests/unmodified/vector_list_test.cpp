// std::vector members as real code writes them (subjects/unmodified/plain/vector_list.hpp): an
// unrolled list of std::vector<int> chunks has exactly the structures of the unrolled list with
// a C array and a count, in the same order; a tree owning its children through
// std::vector<std::unique_ptr<node>> has one structure per tree shape (the Motzkin numbers);
// methods that grow and split the vectors pass on every input, a failure's reproducer builds the
// vectors, and copies own vectors of their own.
#include <gtest/gtest.h>

#include <cstdint>
#include <string>
#include <vector>

#include "plain/unrolled_list.hpp"
#include "plain/vector_list.hpp"
#include "smallscope/checker.hpp"
#include "smallscope/counterexample.hpp"
#include "smallscope/heap.hpp"
#include "smallscope/search.hpp"

namespace {

namespace vl = plain_subjects::vector_list;
namespace ul = plain_subjects::unrolled_list;

std::vector<std::vector<int>> chunks_of(const vl::list& l) {
  std::vector<std::vector<int>> out;
  for (const vl::chunk* c = l.head(); c != nullptr && out.size() < 64; c = c->next) out.push_back(c->keys);
  return out;
}
std::vector<std::vector<int>> chunks_of(const ul::list& l) {
  std::vector<std::vector<int>> out;
  for (const ul::chunk* c = l.head(); c != nullptr && out.size() < 64; c = c->next)
    out.emplace_back(c->keys, c->keys + c->count);
  return out;
}

std::vector<int> keys(const vl::list& l) {
  std::vector<int> out;
  for (const auto& c : chunks_of(l)) out.insert(out.end(), c.begin(), c.end());
  return out;
}

void insert_post(smallscope::verdict& v, const vl::list& old, const vl::list& now, bool inserted, int k) {
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

void add_leaf_post(smallscope::verdict& v, const vl::tree& old, const vl::tree& now, bool added) {
  const bool room = old.root() == nullptr || old.root()->kids.size() < 2;
  v.require(added == room, "adds when the root has room");
  v.require(now.size() == old.size() + (added ? 1 : 0), "one node more when added");
}

// Wrong on purpose: insert fills chunks to capacity.
void never_full_post(smallscope::verdict& v, const vl::list&, const vl::list& now, bool, int) {
  for (const auto& c : chunks_of(now)) v.require(c.size() < vl::capacity, "every chunk below capacity");
}

// Trees of at most `nodes` nodes, each with at most two ordered children: 1 (empty) plus the
// Motzkin numbers M(n - 1) for n = 1..nodes.
std::uint64_t expected_trees(int nodes) {
  std::vector<std::uint64_t> m{1, 1};
  while (static_cast<int>(m.size()) < nodes + 1) {
    const std::size_t n = m.size();
    std::uint64_t next = m[n - 1];
    for (std::size_t k = 0; k + 2 <= n; ++k) next += m[k] * m[n - 2 - k];
    m.push_back(next);
  }
  std::uint64_t total = 1;
  for (int n = 1; n <= nodes; ++n) total += m[static_cast<std::size_t>(n - 1)];
  return total;
}

}  // namespace

TEST(UnmodifiedVectorMembers, AVectorsSizeIsItsLengthLikeACountOfACArray) {
  for (int chunks = 0; chunks <= 3; ++chunks)
    for (int max_key = 0; max_key <= 3; ++max_key) {
      std::vector<std::vector<std::vector<int>>> vectors;
      std::vector<std::vector<std::vector<int>>> c_arrays;
      for (const auto& s : smallscope::structures(vl::fin(chunks, max_key), &vl::list::rep_ok))
        vectors.push_back(chunks_of(s.root<vl::list>()));
      for (const auto& s : smallscope::structures(ul::fin(chunks, max_key), &ul::list::rep_ok))
        c_arrays.push_back(chunks_of(s.root<ul::list>()));
      EXPECT_FALSE(vectors.empty());
      EXPECT_EQ(vectors, c_arrays) << chunks << " chunks, keys 0.." << max_key;
    }
}

TEST(UnmodifiedVectorMembers, OneTreePerShapeWithOwningVectorsOfChildren) {
  for (int nodes = 0; nodes <= 6; ++nodes) {
    std::uint64_t n = 0;
    for (const auto& s : smallscope::structures(vl::tree_fin(nodes), &vl::tree::rep_ok)) {
      ++n;
      EXPECT_LE(s.root<vl::tree>().size(), nodes);
    }
    EXPECT_EQ(n, expected_trees(nodes)) << nodes << " nodes";
  }
}

TEST(UnmodifiedVectorMembers, InsertGrowingAndSplittingVectorsPassesOnEveryList) {
  const auto insert = SMALLSCOPE_METHOD(vl::list::insert, insert_post, smallscope::ints(0, 5));
  const auto r = smallscope::run_check(vl::fin(2, 4), smallscope::make_predicate<&vl::list::rep_ok>(), insert, {});
  std::uint64_t lists = 0;
  for ([[maybe_unused]] const auto& s : smallscope::structures(ul::fin(2, 4), &ul::list::rep_ok)) ++lists;
  EXPECT_EQ(r.structures, lists);
  EXPECT_EQ(r.inputs, r.structures * 6u);
  EXPECT_EQ(r.worker_restarts, 0u);
  for (const auto& c : r.failures)
    ADD_FAILURE() << "input " << c.input << ": " << smallscope::outcome_name(c.kind) << " " << c.detail;
}

TEST(UnmodifiedVectorMembers, AddLeafThroughOwningVectorsPassesWithNoLeak) {
  const auto add_leaf = SMALLSCOPE_METHOD(vl::tree::add_leaf, add_leaf_post);
  const auto r = smallscope::run_check(vl::tree_fin(4), smallscope::make_predicate<&vl::tree::rep_ok>(), add_leaf, {});
  EXPECT_EQ(r.structures, expected_trees(4));
  EXPECT_EQ(r.worker_restarts, 0u);
  for (const auto& c : r.failures)
    ADD_FAILURE() << "input " << c.input << ": " << smallscope::outcome_name(c.kind) << " " << c.detail;
}

TEST(UnmodifiedVectorMembers, AFailureIsReportedWithAReproducerThatBuildsTheVectors) {
  // A wrong postcondition (no chunk is ever full): the smallest list with a full chunk fails.
  const auto strict = SMALLSCOPE_METHOD(vl::list::insert, never_full_post, smallscope::ints(0, 5));
  const auto fin = vl::fin(2, 3);
  const auto r = smallscope::run_check(fin, smallscope::make_predicate<&vl::list::rep_ok>(), strict, {});
  ASSERT_FALSE(r.failures.empty());
  EXPECT_EQ(r.worker_restarts, 0u);
  smallscope::check_context ctx;
  ctx.fin = &fin;
  ctx.method = &strict;
  ctx.header = "plain/vector_list.hpp";
  const std::string code = smallscope::googletest_reproducer(ctx, r.failures.front());
  EXPECT_NE(code.find("->keys.clear();"), std::string::npos) << code;
  EXPECT_NE(code.find("->keys.emplace_back("), std::string::npos) << code;
  EXPECT_EQ(code.find("allocate_storage"), std::string::npos) << code;
}

TEST(UnmodifiedVectorMembers, CopiesOwnTheirVectorsAndPicturesShowTheElements) {
  vl::list l;
  for (int k : {1, 2, 3, 4}) ASSERT_TRUE(l.insert(k));
  vl::list* copy = smallscope::deep_copy(l);
  EXPECT_EQ(keys(*copy), (std::vector<int>{1, 2, 3, 4}));
  EXPECT_NE(copy->head()->keys.data(), l.head()->keys.data());
  const auto graph = smallscope::describe(*copy);
  ASSERT_GE(graph.objects.size(), 2u);
  ASSERT_FALSE(graph.objects[1].fields.empty());
  EXPECT_EQ(graph.objects[1].fields[0].name, "keys");
  EXPECT_TRUE(graph.objects[1].fields[0].is_array);
  EXPECT_EQ(graph.objects[1].fields[0].elements.size(), l.head()->keys.size());
  smallscope::release(copy);  // each chunk deleted once, though ~list() owns them

  vl::tree t;
  for (int i = 0; i < 3; ++i) ASSERT_TRUE(t.add_leaf());
  vl::tree* tc = smallscope::deep_copy(t);
  EXPECT_EQ(tc->root()->kids.size(), 2u);
  EXPECT_NE(tc->root()->kids[0].get(), t.root()->kids[0].get());
  smallscope::release(tc);  // each node deleted once, though the vectors of unique_ptrs own them
}
