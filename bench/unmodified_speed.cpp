// Classes as they are against field<T> (docs/UNMODIFIED.md, docs/PERFORMANCE.md): the search on
// Korat's BinaryTree, RedBlackTree and HeapArray written in plain C++ (bench/unmodified/
// plain_korat.hpp, compiled from the copy smallscope-instrument rewrites) and on their field<T>
// ports (subjects/), side by side in one run: the two runs of a row alternate, each row's median
// of RUNS, and the ratio plain / field. Both must explore the same candidates and find the same
// structures (the program says so and exits 1 otherwise).
//
// usage: smallscope_unmodified_speed [RUNS]   (default 5)
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <functional>
#include <string>
#include <vector>

#include "plain_korat.hpp"
#include "search_timing.hpp"
#include "smallscope/search.hpp"
#include "subjects/binary_tree.hpp"
#include "subjects/heap_array.hpp"
#include "subjects/red_black_tree.hpp"

namespace {

using bench::median;
using bench::run;
using bench::timed;

struct row {
  const char* name;
  std::function<timed()> plain, field;
};

}  // namespace

int main(int argc, char** argv) {
  const int runs = argc > 1 ? std::atoi(argv[1]) : 5;
  if (runs < 1 || runs > 100) {
    std::fprintf(stderr, "usage: %s [RUNS]  (RUNS in [1, 100], default 5)\n", argv[0]);
    return 2;
  }
  namespace pbt = plain_korat::binary_tree;
  namespace prb = plain_korat::red_black_tree;
  namespace pha = plain_korat::heap_array;
  const std::vector<row> rows = {
      {"BinaryTree 12", [] { return run(pbt::fin(12, 12, 12), smallscope::make_predicate<&pbt::tree::rep_ok>()); },
       [] {
         return run(subjects::binary_tree::fin(12, 12, 12),
                    smallscope::make_predicate<&subjects::binary_tree::tree::rep_ok>());
       }},
      {"RedBlackTree 10",
       [] { return run(prb::fin(10, 10, 10, 10), smallscope::make_predicate<&prb::tree::rep_ok>()); },
       [] {
         return run(subjects::red_black_tree::fin(10, 10, 10, 10),
                    smallscope::make_predicate<&subjects::red_black_tree::tree::rep_ok>());
       }},
      {"HeapArray 9", [] { return run(pha::fin(9, 9, 9), smallscope::make_predicate<&pha::heap::rep_ok>()); },
       [] {
         return run(subjects::heap_array::fin(9, 9, 9),
                    smallscope::make_predicate<&subjects::heap_array::heap::rep_ok>());
       }},
  };
  std::printf("%-16s %10s %12s %10s %10s %7s\n", "row", "valid", "explored", "plain s", "field s", "ratio");
  int status = 0;
  for (const auto& r : rows) {
    std::vector<double> plain, field;
    timed p{}, f{};
    for (int i = 0; i < runs; ++i) {
      p = r.plain();
      f = r.field();
      plain.push_back(p.seconds);
      field.push_back(f.seconds);
    }
    if (p.valid != f.valid || p.explored != f.explored) {
      std::fprintf(stderr, "%s: the ports differ: %llu/%llu against %llu/%llu valid/explored\n", r.name,
                   static_cast<unsigned long long>(p.valid), static_cast<unsigned long long>(p.explored),
                   static_cast<unsigned long long>(f.valid), static_cast<unsigned long long>(f.explored));
      status = 1;
    }
    const double mp = median(plain), mf = median(field);
    std::printf("%-16s %10llu %12llu %10.3f %10.3f %7.3f\n", r.name, static_cast<unsigned long long>(p.valid),
                static_cast<unsigned long long>(p.explored), mp, mf, mp / mf);
  }
  return status;
}
