// The evaluator on a binary tree spec (paper 003, Sec. 3 and 5: TestEra's tree examples):
//   sig Tree { root: lone TNode }   sig TNode { left, right: lone TNode, key: one Int }
// isTree (with `disj`, transpose and union) and bst agree with direct C++ computations on random
// trees and random pointer graphs of up to 4 nodes, conjunct by conjunct.
#include <gtest/gtest.h>

#include <map>
#include <random>
#include <set>

#include "evaluate/evaluator.hpp"
#include "spec/spec_builder.hpp"

namespace smallscope::spec {
namespace {

using namespace build;

enum : std::uint32_t { s_int, s_tree, s_node };
enum : std::uint32_t { f_root, f_left, f_right, f_key };
constexpr std::uint32_t tree_atom = 0, node0 = 1, int0 = 5;

node_ptr children() { return unite(field(f_left), field(f_right)); }
node_ptr reach() { return join(join(this_(), field(f_root)), rclosure(children())); }
node_ptr key_of(std::uint32_t slot) { return sum(join(var(slot), field(f_key))); }

module make_module() {
  module m;
  m.sigs.push_back(sig_d("Int", multiplicity::none, -1, false, true));
  m.sigs.push_back(sig_d("Tree"));
  m.sigs.push_back(sig_d("TNode"));
  m.sigs[s_tree].fields.push_back(field_d("root", s_tree, {s_node}, multiplicity::lone));
  m.sigs[s_node].fields.push_back(field_d("left", s_node, {s_node}, multiplicity::lone));
  m.sigs[s_node].fields.push_back(field_d("right", s_node, {s_node}, multiplicity::lone));
  m.sigs[s_node].fields.push_back(field_d("key", s_node, {s_int}, multiplicity::one));
  number_fields(m);
  const std::int32_t recv = s_tree;
  add_pred(m, "isTree",
           block(list(labeled(quant(op::quant_all, d({1}, reach()), f2(op::not_in, var(1), join(var(1), closure(children())))), "acyclic"),
                      labeled(quant(op::quant_all, d({1, 2}, reach(), multiplicity::none, true),
                                    f1(op::no, inter(join(var(1), children()), join(var(2), children())))),
                              "one parent"),
                      labeled(f1(op::no, join(join(this_(), field(f_root)), transpose(children()))), "root parentless"),
                      labeled(quant(op::quant_all, d({1}, reach()), f1(op::no, inter(join(var(1), field(f_left)), join(var(1), field(f_right))))),
                              "distinct children"))),
           3, recv);
  add_pred(m, "bst",
           block(list(labeled(
               quant(op::quant_all, d({1}, reach()),
                     f2(op::and_,
                        quant(op::quant_all, d({2}, join(join(var(1), field(f_left)), rclosure(children()))), f2(op::lt, key_of(2), key_of(1))),
                        quant(op::quant_all, d({3}, join(join(var(1), field(f_right)), rclosure(children()))), f2(op::gt, key_of(3), key_of(1))))),
               "ordered"))),
           4, recv);
  add_pred(m, "treeOk", block(list(call(0, list(this_())), call(1, list(this_())))), 1, recv);
  return m;
}

struct shape {
  int k = 0, root = -1;
  std::vector<int> left, right, key;
  std::vector<int> kids(int n) const {
    std::vector<int> out;
    for (int c : {left[static_cast<std::size_t>(n)], right[static_cast<std::size_t>(n)]}) {
      if (c >= 0) out.push_back(c);
    }
    return out;
  }
  // Nodes reachable from `from` in zero or more steps.
  std::set<int> below(int from) const {
    std::set<int> seen;
    std::vector<int> todo;
    if (from >= 0) todo.push_back(from);
    while (!todo.empty()) {
      int n = todo.back();
      todo.pop_back();
      if (!seen.insert(n).second) continue;
      for (int c : kids(n)) todo.push_back(c);
    }
    return seen;
  }
};

std::vector<std::string> expected_failures(const shape& s) {
  std::vector<std::string> out;
  std::set<int> reach = s.below(s.root);
  bool acyclic = true, one_parent = true, parentless = true, distinct = true, ordered = true;
  for (int n : reach) {
    for (int c : s.kids(n)) {
      if (s.below(c).count(n)) acyclic = false;
    }
    for (int m : reach) {
      if (m == n) continue;
      for (int a : s.kids(n)) {
        for (int b : s.kids(m)) one_parent = one_parent && a != b;
      }
    }
    std::size_t i = static_cast<std::size_t>(n);
    if (s.left[i] >= 0 && s.left[i] == s.right[i]) distinct = false;
    for (int l : s.below(s.left[i])) ordered = ordered && s.key[static_cast<std::size_t>(l)] < s.key[i];
    for (int r : s.below(s.right[i])) ordered = ordered && s.key[static_cast<std::size_t>(r)] > s.key[i];
  }
  for (int i = 0; i < s.k && s.root >= 0; ++i) {
    for (int c : s.kids(i)) parentless = parentless && c != s.root;
  }
  if (!acyclic) out.push_back("isTree: acyclic");
  if (!one_parent) out.push_back("isTree: one parent");
  if (!parentless) out.push_back("isTree: root parentless");
  if (!distinct) out.push_back("isTree: distinct children");
  if (!ordered) out.push_back("bst: ordered");
  return out;
}

shape random_pointers(std::mt19937& rng) {
  shape s;
  s.k = static_cast<int>(rng() % 5);
  auto pick = [&] { return static_cast<int>(rng() % static_cast<unsigned>(s.k + 1)) - 1; };
  s.root = pick();
  for (int i = 0; i < s.k; ++i) {
    s.left.push_back(pick());
    s.right.push_back(pick());
    s.key.push_back(static_cast<int>(rng() % 5) - 2);
  }
  return s;
}

shape random_bst(std::mt19937& rng) {
  shape s;
  s.k = static_cast<int>(rng() % 5);
  for (int i = 0; i < s.k; ++i) {
    s.left.push_back(-1);
    s.right.push_back(-1);
    s.key.push_back(static_cast<int>(rng() % 5) - 2);
    if (i == 0) {
      s.root = 0;
      continue;
    }
    for (int n = s.root;;) {  // insert; a repeated key goes right (and breaks `ordered`)
      std::vector<int>& side = s.key[static_cast<std::size_t>(i)] < s.key[static_cast<std::size_t>(n)] ? s.left : s.right;
      if (side[static_cast<std::size_t>(n)] < 0) {
        side[static_cast<std::size_t>(n)] = i;
        break;
      }
      n = side[static_cast<std::size_t>(n)];
    }
  }
  return s;
}

instance make_instance(const universe& u, const shape& s) {
  instance in;
  in.atoms = &u;
  std::vector<std::uint32_t> ints, nodes;
  for (std::uint32_t i = 0; i < u.int_count; ++i) ints.push_back(u.int_first + i);
  for (int i = 0; i < s.k; ++i) nodes.push_back(node0 + static_cast<std::uint32_t>(i));
  in.sigs = {unary(ints), unary({tree_atom}), unary(nodes)};
  std::vector<std::pair<std::uint32_t, std::uint32_t>> root, left, right, key;
  auto atom = [](int n) { return node0 + static_cast<std::uint32_t>(n); };
  if (s.root >= 0) root.push_back({tree_atom, atom(s.root)});
  for (int i = 0; i < s.k; ++i) {
    std::size_t j = static_cast<std::size_t>(i);
    if (s.left[j] >= 0) left.push_back({atom(i), atom(s.left[j])});
    if (s.right[j] >= 0) right.push_back({atom(i), atom(s.right[j])});
    key.push_back({atom(i), int0 + static_cast<std::uint32_t>(s.key[j] + 8)});
  }
  in.fields = {pairs(root), pairs(left), pairs(right), pairs(key)};
  return in;
}

TEST(EvaluatorTree, IsTreeAndBstAgreeWithDirectComputationConjunctByConjunct) {
  module m = make_module();
  universe u = make_universe({"Tree$0", "TNode$0", "TNode$1", "TNode$2", "TNode$3"}, 4);
  std::mt19937 rng(17);
  const std::uint32_t receiver[] = {tree_atom};
  std::map<std::string, std::size_t> seen;
  std::size_t ok = 0;
  for (int trial = 0; trial < 4000; ++trial) {
    shape s = trial % 2 ? random_bst(rng) : random_pointers(rng);
    instance in = make_instance(u, s);
    evaluator e(m, in);
    std::vector<std::string> expected = expected_failures(s);
    ASSERT_EQ(e.failed_conjuncts(2, receiver), expected) << "trial " << trial;
    ASSERT_EQ(e.holds(2, receiver), expected.empty());
    ASSERT_TRUE(e.facts_hold()) << "trial " << trial;
    for (const std::string& f : expected) ++seen[f];
    ok += expected.empty();
  }
  EXPECT_GT(ok, 300u);
  for (const char* label : {"isTree: acyclic", "isTree: one parent", "isTree: root parentless", "isTree: distinct children", "bst: ordered"}) {
    EXPECT_GT(seen[label], 20u) << label;
  }
}

}  // namespace
}  // namespace smallscope::spec
