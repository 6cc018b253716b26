// Each construct the translation to C++ takes (src/compile/emit.hpp), in predicates over Korat's
// SearchTree classes (subjects/search_tree.hpp), for compiled_spec_test.cpp: every predicate is
// compiled (smallscope_spec, one RUN each) and judged against the evaluators on every candidate.
// They are not meant as invariants of anything: each holds on some candidates and not on others.
module compiled_constructs

sig SearchTree {
  root: lone Node,
  size: one Int
}

sig Node {
  left: lone Node,
  right: lone Node,
  info: one Int
}

fun SearchTree.nodes: set Node { root.*(left + right) }
fun Node.children: set Node { left + right }
fun SearchTree.count: Int { #this.nodes }
pred Node.leaf { no left and no right }

// some, no, lone, one quantifiers; a fun call; a pred call
pred SearchTree.quantifiers {
  some n: this.nodes | n.info = 1 and some n.left
  no n: this.nodes | n in n.^(left + right)
  lone n: this.nodes | n.leaf
}

pred SearchTree.one_leaf { one n: this.nodes | n.leaf }

// let, iff, ite formula, implication, not
pred SearchTree.connectives {
  let ns = this.nodes, top = root |
    (some top.left iff some top.right) implies #ns > 1 else not (top in top.^(left + right))
}

// integers: plus, minus, mul, div, rem, comparisons, a fun of Int, ite expression
pred SearchTree.arithmetic {
  minus[size, 1] < mul[2, this.count]
  rem[plus[size, this.count], 2] = 0 or div[size, 2] = 1
  (some root => root.info else 0) <= size
}

// comprehensions, cardinality, union, intersection, difference, none
pred SearchTree.sets {
  #{ n: this.nodes | n.info > 0 } = #{ n: this.nodes | some n.children }
  no (root.left.*(left + right) + root.right.*(left + right)) - root.^(left + right)
  (root.left + root.right) & root.left = root.left or root.left = none
}

// disj, multiple variables, object comparisons, set membership of integers
pred SearchTree.pairs {
  all disj a, b: this.nodes | a.info != b.info
  all n: this.nodes | n.left.info in n.info or no n.left or n.left.info < n.info
  all a, b: this.nodes | a.leaf and b.leaf => a.info >= 0
}

// An implication's antecedent checked in an outer loop (reading no variable, or only the first):
// the reads of a guard that held decide every instance below it
pred SearchTree.guards {
  all x, y: root.^left | root.info = size => some y.left
  all x, y: this.nodes | some x.left and x.info = size => y.info != x.info
}

// The tree idiom, as the korat specs write it, with integers
pred SearchTree.ordered {
  all n: root.*(left + right) {
    n !in n.^(left + right)
    no n.left.*(left + right) & n.right.*(left + right)
    all m: n.left.*(left + right) | m.info < n.info
  }
  size = #root.*(left + right)
}

run quantifiers for exactly 1 SearchTree, exactly 3 Node, 4 Int
run one_leaf for exactly 1 SearchTree, exactly 3 Node, 4 Int
run connectives for exactly 1 SearchTree, exactly 3 Node, 4 Int
run arithmetic for exactly 1 SearchTree, exactly 3 Node, 4 Int
run sets for exactly 1 SearchTree, exactly 3 Node, 4 Int
run pairs for exactly 1 SearchTree, exactly 3 Node, 4 Int
run guards for exactly 1 SearchTree, exactly 3 Node, 4 Int
run ordered for exactly 1 SearchTree, exactly 3 Node, 4 Int
