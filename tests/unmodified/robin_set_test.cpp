// An open-addressing hash set bound as it is written (subjects/unmodified/plain/robin_set.hpp).
// Its bucket pointer points into a std::vector and is indexed as an array: bound to single
// objects, as a pointer field to a class domain would be, the search would vary objects no field
// reaches and copies would hold one bucket (28,674 "valid" tables where 9 exist, and every check
// failing on a table whose pictures before and after are the same). So the search refuses it,
// naming the field and the way to bind it.
#include <gtest/gtest.h>

#include <cstdint>
#include <string>

#include "plain/robin_set.hpp"
#include "smallscope/contents.hpp"
#include "smallscope/search.hpp"

namespace robin_test {
using set_t = plain_subjects::robin::robin_set<int>;
using bucket_t = plain_subjects::robin::bucket_entry<int>;
using policy_t = plain_subjects::robin::power_of_two_policy;
}  // namespace robin_test

namespace plain_subjects::robin {
SMALLSCOPE_FIELDS(robin_test::bucket_t, distance_, last_, storage_)
SMALLSCOPE_FIELDS(robin_test::set_t, mask_, buckets_, bucket_count_, elements_)
SMALLSCOPE_CONSTRUCTOR_ARGS(robin_test::set_t, 0)
}  // namespace plain_subjects::robin

namespace robin_test {

// Counts the non-empty buckets as the table does, walking the bucket pointer as an array.
bool table_ok(const set_t& s) {
  std::size_t used = 0;
  for (std::size_t i = 0; i < s.bucket_count_; ++i)
    if (!s.buckets_[i].empty()) ++used;
  return used == s.elements_;
}

}  // namespace robin_test

using namespace robin_test;

TEST(RobinSet, APointerIndexedAsAnArrayIsNotBoundToSingleObjects) {
  auto f = smallscope::finitization::of<set_t>("Set");
  auto buckets = f.objects<bucket_t>("Bucket", 4);
  f.set<set_t>(&policy_t::mask_, smallscope::ints(3, 3));
  f.set(&set_t::buckets_, buckets.only());
  f.set(&set_t::bucket_count_, smallscope::ints(4, 4));
  f.set(&set_t::elements_, smallscope::ints(0, 2));
  f.not_input(&set_t::buckets_data_);
  f.not_input(&set_t::load_threshold_);
  f.not_input(&set_t::max_load_factor_);
  f.set(&bucket_t::distance_, smallscope::ints(-1, 1));
  f.set(&bucket_t::last_, smallscope::booleans());
  f.set(&bucket_t::storage_, smallscope::ints(0, 1));
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
