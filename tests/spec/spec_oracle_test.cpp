// The spec as the oracle of a check (paper 003, Sec. 5: TestEra's phase 2 judges the pre-state
// and the post-state): a postcondition written with backticked fields sees the nodes the method
// deleted, so a seeded bug that deletes the root is found by the spec exactly as by the C++
// postcondition; and the spec's instances are bounded by the check's scope, not by the file's
// `run ... for`.
#include <gtest/gtest.h>

#include <string>

#include "smallscope/spec.hpp"
#include "smallscope/subject.hpp"
#include "subjects/search_tree.hpp"

namespace smallscope {
namespace {

using subjects::search_tree::node;
using subjects::search_tree::tree;

std::string korat_spec() { return std::string(SMALLSCOPE_SOURCE_DIR) + "/examples/specs/korat/search_tree.als"; }

// DELIBERATE BUG: remove of a key the tree does not hold removes the root's key instead (the
// root node itself is deleted when it has at most one child), and says it removed nothing.
bool remove_root_instead(tree& t, int k) {
  for (const node* n = t.root; n != nullptr; n = k < n->info ? n->left : n->right)
    if (n->info == k) return t.remove(k);
  if (t.root != nullptr) t.remove(t.root->info);
  return false;
}

struct both_oracles {
  check_report cpp;
  spec_check_report spec;
};

both_oracles check_both(std::int64_t scope) {
  const subject* s = find_subject("SearchTree");
  EXPECT_NE(s, nullptr);
  const subject_instance instance = s->make(s->scope(scope));
  // Keys -1..scope: the tree holds 0..scope-1, so -1 and scope are absent.
  const auto method = make_method<&remove_root_instead, &subjects::search_tree::remove_post>(
      "remove_root_instead", {argument_domain::of(ints(-1, scope))}, "remove_root_instead", "remove_post", "");
  check_options options;
  options.timeout = 10;
  both_oracles out;
  out.cpp = run_check(instance.fin, instance.invariant, method, options);
  out.spec = run_spec_check(instance.fin, instance.invariant, method, {korat_spec(), "inputs", "removeOk", ""}, options);
  return out;
}

TEST(SpecOracle, ASeededRemoveThatDeletesTheRootIsFoundByTheSpecAsByTheCppPostcondition) {
  for (const std::int64_t scope : {1, 2, 3, 4}) {
    const both_oracles r = check_both(scope);
    EXPECT_EQ(r.spec.check.inputs, r.cpp.inputs) << scope;
    // Every absent key of every tree: 2 per tree.
    EXPECT_EQ(r.cpp.failed, 2 * r.cpp.structures) << scope;
    EXPECT_EQ(r.spec.check.failed, r.cpp.failed) << scope;
    for (const auto& f : r.spec.check.failures) EXPECT_EQ(f.kind, outcome_kind::postcondition) << f.detail;
  }
}

TEST(SpecOracle, TheCheckScopeBoundsTheSpecsInstances) {
  // The file says `run inputs for exactly 1 SearchTree, exactly 4 Node, 4 Int`; SCOPE n gives
  // the Catalan(n) trees of n nodes, as the search does.
  const std::uint64_t catalan[] = {1, 1, 2, 5, 14, 42};
  for (const std::int64_t scope : {1, 2, 3, 5}) {
    const both_oracles r = check_both(scope);
    EXPECT_EQ(r.spec.instances, catalan[scope]) << scope;
    EXPECT_EQ(r.spec.scope, "exactly 1 SearchTree, exactly " + std::to_string(scope) + " Node, 4 Int");
    EXPECT_EQ(r.cpp.structures, catalan[scope]) << scope;
  }
}

}  // namespace
}  // namespace smallscope
