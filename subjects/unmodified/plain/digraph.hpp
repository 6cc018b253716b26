// A directed graph as application code writes one, with no smallscope in it: the graph owns its
// nodes through a std::vector of std::unique_ptr, and each node keeps its out-edges as a
// std::vector of raw pointers to nodes of the same graph. Nodes are named by their position.
#pragma once

#include <algorithm>
#include <cstddef>
#include <memory>
#include <vector>

namespace plain_subjects::digraph {

class graph {
 public:
  struct node {
    int label = 0;
    std::vector<node*> out;
  };

  // Adds an edge from node `from` to node `to`; whether both exist and the edge is new.
  bool add_edge(std::size_t from, std::size_t to) {
    if (from >= nodes_.size() || to >= nodes_.size()) return false;
    std::vector<node*>& out = nodes_[from]->out;
    if (std::find(out.begin(), out.end(), nodes_[to].get()) != out.end()) return false;
    out.push_back(nodes_[to].get());
    return true;
  }

  // Removes node `at` and every edge into it; whether it existed.
  bool remove_node(std::size_t at) {
    if (at >= nodes_.size()) return false;
    node* gone = nodes_[at].get();
    for (auto& n : nodes_) n->out.erase(std::remove(n->out.begin(), n->out.end(), gone), n->out.end());
    nodes_.erase(nodes_.begin() + static_cast<std::ptrdiff_t>(at));
    return true;
  }

  std::size_t size() const { return nodes_.size(); }

 private:
  std::vector<std::unique_ptr<node>> nodes_;
};

}  // namespace plain_subjects::digraph
