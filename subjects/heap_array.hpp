// HeapArray, ported from Korat 1.0's example (examples/korat/examples/heaparray): a max-heap
// in an int array of bounded length, with a size; unused cells hold -1. The array is Korat's
// container array (createArraySet): a length slot plus element slots. The invariant reads the
// fields in the Java repOK's order, so the counts equal Korat's.
//
// The target methods insert and extract_max are a priority queue's (java.util.PriorityQueue's
// siftUp and siftDown, for a max-heap); the array's length is fixed, so they never allocate.
// Their postconditions are the oracle of black-box testing (paper 000, Sec. 6.1).
#pragma once

#include <algorithm>
#include <cstdint>
#include <limits>
#include <set>
#include <string>

#include "smallscope/array.hpp"
#include "smallscope/fields.hpp"
#include "smallscope/finitization.hpp"
#include "smallscope/generators.hpp"
#include "smallscope/oracle.hpp"

namespace subjects::heap_array {

struct heap {
  static constexpr int max_length = 64;  // the registry's bound on every size parameter

  smallscope::field<int> size;
  smallscope::array<int> array;

  // Adds key and restores the heap order (sift up); returns whether it did. Returns false and
  // changes nothing when the array is full (size == array.length()) or key is -1, the mark of
  // a free cell. Interesting arguments: a key greater than all (it rises to the root), one
  // equal to a present key, one smaller than all, and -1; on a full and a non-full heap.
  bool insert(int key) {
    if (key == -1 || size == array.length()) return false;
    int k = size;
    while (k > 0) {
      const int parent = (k - 1) / 2;
      const int e = array[parent];
      if (key <= e) break;
      array[k] = e;
      k = parent;
    }
    array[k] = key;
    ++size;
    return true;
  }

  // Removes and returns the greatest key, or returns -1 when the heap is empty: the last key
  // moves to the root and sinks (sift down), and the freed cell gets -1. No argument.
  int extract_max() {
    if (size == 0) return -1;
    const int result = array[0];
    const int n = --size;
    const int moved = array[n];
    array[n] = -1;
    if (n == 0) return result;
    int k = 0;
    while (k < n / 2) {  // k has a child
      int child = 2 * k + 1;  // the greater child
      if (child + 1 < n && array[child + 1] > array[child]) ++child;
      const int c = array[child];
      if (moved >= c) break;
      array[k] = c;
      k = child;
    }
    array[k] = moved;
    return result;
  }

  // 0 <= size <= length; cells below size hold keys (not -1) no greater than their parent;
  // cells from size on hold -1. Java's repOK reads a parent again for each child; this reads
  // each cell once and keeps it, which gives the same first-read order (a parent comes before
  // its children), so the search sees the same field-access stack.
  bool rep_ok() const {
    const int n = size;
    const int length = array.length();
    if (n < 0 || n > length) return false;
    int cell[max_length];
    if (n > 0 && (cell[0] = array[0]) == -1) return false;
    for (unsigned i = 1; i < static_cast<unsigned>(n); ++i) {  // cell i's parent is (i - 1) / 2
      const int element = cell[i] = array[static_cast<int>(i)];
      if (element == -1 || element > cell[(i - 1) >> 1]) return false;
    }
    for (int i = n; i < length; ++i)
      if (array[i] != -1) return false;
    return true;
  }

  // rep_ok with dedicated generators (paper 000, Sec. 5), in rep_ok's read order: each key
  // takes only the values from 0 up to its parent's key, each free cell only -1. The same heaps
  // as rep_ok.
  bool rep_ok_generators() const {
    const int n = size;
    const int length = array.length();
    if (n < 0 || n > length) return false;
    int cell[max_length];
    if (n > 0) {
      if (!smallscope::is_in(array[0], 0, std::numeric_limits<int>::max())) return false;
      cell[0] = array[0];
    }
    for (unsigned i = 1; i < static_cast<unsigned>(n); ++i) {
      if (!smallscope::is_in(array[static_cast<int>(i)], 0, cell[(i - 1) >> 1])) return false;
      cell[i] = array[static_cast<int>(i)];
    }
    for (int i = n; i < length; ++i)
      if (!smallscope::equals(array[i], -1)) return false;
    return true;
  }
};
SMALLSCOPE_FIELDS(heap, size, array)

// Korat's finHeapArray(maxSize, maxArrayLength, maxArrayValue).
inline smallscope::finitization fin(std::int64_t max_size, std::int64_t max_length, std::int64_t max_value) {
  if (max_length > heap::max_length)
    throw smallscope::finitization_error("HeapArray: maxArrayLength " + std::to_string(max_length) + " is over " +
                                         std::to_string(heap::max_length));
  auto f = smallscope::finitization::of<heap>("HeapArray");
  f.set(&heap::size, smallscope::ints(0, max_size));
  f.set(&heap::array, smallscope::ints(0, max_length), smallscope::ints(-1, max_value));
  return f;
}

// Postconditions (paper 000, Sec. 6.1): `old` is a deep copy of the pre-state (with array
// storage of its own), `now` the post-state. They compare abstract values (Sec. 6.3: the heap
// as the multiset of its keys) and never write fields.

// The abstract value: the keys in cells 0..size-1. in_bounds says whether 0 <= size <= length
// <= capacity; otherwise only the cells that exist are read.
struct abstract_heap {
  std::multiset<int> keys;
  bool in_bounds = true;
};

inline abstract_heap abstraction(const heap& h) {
  abstract_heap a;
  const int n = h.size;
  const int length = h.array.length();
  a.in_bounds = 0 <= n && n <= length && length <= h.array.capacity();
  for (int i = 0; i < std::min({n, length, h.array.capacity()}); ++i) a.keys.insert(h.array[i]);
  return a;
}

inline void insert_post(smallscope::verdict& v, const heap& old, const heap& now, bool result, int key) {
  const abstract_heap before = abstraction(old);
  const abstract_heap after = abstraction(now);
  const bool inserted = key != -1 && old.size < old.array.length();
  std::multiset<int> expected = before.keys;
  if (inserted) expected.insert(key);
  v.require(now.array.length() == old.array.length(), "the array's length is unchanged");
  v.require(after.in_bounds, "size is within the array");
  v.require(result == inserted, "result is true iff there was room and key is not -1");
  v.require(after.keys == expected, "keys are the old keys plus key");
  v.require(now.size == old.size + (inserted ? 1 : 0), "size grows by one exactly when key is inserted");
}

inline void extract_max_post(smallscope::verdict& v, const heap& old, const heap& now, int result) {
  const abstract_heap before = abstraction(old);
  const abstract_heap after = abstraction(now);
  const bool empty = before.keys.empty();
  const int greatest = empty ? -1 : *before.keys.rbegin();
  std::multiset<int> expected = before.keys;
  if (!empty) expected.erase(expected.find(greatest));
  const int freed = old.size - 1;  // the cell that extract_max frees
  const bool freed_cell_free =
      empty || (freed < std::min(now.array.length(), now.array.capacity()) && now.array[freed] == -1);
  v.require(now.array.length() == old.array.length(), "the array's length is unchanged");
  v.require(after.in_bounds, "size is within the array");
  v.require(result == greatest, "result is the greatest key, or -1 when empty");
  v.require(after.keys == expected, "keys are the old keys minus the greatest");
  v.require(now.size == old.size - (empty ? 0 : 1), "size shrinks by one unless the heap was empty");
  v.require(freed_cell_free, "the freed cell holds -1");
}

}  // namespace subjects::heap_array
