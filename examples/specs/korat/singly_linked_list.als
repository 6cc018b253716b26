// Korat's SinglyLinkedList (subjects/singly_linked_list.hpp): the C++ classes
// list { Entry header; int size; }, entry { Object value; Entry next; } and element (Korat's
// Object, identity only), with the finitization's class names SinglyLinkedList, Entry and
// Object and the C++ field names, in the C++ order.
//
// repOk is rep_ok: there is a header, which holds no element; the entries after it are acyclic
// along next and each holds an element; size is the number of entries after the header.
//
// inputs adds Korat's finSinglyLinkedList(n) = finSinglyLinkedList(n, n, n + 1, n + 1): run
// with exactly n + 1 Entry and exactly n + 1 Object, size is n. The elements are atoms (Korat's
// Object instances take part in isomorphism breaking), so the lists of n entries are counted
// by which entries share an element: Bell(n) (1, 1, 2, 5, 15, 52, 203, 877 for n = 0..7).
module korat_singly_linked_list

sig SinglyLinkedList {
  header: lone Entry,
  size: one Int
}

sig Entry {
  value: lone Object,
  next: lone Entry
}

sig Object {}

pred SinglyLinkedList.repOk {
  // there is a header, holding no element
  some header
  no header.value
  // acyclic along next
  all e: header.*next | e !in e.^next
  // every entry after the header holds an element
  all e: header.^next | some e.value
  // size is the number of entries after the header
  size = #header.^next
}

pred SinglyLinkedList.inputs {
  this.repOk
  // finSinglyLinkedList(n): size in [n, n], n + 1 = #Entry
  size = minus[#Entry, 1]
}

// smallscope gen SinglyLinkedList 4: 15 lists. Int must hold n + 1.
run inputs for exactly 1 SinglyLinkedList, exactly 5 Entry, exactly 5 Object, 4 Int
