// RedBlackTree, ported from Korat 1.0's example (examples/korat/examples/redblacktree): a
// red-black tree of int keys with parent pointers and a size. The invariant reads the fields in
// the Java repOK's order (tree shape and parents, then colours, then black heights, then key
// order), so the counts equal Korat's.
//
// The target methods insert and remove port java.util.TreeMap's put and deleteEntry, with
// fixAfterInsertion and fixAfterDeletion (CLR's red-black rebalancing); their postconditions,
// the oracle of black-box testing (paper 000, Sec. 6.1), name each red-black property, so that
// a balance bug is reported by the property it breaks. insert_unbalanced is a deliberate bug
// (a mutant, Sec. 7).
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

namespace subjects::red_black_tree {

inline constexpr int red = 0;
inline constexpr int black = 1;

struct node {
  smallscope::field<node*> left;
  smallscope::field<node*> right;
  smallscope::field<node*> parent;
  smallscope::field<int> color;
  smallscope::field<int> key;
  smallscope::field<int> value;
};
SMALLSCOPE_FIELDS(node, left, right, parent, color, key, value)

struct tree {
  smallscope::field<node*> root;
  smallscope::field<int> size;

  // Inserts key (TreeMap.put with value 0) unless present; returns whether it did. -1 is
  // Korat's stand-in for a null key, which the tree does not hold: insert(-1) returns false.
  // Interesting arguments: a present key, absent keys below, between and above the present
  // ones (each fix-up case needs a new leaf at some place), and -1.
  bool insert(int key) { return insert_with(key, /*mutant=*/false); }

  // DELIBERATE BUG: insert whose fix-up, in the case "parent is a left child and the uncle is
  // red", recolours parent and uncle black but leaves the grandparent black. That is harmless
  // when the grandparent is the root; below the root it adds a black node to every path
  // through the grandparent, so "every path has the same number of black nodes" fails. The
  // smallest failing input has five nodes: inserting 3 into the tree that 0 1 2 4 5 build.
  bool insert_unbalanced(int key) { return insert_with(key, /*mutant=*/true); }

  // Removes key (TreeMap.remove) if present; returns whether it did. Deletes the node it
  // unlinks: the node itself, or, when it has two children, its successor, whose key and value
  // are copied up. Interesting arguments: the keys of red and black leaves, of nodes with one
  // and with two children (the root among them), and absent keys.
  bool remove(int key) { return remove_with(key, /*mutant=*/false); }

  // DELIBERATE BUG (paper 003, Sec. 6.1): TestEra's seeded bug, "swap BLACK with RED" in a
  // `p.color == BLACK` test of deleteEntry; in the test before fixAfterDeletion(replacement),
  // the one that gives Table I's 50 of 70 passing inputs (see the reference notes: the test
  // before fixAfterDeletion(p) gives 54). Removing a red node with one child then rebalances,
  // and removing a black one does not: black heights differ.
  bool remove_flipped(int key) { return remove_with(key, /*mutant=*/true); }

  // DELIBERATE BUG in a helper (paper 001's white-box suites must find it): fixAfterDeletion's
  // last case when x is a right child leaves the sibling's far (left) child red, so the paths
  // through it lose a black node. Only a removal that rebalances through that case fails.
  bool remove_recolor_bug(int key) { return remove_with(key, /*mutant=*/false, /*far_child_bug=*/true); }

  // Whether key is in the tree (TreeMap.containsKey): the walk down from the root, one key and
  // one child read per level. A red-black tree of n nodes is at most 2 log2(n + 1) high, so the
  // worst case grows as log n (docs/COST.md). Interesting arguments: the keys of the deepest
  // leaves, and absent keys next to them.
  bool find(int key) const {
    const node* p = root;
    while (p != nullptr) {
      const int k = p->key;
      if (k == key) return true;
      p = key < k ? p->left : p->right;
    }
    return false;
  }

  bool remove_with(int key, bool mutant, bool far_child_bug = false) {
    node* p = root;
    while (p != nullptr && p->key != key) p = key < p->key ? p->left : p->right;
    if (p == nullptr) return false;
    delete_entry(p, mutant, far_child_bug);
    return true;
  }

  bool rep_ok() const {
    const node* r = root;
    if (r == nullptr) return size == 0;
    if (r->parent != nullptr) return false;  // RootHasNoParent
    if (!shape_ok(r)) return false;          // Acyclic, parent_Input, SizeOk
    if (!colors_ok(r)) return false;         // RedHasOnlyBlackChildren, same black height
    return ordered_keys(r, nullptr, nullptr);  // BST; -1 is no key
  }

  // Paper 001's invariant (Sec. 4.5: "2. The root is black"), which Korat's RedBlackTree
  // example leaves out: a black root, then rep_ok.
  bool rep_ok_black_root() const {
    const node* r = root;
    if (r != nullptr && r->color != black) return false;
    return rep_ok();
  }

  // rep_ok with dedicated generators (paper 000, Sec. 5): left and right are null or a fresh
  // node (is_tree), each parent is the one node it must be, a red node's children are black,
  // and each key lies between its bounds; the rest is rep_ok's. The same trees as rep_ok.
  bool rep_ok_generators() const {
    const node* r = root;
    if (!smallscope::is_tree(r, &node::left, &node::right)) return false;
    if (r == nullptr) return size == 0;
    if (!colorable(r).ok) return false;
    if (!smallscope::equals(r->parent, static_cast<node*>(nullptr))) return false;
    smallscope::small_vector<const node*> work;
    work.push_back(r);
    for (std::size_t head = 0; head < work.size(); ++head) {
      node* current = const_cast<node*>(work[head]);
      for (const node* child : {current->left.get(), current->right.get()}) {
        if (child == nullptr) continue;
        if (!smallscope::equals(child->parent, current)) return false;
        work.push_back(child);
      }
    }
    if (static_cast<int>(work.size()) != size) return false;
    for (const node* n : work)
      if (n->color == red)
        for (const node* child : {n->left.get(), n->right.get()})
          if (child != nullptr && !smallscope::equals(child->color, black)) return false;
    if (!colors_ok(r)) return false;
    return keys_between(r, nullptr, nullptr);
  }

 private:
  // TreeMap.put.
  bool insert_with(int key, bool mutant) {
    if (key == -1) return false;
    node* t = root;
    if (t == nullptr) {
      node* added = new node{};
      added->key = key;
      added->color = black;
      root = added;
      size = 1;
      return true;
    }
    while (true) {
      if (key == t->key) return false;
      node* next = key < t->key ? t->left : t->right;
      if (next != nullptr) {
        t = next;
        continue;
      }
      node* added = new node{};
      added->key = key;
      added->parent = t;
      if (key < t->key) t->left = added;
      else t->right = added;
      ++size;
      fix_after_insertion(added, mutant);
      return true;
    }
  }

  // TreeMap's null-tolerant accessors: a null node is black and has no relatives.
  static int color_of(const node* p) { return p == nullptr ? black : p->color.get(); }
  static node* parent_of(const node* p) { return p == nullptr ? nullptr : p->parent.get(); }
  static node* left_of(const node* p) { return p == nullptr ? nullptr : p->left.get(); }
  static node* right_of(const node* p) { return p == nullptr ? nullptr : p->right.get(); }
  static void set_color(node* p, int c) {
    if (p != nullptr) p->color = c;
  }

  void rotate_left(node* p) {
    if (p == nullptr) return;
    node* r = p->right;
    p->right = r->left;
    if (r->left != nullptr) r->left->parent = p;
    r->parent = p->parent;
    if (p->parent == nullptr) root = r;
    else if (p->parent->left == p) p->parent->left = r;
    else p->parent->right = r;
    r->left = p;
    p->parent = r;
  }

  void rotate_right(node* p) {
    if (p == nullptr) return;
    node* l = p->left;
    p->left = l->right;
    if (l->right != nullptr) l->right->parent = p;
    l->parent = p->parent;
    if (p->parent == nullptr) root = l;
    else if (p->parent->right == p) p->parent->right = l;
    else p->parent->left = l;
    l->right = p;
    p->parent = l;
  }

  // CLR's insertion fix-up, as TreeMap.fixAfterInsertion; `mutant` selects insert_unbalanced.
  void fix_after_insertion(node* x, bool mutant) {
    x->color = red;
    while (x != nullptr && x != root && x->parent->color == red) {
      if (parent_of(x) == left_of(parent_of(parent_of(x)))) {
        node* y = right_of(parent_of(parent_of(x)));
        if (color_of(y) == red) {
          set_color(parent_of(x), black);
          set_color(y, black);
          if (!mutant) set_color(parent_of(parent_of(x)), red);  // the mutant omits this
          x = parent_of(parent_of(x));
        } else {
          if (x == right_of(parent_of(x))) {
            x = parent_of(x);
            rotate_left(x);
          }
          set_color(parent_of(x), black);
          set_color(parent_of(parent_of(x)), red);
          rotate_right(parent_of(parent_of(x)));
        }
      } else {
        node* y = left_of(parent_of(parent_of(x)));
        if (color_of(y) == red) {
          set_color(parent_of(x), black);
          set_color(y, black);
          set_color(parent_of(parent_of(x)), red);
          x = parent_of(parent_of(x));
        } else {
          if (x == left_of(parent_of(x))) {
            x = parent_of(x);
            rotate_right(x);
          }
          set_color(parent_of(x), black);
          set_color(parent_of(parent_of(x)), red);
          rotate_left(parent_of(parent_of(x)));
        }
      }
    }
    root->color = black;
  }

  // TreeMap.deleteEntry; deletes the node it unlinks.
  void delete_entry(node* p, bool mutant = false, bool far_child_bug = false) {
    --size;
    if (p->left != nullptr && p->right != nullptr) {
      node* s = p->right;  // the successor: the leftmost node of the right subtree
      while (s->left != nullptr) s = s->left;
      p->key = s->key;
      p->value = s->value;
      p = s;
    }
    node* replacement = p->left != nullptr ? p->left : p->right;
    if (replacement != nullptr) {
      replacement->parent = p->parent;
      if (p->parent == nullptr) root = replacement;
      else if (p == p->parent->left) p->parent->left = replacement;
      else p->parent->right = replacement;
      p->left = nullptr;
      p->right = nullptr;
      p->parent = nullptr;
      if (p->color == (mutant ? red : black)) fix_after_deletion(replacement, far_child_bug);
    } else if (p->parent == nullptr) {
      root = nullptr;
    } else {
      if (p->color == black) fix_after_deletion(p, far_child_bug);  // p serves as the phantom leaf
      if (p->parent != nullptr) {
        if (p == p->parent->left) p->parent->left = nullptr;
        else if (p == p->parent->right) p->parent->right = nullptr;
        p->parent = nullptr;
      }
    }
    delete p;
  }

  // CLR's deletion fix-up, as TreeMap.fixAfterDeletion.
  void fix_after_deletion(node* x, bool far_child_bug) {
    while (x != root && color_of(x) == black) {
      if (x == left_of(parent_of(x))) {
        node* sib = right_of(parent_of(x));
        if (color_of(sib) == red) {
          set_color(sib, black);
          set_color(parent_of(x), red);
          rotate_left(parent_of(x));
          sib = right_of(parent_of(x));
        }
        if (color_of(left_of(sib)) == black && color_of(right_of(sib)) == black) {
          set_color(sib, red);
          x = parent_of(x);
        } else {
          if (color_of(right_of(sib)) == black) {
            set_color(left_of(sib), black);
            set_color(sib, red);
            rotate_right(sib);
            sib = right_of(parent_of(x));
          }
          set_color(sib, color_of(parent_of(x)));
          set_color(parent_of(x), black);
          set_color(right_of(sib), black);
          rotate_left(parent_of(x));
          x = root;
        }
      } else {
        node* sib = left_of(parent_of(x));
        if (color_of(sib) == red) {
          set_color(sib, black);
          set_color(parent_of(x), red);
          rotate_right(parent_of(x));
          sib = left_of(parent_of(x));
        }
        if (color_of(right_of(sib)) == black && color_of(left_of(sib)) == black) {
          set_color(sib, red);
          x = parent_of(x);
        } else {
          if (color_of(left_of(sib)) == black) {
            set_color(right_of(sib), black);
            set_color(sib, red);
            rotate_left(sib);
            sib = left_of(parent_of(x));
          }
          set_color(sib, color_of(parent_of(x)));
          set_color(parent_of(x), black);
          if (!far_child_bug) set_color(left_of(sib), black);  // the seeded bug omits this
          rotate_right(parent_of(x));
          x = root;
        }
      }
    }
    set_color(x, black);
  }

  bool shape_ok(const node* r) const {
    smallscope::small_set<const node*> visited;  // also the breadth-first work list
    visited.insert(r);
    for (std::size_t head = 0; head < visited.size(); ++head) {
      const node* current = visited[head];
      if (const node* cl = current->left; cl != nullptr) {
        if (!visited.insert(cl)) return false;
        if (cl->parent != current) return false;
      }
      if (const node* cr = current->right; cr != nullptr) {
        if (!visited.insert(cr)) return false;
        if (cr->parent != current) return false;
      }
    }
    return static_cast<int>(visited.size()) == size;
  }

  static bool colors_ok(const node* r) {
    smallscope::small_vector<const node*> work;
    work.push_back(r);
    for (std::size_t head = 0; head < work.size(); ++head) {
      const node* current = work[head];
      const node* cl = current->left;
      const node* cr = current->right;
      if (current->color == red) {
        if (cl != nullptr && cl->color == red) return false;
        if (cr != nullptr && cr->color == red) return false;
      }
      if (cl != nullptr) work.push_back(cl);
      if (cr != nullptr) work.push_back(cr);
    }
    // Every path from the root to a null child has the same number of black nodes.
    struct pair {
      const node* e;
      int n;
    };
    smallscope::small_vector<pair, 128> paths;
    paths.push_back({r, 0});
    int number_of_black = -1;
    for (std::size_t head = 0; head < paths.size(); ++head) {
      const node* e = paths[head].e;
      int n = paths[head].n;
      if (e != nullptr && e->color == black) ++n;
      if (e == nullptr) {
        if (number_of_black == -1) number_of_black = n;
        else if (number_of_black != n) return false;
      } else {
        paths.push_back({e->left, n});
        paths.push_back({e->right, n});
      }
    }
    return true;
  }

  // Whether some red-black colouring could fit the shape: from every node, the longest path to
  // a null child is at most twice the shortest (each path has as many black nodes, and no red
  // node has a red child). Reads only left and right, which is_tree has read.
  struct heights {
    int shortest;
    int longest;
    bool ok;
  };
  static heights colorable(const node* n) {
    if (n == nullptr) return {0, 0, true};
    const heights l = colorable(n->left);
    if (!l.ok) return l;
    const heights r = colorable(n->right);
    if (!r.ok) return r;
    const heights h{1 + std::min(l.shortest, r.shortest), 1 + std::max(l.longest, r.longest), true};
    return {h.shortest, h.longest, h.longest <= 2 * h.shortest};
  }

  // ordered_keys with each key's bounds as a generator: -1 and keys outside are never tried.
  static bool keys_between(const node* e, const int* min, const int* max) {
    if (!smallscope::is_in(e->key, min == nullptr ? 0 : std::int64_t{*min} + 1,
                           max == nullptr ? std::numeric_limits<int>::max() : std::int64_t{*max} - 1))
      return false;
    const int key = e->key;
    if (const node* l = e->left; l != nullptr && !keys_between(l, min, &key)) return false;
    if (const node* r = e->right; r != nullptr && !keys_between(r, &key, max)) return false;
    return true;
  }

  static bool ordered_keys(const node* e, const int* min, const int* max) {
    const int key = e->key;
    if (key == -1) return false;
    if ((min != nullptr && key <= *min) || (max != nullptr && key >= *max)) return false;
    if (const node* l = e->left; l != nullptr && !ordered_keys(l, min, &key)) return false;
    if (const node* r = e->right; r != nullptr && !ordered_keys(r, &key, max)) return false;
    return true;
  }
};
SMALLSCOPE_FIELDS(tree, root, size)

// Korat's finRedBlackTree(numEntries, minSize, maxSize, numKeys): keys in [-1, numKeys-1],
// value in {0}, color in {0 red, 1 black}.
inline smallscope::finitization fin(std::int64_t entries, std::int64_t min_size, std::int64_t max_size,
                                    std::int64_t keys) {
  auto f = smallscope::finitization::of<tree>("RedBlackTree");
  auto n = f.objects<node>("Node", static_cast<std::uint32_t>(entries));
  f.set(&tree::root, n.or_null());
  f.set(&tree::size, smallscope::ints(min_size, max_size));
  f.set(&node::left, n.or_null());
  f.set(&node::right, n.or_null());
  f.set(&node::parent, n.or_null());
  f.set(&node::color, smallscope::ints(0, 1));
  f.set(&node::key, smallscope::ints(-1, keys - 1));
  f.set(&node::value, smallscope::ints(0, 0));
  return f;
}

// Postconditions (paper 000, Sec. 6.1): `old` is a deep copy of the pre-state, `now` the
// post-state. They compare abstract values (Sec. 6.3: the tree as its set of keys), state the
// red-black properties one clause each, and never write fields.

// The nodes reachable from the root, in in-order. The walk stops at the first node met twice
// (or after walk_limit nodes), so it ends on a broken post-state too; then acyclic is false.
struct abstract_tree {
  std::vector<const node*> in_order;
  bool acyclic = true;

  std::multiset<int> keys() const {  // a multiset, so that a duplicated key shows
    std::multiset<int> k;
    for (const node* n : in_order) k.insert(n->key);
    return k;
  }
};
inline constexpr std::size_t walk_limit = 10000;

inline abstract_tree abstraction(const tree& t) {
  abstract_tree a;
  smallscope::small_set<const node*> visited;
  std::vector<const node*> path;  // the nodes whose left subtree is being walked
  const node* n = t.root;
  while (n != nullptr || !path.empty()) {
    for (; n != nullptr; n = n->left) {
      if (!visited.insert(n) || visited.size() > walk_limit) return {a.in_order, false};
      path.push_back(n);
    }
    n = path.back();
    path.pop_back();
    a.in_order.push_back(n);
    n = n->right;
  }
  return a;
}

// The number of black nodes on every path from n down to a null child, or -1 if paths differ.
// Requires an acyclic tree below n.
inline int black_height(const node* n) {
  if (n == nullptr) return 0;
  const int l = black_height(n->left);
  const int r = black_height(n->right);
  if (l == -1 || r == -1 || l != r) return -1;
  return l + (n->color == black ? 1 : 0);
}

// The red-black properties and the search-tree order of an acyclic post-state, one clause each.
// Korat's invariant allows a red root, so the root's clause holds a black root to staying black.
inline void require_red_black(smallscope::verdict& v, const tree& old, const tree& now, const abstract_tree& a) {
  const node* r = now.root;
  bool parents = r == nullptr || r->parent == nullptr;
  bool red_red = false;
  bool ordered = true;
  for (std::size_t i = 0; i < a.in_order.size(); ++i) {
    const node* n = a.in_order[i];
    for (const node* child : {n->left.get(), n->right.get()}) {
      if (child == nullptr) continue;
      if (child->parent != n) parents = false;
      if (n->color == red && child->color == red) red_red = true;
    }
    if (i > 0 && a.in_order[i - 1]->key >= n->key) ordered = false;
  }
  v.require(parents, "each node's parent is the node above it");
  const node* old_root = old.root;
  const bool root_was_black = old_root == nullptr || old_root->color == black;
  v.require(!root_was_black || r == nullptr || r->color == black, "a black root stays black");
  v.require(!red_red, "no red node has a red child");
  v.require(black_height(r) != -1, "every path has the same number of black nodes");
  v.require(ordered, "keys are in search-tree order");
}

inline void insert_post(smallscope::verdict& v, const tree& old, const tree& now, bool result, int key) {
  const abstract_tree before = abstraction(old);
  const abstract_tree after = abstraction(now);
  const std::multiset<int> old_keys = before.keys();
  const bool inserted = key != -1 && !old_keys.contains(key);
  std::multiset<int> expected = old_keys;
  if (inserted) expected.insert(key);
  v.require(after.acyclic, "structure is acyclic");
  v.require(result == inserted, "result is true iff key was absent (and not -1)");
  v.require(after.keys() == expected, "keys are the old keys plus key");
  v.require(now.size == old.size + (inserted ? 1 : 0), "size grows by one exactly when key is inserted");
  if (after.acyclic) require_red_black(v, old, now, after);
}

inline void remove_post(smallscope::verdict& v, const tree& old, const tree& now, bool result, int key) {
  const abstract_tree before = abstraction(old);
  const abstract_tree after = abstraction(now);
  const std::multiset<int> old_keys = before.keys();
  const bool removed = old_keys.contains(key);
  std::multiset<int> expected = old_keys;
  expected.erase(key);
  v.require(after.acyclic, "structure is acyclic");
  v.require(result == removed, "result is true iff key was present");
  v.require(after.keys() == expected, "keys are the old keys minus key");
  v.require(now.size == old.size - (removed ? 1 : 0), "size shrinks by one exactly when key is removed");
  if (after.acyclic) require_red_black(v, old, now, after);
}

// find's: the result tells whether key is among the keys, and the tree is unchanged (its keys in
// order, node by node, and its size).
inline void find_post(smallscope::verdict& v, const tree& old, const tree& now, bool result, int key) {
  const abstract_tree before = abstraction(old);
  const abstract_tree after = abstraction(now);
  v.require(result == before.keys().contains(key), "result is true iff key is in the tree");
  v.require(after.acyclic && after.keys() == before.keys(), "the keys are unchanged");
  v.require(now.size == old.size, "the size is unchanged");
}

// insert_unbalanced has insert's postcondition.

}  // namespace subjects::red_black_tree
