// Postconditions over a pre-state and a post-state (paper 003, Sec. 5: TestEra's phase 2; a
// backticked field reads the pre-state). Random pairs of states of a binary tree, with nodes the
// method deleted (in the pre-state only), nodes it allocated (in the post-state only), shared
// nodes and cycles: the tautologies of the relational calculus hold on both states, and what the
// evaluator reaches from either root agrees with a direct C++ walk of the same fields.
#include <gtest/gtest.h>

#include <algorithm>
#include <random>
#include <string>
#include <vector>

#include "sat/enumerator.hpp"
#include "spec/evaluator.hpp"
#include "spec/load.hpp"

namespace smallscope::spec {
namespace {

constexpr const char* tree_spec = R"(
sig T { root: lone Node }
sig Node { left: lone Node, right: lone Node }
pred T.any {}
// How many nodes the pre-state (post-state) reaches from its root, and which.
pred T.preReach[k: Int] { #root`.*(left` + right`) = k }
pred T.postReach[k: Int] { #root.*(left + right) = k }
pred T.preReaches[n: Node] { n in root`.*(left` + right`) }
pred T.postReaches[n: Node] { n in root.*(left + right) }
pred T.tautologies {
  some root` implies root` in root`.*(left` + right`)
  some root implies root in root.*(left + right)
  all n: root`.*(left` + right`) | n in n.*(left` + right`) and n.*left` = n + n.^left`
  all n: root.*(left + right) | n in n.*(left + right) and n.*left = n + n.^left
  root`.*(left` + right`) = root` + root`.^(left` + right`)
  root.*(left + right) = root + root.^(left + right)
  root`.^(left` + right`) = root`.(left` + right`).*(left` + right`)
  ~~left` = left`
  (left` + right`).*(left` + right`) in Node -> univ + univ -> univ
  root`.*(left` + right`) in univ and root.*(left + right) in univ
  all n: root`.*(left` + right`) | n.iden = n
}
run any for exactly 1 T, exactly 6 Node, 4 Int
)";

// A state: which of the six nodes exist, the root (-1: none) and each node's children.
struct state {
  std::vector<bool> exists = std::vector<bool>(6, false);
  int root = -1;
  std::vector<int> left = std::vector<int>(6, -1), right = std::vector<int>(6, -1);
};

std::vector<int> reached(const state& s) {
  std::vector<int> out;
  if (s.root >= 0) out.push_back(s.root);
  for (std::size_t i = 0; i < out.size(); ++i) {
    for (const int c : {s.left[static_cast<std::size_t>(out[i])], s.right[static_cast<std::size_t>(out[i])]})
      if (c >= 0 && std::find(out.begin(), out.end(), c) == out.end()) out.push_back(c);
  }
  return out;
}

struct fixture {
  module m = load_text(tree_spec, "pre_post.als");
  sat::enumerator e{m, 0};
  std::uint32_t t_sig = 0, node_sig = 0, root = 0, left = 0, right = 0;
  std::uint32_t pred(const std::string& name) const {
    for (std::uint32_t i = 0; i < m.functions.size(); ++i)
      if (m.functions[i].name == name) return i;
    ADD_FAILURE() << "no predicate " << name;
    return 0;
  }
  fixture() {
    for (std::uint32_t s = 0; s < m.sigs.size(); ++s) {
      if (m.sigs[s].name == "T") t_sig = s;
      if (m.sigs[s].name == "Node") node_sig = s;
    }
    for (std::uint32_t k = 0; k < m.field_list.size(); ++k) {
      const std::string& name = m.sigs[m.field_list[k].sig].fields[m.field_list[k].index].name;
      (name == "root" ? root : name == "left" ? left : right) = k;
    }
  }
  std::uint32_t t_atom() const { return e.bound().sigs[t_sig].atoms.at(0); }
  std::uint32_t node_atom(int i) const { return e.bound().sigs[node_sig].atoms.at(static_cast<std::size_t>(i)); }
  instance make(const state& s) const {
    instance in;
    in.atoms = &e.atoms();
    in.sigs.resize(m.sigs.size());
    for (std::size_t k = 0; k < m.sigs.size(); ++k) {
      in.sigs[k].arity = 1;
      if (k != node_sig) in.sigs[k].atoms = e.bound().sigs[k].atoms;
    }
    for (int i = 0; i < 6; ++i)
      if (s.exists[static_cast<std::size_t>(i)]) in.sigs[node_sig].atoms.push_back(node_atom(i));
    in.fields.assign(m.field_list.size(), tuple_set{2, {}});
    auto edge = [&](std::uint32_t field, std::uint32_t from, int to) {
      if (to < 0) return;
      const std::uint32_t t[2] = {from, node_atom(to)};
      in.fields[field].insert(t);
    };
    edge(root, t_atom(), s.root);
    for (int i = 0; i < 6; ++i) {
      if (!s.exists[static_cast<std::size_t>(i)]) continue;
      edge(left, node_atom(i), s.left[static_cast<std::size_t>(i)]);
      edge(right, node_atom(i), s.right[static_cast<std::size_t>(i)]);
    }
    for (auto& f : in.fields) f.normalize();
    return in;
  }
};

// A random node among those that exist in `s`, or -1 (one time in three).
int pick(std::mt19937& rng, const state& s) {
  std::vector<int> existing;
  for (int i = 0; i < 6; ++i)
    if (s.exists[static_cast<std::size_t>(i)]) existing.push_back(i);
  if (existing.empty() || rng() % 3 == 0) return -1;
  return existing[rng() % existing.size()];
}

TEST(PrePost, TautologiesHoldAndReachAgreesWithAWalkOnBothStates) {
  const fixture f;
  const std::uint32_t tautologies = f.pred("tautologies"), pre_reach = f.pred("preReach"),
                      post_reach = f.pred("postReach"), pre_reaches = f.pred("preReaches"),
                      post_reaches = f.pred("postReaches");
  std::mt19937 rng(5);
  std::size_t deleted_roots = 0, deleted_reached = 0, allocated_reached = 0;
  for (int trial = 0; trial < 3000; ++trial) {
    // The pre-state: nodes 0..3, some of them, with random children (shared nodes and cycles too).
    state pre;
    for (int i = 0; i < 4; ++i) pre.exists[static_cast<std::size_t>(i)] = rng() % 5 != 0;
    pre.root = pick(rng, pre);
    for (int i = 0; i < 4; ++i) {
      pre.left[static_cast<std::size_t>(i)] = pick(rng, pre);
      pre.right[static_cast<std::size_t>(i)] = pick(rng, pre);
    }
    // The post-state: the method deletes some nodes, allocates 4 and 5 now and then, and moves
    // some links; a link to a deleted node is dropped.
    state post = pre;
    for (int i = 0; i < 4; ++i)
      if (pre.exists[static_cast<std::size_t>(i)] && rng() % 3 == 0) post.exists[static_cast<std::size_t>(i)] = false;
    for (int i = 4; i < 6; ++i) post.exists[static_cast<std::size_t>(i)] = rng() % 3 == 0;
    auto alive = [&](int n) { return n >= 0 && post.exists[static_cast<std::size_t>(n)] ? n : -1; };
    post.root = rng() % 4 == 0 ? pick(rng, post) : alive(post.root);
    for (int i = 0; i < 6; ++i) {
      auto& l = post.left[static_cast<std::size_t>(i)];
      auto& r = post.right[static_cast<std::size_t>(i)];
      l = !post.exists[static_cast<std::size_t>(i)] ? -1 : rng() % 4 == 0 ? pick(rng, post) : alive(l);
      r = !post.exists[static_cast<std::size_t>(i)] ? -1 : rng() % 4 == 0 ? pick(rng, post) : alive(r);
    }
    const instance before = f.make(pre), after = f.make(post);
    const evaluator ev(f.m, after, &before);
    const std::uint32_t receiver[] = {f.t_atom()};
    ASSERT_TRUE(ev.holds(tautologies, receiver))
        << "trial " << trial << ": " << ::testing::PrintToString(ev.failed_conjuncts(tautologies, receiver));
    // What each state reaches, by the evaluator and by a walk.
    for (const bool pre_state : {true, false}) {
      const std::vector<int> walk = reached(pre_state ? pre : post);
      std::uint32_t count_atom = 0;
      ASSERT_TRUE(f.e.atoms().int_atom(static_cast<std::int64_t>(walk.size()), count_atom));
      const std::uint32_t with_count[] = {f.t_atom(), count_atom};
      EXPECT_TRUE(ev.holds(pre_state ? pre_reach : post_reach, with_count)) << "trial " << trial << " pre " << pre_state;
      for (int i = 0; i < 6; ++i) {
        const std::uint32_t with_node[] = {f.t_atom(), f.node_atom(i)};
        const bool walked = std::find(walk.begin(), walk.end(), i) != walk.end();
        EXPECT_EQ(ev.holds(pre_state ? pre_reaches : post_reaches, with_node), walked)
            << "trial " << trial << " node " << i << " pre " << pre_state;
      }
    }
    const std::vector<int> walk_pre = reached(pre), walk_post = reached(post);
    deleted_roots += pre.root >= 0 && !post.exists[static_cast<std::size_t>(pre.root)];
    for (const int n : walk_pre) deleted_reached += !post.exists[static_cast<std::size_t>(n)];
    for (const int n : walk_post) allocated_reached += n >= 4;
  }
  // The pairs have what the tautologies are about.
  EXPECT_GT(deleted_roots, 300u);
  EXPECT_GT(deleted_reached, 1000u);
  EXPECT_GT(allocated_reached, 150u);
}

}  // namespace
}  // namespace smallscope::spec
