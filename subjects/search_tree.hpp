// SearchTree, ported from Korat 1.0's example (examples/korat/examples/searchtree) and paper
// 000's running example (Fig. 1, Fig. 4): a binary search tree of int keys with a size. The
// invariant reads the fields in the Java repOK's order, so the counts equal Korat's.
//
// The target methods add and remove port the paper's appendix A (remove with removeNode); their
// postconditions are the oracle of black-box testing (paper 000, Sec. 6.1: `remove` leaves a
// tree without info and returns whether info was there). remove_mutant is the paper's Sec. 8.3
// mutant, a deliberate bug.
#pragma once

#include <cstdint>
#include <limits>
#include <set>
#include <vector>

#include "smallscope/fields.hpp"
#include "smallscope/finitization.hpp"
#include "smallscope/generators.hpp"
#include "smallscope/oracle.hpp"
#include "smallscope/small_set.hpp"
#include "subjects/tree_shape.hpp"

namespace subjects::search_tree {

struct node {
  smallscope::field<node*> left;
  smallscope::field<node*> right;
  smallscope::field<int> info;
};
SMALLSCOPE_FIELDS(node, left, right, info)

struct tree {
  smallscope::field<node*> root;
  smallscope::field<int> size;

  // Adds info unless present; returns whether it did. -1 is Korat's stand-in for a null key,
  // which the tree does not hold: add(-1) returns false. Interesting arguments: a key already in
  // the tree, absent keys below, between and above the present ones, and -1.
  bool add(int info) {
    if (info == -1) return false;
    node* parent = nullptr;
    node* current = root;
    while (current != nullptr) {
      const int cmp = compare(info, current->info);
      if (cmp == 0) return false;
      parent = current;
      current = cmp < 0 ? current->left : current->right;
    }
    node* added = new node{};
    added->info = info;
    if (parent == nullptr) root = added;
    else if (info < parent->info) parent->left = added;
    else parent->right = added;
    ++size;
    return true;
  }

  // Removes info if present; returns whether it did (paper 000, appendix A). Deletes the node
  // it unlinks: the node itself, or, when it has two children, the node whose info is copied
  // up. Interesting arguments: the keys of leaves, of nodes with one child and with two
  // children (the root among them), and absent keys.
  bool remove(int info) { return remove_with(info, /*mutant=*/false); }

  // DELIBERATE BUG, paper 000 Sec. 8.3: removeNode's loop advances with `temp = left.right`
  // instead of `temp = temp.right`. The two agree while the loop runs at most once, i.e. on
  // every tree of at most five nodes. When the removed node has two children and its left
  // child's right spine has four nodes (six nodes in all), the loop never ends (the paper says
  // five nodes; its loop runs twice only from six). Each iteration reads tracked fields, so the
  // compiler cannot assume the loop ends.
  bool remove_mutant(int info) { return remove_with(info, /*mutant=*/true); }

  // A tree (acyclic along left and right) whose node count is size and whose keys are
  // strictly ordered; -1 is no key (Korat's sentinel for null).
  bool rep_ok() const {
    if (root == nullptr) return size == 0;
    if (!is_acyclic()) return false;
    if (num_nodes(root) != size) return false;
    return is_ordered(root, -1, -1);
  }

  // rep_ok with dedicated generators (paper 000, Sec. 5; the paper's own example): is_tree
  // lets left and right take only null or a fresh node, and each key only the values between
  // its bounds. The same trees as rep_ok.
  bool rep_ok_generators() const {
    const node* r = root;
    if (!smallscope::is_tree(r, &node::left, &node::right)) return false;
    if (r == nullptr) return size == 0;
    if (num_nodes(r) != size) return false;
    return keys_between(r, -1, -1);
  }

 private:
  // is_ordered with the key's bounds as a generator: -1 (no key) and keys outside the bounds
  // are never tried.
  static bool keys_between(const node* n, int min, int max) {
    if (!smallscope::is_in(n->info, min == -1 ? 0 : std::int64_t{min} + 1,
                           max == -1 ? std::numeric_limits<int>::max() : std::int64_t{max} - 1))
      return false;
    const int info = n->info;
    if (const node* left = n->left; left != nullptr && !keys_between(left, min, info)) return false;
    if (const node* right = n->right; right != nullptr && !keys_between(right, info, max)) return false;
    return true;
  }

  static int compare(int a, int b) { return a < b ? -1 : a > b ? 1 : 0; }

  // The paper's remove; `mutant` selects the Sec. 8.3 mutant in removeNode, the way Ferastrau's
  // metamutants guard a mutation (paper 000, Sec. 7.1: `(MUT ? left : temp).right`).
  bool remove_with(int info, bool mutant) {
    node* parent = nullptr;
    node* current = root;
    while (current != nullptr) {
      const int cmp = compare(info, current->info);
      if (cmp == 0) break;
      parent = current;
      current = cmp < 0 ? current->left : current->right;
    }
    if (current == nullptr) return false;
    node* change = remove_node(current, mutant);
    if (parent == nullptr) root = change;
    else if (parent->left == current) parent->left = change;
    else parent->right = change;
    if (change != current) delete current;  // unlinked; otherwise another node was deleted
    return true;
  }

  // Returns the subtree that replaces current. With two children, current stays and takes
  // the info of its predecessor (the rightmost node of its left subtree), which is deleted.
  node* remove_node(node* current, bool mutant) {
    --size;
    node* left = current->left;
    node* right = current->right;
    if (left == nullptr) return right;
    if (right == nullptr) return left;
    if (left->right == nullptr) {
      current->info = left->info;
      current->left = left->left;
      delete left;
      return current;
    }
    node* temp = left;
    while (temp->right->right != nullptr) temp = (mutant ? left : temp)->right;
    node* predecessor = temp->right;
    current->info = predecessor->info;
    temp->right = predecessor->left;
    delete predecessor;
    return current;
  }

  bool is_acyclic() const {
    smallscope::small_set<const node*> visited;
    return breadth_first_tree<node>(root, visited);
  }
  static int num_nodes(const node* n) {
    if (n == nullptr) return 0;
    return 1 + num_nodes(n->left) + num_nodes(n->right);
  }
  static bool is_ordered(const node* n, int min, int max) {
    const int info = n->info;
    if (info == -1) return false;
    if ((min != -1 && info <= min) || (max != -1 && info >= max)) return false;
    if (const node* left = n->left; left != nullptr && !is_ordered(left, min, info)) return false;
    if (const node* right = n->right; right != nullptr && !is_ordered(right, info, max)) return false;
    return true;
  }
};
SMALLSCOPE_FIELDS(tree, root, size)

// finSearchTree with the keys' domain given: ints(...), or symbolic_ints() (one tree per shape).
inline smallscope::finitization fin_with_keys(std::int64_t nodes, std::int64_t min_size, std::int64_t max_size,
                                              const smallscope::int_set& keys) {
  auto f = smallscope::finitization::of<tree>("SearchTree");
  auto n = f.objects<node>("Node", static_cast<std::uint32_t>(nodes));
  f.set(&tree::root, n.or_null());
  f.set(&tree::size, smallscope::ints(min_size, max_size));
  f.set(&node::left, n.or_null());
  f.set(&node::right, n.or_null());
  f.set(&node::info, keys);
  return f;
}

// Korat's finSearchTree(numNodes, minSize, maxSize, minInfo, maxInfo).
inline smallscope::finitization fin(std::int64_t nodes, std::int64_t min_size, std::int64_t max_size,
                                    std::int64_t min_info, std::int64_t max_info) {
  return fin_with_keys(nodes, min_size, max_size, smallscope::ints(min_info, max_info));
}

// Postconditions (paper 000, Sec. 6.1): `old` is a deep copy of the pre-state, `now` the
// post-state. They compare abstract values (Sec. 6.3: the tree as its set of keys) and never
// write fields.

// The abstract value: the keys in in-order. The walk stops at the first node met twice (or
// after walk_limit nodes), so it ends on a broken post-state too; then acyclic is false.
struct abstract_tree {
  std::multiset<int> keys;  // a multiset, so that a duplicated key shows
  bool acyclic = true;
};
inline constexpr std::size_t walk_limit = 10000;

inline abstract_tree abstraction(const tree& t) {
  abstract_tree a;
  smallscope::small_set<const node*> visited;
  std::vector<const node*> work{t.root};
  while (!work.empty()) {
    const node* n = work.back();
    work.pop_back();
    if (n == nullptr) continue;
    if (!visited.insert(n) || visited.size() > walk_limit) {
      a.acyclic = false;
      return a;
    }
    a.keys.insert(n->info);
    work.push_back(n->left);
    work.push_back(n->right);
  }
  return a;
}

inline void add_post(smallscope::verdict& v, const tree& old, const tree& now, bool result, int info) {
  const abstract_tree before = abstraction(old);
  const abstract_tree after = abstraction(now);
  const bool added = info != -1 && !before.keys.contains(info);
  std::multiset<int> expected = before.keys;
  if (added) expected.insert(info);
  v.require(after.acyclic, "structure is acyclic");
  v.require(result == added, "result is true iff info was absent (and not -1)");
  v.require(after.keys == expected, "keys are the old keys plus info");
  v.require(now.size == old.size + (added ? 1 : 0), "size grows by one exactly when info is added");
}

inline void remove_post(smallscope::verdict& v, const tree& old, const tree& now, bool result, int info) {
  const abstract_tree before = abstraction(old);
  const abstract_tree after = abstraction(now);
  const bool removed = before.keys.contains(info);
  std::multiset<int> expected = before.keys;
  expected.erase(info);
  v.require(after.acyclic, "structure is acyclic");
  v.require(result == removed, "result is true iff info was present");
  v.require(after.keys == expected, "keys are the old keys minus info");
  v.require(now.size == old.size - (removed ? 1 : 0), "size shrinks by one exactly when info is removed");
}

// remove_mutant has remove's postcondition.

// Fixed sequences of calls (paper 000, Sec. 6.3), checked like methods.

// The same shape and the same keys, node for node (the walk is bounded like abstraction's).
inline bool same_tree(const node* a, const node* b, std::size_t& budget) {
  if (a == nullptr || b == nullptr) return a == b;
  if (budget-- == 0) return false;
  return a->info == b->info && same_tree(a->left, b->left, budget) && same_tree(a->right, b->right, budget);
}

// The axiom t.add(e).remove(e) == t for a key e that t does not hold: the result is add's.
inline bool add_then_remove(tree& t, int e) {
  const bool added = t.add(e);
  t.remove(e);
  return added;
}
inline void add_then_remove_post(smallscope::verdict& v, const tree& old, const tree& now, bool added, int e) {
  std::size_t budget = walk_limit;
  v.require(!added || same_tree(old.root, now.root, budget), "add(e) then remove(e) of an absent e gives back the same tree");
  v.require(!added || now.size == old.size, "add(e) then remove(e) of an absent e keeps the size");
  v.require(added || !abstraction(now).keys.contains(e), "remove(e) after add(e) leaves no e");
}

// The model-based form: add(a) then remove(b) agrees with the same calls on std::set, through
// the abstraction function (the tree as its set of keys).
inline int add_then_remove_model(tree& t, int a, int b) {
  const bool added = t.add(a);
  const bool removed = t.remove(b);
  return (added ? 1 : 0) + (removed ? 2 : 0);
}
inline void add_then_remove_model_post(smallscope::verdict& v, const tree& old, const tree& now, int results, int a,
                                       int b) {
  const abstract_tree before = abstraction(old);
  std::set<int> model(before.keys.begin(), before.keys.end());
  const bool added = a != -1 && model.insert(a).second;
  const bool removed = model.erase(b) == 1;
  const abstract_tree after = abstraction(now);
  v.require(after.acyclic, "structure is acyclic");
  v.require(results == (added ? 1 : 0) + (removed ? 2 : 0), "the results are std::set's");
  v.require(std::multiset<int>(model.begin(), model.end()) == after.keys, "the keys are std::set's after the same calls");
  v.require(now.size == static_cast<int>(model.size()), "size is std::set's size");
}

}  // namespace subjects::search_tree
