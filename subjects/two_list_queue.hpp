// TwoListQueue: a bounded FIFO queue kept in two singly linked lists (the "batched queue" of
// functional programming): enqueue pushes onto the rear list (newest first); dequeue pops the
// front list (oldest first) and, only when the front is empty, moves the whole rear onto it
// reversed. One dequeue may cost linear time, yet every element is moved once, so any sequence
// of calls costs amortized constant time per call (docs/COST.md). The seeded performance bug
// dequeue_normalizing moves the rear onto the end of the front on every dequeue: each element
// is still dequeued in order (every postcondition holds, and one call costs linear time at
// most, as a correct dequeue may), but a sequence of dequeues costs quadratic time: a bound on
// each call's cost linear in n passes both, an amortized bound over sequences
// (`explore ... --max-amortized-cost 'reads <= 6'`) tells them apart.
#pragma once

#include <cstdint>
#include <set>
#include <vector>

#include "smallscope/fields.hpp"
#include "smallscope/finitization.hpp"
#include "smallscope/oracle.hpp"
#include "smallscope/small_set.hpp"

namespace subjects::two_list_queue {

struct node {
  smallscope::field<node*> next;
  smallscope::field<int> value;
};
SMALLSCOPE_FIELDS(node, next, value)

struct queue {
  static constexpr int capacity = 16;  // enqueue refuses more: the sequences reach finitely many states
  smallscope::field<node*> front;  // the oldest element first
  smallscope::field<node*> rear;   // the newest element first
  smallscope::field<int> size;

  // Adds value at the back; false when the queue holds `capacity` elements.
  bool enqueue(int value) {
    if (size == capacity) return false;
    node* added = new node{};
    added->value = value;
    added->next = rear;
    rear = added;
    ++size;
    return true;
  }

  // Removes and returns the oldest value; -1 when the queue is empty.
  int dequeue() { return dequeue_with(/*normalize=*/false); }

  // DELIBERATE BUG (a performance bug): moves the rear list onto the end of the front list on
  // every dequeue, walking the whole front each time.
  int dequeue_normalizing() { return dequeue_with(/*normalize=*/true); }

  // Two acyclic lists with no node in common, `size` nodes in all, at most `capacity`.
  bool rep_ok() const {
    smallscope::small_set<const node*> seen;
    for (const node* list : {static_cast<const node*>(front), static_cast<const node*>(rear)})
      for (const node* n = list; n != nullptr; n = n->next)
        if (!seen.insert(n)) return false;
    return static_cast<int>(seen.size()) == size && size <= capacity;
  }

 private:
  int dequeue_with(bool normalize) {
    if (normalize || front == nullptr) {
      node* moved = nullptr;  // the rear reversed: its oldest first
      for (node* n = rear; n != nullptr;) {
        node* next = n->next;
        n->next = moved;
        moved = n;
        n = next;
      }
      rear = nullptr;
      if (front == nullptr) {
        front = moved;
      } else {
        node* last = front;
        while (last->next != nullptr) last = last->next;
        last->next = moved;
      }
    }
    node* first = front;
    if (first == nullptr) return -1;
    front = first->next;
    const int value = first->value;
    delete first;
    --size;
    return value;
  }
};
SMALLSCOPE_FIELDS(queue, front, rear, size)

// Up to `nodes` nodes holding values 0..values-1 (enqueue's argument domain too).
inline smallscope::finitization fin(std::int64_t nodes, std::int64_t values) {
  auto f = smallscope::finitization::of<queue>("TwoListQueue");
  auto n = f.objects<node>("Node", static_cast<std::uint32_t>(nodes));
  f.set(&queue::front, n.or_null());
  f.set(&queue::rear, n.or_null());
  f.set(&queue::size, smallscope::ints(0, nodes));
  f.set(&node::next, n.or_null());
  f.set(&node::value, smallscope::ints(0, values - 1));
  return f;
}

// The abstract value: the values oldest first (front, then the rear reversed); empty and
// `acyclic` false when a walk meets a node twice.
struct contents {
  std::vector<int> values;
  bool acyclic = true;
};
inline contents contents_of(const queue& q) {
  contents c;
  std::set<const node*> seen;
  std::vector<int> rear;
  for (const node* n = q.front; n != nullptr; n = n->next) {
    if (!seen.insert(n).second) return {{}, false};
    c.values.push_back(n->value);
  }
  for (const node* n = q.rear; n != nullptr; n = n->next) {
    if (!seen.insert(n).second) return {{}, false};
    rear.push_back(n->value);
  }
  c.values.insert(c.values.end(), rear.rbegin(), rear.rend());
  return c;
}

inline void enqueue_post(smallscope::verdict& v, const queue& old, const queue& now, bool result, int value) {
  const contents before = contents_of(old), after = contents_of(now);
  const bool added = old.size < queue::capacity;
  std::vector<int> expected = before.values;
  if (added) expected.push_back(value);
  v.require(after.acyclic, "structure is acyclic");
  v.require(result == added, "result is true iff the queue was not full");
  v.require(after.values == expected, "the values are the old ones, then value");
  v.require(now.size == old.size + (added ? 1 : 0), "size grows by one exactly when value is added");
}

inline void dequeue_post(smallscope::verdict& v, const queue& old, const queue& now, int result) {
  const contents before = contents_of(old), after = contents_of(now);
  v.require(after.acyclic, "structure is acyclic");
  if (before.values.empty()) {
    v.require(result == -1, "result is -1 on an empty queue");
    v.require(after.values.empty() && now.size == 0, "an empty queue stays empty");
    return;
  }
  v.require(result == before.values.front(), "result is the oldest value");
  v.require(after.values == std::vector<int>(before.values.begin() + 1, before.values.end()),
            "the values are the old ones without the oldest");
  v.require(now.size == old.size - 1, "size shrinks by one");
}

}  // namespace subjects::two_list_queue
