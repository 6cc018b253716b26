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

// Paper 004's scope k: up to k nodes (of exactly k Node atoms, the tree reaching some of them),
// keys in [0, k-1], size in [0, k]. S(k) = 15, 51, 188, 731, 2950 trees for k = 3..7.
pred BinaryTree.inputs {
  this.repOk
  all n: root.*(left + right) | n.key >= 0 and n.key < #Node
}

// Scope 4 (Int must hold k): 51 trees.
run inputs for exactly 1 BinaryTree, exactly 4 Node, 4 Int
