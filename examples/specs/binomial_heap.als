// Binomial heaps: the fourth subject of Field-Exhaustive Testing's evaluation (paper 004, Sec. 6,
// Table 1: Korat's binomial heaps, methods insert, extract_min and delete), as a logical
// invariant in the style of Fig. 4 (binary_search_tree.als), for the C++ subject BinomialHeap
// (subjects/binomial_heap.hpp, Korat's BinomialHeap example).
//
// Classes and fields are the C++ subject's, named as its finitization names them, in the C++
// order: heap { Node nodes; int size; } is the sig BinomialHeap (the root class domain) and
// node { int key, degree; Node parent, sibling, child; } is the sig BinomialHeapNode (the class
// domain "BinomialHeapNode"). nodes is the root list (linked by sibling, by increasing degree);
// child is a node's child of the greatest degree, and its children follow along sibling.
//
// repOk is rep_ok: from nodes along sibling and child no node is met twice (every root list
// and child list acyclic, the nodes a forest); the roots have no parent and each child's parent
// is its node; size is the number of nodes; the degrees are binomial; no child's key is below
// its parent's.
//
// Normalization of the degrees: Korat's checkDegrees walks the one bits of size (n % 2, n / 2).
// It is restated without div and rem (which were not translated to SAT when this was written,
// and which would need Int wide enough for size's bits): each node of degree d
// has exactly the children of degrees d-1, ..., 0 in this order (a node of degree 0 has no
// child; a first child has degree d-1; along a child list each sibling has the degree one less,
// and the child of degree 0 is the last), so a tree of degree d has 2^d nodes; and the roots'
// degrees strictly increase along the root list. With size = the number of nodes, the roots'
// degrees are then the positions of the one bits of size, lowest first (binary representation
// is unique), which is what checkDegrees checks.
module binomial_heap

sig BinomialHeap {
  nodes: lone BinomialHeapNode,
  size: one Int
}

sig BinomialHeapNode {
  key: one Int,
  degree: one Int,
  parent: lone BinomialHeapNode,
  sibling: lone BinomialHeapNode,
  child: lone BinomialHeapNode
}

pred BinomialHeap.repOk {
  all x: nodes.*(sibling + child) {
    // acyclic
    x !in x.^(sibling + child)
    // no node is reached along two paths
    no x.sibling.*(sibling + child) & x.child.*(sibling + child)
  }
  // the roots have no parent
  all r: nodes.*sibling | no r.parent
  // each child's parent is its node
  all x: nodes.*(sibling + child) | all c: x.child.*sibling | c.parent = x
  // size is the number of nodes
  size = #nodes.*(sibling + child)
  // the roots' degrees increase along the root list
  all r: nodes.*sibling | some r.sibling => r.degree < r.sibling.degree
  // a node of degree d > 0 has a first child of degree d-1; one of degree 0 has no child
  all x: nodes.*(sibling + child) |
    x.degree = 0 => no x.child else (some x.child and x.child.degree = minus[x.degree, 1])
  // along a child list each sibling has the degree one less; the child of degree 0 is the last
  all x: nodes.*(sibling + child) | all c: x.child.*sibling |
    c.degree = 0 => no c.sibling else (some c.sibling and c.sibling.degree = minus[c.degree, 1])
  // heap order: no child's key is below its parent's
  all x: nodes.*(sibling + child) | all c: x.child.*sibling | x.key <= c.key
}

// The postcondition of insert (`smallscope check BinomialHeap insert --spec ... --post
// insertOk`): the invariant still holds, and the keys after are the keys before plus k, as a
// multiset. nodes`, sibling`, child` and key` read the pre-state.
pred BinomialHeap.insertOk[k: Int] {
  this.repOk
  // adds exactly one copy of k
  all i: Int |
    i = k =>
      #{ x: nodes.*(sibling + child) | x.key = i } =
        plus[#{ x: nodes`.*(sibling` + child`) | x.key` = i }, 1]
    else
      #{ x: nodes.*(sibling + child) | x.key = i } = #{ x: nodes`.*(sibling` + child`) | x.key` = i }
}

// Paper 004's scope k is Korat's finBinomialHeap(k) (`smallscope gen BinomialHeap k`): exactly
// k BinomialHeapNode atoms, size in [0, k] (the heap reaches size of them), keys in [1, k],
// degrees in [0, k]. S(k) = 2, 6, 28, 120, 936, 7602 heaps for k = 1..6.
pred BinomialHeap.inputs {
  this.repOk
  // size in [0, k], k = #BinomialHeapNode
  size >= 0 and size <= #BinomialHeapNode
  all x: nodes.*(sibling + child) {
    // keys in [1, k]
    x.key >= 1 and x.key <= #BinomialHeapNode
    // degrees in [0, k]
    x.degree >= 0 and x.degree <= #BinomialHeapNode
  }
}

// Scope k = 4: 120 heaps. For scope k write `exactly k BinomialHeapNode` and an Int bit width b
// with 2^(b-1) - 1 >= k (keys, size and degrees go up to k); checking insert needs
// 2^(b-1) - 1 >= k+1 (its post-state has k+1 nodes): 4 Int for k <= 7 (k <= 6 to check
// insert), 5 Int for k <= 15 (k <= 14).
run inputs for exactly 1 BinomialHeap, exactly 4 BinomialHeapNode, 4 Int
