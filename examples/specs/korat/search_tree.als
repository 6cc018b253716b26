// Korat's SearchTree (subjects/search_tree.hpp): the C++ classes tree { Node root; int size; }
// and node { Node left, right; int info; }, with the finitization's class names SearchTree and
// Node and the C++ field names, in the C++ order.
//
// repOk is rep_ok: a tree from the root along left and right (no node met twice), size is the
// number of nodes, no info is -1 (Korat's stand-in for a null key), and the keys are strictly
// ordered: every key of the left subtree below the node's, every key of the right one above.
//
// inputs adds Korat's finSearchTree(n) = finSearchTree(n, n, n, 0, n - 1): run with exactly n
// Node, size is n and every info is in [0, n - 1]. The order then fixes the keys, so there is
// one search tree per shape: Catalan(n) (1, 1, 2, 5, 14, 42, 132, 429 for n = 0..7).
module korat_search_tree

sig SearchTree {
  root: lone Node,
  size: one Int
}

sig Node {
  left: lone Node,
  right: lone Node,
  info: one Int
}

pred SearchTree.repOk {
  all n: root.*(left + right) {
    // acyclic
    n !in n.^(left + right)
    // no node is reached along two paths
    no n.left.*(left + right) & n.right.*(left + right)
    // -1 is no key
    n.info != -1
    // left subtree has smaller keys
    all m: n.left.*(left + right) | m.info < n.info
    // right subtree has larger keys
    all m: n.right.*(left + right) | m.info > n.info
  }
  // size is the number of nodes
  size = #root.*(left + right)
}

pred SearchTree.inputs {
  this.repOk
  // finSearchTree(n): size in [n, n], info in [0, n - 1], n = #Node
  size = #Node
  all n: root.*(left + right) | n.info >= 0 and n.info < #Node
}

// remove's postcondition as TestEra writes one (paper 003, Sec. 5): a backticked field reads the
// pre-state. The keys are the old keys less k, and the tree is still a search tree.
// smallscope check SearchTree remove 4 --spec search_tree.als --post removeOk
pred SearchTree.removeOk[k: Int] {
  this.repOk
  root.*(left + right).info = root`.*(left` + right`).info` - k
}

// smallscope gen SearchTree 4: 14 trees. Int must hold n.
run inputs for exactly 1 SearchTree, exactly 4 Node, 4 Int
