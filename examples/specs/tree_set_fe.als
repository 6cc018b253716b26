// Paper 004's TreeSet (Table 1) for field-exhaustive suites: tree_set.als's invariant with the
// red-black property stated on a black height per node, an aux field that no C++ member binds.
// The SAT solver chooses bh as it chooses the other fields, but bh is left out of the suite's
// coverage, of the blocking clauses and of symmetry breaking, and `fe TreeSet --spec` binds the
// other fields to the C++ objects (subjects/tree_set.hpp) as with tree_set.als. The same trees
// for every k: tree_set.als counts every path's black nodes over every pair of null children (a
// count over pairs of leaves, which the solver refutes slowly); here each node's bh is its left
// child's plus one when it is black, and both children's agree: local sums that propagate
// (scope 15: 19 s against 60 s). A spec with aux fields generates inputs only: as an invariant
// or a postcondition it would judge C++ objects, which have no bh (use tree_set.als there).
//
// Scope k is paper 004's finTreeSet(k) = fin(k, k, 0, k-1) (`smallscope fe TreeSet k --spec
// examples/specs/tree_set_fe.als --scope 'exactly 1 TreeSet, exactly k TreeSetEntry, b Int'`)
// with an Int bit width b where 2^(b-1) > k: 5 Int up to k = 15, 6 Int up to 31.
module tree_set_fe

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
  value: one Int,
  // the number of black nodes on every path from this node down to a null child
  aux bh: one Int
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
  // every path from the root to a null child has the same number of black nodes: both
  // children's black heights agree (a null child's is 0), and a node's is theirs plus its own
  all n: root.*(left + right) {
    (no n.left => 0 else n.left.bh) = (no n.right => 0 else n.right.bh)
    n.bh = plus[no n.left => 0 else n.left.bh, n.color = 1 => 1 else 0]
  }
  all n: root.*(left + right) {
    // -1 is no key
    n.key != -1
    // left subtree has smaller keys
    all m: n.left.*(left + right) | m.key < n.key
    // right subtree has larger keys
    all m: n.right.*(left + right) | m.key > n.key
  }
}

// tree_set.als's inputs: size in [0, k], keys in [0, k-1], color in {0 red, 1 black}, value 0.
pred TreeSet.inputs {
  this.repOk
  size >= 0 and size <= #TreeSetEntry
  all n: root.*(left + right) {
    n.key >= 0 and n.key < #TreeSetEntry
    n.color = 0 or n.color = 1
    n.value = 0
  }
}

run inputs for exactly 1 TreeSet, exactly 4 TreeSetEntry, 4 Int
