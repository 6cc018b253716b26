// A sorted list of int keys whose methods carry mutant schemata written by hand (the guards
// smallscope-mutants writes, include/smallscope/rewritten/mutation.hpp), one mutant per kill criterion of
// paper 000 Sec. 7.2, plus an equivalent mutant and one that no input reaches:
//   1 sum skips the first node          -> output (the result differs)
//   2 sum's `total * 1` for `total / 1`  -> equivalent, survives
//   3 insert at the head                -> invariant (the keys are no longer sorted)
//   4 insert throws at the end          -> exception
//   5 insert loops forever              -> timeout
//   6 insert allocates without bound    -> memory (out of the worker's limit)
//   7 insert aborts                     -> crash
//   8 insert of a negative key          -> unreached (the keys are >= 0)
//   9 insert of a present key removes it -> output (the post-state differs, the result does not)
//  10 the destructor aborts             -> unreached (only the harness's release runs it)
#pragma once

#include <signal.h>
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

#include "smallscope/fields.hpp"
#include "smallscope/finitization.hpp"
#include "smallscope/rewritten/mutation.hpp"
#include "smallscope/oracle.hpp"
#include "smallscope/small_set.hpp"

namespace guarded {

using smallscope::mutation::chosen;

// Files whose absence has sum_killed_once's process killed from outside (SIGKILL, as the kernel's
// out-of-memory killer does): [0] the first time it runs in the original, [1] in mutant 1. The
// file is made first, so the run after goes through. Empty: no kill. `outside_kills_always`:
// the original is killed every time.
inline std::string outside_kills[2];
inline bool outside_kills_always = false;

struct node {
  smallscope::field<int> key;
  smallscope::field<node*> next;
};
SMALLSCOPE_FIELDS(node, key, next)

struct list {
  smallscope::field<node*> head;
  smallscope::field<int> size;

  ~list() {
    if (chosen(10, 1) == 0) std::abort();  // mutant 10
  }

  bool rep_ok() const {
    smallscope::small_set<const node*> seen;
    int previous = -1;
    for (const node* n = head; n != nullptr; n = n->next) {
      if (!seen.insert(n) || n->key <= previous) return false;
      previous = n->key;
    }
    return static_cast<int>(seen.size()) == size;
  }

  int sum() const {
    int total = 0;
    const node* n = head;
    const int k = chosen(1, 2);
    if (k == 0 && n != nullptr) n = n->next;  // mutant 1
    for (; n != nullptr; n = n->next) total += n->key;
    return k == 1 ? total * 1 : total / 1;  // mutant 2 (equivalent)
  }

  bool insert(int key) {
    if (key < 0 && chosen(8, 1) == 0) return true;  // mutant 8: no input has a negative key
    node* before = nullptr;
    node* at = head;
    while (at != nullptr && at->key < key) {
      before = at;
      at = at->next;
    }
    if (at != nullptr && at->key == key) {
      if (chosen(9, 1) == 0) {  // mutant 9: removes the key, keeps the invariant, returns false
        (before == nullptr ? head : before->next) = at->next;
        delete at;
        --size;
      }
      return false;
    }
    switch (chosen(3, 5)) {
      case 0: before = nullptr; at = head; break;  // mutant 3: at the head
      case 1: if (at == nullptr) throw std::runtime_error("mutant 4"); break;
      case 2:  // mutant 5
        for (volatile int spin = 0;;) {
          const int seen = spin;
          spin = seen + 1;
        }
      case 3: {  // mutant 6: 64 MiB at a time, up to 4 GiB
        std::vector<std::unique_ptr<char[]>> blocks;
        for (int i = 0; i < 64; ++i) blocks.emplace_back(new char[64u << 20]);
        break;
      }
      case 4: std::abort();  // mutant 7
      default: break;
    }
    node* added = new node{};
    added->key = key;
    added->next = at;
    (before == nullptr ? head : before->next) = added;
    ++size;
    return true;
  }

  // sum, killed from outside as `outside_kills` says.
  int sum_killed_once() const {
    const int running = smallscope::mutation::active;
    if (running == 0 && outside_kills_always) ::raise(SIGKILL);
    if ((running == 0 || running == 1) && !outside_kills[running].empty() &&
        ::access(outside_kills[running].c_str(), F_OK) != 0) {
      std::fclose(std::fopen(outside_kills[running].c_str(), "w"));
      ::raise(SIGKILL);
    }
    return sum();
  }

  // The original itself crashes on every full list (no mutant): its own finding, on several inputs.
  int last() const {
    if (size == 3) std::abort();
    return size;
  }
};
SMALLSCOPE_FIELDS(list, head, size)

inline smallscope::finitization fin(int nodes, int keys) {
  auto f = smallscope::finitization::of<list>("GuardedList");
  auto n = f.objects<node>("Node", static_cast<std::uint32_t>(nodes));
  f.set(&list::head, n.or_null());
  f.set(&list::size, smallscope::ints(0, nodes));
  f.set(&node::next, n.or_null());
  f.set(&node::key, smallscope::ints(0, keys - 1));
  return f;
}

// The oracle of the check harness; mutation analysis judges by the invariant and the output.
inline void sum_post(smallscope::verdict&, const list&, const list&, int) {}
inline void insert_post(smallscope::verdict&, const list&, const list&, bool, int) {}
// An oracle the original fails on every insert of 2 (its own failure, one per such input).
inline void insert_not_two_post(smallscope::verdict& v, const list&, const list&, bool, int key) {
  v.require(key != 2, "no insert of 2");
}
inline void sum_killed_once_post(smallscope::verdict&, const list&, const list&, int) {}
inline void last_post(smallscope::verdict&, const list&, const list&, int) {}

}  // namespace guarded
