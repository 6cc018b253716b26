// A sorted list that owns its nodes through std::unique_ptr, written as ordinary C++: no
// smallscope type in the classes, the field reads observed by the build step
// (include/smallscope/rewritten/instrument.hpp). Popping the front moves the successor up; the list's
// destructor (implicit: unique_ptr's) frees the rest.
#pragma once

#include <cstdint>
#include <memory>

#include "smallscope/fields.hpp"
#include "smallscope/finitization.hpp"

namespace plain_subjects::owned_list {

struct node {
  std::unique_ptr<node> next;
  int value = 0;
};

class list {
 public:
  // Values strictly increase; size counts the nodes (counting up to size also stops on a cycle).
  bool rep_ok() const {
    int n = 0;
    for (const node* x = head_.get(); x != nullptr; x = x->next.get()) {
      if (++n > size_) return false;
      if (x->next != nullptr && x->value >= x->next->value) return false;
    }
    return n == size_;
  }

  bool pop_front() {
    if (head_ == nullptr) return false;
    head_ = std::move(head_->next);
    --size_;
    return true;
  }

  // Adds v in order; false when present.
  bool insert(int v) {
    std::unique_ptr<node>* at = &head_;
    while (*at != nullptr && (*at)->value < v) at = &(*at)->next;
    if (*at != nullptr && (*at)->value == v) return false;
    auto added = std::make_unique<node>();
    added->value = v;
    added->next = std::move(*at);
    *at = std::move(added);
    ++size_;
    return true;
  }

  // DELIBERATE BUG: unlinks the front node without freeing it.
  bool pop_front_leaky() {
    if (head_ == nullptr) return false;
    node* second = head_->next.release();
    (void)head_.release();
    head_.reset(second);
    --size_;
    return true;
  }

  int size() const { return size_; }
  const node* head() const { return head_.get(); }

 private:
  std::unique_ptr<node> head_;
  int size_ = 0;
};

SMALLSCOPE_FIELDS(node, next, value)
SMALLSCOPE_FIELDS(list, head_, size_)

inline smallscope::finitization fin(int nodes, int max_value) {
  auto f = smallscope::finitization::of<list>("OwnedList");
  auto ns = f.objects<node>("Node", static_cast<std::uint32_t>(nodes));
  f.set(&list::head_, ns.or_null());
  f.set(&list::size_, smallscope::ints(0, nodes));
  f.set(&node::next, ns.or_null());
  f.set(&node::value, smallscope::ints(0, max_value));
  return f;
}

}  // namespace plain_subjects::owned_list
