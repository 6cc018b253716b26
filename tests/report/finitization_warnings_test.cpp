// Warnings about a finitization and its invariant (report/finitization_warnings.hpp): each is raised on
// a subject made to show it, with the count it warns about checked independently, and a tight
// subject raises none.
#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <atomic>
#include <chrono>
#include <thread>
#include <string>
#include <vector>

#include "report/finitization_warnings.hpp"
#include "smallscope/checker.hpp"
#include "smallscope/generate.hpp"
#include "smallscope/gtest.hpp"
#include "smallscope/subject.hpp"

namespace {

bool mentions(const std::vector<std::string>& warnings, const std::string& part) {
  return std::any_of(warnings.begin(), warnings.end(),
                     [&](const std::string& w) { return w.find(part) != std::string::npos; });
}

std::string all(const std::vector<std::string>& warnings) {
  std::string out;
  for (const auto& w : warnings) out += w + "\n";
  return out;
}

// A sorted list behind a header cell whose key the invariant never reads.
struct cell {
  smallscope::field<cell*> next;
  smallscope::field<int> key;
};
SMALLSCOPE_FIELDS(cell, next, key)

struct headed_list {
  smallscope::field<cell*> header;
  bool rep_ok() const {
    int n = 0;
    for (const cell* c = header->next; c != nullptr; c = c->next) {
      if (++n > 2) return false;
      if (c->next != nullptr && !(c->key < c->next->key)) return false;
    }
    return true;
  }
  void touch() {}
  void slow_touch() { std::this_thread::sleep_for(std::chrono::milliseconds(100)); }
};
SMALLSCOPE_FIELDS(headed_list, header)

smallscope::finitization headed_fin() {
  auto f = smallscope::finitization::of<headed_list>("List");
  auto header = f.objects<cell>("Header", 1);
  auto cells = f.objects<cell>("Cell", 2);
  f.set(&headed_list::header, header.only());
  f.set(&cell::next, cells.or_null());
  f.set(&cell::key, smallscope::ints(0, 2));
  return f;
}

void touch_post(smallscope::verdict&, const headed_list&, const headed_list&) {}

TEST(SpecWarnings, UnreadFieldOfAHeaderMultipliesTheCount) {
  const auto m = SMALLSCOPE_METHOD(headed_list::touch, touch_post);
  const auto r = smallscope::run_check(headed_fin(), smallscope::make_predicate<&headed_list::rep_ok>(), m, {});
  // Sorted lists of distinct keys from {0, 1, 2} with at most 2 cells: 1 + 3 + 3 = 7, each
  // with every one of the 3 values of the header's unread key.
  EXPECT_EQ(r.structures, 21u);
  EXPECT_TRUE(mentions(r.warnings, "every value of Header.key (3 values)")) << all(r.warnings);
  EXPECT_TRUE(mentions(r.warnings, "multiplies the count by 3")) << all(r.warnings);
  EXPECT_FALSE(mentions(r.warnings, "Cell.key")) << all(r.warnings);
}

// generate() samples in the search's threads: the same warnings, and the same count of
// structures yielded, whether or not the caller takes each structure.
TEST(SpecWarnings, GenerateSamplesAndCountsWithOrWithoutACallback) {
  const auto invariant = smallscope::make_predicate<&headed_list::rep_ok>();
  for (const unsigned threads : {1u, 2u}) {
    SCOPED_TRACE(threads);
    smallscope::generation_options o;
    o.threads = threads;
    const auto bare = smallscope::generate(headed_fin(), invariant, o);
    std::atomic<std::uint64_t> taken{0};
    o.on_structure = [&](unsigned, const smallscope::structure&) { ++taken; };
    const auto handed = smallscope::generate(headed_fin(), invariant, o);
    EXPECT_EQ(bare.stats.valid, 21u);
    EXPECT_EQ(bare.yielded, 21u);
    EXPECT_EQ(handed.yielded, 21u);
    EXPECT_EQ(taken.load(), 21u);
    EXPECT_TRUE(mentions(bare.warnings, "multiplies the count by 3")) << all(bare.warnings);
    EXPECT_EQ(bare.warnings, handed.warnings);
  }
}

// A pair whose flag matters only when its number is 30 or more: in the first 16 structures in
// the search's order (and in most of them) any flag is valid, but not in all.
struct late_pair {
  smallscope::field<int> number;
  smallscope::field<int> flag;
  bool rep_ok() const { return number < 30 || flag == 0; }
  void touch() {}
};
SMALLSCOPE_FIELDS(late_pair, number, flag)
void late_post(smallscope::verdict&, const late_pair&, const late_pair&) {}

TEST(SpecWarnings, AFieldIsCalledFreeOnlyWhereEveryStructureSampledSaysSo) {
  // The advice to bind a field to one value is sound only when changing it never changed the
  // verdict in any structure sampled: here the flag matters where the number is 30 or more, so
  // following the advice would lose those 10 structures.
  auto f = smallscope::finitization::of<late_pair>("Pair");
  f.set(&late_pair::number, smallscope::ints(0, 39));
  f.set(&late_pair::flag, smallscope::ints(0, 1));
  const auto r = smallscope::run_check(f, smallscope::make_predicate<&late_pair::rep_ok>(),
                                       SMALLSCOPE_METHOD(late_pair::touch, late_post), {});
  EXPECT_EQ(r.structures, 30u * 2u + 10u);
  EXPECT_FALSE(mentions(r.warnings, "Pair.flag")) << all(r.warnings);
  EXPECT_FALSE(mentions(r.warnings, "multiplies the count")) << all(r.warnings);
}

// The GoogleTest adapter prints the warnings, and the progress of a check that runs long.
TEST(SpecWarnings, GoogleTestAdapterPrintsWarningsAndProgress) {
  smallscope::testing::gtest_options options;
  options.progress_after = 0.5;
  ::testing::internal::CaptureStderr();
  const auto result = smallscope::testing::all_inputs_pass<headed_list>(
      headed_fin(), SMALLSCOPE_METHOD(headed_list::slow_touch, touch_post), options);
  const std::string err = ::testing::internal::GetCapturedStderr();
  EXPECT_TRUE(result);  // 21 inputs of 0.1 s each
  EXPECT_NE(err.find("[ smallscope ] warning: the invariant accepts every value of Header.key"), std::string::npos)
      << err;
  EXPECT_NE(err.find("[ smallscope ] slow_touch: "), std::string::npos) << err;
  EXPECT_NE(err.find(" inputs checked, 0 failed"), std::string::npos) << err;
}

struct counter {
  smallscope::field<cell*> head;
  smallscope::field<int> size;
  bool rep_ok() const { return head == nullptr && size == 0; }
  bool never() const { return false; }
  void touch() {}
};
SMALLSCOPE_FIELDS(counter, head, size)

void counter_post(smallscope::verdict&, const counter&, const counter&) {}

smallscope::finitization counter_fin() {
  auto f = smallscope::finitization::of<counter>("Chain");
  auto cells = f.objects<cell>("Cell", 1);
  f.set(&counter::head, cells.or_null());
  f.set(&counter::size, smallscope::ints(0, 2));
  f.set(&cell::next, cells.or_null());
  f.set(&cell::key, smallscope::ints(0, 0));
  return f;
}

TEST(SpecWarnings, FieldThatNeverVaries) {
  const auto m = SMALLSCOPE_METHOD(counter::touch, counter_post);
  const auto r = smallscope::run_check(counter_fin(), smallscope::make_predicate<&counter::rep_ok>(), m, {});
  EXPECT_EQ(r.structures, 1u);
  EXPECT_TRUE(mentions(r.warnings, "Chain.size is 0 in every valid structure")) << all(r.warnings);
  EXPECT_TRUE(mentions(r.warnings, "its domain has 3 values")) << all(r.warnings);
}

TEST(SpecWarnings, NoValidStructure) {
  const auto m = SMALLSCOPE_METHOD(counter::touch, counter_post);
  const auto r = smallscope::run_check(counter_fin(), smallscope::make_predicate<&counter::never>(), m, {});
  EXPECT_EQ(r.structures, 0u);
  EXPECT_TRUE(mentions(r.warnings, "no valid structure in this scope")) << all(r.warnings);
}

// Five digits, every combination valid: the invariant checks nothing.
struct digits {
  smallscope::field<int> a, b, c, e, f;
  bool rep_ok() const { return a + b + c + e + f >= 0; }
  void touch() {}
};
SMALLSCOPE_FIELDS(digits, a, b, c, e, f)

void digits_post(smallscope::verdict&, const digits&, const digits&) {}

TEST(SpecWarnings, InvariantThatAcceptsNearlyEverything) {
  auto f = smallscope::finitization::of<digits>("Digits");
  for (auto member : {&digits::a, &digits::b, &digits::c, &digits::e, &digits::f}) f.set(member, smallscope::ints(0, 9));
  const auto m = SMALLSCOPE_METHOD(digits::touch, digits_post);
  const auto r = smallscope::run_check(f, smallscope::make_predicate<&digits::rep_ok>(), m, {});
  EXPECT_EQ(r.structures, 100000u);
  EXPECT_TRUE(mentions(r.warnings, "the invariant accepts 100.0% of the candidates explored")) << all(r.warnings);
  EXPECT_TRUE(mentions(r.warnings, "every value of Digits.a (10 values)")) << all(r.warnings);
}

TEST(SpecWarnings, TightSubjectHasNone) {
  const auto* s = smallscope::find_subject("SearchTree");
  ASSERT_NE(s, nullptr);
  const auto instance = s->make(s->scope(4));
  const auto r = smallscope::run_check(instance.fin, instance.invariant, instance.methods.front(), {});
  EXPECT_GT(r.structures, 0u);
  EXPECT_TRUE(r.warnings.empty()) << all(r.warnings);
}

TEST(SpecWarnings, ReservoirSamplesUniformly) {
  // The sample of 100,000 structures holds about as many from each tenth of the run.
  constexpr std::uint64_t n = 100000;
  constexpr std::uint32_t capacity = smallscope::detail::sample_capacity;
  std::vector<std::uint64_t> kept(capacity, 0);
  smallscope::detail::reservoir_sampler sampler;
  for (std::uint64_t i = 1; i <= n; ++i)
    if (const auto place = sampler.offer(); place < capacity) kept[place] = i;
  std::array<int, 10> tenths{};
  for (auto i : kept) {
    ASSERT_GE(i, 1u);
    ++tenths[static_cast<std::size_t>((i - 1) * 10 / n)];
  }
  for (int t : tenths) {
    EXPECT_GT(t, 60) << "expected about 102 per tenth";
    EXPECT_LT(t, 150) << "expected about 102 per tenth";
  }
}

}  // namespace
