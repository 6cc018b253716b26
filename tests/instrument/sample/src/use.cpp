// A unit that includes the sample (tests/instrument/field_reads_test.cpp).
#include "sample.hpp"

int use(sample::node* n) {
  sample::box<int> b{0};
  return sample::reads(n, b);
}
