// FibonacciHeap, ported from Korat 1.0's example (examples/korat/examples/fibheap): a Fibonacci
// heap of int keys (Fredman and Tarjan; CLR, chapter 20) as a forest of heap-ordered trees whose
// siblings form circular doubly linked lists (left, right), with parent and child pointers and
// each node's degree. The heap holds `nodes` (any node of the root list), `min_node` (a root of
// least key) and `size`. The invariant reads the fields in the Java repOK's order (structure
// and parents, min_node on the root list, size, degrees, heap order, least key), so the valid
// and explored counts equal Korat's.
//
// The target methods of paper 000, Table 1, are CLR's operations: insert, extract_min, union
// (on FibonacciHeapPair, whose root holds two heaps) and delete, with the helpers decrease,
// cut, cascading_cut and consolidate. Their postconditions, the oracle of black-box testing
// (Sec. 6.1), compare the heaps as multisets of keys (Sec. 6.3) and check the result.
// remove_mutant is a deliberate bug (a mutant, Sec. 7).
//
// CLR's mark bit is a plain member, not a tracked field: Korat's finitization leaves it out (so
// every input's marks are 0, as here), and copies of an input start unmarked too.
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "smallscope/fields.hpp"
#include "smallscope/finitization.hpp"
#include "smallscope/oracle.hpp"
#include "smallscope/small_set.hpp"

namespace subjects::fibonacci_heap {

// extract_min's result on an empty heap; the finitization's keys are never negative.
inline constexpr int no_key = -1;

struct node {
  smallscope::field<node*> parent;
  smallscope::field<node*> right;
  smallscope::field<node*> left;
  smallscope::field<node*> child;
  smallscope::field<int> key;
  smallscope::field<int> degree;
  bool mark = false;  // CLR's mark: not part of the state space (Korat's finitization omits it)
};
SMALLSCOPE_FIELDS(node, parent, right, left, child, key, degree)

using visited_set = smallscope::small_set<const node*>;

struct heap {
  smallscope::field<int> size;
  smallscope::field<node*> nodes;     // Korat's Nodes: where the root list is entered
  smallscope::field<node*> min_node;  // CLR's H.min

  // FIB-HEAP-INSERT: a new one-node tree joins the root list. Interesting arguments: a key
  // below the least key (the new node becomes min_node), equal to it, and above every key.
  void insert(int key) {
    node* x = new node();
    x->key = key;
    x->degree = 0;
    x->parent = nullptr;
    x->child = nullptr;
    add_root(x);
    if (node* m = min_node; m == nullptr || key < m->key) min_node = x;
    ++size;
  }

  // FIB-HEAP-EXTRACT-MIN: removes a node of least key and returns its key, or no_key when the
  // heap is empty. The node's children become roots, then consolidate links roots of equal
  // degree until all degrees differ.
  int extract_min() {
    node* z = min_node;
    if (z == nullptr) return no_key;
    if (node* c = z->child; c != nullptr) {
      std::vector<node*> children;
      node* x = c;
      do {
        children.push_back(x);
        x = x->right;
      } while (x != c);
      for (node* child : children) add_root(child);
      z->child = nullptr;
    }
    if (z->right == z) {  // z was the only node
      nodes = nullptr;
      min_node = nullptr;
    } else {
      if (nodes == z) nodes = z->right;
      unlink(z);
      min_node = z->right;
      consolidate();
    }
    --size;
    const int k = z->key;
    delete z;
    return k;
  }

  // FIB-HEAP-UNION: moves every node of `other` into this heap (the root lists are spliced
  // together) and leaves `other` empty.
  void unite(heap& other) {
    node* b = other.nodes;
    if (b != nullptr) {
      node* a = nodes;
      if (a == nullptr) {
        nodes = b;
        min_node = other.min_node.get();
      } else {
        node* a_last = a->left;
        node* b_last = b->left;
        a_last->right = b;
        b->left = a_last;
        b_last->right = a;
        a->left = b_last;
        if (node* m = other.min_node; m->key < min_node->key) min_node = m;
      }
      size += other.size;
    }
    other.nodes = nullptr;
    other.min_node = nullptr;
    other.size = 0;
  }

  // Deletes one node holding key (FIB-HEAP-DELETE on the node found); returns whether there was
  // one. The heap hides its nodes, so the argument is the key. Interesting arguments: the key
  // of a root, of min_node, of a child (cut) and of a grandchild (cut, then cascading_cut marks
  // its former parent), a key held twice, and an absent key.
  bool remove(int key) { return remove_with(key, /*mutant=*/false); }

  // DELIBERATE BUG (a mutant, paper 000 Sec. 7): delete whose cut leaves the parent's degree
  // as it was. Deleting a root is still right; deleting a child leaves its parent with a degree
  // one too high, so "degree is the number of children" fails. The smallest failing input has
  // two nodes: a root over a child, whose key is deleted.
  bool remove_mutant(int key) { return remove_with(key, /*mutant=*/true); }

  // FIB-HEAP-DECREASE-KEY: gives x the key k (k <= x's key); x is cut from its parent when that
  // breaks heap order. With to_minus_infinity, x is cut and becomes min_node whatever its key
  // (CLR's "decrease to minus infinity", without a sentinel key); k is then x's own key.
  void decrease(node* x, int k, bool to_minus_infinity = false) { decrease_with(x, k, to_minus_infinity, false); }

  // Korat's repOK: the empty heap has no nodes, no min_node and size 0. Otherwise the nodes
  // from `nodes` form a forest of circular sibling lists whose parents are right, each node
  // reached once; min_node is on the root list; size counts the nodes; each degree is its
  // number of children; keys are heap-ordered; min_node holds the least root key.
  bool rep_ok() const {
    visited_set visited;
    return valid(visited);
  }

  // rep_ok, with the nodes seen so far (another heap's) in `visited`: a node met again makes it
  // false, so two heaps checked with one set share no node.
  bool valid(visited_set& visited) const {
    const node* first = nodes;
    if (first == nullptr) return min_node == nullptr && size == 0;
    const node* m = min_node;
    if (m == nullptr) return false;
    const std::size_t before = visited.size();
    if (!structural(first, nullptr, visited)) return false;
    if (!on_list(first, m)) return false;
    if (static_cast<int>(visited.size() - before) != size) return false;
    if (!degrees_ok(first)) return false;
    const node* root = first;
    do {
      if (!heap_ordered(root)) return false;
      root = root->right;
    } while (root != first);
    int least = first->key;
    root = first;
    do {
      least = std::min<int>(least, root->key);
      root = root->right;
    } while (root != first);
    return least == m->key;
  }

 private:
  // FIB-HEAP-DELETE on a node holding key; `mutant` selects remove_mutant's cut.
  bool remove_with(int key, bool mutant) {
    node* x = find(nodes, key);
    if (x == nullptr) return false;
    decrease_with(x, x->key, /*to_minus_infinity=*/true, mutant);
    extract_min();
    return true;
  }

  void decrease_with(node* x, int k, bool to_minus_infinity, bool mutant) {
    x->key = k;
    node* y = x->parent;
    if (y != nullptr && (to_minus_infinity || k < y->key)) {
      cut(x, y, mutant);
      cascading_cut(y, mutant);
    }
    if (to_minus_infinity || k < min_node->key) min_node = x;
  }

  // Splices x into the root list (before `nodes`, i.e. last); an empty list becomes x alone.
  void add_root(node* x) {
    x->parent = nullptr;
    node* first = nodes;
    if (first == nullptr) {
      x->left = x;
      x->right = x;
      nodes = x;
      return;
    }
    node* last = first->left;
    x->right = first;
    x->left = last;
    last->right = x;
    first->left = x;
  }

  // Takes x out of its sibling list (x's own links are left as they were).
  static void unlink(node* x) {
    node* l = x->left;
    node* r = x->right;
    l->right = r;
    r->left = l;
  }

  // CONSOLIDATE: links roots of equal degree (the greater key goes below) until every root has
  // its own degree, then rebuilds the root list and min_node from the degree table.
  void consolidate() {
    std::vector<node*> roots;
    node* first = nodes;
    node* w = first;
    do {
      roots.push_back(w);
      w = w->right;
    } while (w != first);
    // A degree is below the number of nodes, which is at most size.
    std::vector<node*> by_degree(static_cast<std::size_t>(size) + 1, nullptr);
    for (node* x : roots) {
      std::size_t d = static_cast<std::size_t>(x->degree.get());
      while (by_degree[d] != nullptr) {
        node* y = by_degree[d];
        if (y->key < x->key) std::swap(x, y);
        link(y, x);
        by_degree[d] = nullptr;
        ++d;
      }
      by_degree[d] = x;
    }
    nodes = nullptr;
    min_node = nullptr;
    for (node* x : by_degree) {
      if (x == nullptr) continue;
      add_root(x);
      if (node* m = min_node; m == nullptr || x->key < m->key) min_node = x;
    }
  }

  // FIB-HEAP-LINK: root y becomes a child of root x.
  static void link(node* y, node* x) {
    unlink(y);
    y->parent = x;
    if (node* c = x->child; c == nullptr) {
      x->child = y;
      y->left = y;
      y->right = y;
    } else {
      node* last = c->left;
      y->right = c;
      y->left = last;
      last->right = y;
      c->left = y;
    }
    ++x->degree;
    y->mark = false;
  }

  // CUT: x leaves the children of y and becomes an unmarked root.
  void cut(node* x, node* y, bool mutant) {
    if (x->right == x) {
      y->child = nullptr;
    } else {
      if (y->child == x) y->child = x->right.get();
      unlink(x);
    }
    if (!mutant) --y->degree;
    add_root(x);
    x->mark = false;
  }

  // CASCADING-CUT: a node that loses a second child is cut too, and so on up.
  void cascading_cut(node* y, bool mutant) {
    node* z = y->parent;
    if (z == nullptr) return;
    if (!y->mark) {
      y->mark = true;
    } else {
      cut(y, z, mutant);
      cascading_cut(z, mutant);
    }
  }

  // A node holding key in the sibling list from start or below it; heap order prunes subtrees
  // whose root key is greater (Korat's findKey).
  static node* find(node* start, int key) {
    if (start == nullptr) return nullptr;
    node* current = start;
    do {
      if (current->key == key) return current;
      if (current->key < key)
        if (node* found = find(current->child, key); found != nullptr) return found;
      current = current->right;
    } while (current != start);
    return nullptr;
  }

  // Korat's isStructural: the sibling list from start returns to start, each node with parent
  // `parent`, not seen before, its children structural below it and right's left back at it.
  // Every node enters `visited` before its children are walked, so the walk ends on any cycle.
  static bool structural(const node* start, const node* parent, visited_set& visited) {
    const node* current = start;
    do {
      if (current->parent != parent) return false;
      if (!visited.insert(current)) return false;
      if (const node* c = current->child; c != nullptr && !structural(c, current, visited)) return false;
      const node* r = current->right;
      if (r == nullptr || r->left != current) return false;
      current = r;
    } while (current != start);
    return true;
  }

  // Whether target is on the (structural) sibling list from start.
  static bool on_list(const node* start, const node* target) {
    const node* current = start;
    do {
      if (current == target) return true;
      current = current->right;
    } while (current != start);
    return false;
  }

  static int children(const node* x) {
    const node* c = x->child;
    if (c == nullptr) return 0;
    int count = 1;
    for (const node* s = c->right; s != c; s = s->right) ++count;
    return count;
  }

  // Korat's checkDegrees: pre-order over the forest, each node's degree after its children.
  static bool degrees_ok(const node* start) {
    const node* current = start;
    do {
      if (children(current) != current->degree) return false;
      if (const node* c = current->child; c != nullptr && !degrees_ok(c)) return false;
      current = current->right;
    } while (current != start);
    return true;
  }

  // Korat's checkHeapified for the tree of x: keys read in pre-order, none below its parent's.
  static bool heap_ordered(const node* x) {
    const int k = x->key;
    const node* c = x->child;
    if (c == nullptr) return true;
    const node* current = c;
    do {
      if (current->key < k) return false;
      if (!heap_ordered(current)) return false;
      current = current->right;
    } while (current != c);
    return true;
  }
};
SMALLSCOPE_FIELDS(heap, size, nodes, min_node)

// Two heaps that share no node: the input of union. The heaps come from one class domain of
// two heap objects and their nodes from one pool of nodes.
struct heap_pair {
  smallscope::field<heap*> first;
  smallscope::field<heap*> second;

  // first.union(second) (FIB-HEAP-UNION): first takes every node; second is left empty.
  void unite() {
    heap* a = first;
    heap* b = second;
    a->unite(*b);
  }

  // Two distinct heaps, each valid, with no node in both.
  bool rep_ok() const {
    const heap* a = first;
    const heap* b = second;
    if (a == nullptr || b == nullptr || a == b) return false;
    visited_set visited;
    return a->valid(visited) && b->valid(visited);
  }
};
SMALLSCOPE_FIELDS(heap_pair, first, second)

// Korat's finFibonacciHeap(n): n nodes; nodes, min_node and the node pointers range over null
// and the nodes; size over 0..n; key and degree over 0..n-1 (0..0 when n is 0).
inline smallscope::finitization fin(std::int64_t n) {
  auto f = smallscope::finitization::of<heap>("FibonacciHeap");
  auto ns = f.objects<node>("Node", static_cast<std::uint32_t>(n));
  const std::int64_t top = std::max<std::int64_t>(n - 1, 0);
  f.set(&heap::size, smallscope::ints(0, n));
  f.set(&heap::nodes, ns.or_null());
  f.set(&heap::min_node, ns.or_null());
  f.set(&node::parent, ns.or_null());
  f.set(&node::right, ns.or_null());
  f.set(&node::left, ns.or_null());
  f.set(&node::child, ns.or_null());
  f.set(&node::key, smallscope::ints(0, top));
  f.set(&node::degree, smallscope::ints(0, top));
  f.not_input(&node::mark);  // as Korat's finitization: every input's nodes are unmarked
  return f;
}

// FibonacciHeapPair(n): two heaps (a class domain of two) over one pool of n nodes, with
// finFibonacciHeap(n)'s domains; together the heaps hold at most n nodes.
inline smallscope::finitization fin_pair(std::int64_t n) {
  auto f = smallscope::finitization::of<heap_pair>("FibonacciHeapPair");
  auto hs = f.objects<heap>("FibonacciHeap", 2);
  auto ns = f.objects<node>("Node", static_cast<std::uint32_t>(n));
  const std::int64_t top = std::max<std::int64_t>(n - 1, 0);
  f.set(&heap_pair::first, hs.only());
  f.set(&heap_pair::second, hs.only());
  f.set(&heap::size, smallscope::ints(0, n));
  f.set(&heap::nodes, ns.or_null());
  f.set(&heap::min_node, ns.or_null());
  f.set(&node::parent, ns.or_null());
  f.set(&node::right, ns.or_null());
  f.set(&node::left, ns.or_null());
  f.set(&node::child, ns.or_null());
  f.set(&node::key, smallscope::ints(0, top));
  f.set(&node::degree, smallscope::ints(0, top));
  f.not_input(&node::mark);  // as Korat's finitization: every input's nodes are unmarked
  return f;
}

// Postconditions (paper 000, Sec. 6.1): `old` is a deep copy of the pre-state, `now` the
// post-state. They compare abstract values (Sec. 6.3: a heap as the multiset of its keys) and
// never write fields; their walks stop on cycles, since the post-state may be broken.

// The abstract value: the keys of the nodes reachable from `nodes` through child and right,
// each node once.
inline std::multiset<int> abstraction(const heap* h) {
  std::multiset<int> keys;
  if (h == nullptr) return keys;
  std::set<const node*> seen;
  std::vector<const node*> work;
  if (const node* first = h->nodes; first != nullptr) work.push_back(first);
  while (!work.empty()) {
    const node* x = work.back();
    work.pop_back();
    if (!seen.insert(x).second) continue;
    keys.insert(x->key);
    if (const node* r = x->right; r != nullptr) work.push_back(r);
    if (const node* c = x->child; c != nullptr) work.push_back(c);
  }
  return keys;
}

inline void insert_post(smallscope::verdict& v, const heap& old, const heap& now, int key) {
  std::multiset<int> expected = abstraction(&old);
  expected.insert(key);
  v.require(abstraction(&now) == expected, "keys are the old keys plus key");
  v.require(now.size == old.size + 1, "size grows by one");
}

inline void extract_min_post(smallscope::verdict& v, const heap& old, const heap& now, int result) {
  std::multiset<int> expected = abstraction(&old);
  const bool empty = expected.empty();
  const int least = empty ? no_key : *expected.begin();
  if (!empty) expected.erase(expected.begin());
  v.require(result == least, "result is the least key, or no_key when empty");
  v.require(abstraction(&now) == expected, "keys are the old keys minus one least key");
  v.require(now.size == old.size - (empty ? 0 : 1), "size shrinks by one unless the heap was empty");
}

inline void remove_post(smallscope::verdict& v, const heap& old, const heap& now, bool result, int key) {
  std::multiset<int> expected = abstraction(&old);
  const auto at = expected.find(key);
  const bool present = at != expected.end();
  if (present) expected.erase(at);
  v.require(result == present, "result is true iff key was in the heap");
  v.require(abstraction(&now) == expected, "keys are the old keys minus one occurrence of key");
  v.require(now.size == old.size - (present ? 1 : 0), "size shrinks by one exactly when key is removed");
}

inline void unite_post(smallscope::verdict& v, const heap_pair& old, const heap_pair& now) {
  std::multiset<int> expected = abstraction(old.first);
  const std::multiset<int> moved = abstraction(old.second);
  expected.insert(moved.begin(), moved.end());
  const heap* a = now.first;
  const heap* b = now.second;
  v.require(abstraction(a) == expected, "first holds the keys of both heaps");
  v.require(b != nullptr && b->nodes == nullptr && b->min_node == nullptr && b->size == 0, "second is empty");
  v.require(a != nullptr && a->size == old.first->size + old.second->size, "first's size is the sum of the sizes");
}

}  // namespace subjects::fibonacci_heap
