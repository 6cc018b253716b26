// ordset::ordered_set<int> (include/ordset/ordered_set.hpp) as a relational spec: the set's
// private members root_ and size_ and its private node type's key, left and right, by their C++
// names and in their C++ order; the sigs are the finitization's class names (ordered_set_spec.hpp's
// int_fin: OrderedSet and Node). As the search's invariant, in place of int_set_ok:
//
//   ordered_set_check gen OrderedSet 4 --invariant ordered_set.als --invariant-run repOk
//   ordered_set_check check OrderedSet erase 4 --invariant ordered_set.als --invariant-run repOk
//
// (51 sets at 4, as with C++), and on SAT, `smallscope spec ordered_set.als` (the same 51).
module ordered_set

sig OrderedSet {
  root_: lone Node,
  size_: one Int
}

sig Node {
  key: one Int,
  left: lone Node,
  right: lone Node
}

// A tree from root_ (no cycle, no node reached along two paths), size_ nodes, keys strictly
// increasing in order.
pred OrderedSet.repOk {
  all n: root_.*(left + right) {
    n !in n.^(left + right)
    no n.left.*(left + right) & n.right.*(left + right)
    all m: n.left.*(left + right) | m.key < n.key
    all m: n.right.*(left + right) | m.key > n.key
  }
  size_ = #root_.*(left + right)
}

// Keys 0..3 as the finitization's scope 4: 51 sets of at most 4 nodes.
pred OrderedSet.inputs {
  this.repOk
  all n: root_.*(left + right) | n.key >= 0 and n.key < 4
}

run inputs for exactly 1 OrderedSet, 4 Node, 4 Int

// The invariant alone, for --invariant-run repOk: the finitization gives the keys.
run repOk for exactly 1 OrderedSet, 4 Node, 4 Int
