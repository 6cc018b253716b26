// A stack as a class template whose method has `auto` locals of two types (a node pointer and a
// key): smallscope-mutants lists the mutants swapping them before the types are known, and for
// int keys they are not well-formed. Mutation analysis must call them ill-formed, leave them out
// of the kill rate and never list them alive (tests/mutate/template_mutation_test.cpp).
#pragma once

namespace autos {

template <class K>
class stack {
 public:
  struct node {
    K key;
    node* next;
  };

  // How many nodes lie above the first with key k, or -1 when none has it.
  int depth_of(const K& k) const {
    auto at = top_;
    auto key = k;
    int depth = 0;
    while (at != nullptr && at->key != key) {
      at = at->next;
      depth += 1;
    }
    return at == nullptr ? -1 : depth;
  }

  bool rep_ok() const {
    int n = 0;
    for (node* x = top_; x != nullptr; x = x->next)
      if (++n > size_) return false;
    return n == size_;
  }

  node* top_ = nullptr;
  int size_ = 0;
};

}  // namespace autos
