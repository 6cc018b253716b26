// A graph as it is written (subjects/unmodified/plain/digraph.hpp): nodes owned through a
// std::vector of std::unique_ptr, out-edges as std::vector<node*> into the same graph. The valid
// graphs are counted by brute force; add_edge and remove_node pass on every one, on copies that
// own their nodes, with no leak.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <utility>
#include <vector>

#include "plain/digraph.hpp"
#include "smallscope/checker.hpp"
#include "smallscope/heap.hpp"
#include "smallscope/search.hpp"

namespace digraph_test {
using graph_t = plain_subjects::digraph::graph;
using node_t = graph_t::node;
}  // namespace digraph_test

namespace plain_subjects::digraph {
SMALLSCOPE_FIELDS(digraph_test::graph_t, nodes_)
SMALLSCOPE_FIELDS(digraph_test::node_t, label, out)
}  // namespace plain_subjects::digraph

namespace digraph_test {

// Each node owned once, and each edge to an owned node, no edge twice from one node.
bool graph_ok(const graph_t& g) {
  for (std::size_t i = 0; i < g.nodes_.size(); ++i)
    for (std::size_t j = 0; j < i; ++j)
      if (g.nodes_[i] == g.nodes_[j]) return false;
  for (const auto& n : g.nodes_)
    for (std::size_t e = 0; e < n->out.size(); ++e) {
      const auto owned = std::find_if(g.nodes_.begin(), g.nodes_.end(), [&](const auto& m) { return m.get() == n->out[e]; });
      if (owned == g.nodes_.end()) return false;
      for (std::size_t d = 0; d < e; ++d)
        if (n->out[d] == n->out[e]) return false;
    }
  return true;
}

smallscope::finitization fin(std::uint32_t nodes, int edges) {
  auto f = smallscope::finitization::of<graph_t>("Graph");
  auto n = f.objects<node_t>("Node", nodes);
  f.set(&graph_t::nodes_, smallscope::ints(0, nodes), n.only());
  f.set(&node_t::label, smallscope::ints(0, 0));
  f.set(&node_t::out, smallscope::ints(0, edges), n.only());
  return f;
}

// Brute force: k owned nodes in order (the first reached first), each with an ordered list of
// distinct targets among them of length up to `edges`.
std::uint64_t brute_force(std::uint32_t nodes, int edges) {
  std::uint64_t total = 0;
  for (std::uint64_t k = 0; k <= nodes; ++k) {
    std::uint64_t lists = 0;  // ordered selections of l of k targets, l <= edges
    for (std::uint64_t l = 0, p = 1; l <= static_cast<std::uint64_t>(edges) && l <= k; ++l) {
      lists += p;
      p *= k - l;
    }
    std::uint64_t graphs = 1;
    for (std::uint64_t i = 0; i < k; ++i) graphs *= lists;
    total += graphs;
  }
  return total;
}

std::vector<std::vector<std::size_t>> edges_of(const graph_t& g) {
  std::vector<std::vector<std::size_t>> r;
  for (const auto& n : g.nodes_) {
    r.emplace_back();
    for (const node_t* t : n->out) {
      const auto at = std::find_if(g.nodes_.begin(), g.nodes_.end(), [&](const auto& m) { return m.get() == t; });
      r.back().push_back(static_cast<std::size_t>(at - g.nodes_.begin()));
    }
  }
  return r;
}

void add_edge_post(smallscope::verdict& v, const graph_t& old, const graph_t& now, bool added, const std::size_t& from,
                   const std::size_t& to) {
  auto expected = edges_of(old);
  const bool fits = from < expected.size() && to < expected.size() &&
                    std::find(expected[from].begin(), expected[from].end(), to) == expected[from].end();
  if (fits) expected[from].push_back(to);
  v.require(added == fits, "returns whether the edge is new between existing nodes");
  v.require(edges_of(now) == expected, "the edge is last among its node's edges; the rest unchanged");
}

void remove_node_post(smallscope::verdict& v, const graph_t& old, const graph_t& now, bool removed,
                      const std::size_t& at) {
  const auto before = edges_of(old);
  std::vector<std::vector<std::size_t>> expected;
  for (std::size_t i = 0; i < before.size(); ++i) {
    if (i == at) continue;
    expected.emplace_back();
    for (std::size_t t : before[i])
      if (t != at) expected.back().push_back(t > at ? t - 1 : t);
  }
  v.require(removed == (at < before.size()), "returns whether the node existed");
  if (removed) v.require(edges_of(now) == expected, "the node and its in-edges are gone; the rest renumbered");
}

}  // namespace digraph_test

using namespace digraph_test;

TEST(Digraph, TheValidGraphsAreCountedByBruteForce) {
  for (const auto& [nodes, edges] : std::vector<std::pair<std::uint32_t, int>>{{1, 1}, {2, 1}, {2, 2}, {3, 2}}) {
    std::uint64_t n = 0;
    for (const auto& s : smallscope::structures(fin(nodes, edges), &graph_ok)) {
      EXPECT_TRUE(graph_ok(s.root<graph_t>()));
      ++n;
    }
    EXPECT_EQ(n, brute_force(nodes, edges)) << nodes << " nodes, " << edges << " edges";
  }
}

TEST(Digraph, AddEdgeAndRemoveNodePassWithNoLeak) {
  const auto f = fin(3, 2);
  const auto invariant = smallscope::make_predicate(&graph_ok);
  const auto add = SMALLSCOPE_METHOD_WITH_INVARIANT(graph_t::add_edge, add_edge_post, graph_ok,
                                                    smallscope::ints(0, 3), smallscope::ints(0, 3));
  const auto remove = SMALLSCOPE_METHOD_WITH_INVARIANT(graph_t::remove_node, remove_node_post, graph_ok, smallscope::ints(0, 3));
  for (const auto* m : {&add, &remove}) {
    const auto r = smallscope::run_check(f, invariant, *m, {});
    EXPECT_EQ(r.structures, brute_force(3, 2)) << m->name;
    EXPECT_EQ(r.failed, 0u) << m->name;
    for (const auto& c : r.failures)
      ADD_FAILURE() << m->name << " input " << c.input << ": " << smallscope::outcome_name(c.kind) << " " << c.detail;
  }
}
