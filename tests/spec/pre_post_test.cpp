// Postconditions over a pre-state and a post-state (paper 003, Sec. 5: TestEra's phase 2; a
// backticked field reads the pre-state). Random pairs of states of a binary tree, with nodes the
// method deleted (in the pre-state only), nodes it allocated (in the post-state only), shared
// nodes and cycles: the tautologies of the relational calculus hold on both states, and what the
// evaluator reaches from either root agrees with a direct C++ walk of the same fields.
#include <gtest/gtest.h>

#include <algorithm>
#include <random>
#include <set>
#include <string>
#include <vector>

#include "sat/enumerator.hpp"
#include "evaluate/evaluator.hpp"
#include "spec_front/load.hpp"

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
  module m;
  sat::enumerator e;
  std::uint32_t t_sig = 0, node_sig = 0, root = 0, left = 0, right = 0;
  std::uint32_t pred(const std::string& name) const {
    for (std::uint32_t i = 0; i < m.functions.size(); ++i)
      if (m.functions[i].name == name) return i;
    ADD_FAILURE() << "no predicate " << name;
    return 0;
  }
  explicit fixture(const std::string& text = tree_spec) : m(load_text(text, "pre_post.als")), e(m, 0) {
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

// A random pair of states: the pre-state has nodes 0..3, some of them, with random children
// (shared nodes and cycles too); the method deletes some nodes, allocates 4 and 5 now and then,
// and moves some links; a link to a deleted node is dropped.
std::pair<state, state> random_pair(std::mt19937& rng) {
  state pre;
  for (int i = 0; i < 4; ++i) pre.exists[static_cast<std::size_t>(i)] = rng() % 5 != 0;
  pre.root = pick(rng, pre);
  for (int i = 0; i < 4; ++i) {
    pre.left[static_cast<std::size_t>(i)] = pick(rng, pre);
    pre.right[static_cast<std::size_t>(i)] = pick(rng, pre);
  }
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
  return {pre, post};
}

TEST(PrePost, TautologiesHoldAndReachAgreesWithAWalkOnBothStates) {
  const fixture f;
  const std::uint32_t tautologies = f.pred("tautologies"), pre_reach = f.pred("preReach"),
                      post_reach = f.pred("postReach"), pre_reaches = f.pred("preReaches"),
                      post_reaches = f.pred("postReaches");
  std::mt19937 rng(5);
  std::size_t deleted_roots = 0, deleted_reached = 0, allocated_reached = 0;
  for (int trial = 0; trial < 3000; ++trial) {
    const auto [pre, post] = random_pair(rng);
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

// ---- Random post predicates against brute force

// A relation of atoms as brute force computes it: a set of tuples of atom numbers (a node is
// 0..5, the T atom is 100).
using tuples = std::set<std::vector<int>>;
constexpr int t_number = 100;

// A random expression over both states and its value by brute force. Types are the column sigs
// (0 for T, 1 for Node), so that every join is of matching columns, as Alloy's checker wants.
struct expression {
  std::string text;
  std::vector<int> type;
  tuples value;
};

struct brute_force {
  const state& pre;
  const state& post;
  tuples field(const state& s, int which) const {  // 0 root, 1 left, 2 right
    tuples out;
    if (which == 0) {
      if (s.root >= 0) out.insert({t_number, s.root});
      return out;
    }
    for (int i = 0; i < 6; ++i) {
      const int to = (which == 1 ? s.left : s.right)[static_cast<std::size_t>(i)];
      if (s.exists[static_cast<std::size_t>(i)] && to >= 0) out.insert({i, to});
    }
    return out;
  }
  static tuples join(const tuples& a, const tuples& b) {
    tuples out;
    for (const auto& x : a)
      for (const auto& y : b)
        if (x.back() == y.front()) {
          std::vector<int> t(x.begin(), x.end() - 1);
          t.insert(t.end(), y.begin() + 1, y.end());
          out.insert(t);
        }
    return out;
  }
  static tuples closure(const tuples& r) {
    tuples out = r;
    for (std::size_t size = 0; size != out.size();) {
      size = out.size();
      const tuples more = join(out, r);
      out.insert(more.begin(), more.end());
    }
    return out;
  }
};

struct generator {
  std::mt19937& rng;
  const brute_force& bf;
  std::vector<std::pair<std::string, tuples>> variables;  // of type Node, innermost last

  int below(int n) { return static_cast<int>(rng() % static_cast<unsigned>(n)); }

  expression leaf(const std::vector<int>& type) {
    if (type.size() == 1 && type[0] == 0) return {"T", type, {{t_number}}};
    if (type.size() == 1) {
      if (!variables.empty() && below(2) == 0) {
        const auto& v = variables[static_cast<std::size_t>(below(static_cast<int>(variables.size())))];
        return {v.first, type, v.second};
      }
      tuples nodes;
      for (int i = 0; i < 6; ++i)
        if (bf.post.exists[static_cast<std::size_t>(i)]) nodes.insert({i});
      return {"Node", type, nodes};
    }
    const bool before = below(2) == 0;
    const state& st = before ? bf.pre : bf.post;
    const std::string tick = before ? "`" : "";
    if (type[0] == 0) return {"root" + tick, type, bf.field(st, 0)};
    const int which = 1 + below(2);
    return {(which == 1 ? "left" : "right") + tick, type, bf.field(st, which)};
  }

  // An expression of `type` ({0}, {1}, {0, 1} or {1, 1}; {1, 0} by transposing).
  expression make(const std::vector<int>& type, int depth) {
    if (depth == 0 || below(4) == 0) {
      if (type == std::vector<int>{1, 0}) {
        expression e = leaf({0, 1});
        return transpose(std::move(e));
      }
      return leaf(type);
    }
    switch (below(5)) {
      case 0: case 1: {  // + & -
        expression a = make(type, depth - 1), b = make(type, depth - 1);
        const int op = below(3);
        tuples v;
        if (op == 0) {
          v = a.value;
          v.insert(b.value.begin(), b.value.end());
        } else {
          for (const auto& t : a.value)
            if ((b.value.count(t) != 0) == (op == 1)) v.insert(t);
        }
        return {"(" + a.text + (op == 0 ? " + " : op == 1 ? " & " : " - ") + b.text + ")", type, v};
      }
      case 2: {  // a join through Node: {1} . {1, Y} is {Y}; {X, 1} . {1, Y} is {X, Y}
        if (type == std::vector<int>{0}) return leaf(type);  // nothing joins into T
        expression a = type.size() == 1 ? make({1}, depth - 1) : make({type[0], 1}, depth - 1);
        expression b = make({1, type.back()}, depth - 1);
        return {"(" + a.text + "." + b.text + ")", type, brute_force::join(a.value, b.value)};
      }
      case 3: {
        if (type == std::vector<int>{1, 1}) {  // ^
          expression a = make({1, 1}, depth - 1);
          return {"^" + a.text, type, brute_force::closure(a.value)};
        }
        if (type == std::vector<int>{1}) {  // u.*r
          expression a = make({1}, depth - 1), r = make({1, 1}, depth - 1);
          tuples v = a.value;
          const tuples more = brute_force::join(a.value, brute_force::closure(r.value));
          v.insert(more.begin(), more.end());
          return {"(" + a.text + ".*" + r.text + ")", type, v};
        }
        return make(type, depth - 1);
      }
      default: {
        if (type.size() == 2) return transpose(make({type[1], type[0]}, depth - 1));
        return make(type, depth - 1);
      }
    }
  }

  static expression transpose(expression e) {
    tuples v;
    for (const auto& t : e.value) v.insert({t[1], t[0]});
    return {"~" + e.text, {e.type[1], e.type[0]}, v};
  }

  // A formula and its truth by brute force.
  std::pair<std::string, bool> formula(int depth) {
    const std::vector<std::vector<int>> types = {{0}, {1}, {0, 1}, {1, 1}};
    const auto& type = types[static_cast<std::size_t>(below(4))];
    switch (depth > 0 ? below(8) : below(5)) {
      case 0: {
        expression a = make(type, 3), b = make(type, 3);
        return {a.text + " in " + b.text, std::includes(b.value.begin(), b.value.end(), a.value.begin(), a.value.end())};
      }
      case 1: {
        expression a = make(type, 3), b = make(type, 3);
        return {a.text + " = " + b.text, a.value == b.value};
      }
      case 2: {
        expression a = make(type, 3);
        const int k = below(4);
        // # wraps in the run command's bit width, 4: -8..7.
        const int size = static_cast<int>(a.value.size());
        return {"#" + a.text + " = " + std::to_string(k), (size + 8) % 16 - 8 == k};
      }
      case 3: {
        expression a = make(type, 3);
        const int q = below(4);
        const std::size_t n = a.value.size();
        const char* names[] = {"some ", "no ", "one ", "lone "};
        return {names[q] + a.text, q == 0 ? n > 0 : q == 1 ? n == 0 : q == 2 ? n == 1 : n <= 1};
      }
      case 4: {
        auto [text, value] = formula(depth - 1 < 0 ? 0 : depth - 1);
        return {"not (" + text + ")", !value};
      }
      case 5: case 6: {
        auto [a, av] = formula(depth - 1);
        auto [b, bv] = formula(depth - 1);
        const bool conj = below(2) == 0;
        return {"(" + a + (conj ? " and " : " or ") + b + ")", conj ? av && bv : av || bv};
      }
      default: {  // all or some n: E | F(n), over a set of nodes
        expression over = make({1}, 2);
        const std::string name = "v" + std::to_string(variables.size());
        const bool all = below(2) == 0;
        std::string body;
        bool value = all;
        // The body's text must not depend on the variable's value: generate it once per atom
        // with the same random draws.
        const auto state_of_rng = rng;
        for (const auto& atom : over.value) {
          rng = state_of_rng;
          variables.push_back({name, {atom}});
          auto [text, holds] = formula(depth - 1);
          variables.pop_back();
          body = text;
          value = all ? value && holds : value || holds;
        }
        if (over.value.empty()) {
          variables.push_back({name, {}});
          body = formula(depth - 1).first;
          variables.pop_back();
        }
        return {"(" + std::string(all ? "all " : "some ") + name + ": " + over.text + " | " + body + ")", value};
      }
    }
  }
};

// TestEra's postconditions read both states; random formulas over random pre/post pairs (with
// deletions, allocations and shared nodes) are judged by the evaluator and by brute force over
// the same tuples, and they agree on every pair.
TEST(PrePost, RandomPostPredicatesAgreeWithBruteForce) {
#ifdef __SANITIZE_ADDRESS__
  constexpr int pairs = 60, predicates = 40;
#else
  constexpr int pairs = 200, predicates = 120;
#endif
  std::mt19937 rng(11);
  std::size_t held = 0, failed = 0;
  for (int p = 0; p < pairs; ++p) {
    const auto [pre, post] = random_pair(rng);
    const brute_force bf{pre, post};
    std::string text = tree_spec;
    std::vector<bool> expected;
    for (int k = 0; k < predicates; ++k) {
      generator g{rng, bf, {}};
      auto [formula, value] = g.formula(2);
      text += "pred random" + std::to_string(k) + " { " + formula + " }\n";
      expected.push_back(value);
    }
    const fixture f(text);
    const instance before = f.make(pre), after = f.make(post);
    const evaluator ev(f.m, after, &before);
    for (int k = 0; k < predicates; ++k) {
      const bool got = ev.holds(f.pred("random" + std::to_string(k)), {});
      ASSERT_EQ(got, expected[static_cast<std::size_t>(k)])
          << "pair " << p << ": pred random" << k << "\n" << text.substr(std::string(tree_spec).size());
      (got ? held : failed) += 1;
    }
  }
  // Neither answer dominates: the formulas are not all trivially true or false.
  EXPECT_GT(held, static_cast<std::size_t>(pairs * predicates / 5));
  EXPECT_GT(failed, static_cast<std::size_t>(pairs * predicates / 5));
}

}  // namespace
}  // namespace smallscope::spec
