// Korat's RedBlackTree (subjects/red_black_tree.hpp): the C++ classes
// tree { Node root; int size; } and node { Node left, right, parent; int color, key, value; },
// with the finitization's class names RedBlackTree and Node and the C++ field names, in the
// C++ order. color is an int as in C++: 0 is red, 1 is black.
//
// repOk is rep_ok: the root has no parent; from the root along left and right no node is met
// twice, and each child's parent is its node; size is the number of nodes; a red node has no
// red child (the root may be red); every path from the root to a null child has the same
// number of black nodes; no key is -1 (Korat's stand-in for a null key), and the keys are
// strictly ordered.
//
// inputs adds Korat's finRedBlackTree(n) = finRedBlackTree(n, n, n, n): run with exactly n
// Node, size is n, every key is in [-1, n - 1], value is 0 and color is 0 or 1. The order fixes
// the keys, so the trees differ in shape and colours.
module korat_red_black_tree

sig RedBlackTree {
  root: lone Node,
  size: one Int
}

sig Node {
  left: lone Node,
  right: lone Node,
  parent: lone Node,
  color: one Int,
  key: one Int,
  value: one Int
}

pred RedBlackTree.repOk {
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

pred RedBlackTree.inputs {
  this.repOk
  // finRedBlackTree(n): size in [n, n], key in [-1, n - 1], value in {0}, color in {0, 1},
  // n = #Node
  size = #Node
  all n: root.*(left + right) {
    n.key >= -1 and n.key < #Node
    n.value = 0
    n.color = 0 or n.color = 1
  }
}

// smallscope gen RedBlackTree 4. Int must hold n.
run inputs for exactly 1 RedBlackTree, exactly 4 Node, 4 Int
