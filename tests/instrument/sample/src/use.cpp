// A unit that includes the sample (tests/instrument/field_reads_test.cpp).
#include "plain.hpp"
#include "sample.hpp"

int use(sample::node* n) {
  sample::box<int> b{0};
  sample::counted<int, 4> c;
  sample::stack s;
  return sample::reads(n, b) + c.key(0) + c.sorted() + c.leaf() + s.ok() + sample::twice(1);
}
