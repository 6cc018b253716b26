// Binary trees as an Alloy user writes them: a `one sig` for the tree, facts for the shape, and
// a run command with no predicate. The structure is rooted at the one Tree atom, so smallscope
// gives one instance per tree shape: Catalan(n) for exactly n Node (1, 1, 2, 5, 14, 42, 132, ...).
//   smallscope spec examples/specs/alloy/binary_tree.als
one sig Tree {
  root: lone Node
}

sig Node {
  left, right: lone Node
}

// Every node is in the tree, which is acyclic, and no node has two parents.
fact shape {
  Node in Tree.root.*(left + right)
  all n: Node | n !in n.^(left + right)
  all n: Node | lone n.~(left + right) and no n.left & n.right
}

run {} for exactly 4 Node
