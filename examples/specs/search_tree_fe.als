// Paper 004's binary search trees (Table 1) on the classes of the subject BinarySearchTree
// (Korat's SearchTree: fields root, size, left, right, info), so that `smallscope fe
// BinarySearchTree --spec` binds its instances to the C++ objects. The invariant is Korat's
// SearchTree invariant as in korat/search_tree.als, with one redundant clause (below); the
// finitization is paper 004's scope k (--fin k,0,k,0,k-1): size in [0, k], keys in [0, k-1].
// For scope k write `exactly k Node` and an Int bit width b with 2^(b-1) > k (5 Int up to
// k = 15, 6 Int up to 31).
module search_tree_fe

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
    // at most one parent: implied by the two clauses above (the same trees: 15, 51, 188, 731,
    // 2,950 for k = 3..7), but stated on each node's in-edges, so the SAT solver refutes a pair
    // such as "node 9's left child is node 4" by propagation instead of deriving it from the
    // closures; the field-exhaustive loop at k = 18 takes 11.7 s with it, 45.6 s without
    lone n.~(left + right) & root.*(left + right)
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
  all n: root.*(left + right) | n.info >= 0 and n.info < #Node
}

// Scope 4: 51 trees, whose extensions total 40 pairs.
run inputs for exactly 1 SearchTree, exactly 4 Node, 4 Int
