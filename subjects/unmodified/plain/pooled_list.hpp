// A sorted list whose nodes come from a free list of their own class, written as pool-backed
// containers are: `node` has static operator new and delete, a deleted node goes on the free list
// and the next new node takes it back; the memory itself is never returned. Nothing in it knows
// about smallscope: smallscope-instrument observes its field reads and wraps its allocation
// functions so that the allocation watch sees each node handed out and taken back
// (src/instrument/class_allocation.hpp). tests/unmodified/pooled_list_test.cpp checks it.
#pragma once

#include <cstddef>
#include <cstdint>
#include <new>

#include "smallscope/fields.hpp"
#include "smallscope/finitization.hpp"

namespace plain_subjects::pooled_list {

class node {
 public:
  node* next = nullptr;
  int value = 0;

  static void* operator new(std::size_t bytes) {
    if (bytes == sizeof(node) && free_ != nullptr) {
      free_slot* const slot = free_;
      free_ = slot->next_free;
      return slot;
    }
    return ::operator new(bytes);
  }
  static void operator delete(void* p, std::size_t bytes) {
    if (p == nullptr) return;
    if (bytes != sizeof(node)) {
      ::operator delete(p);
      return;
    }
    auto* const slot = static_cast<free_slot*>(p);
    slot->next_free = free_;
    free_ = slot;
  }

 private:
  struct free_slot {
    free_slot* next_free;
  };
  static inline free_slot* free_ = nullptr;
};

class list {
 public:
  list() = default;
  list(const list&) = delete;
  list& operator=(const list&) = delete;
  ~list() {
    while (head_ != nullptr) {
      node* const next = head_->next;
      delete head_;
      head_ = next;
    }
  }

  // Values strictly increase; size counts the nodes (counting up to size also stops on a cycle).
  bool rep_ok() const {
    int n = 0;
    for (const node* x = head_; x != nullptr; x = x->next) {
      if (++n > size_) return false;
      if (x->next != nullptr && x->value >= x->next->value) return false;
    }
    return n == size_;
  }

  bool pop_front() {
    if (head_ == nullptr) return false;
    node* const first = head_;
    head_ = first->next;
    delete first;
    --size_;
    return true;
  }

  // Adds v in order; false when present.
  bool insert(int v) {
    node** at = &head_;
    while (*at != nullptr && (*at)->value < v) at = &(*at)->next;
    if (*at != nullptr && (*at)->value == v) return false;
    node* const added = new node;
    added->value = v;
    added->next = *at;
    *at = added;
    ++size_;
    return true;
  }

  // DELIBERATE BUG: unlinks the front node and never deletes it.
  bool pop_front_leaky() {
    if (head_ == nullptr) return false;
    head_ = head_->next;
    --size_;
    return true;
  }

  // DELIBERATE BUG: when v is absent, takes a node for it and loses it.
  bool insert_lost(int v) {
    for (const node* x = head_; x != nullptr; x = x->next)
      if (x->value == v) return false;
    node* const added = new node;
    added->value = v;
    return true;
  }

  int size() const { return size_; }
  const node* head() const { return head_; }

 private:
  node* head_ = nullptr;
  int size_ = 0;
};

SMALLSCOPE_FIELDS(node, next, value)
SMALLSCOPE_FIELDS(list, head_, size_)

inline smallscope::finitization fin(int nodes, int max_value) {
  auto f = smallscope::finitization::of<list>("PooledList");
  auto ns = f.objects<node>("Node", static_cast<std::uint32_t>(nodes));
  f.set(&list::head_, ns.or_null());
  f.set(&list::size_, smallscope::ints(0, nodes));
  f.set(&node::next, ns.or_null());
  f.set(&node::value, smallscope::ints(0, max_value));
  return f;
}

}  // namespace plain_subjects::pooled_list
