// BinomialHeap, ported from Korat 1.0's example (examples/korat/examples/binheap): a min-heap
// of int keys kept as a list of binomial trees (Cormen, Leiserson and Rivest's binomial heap),
// each node with key, degree, parent, sibling and child, and the heap with its size. The
// invariant reads the fields in the order of the Java repOK (tree shape and parents, then the
// size, then binomial degrees, then heap order), so the counts equal Korat's.
//
// The target methods are paper 000's (Table 1): insert, extract_min and delete_key here, and
// union (merge of two heaps) in binomial_heap_pair.hpp; the helpers are CLR's: merge of root
// lists, link, find_min, decrease_key, contains. Postconditions, the oracle of black-box testing
// (paper 000, Sec. 6.1), compare the multiset of keys before and after (Sec. 6.3) and the
// result; the heap order and the binomial shape are the invariant's, which the harness checks
// on the post-state.
#pragma once

#include <cstdint>
#include <limits>
#include <set>
#include <string>
#include <vector>

#include "smallscope/fields.hpp"
#include "smallscope/finitization.hpp"
#include "smallscope/oracle.hpp"
#include "smallscope/small_set.hpp"

namespace subjects::binomial_heap {

// The classes are templates only so that BinomialHeapPairReplicated can have two copies of
// them (paper 002 replicates the classes for its pairs); BinomialHeap is copy 0.
template <int Copy>
struct basic_node {
  smallscope::field<int> key;
  smallscope::field<int> degree;  // the number of children
  smallscope::field<basic_node*> parent;
  smallscope::field<basic_node*> sibling;  // the next root, or the next (smaller) child of the parent
  smallscope::field<basic_node*> child;    // the child of the greatest degree
  SMALLSCOPE_FRIEND_FIELDS(basic_node, key, degree, parent, sibling, child)
};

template <int Copy>
struct basic_heap {
  using node = basic_node<Copy>;
  // The invariant's visited set (Java's HashSet of nodes), allocation-free.
  using node_set = smallscope::small_set<const node*>;

  static constexpr int empty_result = -1;  // extract_min on an empty heap

  smallscope::field<node*> nodes;  // Korat's Nodes: the root list, by increasing degree
  smallscope::field<int> size;

  // Adds key (CLR's BINOMIAL-HEAP-INSERT: the union with a one-node heap). Interesting
  // arguments: a key below every key (it becomes the minimum), one equal to a present key
  // (ties), one above every key; on heaps whose size has trailing one bits (carries).
  void insert(int key) {
    node* x = new node{};
    x->key = key;
    x->degree = 0;
    unite(x);
    size = size + 1;
  }

  // Removes a node of the least key and returns that key; returns empty_result and changes
  // nothing when the heap is empty (CLR's BINOMIAL-HEAP-EXTRACT-MIN). Deletes the node.
  int extract_min() {
    if (nodes == nullptr) return empty_result;
    node* x = unlink_min_root();
    const int result = x->key;
    delete x;
    size = size - 1;
    return result;
  }

  // Removes one node holding key if there is one; returns whether it did (CLR's
  // BINOMIAL-HEAP-DELETE: decrease that key below every key, then extract the minimum).
  // Interesting arguments: the keys of roots and of inner nodes, and an absent key.
  bool delete_key(int key) {
    node* x = find_node(nodes, key);
    if (x == nullptr) return false;
    decrease_key(x, std::numeric_limits<int>::min());
    delete unlink_min_root();
    size = size - 1;
    return true;
  }

  // Moves every node of `other` into this heap and leaves `other` empty (CLR's
  // BINOMIAL-HEAP-UNION). Requires other to be another heap.
  void union_with(basic_heap& other) {
    node* list = other.nodes;
    const int added = other.size;
    other.nodes = nullptr;
    other.size = 0;
    unite(list);
    size = size + added;
  }

  // Helpers (paper 000, Table 1: contains, decrease, merge, findMin).

  bool contains(int key) const { return find_node(nodes, key) != nullptr; }

  // The root of the least key (the first such root), or null when empty.
  node* find_min() const {
    node* best = nullptr;
    for (node* x = nodes; x != nullptr; x = x->sibling)
      if (best == nullptr || x->key < best->key) best = x;
    return best;
  }

  // Lowers x's key to k (k <= x's key) and lets it rise by swapping keys with its parents
  // (CLR's BINOMIAL-HEAP-DECREASE-KEY).
  static void decrease_key(node* x, int k) {
    x->key = k;
    node* y = x;
    node* z = y->parent;
    while (z != nullptr && y->key < z->key) {
      const int t = y->key;
      y->key = z->key;
      z->key = t;
      y = z;
      z = y->parent;
    }
  }

  // Merges two root lists sorted by increasing degree into one (CLR's BINOMIAL-HEAP-MERGE).
  static node* merge(node* a, node* b) {
    node* head = nullptr;
    node* tail = nullptr;
    while (a != nullptr || b != nullptr) {
      node* next;
      if (b == nullptr || (a != nullptr && a->degree <= b->degree)) {
        next = a;
        a = a->sibling;
      } else {
        next = b;
        b = b->sibling;
      }
      if (tail == nullptr) head = next;
      else tail->sibling = next;
      tail = next;
    }
    return head;
  }

  // Korat's repOK: the root list and every child list are acyclic, parents point up, the size
  // is the number of nodes, the degrees are binomial (the roots' follow the one bits of size),
  // and every key is at least its parent's.
  bool rep_ok() const {
    node_set visited;
    return rep_ok_with(visited);
  }

  // The invariant with a visited set from the caller: a node already in `visited` fails, so
  // heaps checked one after the other with one set have disjoint nodes (binomial_heap_pair).
  bool rep_ok_with(node_set& visited) const {
    const std::size_t before = visited.size();
    const int n = size;
    if (n == 0) return nodes == nullptr;
    const node* first = nodes;
    if (first == nullptr) return false;
    for (const node* current = first; current != nullptr; current = current->sibling) {
      if (!visited.insert(current)) return false;  // the root list has no cycle
      if (!is_tree(current, nullptr, visited)) return false;
    }
    if (static_cast<std::int64_t>(visited.size() - before) != n) return false;
    if (!check_degrees(first, n)) return false;
    for (const node* current = first; current != nullptr; current = current->sibling)
      if (!is_heapified(current)) return false;
    return true;
  }

 private:
  // Unions the root list `list` (sorted by increasing degree, parents null) into this heap's:
  // merge, then link the trees of equal degree (CLR's BINOMIAL-HEAP-UNION). Leaves size alone.
  void unite(node* list) {
    node* head = merge(nodes, list);
    if (head == nullptr) {
      nodes = nullptr;
      return;
    }
    node* prev = nullptr;
    node* x = head;
    node* next = x->sibling;
    while (next != nullptr) {
      node* after = next->sibling;
      if (x->degree != next->degree || (after != nullptr && after->degree == x->degree)) {
        prev = x;
        x = next;
      } else if (x->key <= next->key) {
        x->sibling = after;
        link(next, x);
      } else {
        if (prev == nullptr) head = next;
        else prev->sibling = next;
        link(x, next);
        x = next;
      }
      next = x->sibling;
    }
    nodes = head;
  }

  // Makes y (a root) the first child of z (a root of the same degree).
  static void link(node* y, node* z) {
    y->parent = z;
    y->sibling = z->child;
    z->child = y;
    z->degree = z->degree + 1;
  }

  // Removes the root of the least key from the root list and unions its children (reversed,
  // so by increasing degree, with no parent) back in; returns the removed root.
  node* unlink_min_root() {
    node* x = find_min();
    node* prev = nullptr;
    for (node* r = nodes; r != x; r = r->sibling) prev = r;
    if (prev == nullptr) nodes = x->sibling;
    else prev->sibling = x->sibling;
    node* reversed = nullptr;
    for (node* c = x->child; c != nullptr;) {
      node* next = c->sibling;
      c->parent = nullptr;
      c->sibling = reversed;
      reversed = c;
      c = next;
    }
    x->child = nullptr;
    x->sibling = nullptr;
    unite(reversed);
    return x;
  }

  // A node holding key in the trees of the list starting at x, or null.
  static node* find_node(node* x, int key) {
    for (; x != nullptr; x = x->sibling) {
      if (x->key == key) return x;
      if (node* found = find_node(x->child, key)) return found;
    }
    return nullptr;
  }

  // The Java isTree: parent pointers, and each child list acyclic (every node seen once).
  static bool is_tree(const node* self, const node* parent, node_set& visited) {
    if (self->parent != parent) return false;
    for (const node* current = self->child; current != nullptr; current = current->sibling) {
      if (!visited.insert(current)) return false;
      if (!is_tree(current, self, visited)) return false;
    }
    return true;
  }

  // The Java checkDegrees: the i-th root has the degree of the i-th one bit of n (from the
  // lowest), and each tree is binomial.
  static bool check_degrees(const node* first, int n) {
    int rest = n;
    int right_degree = 0;
    for (const node* current = first; current != nullptr; current = current->sibling) {
      if (rest == 0) return false;
      while ((rest & 1) == 0) {
        ++right_degree;
        rest /= 2;
      }
      if (current->degree != right_degree) return false;
      if (!check_degree(current, right_degree)) return false;
      ++right_degree;
      rest /= 2;
    }
    return rest == 0;
  }

  // The Java checkDegree: the children of a node of degree d have degrees d-1, ..., 0.
  static bool check_degree(const node* self, int degree) {
    for (const node* current = self->child; current != nullptr; current = current->sibling) {
      --degree;
      if (current->degree != degree) return false;
      if (!check_degree(current, degree)) return false;
    }
    return degree == 0;
  }

  // The Java isHeapified: no child's key is below its parent's. Reads the parent's key first,
  // when it meets the first child; the Java code reads it again for every child, which adds
  // nothing to the first-read order, so it is kept here.
  static bool is_heapified(const node* self) {
    const node* current = self->child;
    if (current == nullptr) return true;
    const int k = self->key;
    for (; current != nullptr; current = current->sibling) {
      const int child_key = current->key;
      if (!(k <= child_key)) return false;
      if (!is_heapified(current)) return false;
    }
    return true;
  }
  SMALLSCOPE_FRIEND_FIELDS(basic_heap, nodes, size)
};

using node = basic_node<0>;
using heap = basic_heap<0>;
using node_set = heap::node_set;

// Korat's finBinomialHeap(size): `size` nodes plus null for Nodes, parent, sibling and child;
// size in [0, size]; key in [1, size]; degree in [0, size].
inline void require_scope(std::int64_t n, const char* subject) {
  if (n < 1) throw smallscope::finitization_error(std::string(subject) + ": size must be >= 1 (keys range over 1..size)");
}

// Binds the fields of heap copy C as finBinomialHeap(n) does, over the node class domain d.
template <int C>
void set_heap_fields(smallscope::finitization& f, smallscope::class_domain<basic_node<C>> d, std::int64_t n) {
  f.set(&basic_heap<C>::size, smallscope::ints(0, n));
  f.set(&basic_heap<C>::nodes, d.or_null());
  f.set(&basic_node<C>::parent, d.or_null());
  f.set(&basic_node<C>::sibling, d.or_null());
  f.set(&basic_node<C>::child, d.or_null());
  f.set(&basic_node<C>::key, smallscope::ints(1, n));
  f.set(&basic_node<C>::degree, smallscope::ints(0, n));
}

inline smallscope::finitization fin(std::int64_t n) {
  require_scope(n, "BinomialHeap");
  auto f = smallscope::finitization::of<heap>("BinomialHeap");
  auto nodes = f.objects<node>("BinomialHeapNode", static_cast<std::uint32_t>(n));
  set_heap_fields(f, nodes, n);
  return f;
}

// Postconditions (paper 000, Sec. 6.1): `old` is a deep copy of the pre-state, `now` the
// post-state. They compare abstract values (Sec. 6.3: the heap as the multiset of its keys) and
// never write fields.

// The abstract value: the keys of the nodes reachable from the root list through child and
// sibling. The walk stops at a node reached twice (or after walk_limit nodes), so it ends on a
// broken post-state too; then trees is false.
struct abstract_heap {
  std::multiset<int> keys;
  bool trees = true;
};
inline constexpr std::size_t walk_limit = 10000;

inline abstract_heap abstraction(const heap& h) {
  abstract_heap a;
  std::set<const node*> seen;
  std::vector<const node*> work;
  if (const node* first = h.nodes; first != nullptr) work.push_back(first);
  while (!work.empty()) {
    const node* x = work.back();
    work.pop_back();
    if (!seen.insert(x).second || seen.size() > walk_limit) {
      a.trees = false;
      return a;
    }
    a.keys.insert(x->key);
    if (const node* s = x->sibling; s != nullptr) work.push_back(s);
    if (const node* c = x->child; c != nullptr) work.push_back(c);
  }
  return a;
}

inline std::multiset<int> with(std::multiset<int> keys, int key) {
  keys.insert(key);
  return keys;
}
// keys less one copy of key (keys itself when key is absent).
inline std::multiset<int> without(std::multiset<int> keys, int key) {
  if (auto it = keys.find(key); it != keys.end()) keys.erase(it);
  return keys;
}

inline void insert_post(smallscope::verdict& v, const heap& old, const heap& now, int key) {
  const abstract_heap before = abstraction(old);
  const abstract_heap after = abstraction(now);
  v.require(after.trees, "no node is reached twice");
  v.require(after.keys == with(before.keys, key), "keys are the old keys plus key");
  v.require(now.size == old.size + 1, "size grows by one");
}

inline void extract_min_post(smallscope::verdict& v, const heap& old, const heap& now, int result) {
  const abstract_heap before = abstraction(old);
  const abstract_heap after = abstraction(now);
  const bool empty = before.keys.empty();
  const int least = empty ? heap::empty_result : *before.keys.begin();
  v.require(after.trees, "no node is reached twice");
  v.require(result == least, "result is the least key, or -1 when empty");
  v.require(after.keys == without(before.keys, least), "keys are the old keys minus one least key");
  v.require(now.size == old.size - (empty ? 0 : 1), "size shrinks by one unless the heap was empty");
}

inline void delete_key_post(smallscope::verdict& v, const heap& old, const heap& now, bool result, int key) {
  const abstract_heap before = abstraction(old);
  const abstract_heap after = abstraction(now);
  const bool present = before.keys.contains(key);
  v.require(after.trees, "no node is reached twice");
  v.require(result == present, "result is true iff key was present");
  v.require(after.keys == without(before.keys, key), "keys are the old keys minus one copy of key");
  v.require(now.size == old.size - (present ? 1 : 0), "size shrinks by one exactly when key was present");
}

}  // namespace subjects::binomial_heap
