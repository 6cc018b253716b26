// java.util.TreeMap (JDK 1.3) as a red-black tree: TestEra's class invariant (paper 003, S8
// [TE L731-765]) and the stronger postcondition of remove (S9 [TE L793]).
//
// Normalized from the paper's Alloy 2 syntax:
// - `Entry root; Object key; Entry left, right, parent; boolean color` become the fields below,
//   with `key: one Int` (keys are integers in the paper's runs) and `color: one Bool` from
//   `open util/boolean`;
// - TestEra's `false` (RED, "field RED is the constant boolean false" [TE L714]) becomes
//   `False`, and `true` (BLACK) becomes `True`;
// - `el.key <= e.key` stays `<=` (TestEra writes it with its library function `LE`);
// - the invariant becomes the receiver pred `TreeMap.repOk`, whose fields are written bare;
// - S9 becomes the receiver pred `TreeMap.removeOk[k: Int]`, which also requires the invariant
//   in the post-state (TestEra's default oracle); `root``, `left``, `right`` and `key`` read the
//   pre-state. S9 reads `key` in the post-state for the nodes of the pre-state; since deleteEntry
//   copies the successor's key into the node it keeps, the pre-state's keys are `key``.
module red_black_tree
open util/boolean

sig TreeMap {
  root: lone Entry
}

sig Entry {
  key: one Int,
  left: lone Entry,
  right: lone Entry,
  parent: lone Entry,
  color: one Bool
}

pred TreeMap.repOk {
  // parent ok
  all e, f: root.*(left+right) |
    e in f.(left + right) <=> f = e.parent
  // binary search tree properties
  // unique keys
  all disj e1, e2: root.*(left + right) |
    e1.key != e2.key
  // distinct children
  all e: root.*(left + right) |
    no e.(left+right) || e.left != e.right
  // tree is acyclic
  all e: root.*(left + right) |
    e !in e.^(left+right)
  // left subtree has smaller keys
  all e: root.*(left + right) |
    all el: e.left.*(left+right) |
      el.key <= e.key
  // right subtree has larger keys
  all e: root.*(left + right) |
    all er: e.right.*(left+right) |
      e.key <= er.key
  // red black tree properties
  // 1. every node is red or black, by construction
  // 2. all leafs are black
  // 3. red node has black children
  all e: root.*(left + right) |
    e.color = False && some e.left + e.right =>
      (e.left + e.right).color = True
  // 4. all paths from root to NIL have same # of black nodes
  all e1, e2: root.*(left + right) |
    (no e1.left || no e1.right) && (no e2.left || no e2.right) =>
      #{ p: root.*(left+right) |
         e1 in p.*(left+right) && p.color = True } =
      #{ p: root.*(left+right) |
         e2 in p.*(left+right) && p.color = True }
}

// The postcondition of remove: the invariant still holds, and (S9) the keys after are the keys
// before, minus k.
pred TreeMap.removeOk[k: Int] {
  this.repOk
  // removes exactly k
  root.*(left + right).key = root`.*(left` + right`).key` - k
}

// Table I's bound: exactly five nodes, using up to 5 integers (4 bits: -8..7).
// TestEra's inputs (Table I, "red-black trees with exactly five nodes (using up to 5
// integers)"): every entry is in the tree, and the keys are 0 .. #Entry-1, so BST order fixes
// them: 1, 2, 2, 3, 8, 14, 20, 35, 64, 122, 260 trees for 0..10 entries (Int must hold #Entry).
pred TreeMap.inputs {
  this.repOk
  Entry in root.*(left + right)
  all e: Entry | e.key >= 0 and e.key < #Entry
}

run inputs for exactly 1 TreeMap, exactly 5 Entry, 4 Int

// Trees of up to 5 entries with keys 0..4, where put may add an entry (a fresh atom in the
// post-state): `smallscope check TreeMap put 5 --spec red_black_tree.als --run upTo --post putOk`.
pred TreeMap.upTo {
  this.repOk
  no root.parent
  all e: root.*(left + right) | e.key >= 0 and e.key < #Entry
}

// The postcondition of put: the invariant still holds, and the keys after are the keys before
// plus k (the value is not modelled).
pred TreeMap.putOk[k: Int, v: Int] {
  this.repOk
  // adds exactly k
  root.*(left + right).key = root`.*(left` + right`).key` + k
}

run upTo for exactly 1 TreeMap, 5 Entry, 4 Int
