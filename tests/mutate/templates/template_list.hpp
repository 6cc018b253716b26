// A sorted list as a class template over its key, with a free function template it calls: the
// template half of a pair (copy_list.hpp is the same code, hand-written for int keys, line for
// line and column for column). smallscope-mutants must give both the same mutants and branch
// probes, in number and in place (tests/mutate/template_mutation_test.cpp).
#pragma once

namespace tmpl {

template <class K>
bool before(const K& a, const K& b) { return a < b; }

template <class K, bool Unique = true>
class sorted_list {
 public:
  bool insert(const K& k) {
    node* previous = nullptr;
    node* x = head_;
    while (x != nullptr && before(x->key, k)) {
      previous = x;
      x = x->next;
    }
    if (Unique && x != nullptr && !before(k, x->key)) return false;
    node* added = new node{k, x};
    if (previous == nullptr) head_ = added;
    else previous->next = added;
    ++size_;
    version_ += 1;
    return true;
  }

  bool erase(const K& k) {
    node* previous = nullptr;
    for (node* x = head_; x != nullptr; previous = x, x = x->next) {
      if (x->key != k) continue;
      if (previous == nullptr) head_ = x->next;
      else previous->next = x->next;
      delete x;
      --size_;
      version_ += 1;
      return true;
    }
    return false;
  }

  int count_below(const K& k) const {
    int n = 0;
    for (node* x = head_; x != nullptr && x->key < k; x = x->next) n += 1;
    return n;
  }

  K sum() const {
    K total{};
    for (node* x = head_; x != nullptr; x = x->next) total += x->key;
    return total;
  }

  bool has(const K& k) const { return locate(k) != nullptr; }

  bool rep_ok() const {
    int n = 0;
    for (node* x = head_; x != nullptr; x = x->next) {
      if (++n > size_) return false;
      if (x->next != nullptr && !(x->key < x->next->key)) return false;
    }
    return n == size_;
  }

 private:
  struct node {
    K key;
    node* next;
  };

  node* locate(const K& k) const {
    for (node* x = head_; x != nullptr; x = x->next)
      if (!before(x->key, k) && !before(k, x->key)) return x;
    return nullptr;
  }

  node* head_ = nullptr;
  int size_ = 0;
  int version_ = 0;
};

}  // namespace tmpl
