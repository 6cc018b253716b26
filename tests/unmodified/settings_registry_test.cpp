// A class of nested standard types bound as it is written (subjects/unmodified/plain/
// settings_registry.hpp: a std::map of std::string to sorted std::vector, a std::optional name, a
// std::variant mode). The valid registries are counted by brute force; add and activate pass on
// every one; remove_group's real defect (the active name outlives its group) is found on exactly
// the registries whose active group it removes, and nowhere else.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <utility>
#include <string>
#include <vector>

#include "plain/settings_registry.hpp"
#include "smallscope/checker.hpp"
#include "smallscope/contents.hpp"
#include "smallscope/heap.hpp"
#include "smallscope/search.hpp"

namespace settings_test {
using registry_t = plain_subjects::settings::registry;
}  // namespace settings_test

namespace plain_subjects::settings {
SMALLSCOPE_FIELDS(settings_test::registry_t, groups_, active_, mode_, version_)
SMALLSCOPE_CONSTRUCTOR_ARGS(settings_test::registry_t, 1)
}  // namespace plain_subjects::settings

namespace settings_test {

// Each group sorted without repeats, and the active name names a group.
bool registry_ok(const registry_t& r) {
  for (const auto& [name, values] : r.groups_)
    for (std::size_t i = 1; i < values.size(); ++i)
      if (values[i - 1] >= values[i]) return false;
  return !r.active_ || r.groups_.count(*r.active_) == 1;
}

const std::vector<std::string> names{"a", "b"};

smallscope::finitization fin(int longest, int values) {
  auto f = smallscope::finitization::of<registry_t>("Registry");
  f.set(&registry_t::groups_,
        smallscope::map_of(smallscope::strings(names),
                           smallscope::sequence_of(smallscope::ints(0, longest), smallscope::ints(0, values - 1))));
  f.set(&registry_t::active_, smallscope::optional_of(smallscope::strings(names)));
  f.set(&registry_t::mode_, smallscope::variant_of(smallscope::ints(0, 1), smallscope::booleans()));
  f.set(&registry_t::version_, smallscope::ints(1, 1));
  return f;
}

// Brute force, apart from the search: a group is a sorted set of `values` values of size up to
// `longest`; each name is absent or one such group; the active name is none or a present one;
// the mode is one of two numbers or two switches.
std::uint64_t brute_force(int longest, int values) {
  std::uint64_t groups = 0;  // subsets of 0..values-1 of size <= longest
  for (std::uint32_t mask = 0; mask < (1u << values); ++mask)
    if (__builtin_popcount(mask) <= longest) ++groups;
  std::uint64_t total = 0;
  // Each of the two names absent or present with one of `groups` groups.
  for (int present = 0; present <= 2; ++present) {
    const std::uint64_t ways = present == 1 ? 2 : 1;  // which name, when one
    std::uint64_t maps = ways;
    for (int i = 0; i < present; ++i) maps *= groups;
    total += maps * static_cast<std::uint64_t>(1 + present);  // no active name, or one present
  }
  return total * 4;  // the mode
}

std::uint64_t active_removals(int longest, int values) {  // registries with an active group: one failing name each
  std::uint64_t groups = 0;
  for (std::uint32_t mask = 0; mask < (1u << values); ++mask)
    if (__builtin_popcount(mask) <= longest) ++groups;
  return (2 * groups + 2 * groups * groups) * 4;
}

void add_post(smallscope::verdict& v, const registry_t& old, const registry_t& now, bool added, const std::string& g,
              const int& x) {
  std::vector<int> before;
  if (old.groups_.count(g) == 1) before = old.groups_.at(g);
  const bool was = std::find(before.begin(), before.end(), x) != before.end();
  v.require(added == !was, "returns whether x was new");
  v.require(now.groups_.count(g) == 1 && std::find(now.groups_.at(g).begin(), now.groups_.at(g).end(), x) !=
                                             now.groups_.at(g).end(),
            "x is in the group");
  v.require(now.active_ == old.active_ && now.mode_ == old.mode_, "the rest is unchanged");
}

void activate_post(smallscope::verdict& v, const registry_t& old, const registry_t& now, bool done,
                   const std::string& g) {
  v.require(done == (old.groups_.count(g) == 1), "returns whether the group exists");
  v.require(done ? now.active_ == g : now.active_ == old.active_, "the group is active when it exists");
}

void remove_post(smallscope::verdict& v, const registry_t& old, const registry_t& now, bool removed,
                 const std::string& g) {
  v.require(removed == (old.groups_.count(g) == 1), "returns whether the group existed");
  v.require(now.groups_.count(g) == 0, "the group is gone");
}

}  // namespace settings_test

using namespace settings_test;

TEST(SettingsRegistry, TheValidRegistriesAreCountedByBruteForce) {
  for (const auto& [longest, values] : std::vector<std::pair<int, int>>{{0, 1}, {1, 2}, {2, 2}, {2, 3}}) {
    std::uint64_t n = 0;
    for (const auto& s : smallscope::structures(fin(longest, values), &registry_ok)) {
      EXPECT_TRUE(registry_ok(s.root<registry_t>()));
      ++n;
    }
    EXPECT_EQ(n, brute_force(longest, values)) << longest << " " << values;
  }
}

TEST(SettingsRegistry, AddAndActivatePassOnEveryRegistry) {
  const auto f = fin(2, 2);
  const auto invariant = smallscope::make_predicate(&registry_ok);
  const auto add = SMALLSCOPE_METHOD_WITH_INVARIANT(registry_t::add, add_post, registry_ok,
                                                    smallscope::strings(names), smallscope::ints(0, 2));
  const auto activate = SMALLSCOPE_METHOD_WITH_INVARIANT(registry_t::activate, activate_post, registry_ok,
                                                         smallscope::strings({"a", "b", "c"}));
  const auto a = smallscope::run_check(f, invariant, add, {});
  EXPECT_EQ(a.inputs, brute_force(2, 2) * 2 * 3);
  EXPECT_EQ(a.failed, 0u);
  const auto b = smallscope::run_check(f, invariant, activate, {});
  EXPECT_EQ(b.inputs, brute_force(2, 2) * 3);
  EXPECT_EQ(b.failed, 0u);
}

TEST(SettingsRegistry, RemovingTheActiveGroupIsFoundWhereverItHappens) {
  const auto f = fin(2, 2);
  const auto invariant = smallscope::make_predicate(&registry_ok);
  const auto remove = SMALLSCOPE_METHOD_WITH_INVARIANT(registry_t::remove_group, remove_post, registry_ok,
                                                       smallscope::strings(names));
  const auto r = smallscope::run_check(f, invariant, remove, {});
  EXPECT_EQ(r.inputs, brute_force(2, 2) * 2);
  EXPECT_EQ(r.failed, active_removals(2, 2));
  for (const auto& c : r.failures) EXPECT_EQ(c.kind, smallscope::outcome_kind::invariant) << c.detail;
}
