// Tests of the search-size estimators behind the progress line's ETA (size_estimate.hpp):
// Chen's stratified sampling is unbiased, from the root and from a frontier cut into units, so
// the mean of 10,000 probes (a fixed seed) comes within 10 % of the true number of candidates
// (a cut that overlaps or misses part of the tree is off by 2x to 5x); and the estimate the
// coordinator keeps comes near the true total.
#include <gtest/gtest.h>

#include <chrono>
#include <string>
#include <vector>

#include "search/korat_search.hpp"
#include "search/parallel_search.hpp"
#include "search/size_estimate.hpp"
#include "smallscope/subject.hpp"
#include "space/state_space.hpp"

namespace {

using smallscope::detail::korat_search;
using smallscope::detail::state_space;
using smallscope::detail::work_unit;

struct row {
  const char* subject;
  std::int64_t scope;
};

const row rows[] = {{"BinaryTree", 5},   {"SearchTree", 4},  {"SinglyLinkedList", 5}, {"DoublyLinkedList", 5},
                    {"RedBlackTree", 5}, {"HeapArray", 4},   {"DisjSet", 3},          {"BinomialHeap", 4},
                    {"FibonacciHeap", 3}};

std::uint64_t explored(const smallscope::subject_instance& instance) {
  korat_search whole(std::make_unique<state_space>(instance.fin.data()), instance.invariant, {});
  while (whole.next()) {
  }
  return whole.stats().explored;
}

double mean_of_probes(const smallscope::subject_instance& instance, const std::vector<work_unit>& items, int probes) {
  korat_search prober(std::make_unique<state_space>(instance.fin.data()), instance.invariant, {});
  std::uint64_t random = 7;
  double sum = 0;
  for (int i = 0; i < probes; ++i) sum += prober.stratified_probe(items, random);
  return sum / probes;
}

TEST(SizeEstimate, StratifiedSamplingFromTheRootIsUnbiased) {
  for (const auto& r : rows) {
    const auto instance = smallscope::find_subject(r.subject)->make(smallscope::find_subject(r.subject)->scope(r.scope));
    const double truth = static_cast<double>(explored(instance));
    const double mean = mean_of_probes(instance, {work_unit{}}, 10000);
    EXPECT_NEAR(mean / truth, 1.0, 0.1) << r.subject << " " << r.scope << ": " << mean << " vs " << truth;
  }
}

TEST(SizeEstimate, StratifiedSamplingBelowAPlannedFrontierIsUnbiased) {
  // The units of a plan partition the search, as size_estimate cuts a frontier into items.
  for (const auto& r : rows) {
    const auto instance = smallscope::find_subject(r.subject)->make(smallscope::find_subject(r.subject)->scope(r.scope));
    const double truth = static_cast<double>(explored(instance));
    std::vector<work_unit> units;
    smallscope::detail::plan_units(instance.fin.data(), instance.invariant, {}, 8, 0, 1, units);
    ASSERT_GT(units.size(), 1u);
    const double mean = mean_of_probes(instance, smallscope::detail::size_estimate::items_of(units), 10000);
    EXPECT_NEAR(mean / truth, 1.0, 0.1) << r.subject << " " << r.scope << ": " << mean << " vs " << truth;
  }
}

TEST(SizeEstimate, StratifiedSamplingOfAGeneratorSearchIsUnbiased) {
  // Dedicated generators narrow slots and make tree fields take null or the next fresh node:
  // the tree the probes sample is the narrowed one.
  int with_generators = 0;
  for (const auto& r : rows) {
    auto instance = smallscope::find_subject(r.subject)->make(smallscope::find_subject(r.subject)->scope(r.scope));
    if (!instance.with_generators) continue;
    instance.invariant = instance.with_generators;
    ++with_generators;
    const double truth = static_cast<double>(explored(instance));
    const double mean = mean_of_probes(instance, {work_unit{}}, 10000);
    EXPECT_NEAR(mean / truth, 1.0, 0.1) << r.subject << " " << r.scope << ": " << mean << " vs " << truth;
  }
  EXPECT_EQ(with_generators, 5);
}

TEST(SizeEstimate, TheEstimateFromAFrontierComesNearTheTotal) {
  const auto* s = smallscope::find_subject("RedBlackTree");
  const auto instance = s->make(s->scope(6));
  const double truth = static_cast<double>(explored(instance));
  smallscope::detail::size_estimate estimate(instance.fin.data(), instance.invariant, {});
  estimate.set_frontier({work_unit{}}, 0);
  for (int i = 0; i < 1000 && estimate.probes() < 50; ++i) estimate.probe_for(std::chrono::milliseconds(2));
  ASSERT_GE(estimate.probes(), 50u);
  // The measure of an honest ETA: within 2x.
  EXPECT_GT(estimate.total() / truth, 0.5) << estimate.total() << " vs " << truth;
  EXPECT_LT(estimate.total() / truth, 2.0) << estimate.total() << " vs " << truth;
}

}  // namespace
