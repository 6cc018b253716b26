// A class template whose method calls a method of another class template through a value of that
// template's type (`slots[i].swap_with(...)`, the shape of a hash table's bucket swap): the callee
// is followed from the method named, and mutated (tests/mutate/mutants_test.cpp).
#pragma once

namespace dependent_call {

template <class T>
struct entry {
  T value{};
  int distance = 0;
  void swap_with(entry& other) {
    T v = value;
    value = other.value;
    other.value = v;
    distance = distance + 1;
  }
};

template <class T>
struct table {
  entry<T>* slots = nullptr;
  int count = 0;
  void shift(int i) { slots[i].swap_with(slots[i + 1]); }
};

}  // namespace dependent_call
