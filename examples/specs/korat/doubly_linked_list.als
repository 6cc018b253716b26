// Korat's DoublyLinkedList (subjects/doubly_linked_list.hpp): the C++ classes
// list { Entry header; int size; }, entry { Object value; Entry next, previous; } and element
// (Korat's ListObject, identity only), with the finitization's class names DoublyLinkedList,
// Entry and Object and the C++ field names, in the C++ order.
//
// repOk is rep_ok. The header is the first entry, not a sentinel. The empty list is a header
// without element linked to itself (next and previous) with size 0. Otherwise the header holds
// an element, following next from the header comes back to it (a cycle through the header,
// with no entry met twice before), each entry's next points back with previous, and size is
// the number of entries of the cycle. The entries after the header may hold null.
//
// inputs adds Korat's finDoublyLinkedList(n) = finDoublyLinkedList(n, n, n + 1, n + 1): run
// with exactly n + 1 Entry and exactly n + 1 Object, size is n, so the cycle has n entries
// (and one entry is never reached).
module korat_doubly_linked_list

sig DoublyLinkedList {
  header: lone Entry,
  size: one Int
}

sig Entry {
  value: lone Object,
  next: lone Entry,
  previous: lone Entry
}

sig Object {}

pred DoublyLinkedList.repOk {
  // there is a header
  some header
  // the empty list: no element, linked to itself, size 0
  no header.value => {
    size = 0
    header.next = header
    header.previous = header
  }
  // a list of size entries: a cycle along next through the header, previous pointing back
  some header.value => {
    header in header.^next
    all e: header.*next | some e.next and e.next.previous = e
    size = #header.*next
  }
}

pred DoublyLinkedList.inputs {
  this.repOk
  // finDoublyLinkedList(n): size in [n, n], n + 1 = #Entry
  size = minus[#Entry, 1]
}

// smallscope gen DoublyLinkedList 4. Int must hold n + 1.
run inputs for exactly 1 DoublyLinkedList, exactly 5 Entry, exactly 5 Object, 4 Int
