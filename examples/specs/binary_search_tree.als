// Binary search trees: the logical invariant of the running example of Field-Exhaustive
// Testing (paper 004, Fig. 4 [FE L139-150]; classes of Fig. 1: BinaryTree { Node root; int
// size; } and Node { int key; Node left, right; }).
//
// Normalized from the paper's Alloy 4 syntax:
// - the implicit receiver `thiz` becomes the receiver pred `BinaryTree.repOk`, and `thiz`
//   becomes `this`;
// - `- null` is dropped: null is the empty set here, not an atom;
// - the fields are declared: `root`, `left`, `right: lone Node`, `size: one Int`,
//   `key: one Int`;
// - `gt[a, b]` is kept (a builtin); the `--` comments are kept where they are.
module binary_search_tree

sig BinaryTree {
  root: lone Node,
  size: one Int
}

sig Node {
  key: one Int,
  left: lone Node,
  right: lone Node
}

pred BinaryTree.repOk {
  (all n : Node | n in this.root.*(left + right) implies
  (
    no ( (n.left).*(left+right) & (n.right).*(left+right) ) -- no node can be reached along two different paths
    and
    (n !in n.^(left + right)) -- the structure is acyclic
    and
    (all m : Node | m in n.left.*(left + right) implies gt[n.key, m.key]) -- left-sorted
    and
    (all m : Node | m in n.right.*(left + right) implies gt[m.key, n.key]) -- right-sorted
  )
  ) and
  this.size = #this.root.*(left + right) -- field size is well-defined
}

// The paper's scope 4: up to 4 nodes, sizes in [0, 4] and keys in [0, 3] (4 bits: -8..7).
run repOk for 1 but exactly 1 BinaryTree, 4 Node, 4 Int
