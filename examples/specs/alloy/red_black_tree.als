// TestEra's red-black trees (paper 003, S8; examples/specs/red_black_tree.als has them as receiver
// predicates) as an Alloy user writes them: a `one sig` for the map, the invariant as facts, and
// a run command with no predicate. The traversal starts from the one TreeMap atom, so the counts
// are paper 003's, one per isomorphism class: 1, 2, 2, 3, 8, 14, 20, 35, 64, 122, 260 trees for
// exactly 0..10 Entry with keys 0 .. #Entry-1.
//   smallscope spec examples/specs/alloy/red_black_tree.als
open util/boolean

one sig TreeMap {
  root: lone Entry
}

sig Entry {
  key: one Int,
  left, right, parent: lone Entry,
  color: one Bool
}

fun nodes: set Entry { TreeMap.root.*(left + right) }

fact parentOk {
  all e, f: nodes | e in f.(left + right) <=> f = e.parent
}

fact searchTree {
  all disj e1, e2: nodes | e1.key != e2.key
  all e: nodes | no e.(left + right) || e.left != e.right
  all e: nodes | e !in e.^(left + right)
  all e: nodes, el: e.left.*(left + right) | el.key <= e.key
  all e: nodes, er: e.right.*(left + right) | e.key <= er.key
}

fact redBlack {
  // a red node has black children
  all e: nodes | e.color = False && some e.left + e.right => (e.left + e.right).color = True
  // every path from the root to a leaf has as many black nodes
  all e1, e2: nodes | (no e1.left || no e1.right) && (no e2.left || no e2.right) =>
    #{ p: nodes | e1 in p.*(left + right) && p.color = True } =
    #{ p: nodes | e2 in p.*(left + right) && p.color = True }
}

// TestEra's inputs: every entry is in the tree, with keys 0 .. #Entry-1.
fact inputs {
  Entry in nodes
  all e: Entry | e.key >= 0 and e.key < #Entry
}

run {} for exactly 5 Entry, 5 Int
