// Tests of the AVTree subject (paper 000's INS benchmark, subjects/av_tree.hpp):
// - lookup answers paper 003 Fig. 7(a)'s example and its variations (wildcards, an attribute
//   the database lacks, nested pairs);
// - lookup agrees with the postcondition's per-service conformance on random databases and
//   queries; lookup_original (INS before the correction) does not where an attribute is missing;
// - the postcondition rejects a wrong result and a changed structure;
// - checking lookup passes on every input; the valid counts of the smallest finitizations equal
//   counts by hand, and lookup_original fails exactly on the inputs where it differs from lookup.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <random>
#include <string>
#include <vector>

#include "methods_test_support.hpp"
#include "smallscope/checker.hpp"
#include "smallscope/subject.hpp"
#include "subjects/av_tree.hpp"

namespace {

using namespace methods_test;
namespace av = subjects::av_tree;

struct av_box : owned_structure<av::av_tree> {
  using owned_structure::owned_structure;
  av::av_tree& t = *root;
};

// Builders: a level is a list of (attribute, values); a value is (name, records, level below).
struct value_spec;
using level_spec = std::vector<std::pair<int, std::vector<value_spec>>>;
struct value_spec {
  int value;
  int records;
  level_spec below;
};

av::attr_node* build(const level_spec& level) {
  av::attr_node* first = nullptr;
  for (auto it = level.rbegin(); it != level.rend(); ++it) {
    auto* a = new av::attr_node{};
    a->attribute = it->first;
    a->next = first;
    av::value_node* values = nullptr;
    for (auto v = it->second.rbegin(); v != it->second.rend(); ++v) {
      auto* n = new av::value_node{};
      n->value = v->value;
      n->records = v->records;
      n->attributes = build(v->below);
      n->next = values;
      values = n;
    }
    a->values = values;
    first = a;
  }
  return first;
}

// Paper 003, Fig. 7(a): attribute 0 "service" (values 0 camera, 1 printer), attribute 1
// "building" (value 0 NE-43); service R0 (bit 0) is a camera in NE-43, R1 (bit 1) a printer there.
constexpr int service = 0, building = 1, camera = 0, printer = 1, ne43 = 0, r0 = 1, r1 = 2;
const level_spec database = {{service, {{camera, r0, {}}, {printer, r1, {}}}}, {building, {{ne43, r0 | r1, {}}}}};

int lookup(const level_spec& db, const level_spec& query, bool original = false) {
  av_box b;
  b.t.database = build(db);
  b.t.query = build(query);
  EXPECT_TRUE(b.t.rep_ok());
  const int result = original ? b.t.lookup_original() : b.t.lookup();
  if (!original) {
    EXPECT_EQ(failed_clause([&](smallscope::verdict& v) { av::lookup_post(v, b.t, b.t, result); }), "");
  }
  return result;
}

TEST(AVTree, LookupAnswersPaper003Figure7) {
  EXPECT_EQ(lookup(database, {{service, {{camera, 0, {}}}}, {building, {{ne43, 0, {}}}}}), r0);
  EXPECT_EQ(lookup(database, {{service, {{av::wildcard, 0, {}}}}}), r0 | r1);
  EXPECT_EQ(lookup(database, {{building, {{ne43, 0, {}}}}}), r0 | r1);
  EXPECT_EQ(lookup(database, {}), r0 | r1);  // the empty query: every service
  EXPECT_EQ(lookup(database, {{service, {{2, 0, {}}}}}), 0);  // no such value
  // An attribute no service has: nothing conforms; INS's original skipped it as a wildcard.
  const level_spec floor_query = {{service, {{camera, 0, {}}}}, {2, {{0, 0, {}}}}};
  EXPECT_EQ(lookup(database, floor_query), 0);
  EXPECT_EQ(lookup(database, floor_query, /*original=*/true), r0);
  // Nested pairs must hold on one branch: R0 has room 1 on floor 0, R1 room 1 on floor 1.
  const level_spec nested = {{0, {{0, 0, {{1, {{1, r0, {}}}}}}, {1, 0, {{1, {{1, r1, {}}}}}}}}};
  EXPECT_EQ(lookup(nested, {{0, {{av::wildcard, 0, {{1, {{1, 0, {}}}}}}}}}), r0 | r1);
  EXPECT_EQ(lookup(nested, {{0, {{1, 0, {{1, {{1, 0, {}}}}}}}}}), r1);
  EXPECT_EQ(lookup(nested, {{0, {{0, 0, {{1, {{0, 0, {}}}}}}}}}), 0);
}

// A random level of up to `width` attributes, `depth` levels deep.
level_spec random_level(std::mt19937& rng, int depth, bool query) {
  level_spec level;
  const int width = depth == 0 ? 0 : pick(rng, query ? 0 : 1, 2);
  std::vector<int> attributes = {0, 1, 2};
  std::shuffle(attributes.begin(), attributes.end(), rng);
  for (int i = 0; i < width; ++i) {
    std::vector<value_spec> values;
    const int n = query ? 1 : pick(rng, 1, 2);
    std::vector<int> names = {0, 1, 2};
    std::shuffle(names.begin(), names.end(), rng);
    for (int j = 0; j < n; ++j) {
      value_spec v{names[static_cast<std::size_t>(j)], 0, random_level(rng, depth - 1, query)};
      if (query) {
        if (pick(rng, 0, 3) == 0) v.value = av::wildcard;
      } else {
        v.records = pick(rng, v.below.empty() ? 1 : 0, 3);
      }
      values.push_back(std::move(v));
    }
    level.emplace_back(attributes[static_cast<std::size_t>(i)], std::move(values));
  }
  return level;
}

TEST(AVTree, LookupAgreesWithConformanceOnRandomInputs) {
  std::mt19937 rng(seed);
  int original_differs = 0;
  for (int step = 0; step < 1000; ++step) {
    av_box b;
    b.t.database = build(random_level(rng, 3, false));
    b.t.query = build(random_level(rng, 3, true));
    ASSERT_TRUE(b.t.rep_ok()) << "step " << step;
    ASSERT_EQ(b.t.lookup(), av::conforming(b.t)) << "step " << step;
    if (b.t.lookup_original() != av::conforming(b.t)) ++original_differs;
  }
  EXPECT_GT(original_differs, 0);
}

TEST(AVTree, PostconditionRejectsWrongResults) {
  av_box pre;
  pre.t.database = build(database);
  pre.t.query = build({{service, {{camera, 0, {}}}}});
  av_box now(pre.t);
  const int result = now.t.lookup();
  ASSERT_EQ(result, r0);
  auto post = [&](int r) {
    return failed_clause([&](smallscope::verdict& v) { av::lookup_post(v, pre.t, now.t, r); });
  };
  EXPECT_EQ(post(r0), "");
  EXPECT_EQ(post(r0 | r1), "result is the services whose name the query embeds in");
  now.t.query->values->value = printer;
  EXPECT_EQ(post(r0), "lookup changes neither the database nor the query");
}

using methods_test::method_of;

TEST(AVTree, ChecksPassAndCountsMatchHandCounts) {
  const auto* subject = smallscope::find_subject("AVTree");
  ASSERT_NE(subject, nullptr);
  // fin(1, 1, 1, 1, 1): no pair, a database pair (value 0 recording the service), or a query
  // pair with value 0 or *.
  // fin(1, 1, 2, 2, 2): no pair; a database pair: 2 attributes x 2 values x 3 record sets; a
  // query pair: 2 attributes x 3 values (with *).
  const std::vector<std::pair<std::vector<std::int64_t>, std::uint64_t>> by_hand = {
      {{1, 1, 1, 1, 1}, 1 + 1 + 2}, {{1, 1, 2, 2, 2}, 1 + 12 + 6}};
  for (const auto& [fin, count] : by_hand) {
    const auto instance = subject->make(fin);
    const auto r = smallscope::run_check(instance.fin, instance.invariant, method_of(instance, "lookup"), {});
    EXPECT_EQ(r.structures, count);
    EXPECT_EQ(r.inputs, count);
    EXPECT_EQ(r.failed, 0u);
  }
  // Scope 2: lookup passes everywhere; lookup_original fails exactly where it differs.
  const auto instance = subject->make(subject->scope(2));
  std::uint64_t differs = 0, inputs = 0;
  for (const auto& s : smallscope::structure_range(instance.fin, instance.invariant)) {
    const auto& t = s.root<av::av_tree>();
    ++inputs;
    if (t.lookup_original() != av::conforming(t)) ++differs;
  }
  const auto good = smallscope::run_check(instance.fin, instance.invariant, method_of(instance, "lookup"), {});
  EXPECT_EQ(good.inputs, inputs);
  EXPECT_EQ(good.failed, 0u);
  const auto bad =
      smallscope::run_check(instance.fin, instance.invariant, method_of(instance, "lookup_original"), {});
  EXPECT_GT(differs, 0u);
  EXPECT_EQ(bad.failed, differs);
  for (const auto& c : bad.failures) EXPECT_EQ(c.detail, "result is the services whose name the query embeds in");
}

}  // namespace
