// The AVL tree in arrays (subjects/unmodified/plain/array_avl.hpp), tested as it is: C arrays of
// keys, balance factors and parents and an array of a struct {left, right} for the links, all
// counted by size_, bound member by member (set_counted with the struct's member). One
// structure per labelled tree, counted independently; contains passes on every tree; pictures
// and copies show each element's members and nothing past size_.
#include <gtest/gtest.h>

#include <cstdint>
#include <string>
#include <vector>

#include "plain/array_avl.hpp"
#include "smallscope/checker.hpp"
#include "smallscope/heap.hpp"
#include "smallscope/search.hpp"
#include "tests/support/dead_slots.hpp"

namespace plain_subjects::avl {
using int_tree = array_tree<int, 4>;
SMALLSCOPE_FIELDS(int_tree, key_, balance_, parent_, child_, size_, root_)
SMALLSCOPE_FIELDS(int_tree::child_type, left, right)
}  // namespace plain_subjects::avl

namespace {

using plain_subjects::avl::int_tree;
using child_t = int_tree::child_type;

bool checked(const int_tree& t) { return t.check(); }

// Trees of up to `size` nodes over keys 0..size-1, node i of the array holding any node of the tree.
smallscope::finitization fin(int size) {
  auto f = smallscope::finitization::of<int_tree>("ArrayAvl");
  f.set(&int_tree::size_, smallscope::ints(0, size));
  f.set(&int_tree::root_, smallscope::ints(0, 4));  // 4 is INVALID_IDX
  f.set_counted(&int_tree::key_, &int_tree::size_, smallscope::ints(0, size - 1));
  f.set_counted(&int_tree::balance_, &int_tree::size_, smallscope::ints(-1, 1));
  f.set_counted(&int_tree::parent_, &int_tree::size_, smallscope::ints(0, 4));
  f.set_counted(&int_tree::child_, &child_t::left, &int_tree::size_, smallscope::ints(0, 4));
  f.set_counted(&int_tree::child_, &child_t::right, &int_tree::size_, smallscope::ints(0, 4));
  return f;
}

// AVL shapes of n nodes (by height), times the ways to choose n keys of `keys` (their order is
// the shape's), times the n! ways to place the nodes in the array's first n slots.
std::uint64_t expected_trees(int size) {
  // shapes[h][n]: AVL shapes of height h and n nodes
  std::uint64_t shapes[6][5] = {};
  shapes[0][0] = 1;
  for (int h = 1; h < 6; ++h)
    for (int n = 1; n <= 4; ++n)
      for (int l = 0; l < n; ++l) {
        const int r = n - 1 - l;
        for (int hl = h - 2; hl <= h - 1; ++hl)
          for (int hr = h - 2; hr <= h - 1; ++hr)
            if (hl >= 0 && hr >= 0 && (hl == h - 1 || hr == h - 1)) shapes[h][n] += shapes[hl][l] * shapes[hr][r];
      }
  std::uint64_t total = 0;
  for (int n = 0; n <= size; ++n) {
    std::uint64_t by_shape = 0;
    for (int h = 0; h < 6; ++h) by_shape += shapes[h][n];
    std::uint64_t choose = 1, factorial = 1;
    for (int i = 0; i < n; ++i) {
      choose = choose * static_cast<std::uint64_t>(size - i) / static_cast<std::uint64_t>(i + 1);
      factorial *= static_cast<std::uint64_t>(i + 1);
    }
    total += by_shape * choose * factorial;
  }
  return total;
}

void contains_post(smallscope::verdict& v, const int_tree& old, const int_tree& now, bool found, int k) {
  bool present = false;
  for (int i = 0; i < old.size_; ++i) present = present || old.key_[i] == k;
  v.require(found == present, "returns whether k is a key");
  v.require(now.size_ == old.size_, "the tree is unchanged");
}

}  // namespace

TEST(UnmodifiedArrayAvl, ShapesAreKnown) { EXPECT_EQ(expected_trees(3), 1u + 3u + 2u * 3u * 2u + 1u * 1u * 6u); }

TEST(UnmodifiedArrayAvl, OneStructurePerLabelledTree) {
  for (int size = 1; size <= 4; ++size) {
    std::uint64_t n = 0;
    for ([[maybe_unused]] const auto& s : smallscope::structures(fin(size), &checked)) ++n;
    EXPECT_EQ(n, expected_trees(size)) << "up to " << size << " nodes";
  }
}

TEST(UnmodifiedArrayAvl, ContainsPassesOnEveryTree) {
  const auto m = SMALLSCOPE_METHOD_WITH_INVARIANT(int_tree::contains, contains_post, checked, smallscope::ints(-1, 3));
  const auto r = smallscope::run_check(fin(3), smallscope::make_predicate<&checked>(), m, {});
  EXPECT_EQ(r.structures, expected_trees(3));
  EXPECT_EQ(r.inputs, r.structures * 5u);
  EXPECT_EQ(r.failed, 0u);
  EXPECT_EQ(r.worker_restarts, 0u);
}

TEST(UnmodifiedArrayAvl, PicturesNameEachElementsMembersBelowTheCount) {
  const auto f = fin(2);
  const smallscope::live_scope in_force(f.live());
  for (const auto& s : smallscope::structures(f, &checked)) {
    const int_tree& t = s.root<int_tree>();
    if (t.size_ != 1) continue;
    int_tree* copy = smallscope::deep_copy(t);
    EXPECT_EQ(copy->child_[0].left, 4);
    EXPECT_EQ(copy->key_[0], t.key_[0]);
    std::vector<std::string> names;
    const smallscope::object_graph graph = smallscope::describe(*copy);
    for (const auto& field : graph.objects.at(0).fields) names.push_back(field.name);
    EXPECT_EQ(names, (std::vector<std::string>{"key_[0]", "balance_[0]", "parent_[0]", "child_[0].left",
                                               "child_[0].right", "size_", "root_"}));
    smallscope::release(copy);
  }
}

TEST(UnmodifiedArrayAvl, AnArrayCountedTwiceWithDifferentExtrasIsRefused) {
  auto f = smallscope::finitization::of<int_tree>("ArrayAvl");
  f.set(&int_tree::size_, smallscope::ints(0, 2));
  f.set_counted(&int_tree::child_, &child_t::left, &int_tree::size_, smallscope::ints(0, 4));
  EXPECT_THROW(f.set_counted(&int_tree::child_, &child_t::right, &int_tree::size_, smallscope::ints(0, 4), 1),
               smallscope::finitization_error);
}

TEST(UnmodifiedArrayAvl, NothingReadsPastTheCount) {
  // Arrays of scalars and an array of structs under one count.
  const auto m = SMALLSCOPE_METHOD_WITH_INVARIANT(int_tree::contains, contains_post, checked, smallscope::ints(-1, 3));
  EXPECT_GT(dead_slots::expect_dead_slots_unread(fin(3), &checked, m), 0u);
}

TEST(UnmodifiedArrayAvl, AnElementsMemberWithoutADomainSaysHowToBindIt) {
  auto f = smallscope::finitization::of<int_tree>("ArrayAvl");
  f.set(&int_tree::size_, smallscope::ints(0, 2));
  f.set(&int_tree::root_, smallscope::ints(0, 4));
  f.set_counted(&int_tree::key_, &int_tree::size_, smallscope::ints(0, 1));
  f.set_counted(&int_tree::balance_, &int_tree::size_, smallscope::ints(-1, 1));
  f.set_counted(&int_tree::parent_, &int_tree::size_, smallscope::ints(0, 4));
  f.set_counted(&int_tree::child_, &child_t::left, &int_tree::size_, smallscope::ints(0, 4));  // right is not bound
  try {
    for ([[maybe_unused]] const auto& s : smallscope::structures(f, &checked)) {
    }
    ADD_FAILURE() << "no error";
  } catch (const smallscope::finitization_error& e) {
    const std::string m = e.what();
    EXPECT_NE(m.find("field ArrayAvl.child_[0].right has no field domain"), std::string::npos) << m;
    EXPECT_NE(m.find("set_counted(&C::child_, &S::right, &C::count, domain)"), std::string::npos) << m;
  }
}
