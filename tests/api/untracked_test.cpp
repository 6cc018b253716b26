// Built with SMALLSCOPE_NO_TRACKING: the production form of field<T>. Same layout, no
// tracking: the search sees no reads, so an invariant that reads and rejects explores one
// candidate only. Linked into the same binary as tracked code: the inline namespaces keep the
// two field<T> apart.
#ifndef SMALLSCOPE_NO_TRACKING
#error "this file is built with SMALLSCOPE_NO_TRACKING"
#endif

#include <gtest/gtest.h>

#include "smallscope/search.hpp"

namespace {

struct plain {
  smallscope::field<plain*> next;
  smallscope::field<int> x;
  smallscope::array<short> a;
};
SMALLSCOPE_FIELDS(plain, next, x, a)

static_assert(sizeof(smallscope::field<int>) == sizeof(int));
static_assert(sizeof(smallscope::field<plain*>) == sizeof(plain*));
static_assert(std::is_same_v<smallscope::field<int>, smallscope::untracked::field<int>>);

TEST(Untracked, ReadsAreInvisibleToTheSearch) {
  auto f = smallscope::finitization::of<plain>("Plain");
  f.set(&plain::next, smallscope::object_set<plain>(true, {}));
  f.set(&plain::x, smallscope::ints(0, 5));
  f.set(&plain::a, smallscope::ints(0, 2), smallscope::ints(0, 1));
  smallscope::structure_range range(f, smallscope::make_predicate<plain>([](const plain& p) {
                                      return p.x == 3 && p.a.length() == 0;  // false on the all-zero candidate
                                    }));
  for ([[maybe_unused]] const auto& s : range) ADD_FAILURE();
  EXPECT_EQ(range.stats().explored, 1u);
}

}  // namespace
