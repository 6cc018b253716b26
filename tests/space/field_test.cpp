// Tracked fields and the field-access observer (paper 000, Sec. 3.4): every way of reading a
// field is a read the search sees; reads outside the arena are not; writes by the invariant are
// undone; a looping or throwing invariant is stopped and reported. Also the finitization
// builder's errors (Sec. 3.2).
#include <gtest/gtest.h>

#include <stdexcept>
#include <vector>

#include "smallscope/search.hpp"

namespace {

struct item {
  smallscope::field<item*> next;
  smallscope::field<int> x;
  smallscope::field<bool> flag;
};
SMALLSCOPE_FIELDS(item, next, x, flag)

// A root with one item; x in 0..2, flag in {false, true}.
smallscope::finitization item_fin() {
  auto f = smallscope::finitization::of<item>("Root");
  auto items = f.objects<item>("Item", 1);
  f.set(&item::next, items.or_null());
  f.set(&item::x, smallscope::ints(0, 2));
  f.set(&item::flag, smallscope::booleans());
  return f;
}

// Runs an invariant that reads something and returns false: if the read is tracked, the search
// backtracks over the read field's values; otherwise it stops after one candidate.
template <class Read>
std::uint64_t explored_when_reading(Read read) {
  smallscope::structure_range range(item_fin(), smallscope::make_predicate<item>([read](const item& r) {
                                      read(r);
                                      return false;
                                    }));
  for ([[maybe_unused]] const auto& s : range) ADD_FAILURE() << "nothing is valid";
  return range.stats().explored;
}

TEST(Field, EveryWayOfReadingIsTracked) {
  EXPECT_EQ(explored_when_reading([](const item& r) { [[maybe_unused]] int v = r.x; }), 3u);
  EXPECT_EQ(explored_when_reading([](const item& r) { [[maybe_unused]] int v = r.x.get(); }), 3u);
  EXPECT_EQ(explored_when_reading([](const item& r) { [[maybe_unused]] auto copy = r.x; }), 3u);
  EXPECT_EQ(explored_when_reading([](const item& r) { [[maybe_unused]] bool b = r.x == 1; }), 3u);
  EXPECT_EQ(explored_when_reading([](const item& r) { [[maybe_unused]] bool b = r.flag; }), 2u);
  // next in {null, Item#0}: two values.
  EXPECT_EQ(explored_when_reading([](const item& r) { [[maybe_unused]] bool b = r.next != nullptr; }), 2u);
  EXPECT_EQ(explored_when_reading([](const item& r) {
              if (r.next != nullptr) [[maybe_unused]] int v = r.next->x;
            }),
            1u + 3u);  // next = null (1 candidate), next = Item#0 (x read: 3 candidates)
}

TEST(Field, ReadsOutsideTheArenaAreNotTracked) {
  EXPECT_EQ(explored_when_reading([](const item&) {
              item local;
              [[maybe_unused]] int v = local.x + local.x.get();
            }),
            1u);
  // The observer's first test looks at the mark of the arena byte with the same low address
  // bits; eight items side by side put a field at the low bits of each field of the arena's two
  // items, all of whose slots are off the stack when these reads come first.
  EXPECT_EQ(explored_when_reading([](const item&) {
              item locals[8];
              int sum = 0;
              for (const item& l : locals) sum += l.x + (l.next != nullptr) + l.flag;
              [[maybe_unused]] volatile int keep = sum;
            }),
            1u);
}

TEST(Field, CompoundAssignmentReadsAndWrites) {
  item local;
  local.x = 4;
  local.x += 3;
  ++local.x;
  EXPECT_EQ(local.x.get(), 8);
  EXPECT_EQ(local.x++, 8);
  EXPECT_EQ(local.x, 9);
}

TEST(Field, WritesByTheInvariantAreUndone) {
  std::vector<int> seen;
  smallscope::structure_range range(item_fin(), smallscope::make_predicate<item>([&seen](const item& r) {
                                      seen.push_back(r.x);
                                      const_cast<item&>(r).x = 99;
                                      return false;
                                    }));
  for ([[maybe_unused]] const auto& s : range) {
  }
  EXPECT_EQ(seen, (std::vector<int>{0, 1, 2}));
}

class recording_listener : public smallscope::search_listener {
 public:
  void on_budget_exceeded(const smallscope::structure& c) override { budget.emplace_back(c.values().begin(), c.values().end()); }
  void on_predicate_exception(const smallscope::structure&, std::string_view what) override { thrown.emplace_back(what); }
  std::vector<std::vector<std::uint32_t>> budget;
  std::vector<std::string> thrown;
};

TEST(Field, ALoopingInvariantIsStoppedByTheReadBudget) {
  // Follows next until null: loops forever on the cycle Item#0 -> Item#0.
  auto naive = [](const item& r) {
    const item* i = &r;
    while (i != nullptr) i = i->next;
    return true;
  };
  smallscope::search_options o;
  o.read_budget = 1000;
  smallscope::structure_range range(item_fin(), smallscope::make_predicate<item>(naive), o);
  recording_listener listener;
  range.set_listener(&listener);
  std::uint64_t valid = 0;
  for ([[maybe_unused]] const auto& s : range) ++valid;
  EXPECT_EQ(range.stats().budget_exceeded, 1u);
  ASSERT_EQ(listener.budget.size(), 1u);
  // Slots: Root#0.next, .x, .flag, then Item#0.next, .x, .flag. The only cycle is
  // Item#0.next = Item#0 (value 1 of {null, Item#0}).
  EXPECT_EQ(listener.budget[0][3], 1u);
  EXPECT_GT(valid, 0u);
}

TEST(Field, AThrowingInvariantIsCountedAndReported) {
  auto throws = [](const item& r) {
    if (r.x == 1) throw std::runtime_error("x is one");
    return true;
  };
  smallscope::structure_range range(item_fin(), smallscope::make_predicate<item>(throws));
  recording_listener listener;
  range.set_listener(&listener);
  std::uint64_t valid = 0;
  for ([[maybe_unused]] const auto& s : range) ++valid;
  EXPECT_GE(range.stats().predicate_exceptions, 1u);
  ASSERT_FALSE(listener.thrown.empty());
  EXPECT_EQ(listener.thrown[0], "x is one");
}

TEST(Finitization, MistakesAreReportedByName) {
  auto twice = [] {
    auto f = item_fin();
    f.set(&item::x, smallscope::ints(0, 1));
  };
  EXPECT_THROW(twice(), smallscope::finitization_error);
  EXPECT_THROW(smallscope::ints(3, 1), smallscope::finitization_error);
  EXPECT_THROW(smallscope::ints(0, 3, 0), smallscope::finitization_error);
  auto missing = [] {
    auto f = smallscope::finitization::of<item>("Root");
    auto items = f.objects<item>("Item", 1);
    f.set(&item::next, items.or_null());
    smallscope::structure_range r(f, smallscope::make_predicate<item>([](const item&) { return true; }));
  };
  try {
    missing();
    FAIL() << "a field without domain was accepted";
  } catch (const smallscope::finitization_error& e) {
    EXPECT_NE(std::string(e.what()).find("item.x"), std::string::npos) << e.what();
  }
}

struct byte_holder {
  smallscope::field<unsigned char> c;
};
SMALLSCOPE_FIELDS(byte_holder, c)

TEST(Finitization, ValuesMustFitTheFieldType) {
  auto f = smallscope::finitization::of<byte_holder>("Bytes");
  EXPECT_NO_THROW(f.set(&byte_holder::c, smallscope::ints(0, 255)));
  auto g = smallscope::finitization::of<byte_holder>("Bytes");
  try {
    g.set(&byte_holder::c, smallscope::ints(0, 256));
    FAIL() << "256 in an unsigned char was accepted";
  } catch (const smallscope::finitization_error& e) {
    EXPECT_NE(std::string(e.what()).find("Bytes.c"), std::string::npos) << e.what();
  }
}

TEST(Finitization, IntsFollowKoratsIntSet) {
  EXPECT_EQ(smallscope::ints(1, 7, 3).values(), (std::vector<std::int64_t>{1, 4, 7}));
  EXPECT_EQ(smallscope::ints(0, 5, 2).values(), (std::vector<std::int64_t>{0, 2, 4, 5}));
  EXPECT_EQ(smallscope::ints(-1, -1).values(), (std::vector<std::int64_t>{-1}));
}

TEST(Finitization, TheInvariantMustBeOverTheRoot) {
  struct other {};
  EXPECT_THROW(smallscope::structure_range(item_fin(), smallscope::make_predicate<other>([](const other&) { return true; })),
               smallscope::finitization_error);
}

}  // namespace

namespace {

// Private fields are registered from inside the class.
class counter {
 public:
  bool rep_ok() const { return value_ == 2; }

 private:
  smallscope::field<int> value_;
  SMALLSCOPE_FRIEND_FIELDS(counter, value_)
  friend smallscope::finitization counter_fin();
};

smallscope::finitization counter_fin() {
  auto f = smallscope::finitization::of<counter>("Counter");
  f.set(&counter::value_, smallscope::ints(0, 3));
  return f;
}

TEST(Field, PrivateFieldsRegisteredInTheClass) {
  smallscope::structure_range range(counter_fin(), smallscope::make_predicate(&counter::rep_ok));
  int valid = 0;
  for ([[maybe_unused]] const auto& s : range) ++valid;
  EXPECT_EQ(valid, 1);
  EXPECT_EQ(range.stats().explored, 4u);
}

}  // namespace
