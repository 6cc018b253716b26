// An unrolled linked list whose chunks keep their keys in a std::vector, and a tree whose nodes
// own their children through a std::vector<std::unique_ptr<node>>, written as ordinary C++ as
// such code is (vector insert, assign, resize, range-for): std::vector members are Korat's
// container arrays, a length and elements, with the vector's own size as the length. The list
// has the structures of the unrolled list with a count (unrolled_list.hpp); the trees of up to n
// nodes with at most two children each are counted by the Motzkin numbers.
#pragma once

#include <cstdint>
#include <memory>
#include <vector>

#include "smallscope/fields.hpp"
#include "smallscope/finitization.hpp"
#include "smallscope/small_set.hpp"

namespace plain_subjects::vector_list {

inline constexpr int capacity = 3;

struct chunk {
  std::vector<int> keys;
  chunk* next = nullptr;
};

class list {
 public:
  list() = default;
  list(const list&) = delete;
  list& operator=(const list&) = delete;
  ~list() {
    while (head_ != nullptr) {
      chunk* next = head_->next;
      delete head_;
      head_ = next;
    }
  }

  // Every chunk holds 1..capacity keys, the keys strictly increase along the list, no chunk
  // repeats, and size counts the keys.
  bool rep_ok() const {
    smallscope::small_set<const chunk*> seen;
    int keys = 0;
    bool first = true;
    int last = 0;
    for (const chunk* c = head_; c != nullptr; c = c->next) {
      if (!seen.insert(c)) return false;
      if (c->keys.empty() || c->keys.size() > capacity) return false;
      for (int k : c->keys) {
        if (!first && k <= last) return false;
        last = k;
        first = false;
      }
      keys += static_cast<int>(c->keys.size());
    }
    return keys == size_;
  }

  // Adds k in order unless present (a full chunk splits in two).
  bool insert(int k) {
    chunk* c = head_;
    if (c == nullptr) {
      head_ = new chunk{};
      head_->keys.push_back(k);
      ++size_;
      return true;
    }
    while (c->next != nullptr && c->next->keys.front() <= k) c = c->next;
    std::size_t at = 0;
    while (at < c->keys.size() && c->keys[at] < k) ++at;
    if (at < c->keys.size() && c->keys[at] == k) return false;
    if (c->keys.size() == capacity) {  // split: the upper half moves to a new chunk after c
      chunk* upper = new chunk{};
      const std::size_t half = capacity / 2;
      upper->keys.assign(c->keys.begin() + half, c->keys.end());
      c->keys.resize(half);
      upper->next = c->next;
      c->next = upper;
      if (at > half) {
        c = upper;
        at -= half;
      }
    }
    c->keys.insert(c->keys.begin() + static_cast<std::ptrdiff_t>(at), k);
    ++size_;
    return true;
  }

  int size() const { return size_; }
  const chunk* head() const { return head_; }

 private:
  chunk* head_ = nullptr;
  int size_ = 0;
};

SMALLSCOPE_FIELDS(chunk, keys, next)
SMALLSCOPE_FIELDS(list, head_, size_)

// Up to `chunks` chunks, keys 0..max_key, 0..capacity keys a chunk.
inline smallscope::finitization fin(int chunks, int max_key) {
  auto f = smallscope::finitization::of<list>("VectorList");
  auto cs = f.objects<chunk>("Chunk", static_cast<std::uint32_t>(chunks));
  f.set(&list::head_, cs.or_null());
  f.set(&list::size_, smallscope::ints(0, chunks * capacity));
  f.set(&chunk::keys, smallscope::ints(0, capacity), smallscope::ints(0, max_key));
  f.set(&chunk::next, cs.or_null());
  return f;
}

// A tree whose nodes own their children, at most two each.
struct node {
  std::vector<std::unique_ptr<node>> kids;
};

class tree {
 public:
  // Every node is reached once, each has at most two children, and size counts the nodes.
  bool rep_ok() const {
    smallscope::small_set<const node*> seen;
    std::vector<const node*> work;
    if (root_) work.push_back(root_.get());
    while (!work.empty()) {
      const node* n = work.back();
      work.pop_back();
      if (!seen.insert(n) || n->kids.size() > 2) return false;
      for (const auto& k : n->kids) {
        if (!k) return false;
        work.push_back(k.get());
      }
    }
    return static_cast<int>(seen.size()) == size_;
  }

  // Adds a leaf under the root (or makes one the root); true when there was room.
  bool add_leaf() {
    if (!root_) {
      root_ = std::make_unique<node>();
      ++size_;
      return true;
    }
    if (root_->kids.size() == 2) return false;
    root_->kids.push_back(std::make_unique<node>());
    ++size_;
    return true;
  }

  int size() const { return size_; }
  const node* root() const { return root_.get(); }

 private:
  std::unique_ptr<node> root_;
  int size_ = 0;
};

SMALLSCOPE_FIELDS(node, kids)
SMALLSCOPE_FIELDS(tree, root_, size_)

// Up to `nodes` nodes.
inline smallscope::finitization tree_fin(int nodes) {
  auto f = smallscope::finitization::of<tree>("VectorTree");
  auto ns = f.objects<node>("Node", static_cast<std::uint32_t>(nodes));
  f.set(&tree::root_, ns.or_null());
  f.set(&tree::size_, smallscope::ints(0, nodes));
  f.set(&node::kids, smallscope::ints(0, 2), ns.or_null());
  return f;
}

}  // namespace plain_subjects::vector_list
