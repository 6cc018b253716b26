// A class with its own operator new and delete (a pool's shape): its blocks bypass the global
// operator new that the allocation watch replaces, so the watch would take a correct method for
// one that leaks its input's nodes, and blame it for the pool's own blocks (allocation_watch.hpp).
// While a finitization holds such a class, no leak is judged and the check says so; every other
// verdict stands.
#include <gtest/gtest.h>

#include <new>
#include <string>

#include "smallscope/checker.hpp"
#include "smallscope/detail/allocation_watch.hpp"

namespace {

// A free list that grows from the global operator new and never gives back.
void* free_list = nullptr;

struct pooled {
  smallscope::field<pooled*> next;
  smallscope::field<int> key;

  static void* operator new(std::size_t bytes) {
    if (free_list == nullptr) return ::operator new(bytes < sizeof(void*) ? sizeof(void*) : bytes);
    void* p = free_list;
    free_list = *static_cast<void**>(p);
    return p;
  }
  static void operator delete(void* p) {
    *static_cast<void**>(p) = free_list;
    free_list = p;
  }
};
SMALLSCOPE_FIELDS(pooled, next, key)

struct pooled_chain {
  smallscope::field<pooled*> head;
  smallscope::field<int> size;

  bool rep_ok() const {
    int n = 0;
    for (const pooled* x = head; x != nullptr; x = x->next)
      if (++n > 8) return false;
    return n == size;
  }
  void pop_front() {
    if (pooled* h = head; h != nullptr) {
      head = h->next;
      size = size - 1;
      delete h;
    }
  }
  void pop_front_no_resize() {  // forgets the size
    if (pooled* h = head; h != nullptr) {
      head = h->next;
      delete h;
    }
  }
};
SMALLSCOPE_FIELDS(pooled_chain, head, size)

void pop_post(smallscope::verdict& v, const pooled_chain& old, const pooled_chain& now) {
  v.require(now.size == (old.size > 0 ? old.size - 1 : 0), "one node fewer");
}

smallscope::finitization pooled_fin() {
  auto f = smallscope::finitization::of<pooled_chain>("Chain");
  auto n = f.objects<pooled>("Node", 3);
  f.set(&pooled_chain::head, n.or_null());
  f.set(&pooled_chain::size, smallscope::ints(0, 3));
  f.set(&pooled::next, n.or_null());
  f.set(&pooled::key, smallscope::ints(0, 1));
  return f;
}

bool says_leaks_are_not_judged(const smallscope::check_report& r) {
  for (const std::string& w : r.warnings)
    if (w.find("leaks are not judged and allocations not counted: Node (") != std::string::npos &&
        w.find("allocates with its own operator new or delete") != std::string::npos)
      return true;
  return false;
}

TEST(OwnAllocation, ACorrectMethodOnPooledNodesIsNotBlamedForALeak) {
  static_assert(smallscope::detail::has_own_allocation_v<pooled>);
  static_assert(!smallscope::detail::has_own_allocation_v<pooled_chain>);
  smallscope::check_options o;
  o.threads = 1;
  const auto r = smallscope::run_check(pooled_fin(), smallscope::make_predicate<&pooled_chain::rep_ok>(),
                                       SMALLSCOPE_METHOD(pooled_chain::pop_front, pop_post), o);
  EXPECT_EQ(r.inputs, 15u);  // chains of 0 to 3 nodes, keys 0 or 1
  EXPECT_EQ(r.failed, 0u) << (r.failures.empty() ? std::string() : r.failures.front().detail);
  EXPECT_TRUE(says_leaks_are_not_judged(r)) << ::testing::PrintToString(r.warnings);
}

TEST(OwnAllocation, EveryOtherVerdictStandsAndTheWatchComesBackAfterwards) {
  smallscope::check_options o;
  o.threads = 1;
  {
    const auto r = smallscope::run_check(pooled_fin(), smallscope::make_predicate<&pooled_chain::rep_ok>(),
                                         SMALLSCOPE_METHOD(pooled_chain::pop_front_no_resize, pop_post), o);
    EXPECT_EQ(r.failed, 14u);  // every chain but the empty one
    for (const auto& c : r.failures) EXPECT_EQ(c.kind, smallscope::outcome_kind::invariant);
    EXPECT_TRUE(says_leaks_are_not_judged(r));
  }
  // No finitization with a pool lives now: the watch judges leaks again where it can.
  EXPECT_EQ(smallscope::detail::classes_with_own_allocation.load(), 0);
}

}  // namespace
