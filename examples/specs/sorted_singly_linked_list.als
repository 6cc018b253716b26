// Sorted singly linked lists: the first subject of Field-Exhaustive Testing's evaluation
// (paper 004, Sec. 6, Table 1: "sorted singly linked lists taken from Korat's benchmarks",
// methods get, add and remove), as a logical invariant in the style of Fig. 4
// (binary_search_tree.als), for the C++ subject SortedSinglyLinkedList
// (subjects/sorted_singly_linked_list.hpp).
//
// Classes and fields are the C++ subject's, named as its finitization names them, in the C++
// order: list { Entry header; int size; } is the sig SortedSinglyLinkedList (the root class
// domain) and entry { int element; Entry next; } is the sig Entry (the class domain "Entry").
// Elements are ints (Korat's Integers), 0 standing for Java's null, which only the header holds.
//
// repOk is rep_ok: there is a header, which holds no element (0); the entries after it are
// acyclic along next, each holds an element (not 0), and each element is at least the one
// before; size is the number of entries after the header.
module sorted_singly_linked_list

sig SortedSinglyLinkedList {
  header: lone Entry,
  size: one Int
}

sig Entry {
  element: one Int,
  next: lone Entry
}

pred SortedSinglyLinkedList.repOk {
  // there is a header
  some header
  // the header holds no element
  header.element = 0
  // acyclic along next: the walk from the header ends (next is lone, so a walk that never
  // ends runs into a cycle; stated so, the invariant needs no closure of next, only the
  // entries reachable from the header)
  some e: header.*next | no e.next
  // every entry after the header holds an element
  all e: header.^next | e.element != 0
  // sorted: each element is at least the one before
  all e: header.^next | some e.next implies e.element <= e.next.element
  // size is the number of entries after the header
  size = #header.^next
}

// The postcondition of add (`smallscope check SortedSinglyLinkedList add --spec ... --post addOk`):
// the invariant still holds, and the elements after are the elements before plus x, unless x is
// 0 (no element), which add rejects. header` and element` read the pre-state.
pred SortedSinglyLinkedList.addOk[x: Int] {
  this.repOk
  // adds exactly x (as many copies of each element as before, one more of x)
  all i: Int |
    (i = x and x != 0) =>
      #{ e: header.^next | e.element = i } = plus[#{ e: header`.^next` | e.element` = i }, 1]
    else
      #{ e: header.^next | e.element = i } = #{ e: header`.^next` | e.element` = i }
}

// Paper 004's scope k is fin(0, k-1, k, k) (`smallscope gen SortedSinglyLinkedList k`): exactly
// k Entry atoms (the header among them), size in [0, k-1], elements in 1..k. The lists are the
// multisets of at most k-1 elements of 1..k: C(2k-1, k-1) = 1, 3, 10, 35, 126, 462, 1716, 6435,
// 24310 lists for k = 1..9.
pred SortedSinglyLinkedList.inputs {
  this.repOk
  // size in [0, k-1], k = #Entry
  size >= 0 and size < #Entry
  // elements in 1..k
  all e: header.^next | e.element >= 1 and e.element <= #Entry
}

// Scope k = 4: 35 lists. For scope k write `exactly k Entry` and an Int bit width b with
// 2^(b-1) - 1 >= k (the elements go up to k): 4 Int for k <= 7, 5 Int for k <= 15.
run inputs for exactly 1 SortedSinglyLinkedList, exactly 4 Entry, 4 Int
