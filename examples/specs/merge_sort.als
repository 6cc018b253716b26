// mergeSort on singly linked lists: the class invariant and the postcondition of TestEra
// (paper 003: S2 [TE L127-128], S3 [TE L151-156], S6 [TE L514-525], S7 [TE L541-564]).
//
// Normalized from the papers' Alloy 2 syntax:
// - the State sigs and `f: T ?-> State` / `f: T !-> State` become plain fields
//   `f: lone T` / `f: one T`; `f::Pre` and `f::Post` become `f` (the post-state) and the
//   TestEra backtick `f`` (the pre-state), as in S3;
// - `open java/primitive/integer` and `Integer` become the builtin `Int`;
// - `fun List::RepOk()` and `fun List::methodOk()` become receiver preds `pred List.repOk`
//   and `pred List.mergeSortOk`; fields of the receiver are still written bare;
// - `LE(x, y)` (TestEra's library function) becomes `x <= y`;
// - the comments "ayclic" (S6's typo) and "output is permutation of the input" become the
//   labels `acyclic` and `permutation`.
module merge_sort

sig List {
  header: lone Node
}

sig Node {
  elem: one Int,
  next: lone Node
}

// The class invariant (S2, S6).
pred List.repOk {
  // acyclic
  all n: header.*next | not n in n.^next
}

// The postcondition of mergeSort (S3, S7): the pre-state is written with backticks.
pred List.mergeSortOk {
  // acyclic
  all n: header.*next | not n in n.^next
  // sorted
  all n: header.*next | some n.next implies n.elem <= n.next.elem
  // permutation
  all i: Int |
    #{ n: header.*next | n.elem = i } =
    #{ n: header`.*next` | n.elem` = i }
}

// Table I's inputs: "linked lists with exactly three nodes (using up to 3 integers)": every
// node in the list, elements 0 .. #Node-1. 3^3 = 27 lists.
pred List.inputs {
  this.repOk
  Node in header.*next
  all n: Node | n.elem >= 0 and n.elem < #Node
}

run inputs for exactly 1 List, exactly 3 Node, 3 Int
