// Korat's BinaryTree (subjects/binary_tree.hpp): the C++ classes tree { Node root; int size; }
// and node { Node left, right; }, with the finitization's class names BinaryTree and Node and
// the C++ field names, in the C++ order.
//
// repOk is rep_ok: from the root along left and right no node is met twice (a tree: acyclic,
// and the two subtrees of a node share nothing, so left != right unless both are null), and
// size is the number of nodes reached.
//
// inputs adds Korat's finBinaryTree(n) = finBinaryTree(n, n, n): run with exactly n Node, it
// fixes size to n (the finitization's size domain [n, n]), so the valid structures are the
// binary trees of n nodes: Catalan(n) of them (1, 1, 2, 5, 14, 42, 132, 429 for n = 0..7).
module korat_binary_tree

sig BinaryTree {
  root: lone Node,
  size: one Int
}

sig Node {
  left: lone Node,
  right: lone Node
}

pred BinaryTree.repOk {
  all n: root.*(left + right) {
    // acyclic
    n !in n.^(left + right)
    // no node is reached along two paths
    no n.left.*(left + right) & n.right.*(left + right)
  }
  // size is the number of nodes
  size = #root.*(left + right)
}

pred BinaryTree.inputs {
  this.repOk
  // finBinaryTree(n): size in [n, n], n = #Node
  size = #Node
}

// smallscope gen BinaryTree 4: 14 trees. Int must hold n.
run inputs for exactly 1 BinaryTree, exactly 4 Node, 4 Int
