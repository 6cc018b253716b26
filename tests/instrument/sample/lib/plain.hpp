// Input of tests/instrument/field_reads_test.cpp: a header with no member read, included by the
// unit: copied all the same, so the copies' includes never reach the originals.
#pragma once

namespace sample {
inline int twice(int x) { return 2 * x; }
}  // namespace sample
