// Runs every method of tests/mutate/sample.hpp on fixed inputs and prints the results: built
// once on the original header and once on its mutant schemata (with SMALLSCOPE_SCHEMATA), whose
// mutant is the first argument (0: the original). schemata_test.sh compares the outputs.
#include <cstdio>
#include <cstdlib>

#include "sample.hpp"

int main(int argc, char** argv) {
#ifdef SMALLSCOPE_SCHEMATA
  smallscope::mutation::active = argc > 1 ? std::atoi(argv[1]) : 0;
#else
  (void)argc;
  (void)argv;
#endif
  sample s;
  node a, b;
  s.root = &a;
  a.left = &b;
  std::printf("%d %d %d %d %d ", s.arithmetic(7, 3), s.relational(2, 3), s.equality(&a), s.logical(true, false),
              s.pick(5, 2));
  s.increment();
  s.compound(3);
  std::printf("%d %d %d\n", s.size, s.child(&a) == &b, s.twice(4, 2));
  return 0;
}
