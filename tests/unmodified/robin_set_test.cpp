// An open-addressing hash set bound as it is written (subjects/unmodified/plain/robin_set.hpp).
// Its bucket pointer points into a std::vector and is indexed as an array: bound to single
// objects, as a pointer field to a class domain would be, the search would vary objects no field
// reaches and copies would hold one bucket (28,674 "valid" tables where 9 exist, and every check
// failing on a table whose pictures before and after are the same). So the search refuses it,
// naming the field and the way to bind it. Bound as it is (the vector of bucket structs as
// contents, each value in its byte storage while the bucket is not empty, the pointer, the mask
// of the private base and the load threshold derived as the class keeps them, the float load
// factor over reals), the valid tables are exactly the robin-hood layouts counted by brute force,
// and insert, erase and contains pass on every one.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <functional>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "robin_set_spec.hpp"  // examples/containers: the bindings, invariant and postconditions
#include "smallscope/checker.hpp"
#include "smallscope/counterexample.hpp"
#include "smallscope/contents.hpp"
#include "smallscope/explore.hpp"
#include "smallscope/heap.hpp"
#include "smallscope/report.hpp"
#include "smallscope/search.hpp"

namespace robin_test {
using namespace robin_spec;
// The set as a new user first binds it: the bucket pointer as a pointer to single buckets.
using pointer_set_t = plain_subjects::robin::robin_set<unsigned>;
using pointer_bucket_t = plain_subjects::robin::bucket_entry<unsigned>;
}  // namespace robin_test

namespace plain_subjects::robin {
SMALLSCOPE_FIELDS(robin_test::pointer_bucket_t, distance_, last_, storage_)
SMALLSCOPE_FIELDS(robin_test::pointer_set_t, mask_, buckets_, bucket_count_, elements_)
SMALLSCOPE_CONSTRUCTOR_ARGS(robin_test::pointer_set_t, 0)
}  // namespace plain_subjects::robin

namespace robin_test {

// Counts the non-empty buckets as the table does, walking the bucket pointer as an array.
bool table_ok(const pointer_set_t& s) {
  std::size_t used = 0;
  for (std::size_t i = 0; i < s.bucket_count_; ++i)
    if (!s.buckets_[i].empty()) ++used;
  return used == s.elements_;
}

// Brute force, written apart from robin_ok: every assignment of a key or nothing to each of the
// `buckets` buckets, kept when no key is twice, at most half the buckets are used, and every
// bucket from a key's ideal bucket up to its own holds a key at least as far from its own ideal
// bucket (the robin-hood rule in its usual form).
std::uint64_t brute_force(int buckets, int keys) {
  const auto n = static_cast<std::size_t>(buckets);
  std::vector<int> table(n, -1);
  std::uint64_t total = 0;
  const auto far = [&](std::size_t at) { return (at + n - (static_cast<std::size_t>(table[at]) & (n - 1))) & (n - 1); };
  const std::function<void(std::size_t)> fill = [&](std::size_t i) {
    if (i == n) {
      std::set<int> seen;
      for (int k : table)
        if (k >= 0 && !seen.insert(k).second) return;
      if (seen.size() > n / 2) return;
      for (std::size_t at = 0; at < n; ++at) {
        if (table[at] < 0) continue;
        const std::size_t d = far(at);
        for (std::size_t back = 1; back <= d; ++back) {
          const std::size_t j = (at + n - back) & (n - 1);
          if (table[j] < 0 || far(j) < d - back) return;
        }
      }
      ++total;
      return;
    }
    for (int k = -1; k < keys; ++k) {
      table[i] = k;
      fill(i + 1);
    }
  };
  fill(0);
  return total;
}

}  // namespace robin_test

using namespace robin_test;

TEST(RobinSet, APointerIndexedAsAnArrayIsNotBoundToSingleObjects) {
  auto f = smallscope::finitization::of<pointer_set_t>("Set");
  auto buckets = f.objects<pointer_bucket_t>("Bucket", 4);
  f.set<pointer_set_t>(&policy_t::mask_, smallscope::ints(3, 3));
  f.set(&pointer_set_t::buckets_, buckets.only());
  f.set(&pointer_set_t::bucket_count_, smallscope::ints(4, 4));
  f.set(&pointer_set_t::elements_, smallscope::ints(0, 2));
  f.not_input(&pointer_set_t::buckets_data_);
  f.not_input(&pointer_set_t::load_threshold_);
  f.not_input(&pointer_set_t::max_load_factor_);
  f.set(&pointer_bucket_t::distance_, smallscope::ints(-1, 1));
  f.set(&pointer_bucket_t::last_, smallscope::booleans());
  f.set(&pointer_bucket_t::storage_, smallscope::ints(0, 1));
  std::string message;
  std::uint64_t n = 0;
  try {
    for (const auto& s : smallscope::structures(f, &table_ok)) {
      (void)s;
      ++n;
    }
  } catch (const smallscope::finitization_error& e) {
    message = e.what();
  }
  EXPECT_EQ(n, 0u);
  EXPECT_NE(message.find("the invariant reads field Set.buckets_ as an array (p[i] with i != 0, or p + i), but the "
                         "finitization binds it to single objects"),
            std::string::npos)
      << message;
  EXPECT_NE(message.find("derive(&C::buckets_"), std::string::npos) << message;
}

TEST(RobinSet, TheValidTablesAreTheRobinHoodLayouts) {
  for (const auto& [buckets, keys] : std::vector<std::pair<int, int>>{{2, 2}, {4, 2}, {4, 3}, {4, 4}}) {
    std::uint64_t n = 0;
    for (const auto& s : smallscope::structures(fin(buckets, keys), &robin_ok)) {
      const set_t& t = s.root<set_t>();
      EXPECT_TRUE(robin_ok(t));
      EXPECT_EQ(t.buckets_, t.buckets_data_.data());  // derived as the class keeps it
      EXPECT_EQ(t.mask_, t.bucket_count_ - 1);
      EXPECT_EQ(t.max_load_factor_, 0.5f);
      ++n;
    }
    EXPECT_EQ(n, brute_force(buckets, keys)) << buckets << " buckets, " << keys << " keys";
  }
}

TEST(RobinSet, CopiesOwnTheirBucketsAndPointIntoThem) {
  const auto f = fin(4, 3);
  const smallscope::live_scope in_force(f.live());  // the copies' walks: live storage, derived members
  std::uint64_t seen = 0;
  for (const auto& s : smallscope::structures(f, &robin_ok)) {
    const set_t& t = s.root<set_t>();
    set_t* copy = smallscope::deep_copy(t);
    EXPECT_NE(copy->buckets_data_.data(), t.buckets_data_.data());
    EXPECT_EQ(copy->buckets_, copy->buckets_data_.data());  // its own vector's data, not the original's
    EXPECT_EQ(keys_of(*copy), keys_of(t));
    EXPECT_TRUE(robin_ok(*copy));
    EXPECT_EQ(smallscope::canonical_form(*copy), smallscope::canonical_form(t));
    smallscope::release(copy);
    ++seen;
  }
  EXPECT_EQ(seen, brute_force(4, 3));
}

TEST(RobinSet, InsertEraseAndContainsPassOnEveryTable) {
  const auto f = fin(4, 3);
  const std::uint64_t tables = brute_force(4, 3);
  const auto invariant = smallscope::make_predicate(&robin_ok);
  const auto insert = insert_method(3), erase = erase_method(3), contains = contains_method(3);
  for (const auto* m : {&insert, &erase, &contains}) {
    const auto r = smallscope::run_check(f, invariant, *m, {});
    EXPECT_EQ(r.inputs, tables * 4u) << m->name;
    EXPECT_EQ(r.failed, 0u) << m->name;
  }
}

namespace robin_test {
// A wrong postcondition: the table never grows.
void never_grows_post(smallscope::verdict& v, const set_t& old, const set_t& now, bool, const int&) {
  v.require(now.bucket_count_ == old.bucket_count_, "the table keeps its buckets");
}
}  // namespace robin_test

TEST(RobinSet, AFailureIsReportedWithAReproducerThatSetsTheDerivedMembers) {
  const auto f = fin(4, 3);
  const auto strict = SMALLSCOPE_METHOD_WITH_INVARIANT(set_t::insert, never_grows_post, robin_ok, smallscope::ints(0, 2));
  const auto r = smallscope::run_check(f, smallscope::make_predicate(&robin_ok), strict, {});
  ASSERT_FALSE(r.failures.empty());  // the third key grows the table
  smallscope::check_context ctx;
  ctx.fin = &f;
  ctx.method = &strict;
  ctx.header = "plain/robin_set.hpp";
  const std::string code = smallscope::googletest_reproducer(ctx, r.failures.front());
  EXPECT_NE(code.find("->buckets_data_ = "), std::string::npos) << code;
  // The bucket pointer into the vector's data, the mask and the threshold, at their offsets.
  EXPECT_NE(code.find("= &(*set0).buckets_data_[0];  // derived"), std::string::npos) << code;
  EXPECT_NE(code.find("= 3u;  // derived"), std::string::npos) << code;
  EXPECT_NE(code.find("= 2u;  // derived"), std::string::npos) << code;
  EXPECT_EQ(code.find("static_assert"), std::string::npos) << code;
}

// A picture shows the int in each used bucket's storage ("storage_: 2"), not its four bytes; the
// code a reproducer assigns still writes the bytes. Derived members have their names.
TEST(RobinSet, PicturesShowTheValueInAStorageAndTheDerivedMembersNames) {
  const auto f = fin(4, 3);
  const smallscope::live_scope in_force(f.live());
  std::size_t tables = 0;
  for (const auto& s : smallscope::structures(f, &robin_ok)) {
    const set_t& t = s.root<set_t>();
    const auto g = smallscope::describe(t);
    ASSERT_FALSE(g.objects.empty());
    const auto& fields = g.objects[0].fields;
    const auto data = std::find_if(fields.begin(), fields.end(), [](const auto& x) { return x.name == "buckets_data_"; });
    ASSERT_NE(data, fields.end());
    for (const int k : keys_of(t)) EXPECT_NE(data->text.find("storage_: " + std::to_string(k) + "}"), std::string::npos) << data->text;
    EXPECT_EQ(data->text.find("storage_["), std::string::npos) << data->text;
    EXPECT_EQ(data->code.find("storage_[0] = ") != std::string::npos, !keys_of(t).empty()) << data->code;
    ++tables;
  }
  EXPECT_EQ(tables, 7u);
  // The derived members by the names the finitization gives them.
  const std::string line = f.describe();
  for (const char* m : {"Set.buckets_ in derived", "Set.mask_ in derived", "Set.load_threshold_ in derived"})
    EXPECT_NE(line.find(m), std::string::npos) << line;
  EXPECT_EQ(line.find("derived at byte"), std::string::npos) << line;
}

// Bindings that cannot be laid out say which member and what to do, before any search.
TEST(RobinSet, AMisplacedGuardAndADerivedRegisteredMemberAreRefusedByName) {
  auto f = smallscope::finitization::of<set_t>("Set");
  std::string message;
  try {  // the guard after the storage it guards
    f.set(&set_t::buckets_data_,
          smallscope::sequence_of(smallscope::ints(4, 4),
                                  smallscope::record<bucket_t>()
                                      .with(&bucket_t::last_, smallscope::booleans())
                                      .with(&bucket_t::storage_, smallscope::storage_of<int>(smallscope::ints(0, 1))
                                                                     .unless(&bucket_t::distance_, -1))
                                      .with(&bucket_t::distance_, smallscope::ints(-1, 3))));
  } catch (const smallscope::finitization_error& e) {
    message = e.what();
  }
  EXPECT_NE(message.find("Set.buckets_data_[].storage_: give the member unless() names with .with() just before the "
                         "storage"),
            std::string::npos)
      << message;
  message.clear();
  try {  // a member listed in SMALLSCOPE_FIELDS is bound, not derived
    f.derive(&set_t::elements_, [](const set_t& s) { return s.buckets_data_.size(); });
  } catch (const smallscope::finitization_error& e) {
    message = e.what();
  }
  EXPECT_NE(message.find("derive(): field Set.elements_ is listed in SMALLSCOPE_FIELDS; a derived member is not"),
            std::string::npos)
      << message;
}

// explore starts from robin_set(0) (SMALLSCOPE_CONSTRUCTOR_ARGS: there is no default constructor)
// and, through insert's growth and erase's backward shifts, reaches every valid table of four
// buckets, judged by the invariant after each call with no finding.
TEST(RobinSet, ExploreFromTheConstructedSetReachesEveryTable) {
  const auto f = fin(4, 3);
  const auto insert = insert_method(3), erase = erase_method(3);
  const auto invariant = smallscope::make_predicate(&robin_ok);
  smallscope::explore_options o;
  o.against = &f;
  o.invariant = &invariant;
  const auto r = smallscope::explore_sequences(smallscope::api_calls({&insert, &erase}), o);
  EXPECT_TRUE(r.complete);
  for (const auto& finding : r.findings)
    ADD_FAILURE() << finding.run.detail << " after " << finding.calls.size() << " calls: "
                  << smallscope::draw(finding.run.post_state, f, smallscope::structure_format::text, "post");
  EXPECT_EQ(r.differential.valid, brute_force(4, 3));
  EXPECT_EQ(r.differential.valid_reached, brute_force(4, 3));
  EXPECT_GT(r.differential.reached_not_valid, 0u);  // tables of 0, 2 and 8 buckets, or with key 3
}
