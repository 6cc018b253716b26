// Red-black tree sets: the third subject of Field-Exhaustive Testing's evaluation (paper 004,
// Sec. 6, Table 1: "red-black trees", methods add, remove and contains), as a logical invariant
// in the style of Fig. 4 (binary_search_tree.als), for the C++ subject TreeSet
// (subjects/tree_set.hpp): java.util.TreeMap's algorithms on Korat's RedBlackTree classes
// (subjects/red_black_tree.hpp), checked by Korat's RedBlackTree invariant.
//
// Classes and fields are the C++ subject's, named as its finitization names them, in the C++
// order: tree { Node root; int size; } is the sig TreeSet (the root class domain) and
// node { Node left, right, parent; int color, key, value; } is the sig TreeSetEntry (the class
// domain "TreeSetEntry"). color is an int as in C++: 0 is red, 1 is black. value is the map's
// value, which a set does not use: the finitization gives it the one value 0.
//
// repOk is rep_ok: the root has no parent; from the root along left and right no node is met
// twice, and each child's parent is its node; size is the number of nodes; a red node has no
// red child (the root may be red, as Korat's and FAJITA's invariants allow); every path from
// the root to a null child has the same number of black nodes; no key is -1 (Korat's stand-in
// for a null key), and the keys are strictly ordered (left subtree smaller, right larger).
module tree_set

sig TreeSet {
  root: lone TreeSetEntry,
  size: one Int
}

sig TreeSetEntry {
  left: lone TreeSetEntry,
  right: lone TreeSetEntry,
  parent: lone TreeSetEntry,
  color: one Int,
  key: one Int,
  value: one Int
}

pred TreeSet.repOk {
  // the root has no parent
  no root.parent
  all n: root.*(left + right) {
    // acyclic
    n !in n.^(left + right)
    // no node is reached along two paths
    no n.left.*(left + right) & n.right.*(left + right)
    // each child's parent is its node
    all c: n.(left + right) | c.parent = n
  }
  // size is the number of nodes
  size = #root.*(left + right)
  // a red node has only black children
  all n: root.*(left + right) | n.color = 0 => (all c: n.(left + right) | c.color = 1)
  // every path from the root to a null child has the same number of black nodes
  all e1, e2: root.*(left + right) |
    (no e1.left or no e1.right) and (no e2.left or no e2.right) =>
      #{ p: root.*(left + right) | e1 in p.*(left + right) and p.color = 1 } =
      #{ p: root.*(left + right) | e2 in p.*(left + right) and p.color = 1 }
  all n: root.*(left + right) {
    // -1 is no key
    n.key != -1
    // left subtree has smaller keys
    all m: n.left.*(left + right) | m.key < n.key
    // right subtree has larger keys
    all m: n.right.*(left + right) | m.key > n.key
  }
}

// The postcondition of add (`smallscope check TreeSet add --spec ... --post addOk`): the
// invariant still holds, and the keys after are the keys before plus k. root`, left`, right`
// and key` read the pre-state.
pred TreeSet.addOk[k: Int] {
  this.repOk
  // adds exactly k
  root.*(left + right).key = root`.*(left` + right`).key` + k
}

// Paper 004's scope k is finTreeSet(k) = fin(k, k, 0, k-1) (`smallscope gen TreeSet k`):
// exactly k TreeSetEntry atoms, size in [0, k] (the tree reaches 0..k of the entries), keys in
// [0, k-1], color in {0, 1}, value in {0}. S(k) = 3, 7, 16, 41, 115, 327, 911, 2489 trees for
// k = 1..8.
pred TreeSet.inputs {
  this.repOk
  // size in [0, k], k = #TreeSetEntry
  size >= 0 and size <= #TreeSetEntry
  all n: root.*(left + right) {
    // keys in [0, k-1]
    n.key >= 0 and n.key < #TreeSetEntry
    // color in {0 red, 1 black}
    n.color = 0 or n.color = 1
    // value in {0}
    n.value = 0
  }
}

// Scope k = 4: 41 trees. For scope k write `exactly k TreeSetEntry` and an Int bit width b with
// 2^(b-1) - 1 >= k (size and #TreeSetEntry go up to k; add's keys are 0..k-1, so its post-state
// has at most k nodes too): 4 Int for k <= 7, 5 Int for k <= 15.
run inputs for exactly 1 TreeSet, exactly 4 TreeSetEntry, 4 Int
