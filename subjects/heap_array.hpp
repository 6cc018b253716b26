// HeapArray, ported from Korat 1.0's example (examples/korat/examples/heaparray): a max-heap
// in an int array of bounded length, with a size; unused cells hold -1. The array is Korat's
// container array (createArraySet): a length slot plus element slots. The invariant reads the
// fields in the Java repOK's order, so the counts equal Korat's.
#pragma once

#include <cstdint>

#include "smallscope/array.hpp"
#include "smallscope/fields.hpp"
#include "smallscope/finitization.hpp"

namespace subjects::heap_array {

struct heap {
  smallscope::field<int> size;
  smallscope::array<int> array;

  // 0 <= size <= length; cells below size hold keys (not -1) no greater than their parent;
  // cells from size on hold -1.
  bool rep_ok() const {
    const int n = size;
    const int length = array.length();
    if (n < 0 || n > length) return false;
    for (int i = 0; i < n; ++i) {
      const int element = array[i];
      if (element == -1) return false;
      if (i > 0 && element > array[(i - 1) / 2]) return false;
    }
    for (int i = n; i < length; ++i)
      if (array[i] != -1) return false;
    return true;
  }
};
SMALLSCOPE_FIELDS(heap, size, array)

// Korat's finHeapArray(maxSize, maxArrayLength, maxArrayValue).
inline smallscope::finitization fin(std::int64_t max_size, std::int64_t max_length, std::int64_t max_value) {
  auto f = smallscope::finitization::of<heap>("HeapArray");
  f.set(&heap::size, smallscope::ints(0, max_size));
  f.set(&heap::array, smallscope::ints(0, max_length), smallscope::ints(-1, max_value));
  return f;
}

}  // namespace subjects::heap_array
