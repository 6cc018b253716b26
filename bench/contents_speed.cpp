// Contents against Korat's counted array (docs/UNMODIFIED.md, docs/PERFORMANCE.md): the search over
// a bag of up to N keys of K values held in a std::list and in a std::deque (contents.hpp: the
// member is rebuilt from its slots when the invariant reads it) and in a C array with a count
// (set_counted), side by side in one run; each row's median of RUNS, the nanoseconds per
// explored candidate and the ratio to the array. All three must explore the same candidates and
// find the same structures (the program says so and exits 1 otherwise).
//
// usage: smallscope_contents_speed [RUNS] [N] [K]   (defaults 5, 8, 5)
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <functional>
#include <vector>

#include "bags.hpp"
#include "smallscope/contents.hpp"
#include "search_timing.hpp"
#include "smallscope/search.hpp"

namespace bags {
SMALLSCOPE_FIELDS(array_bag, size_, keys_)
SMALLSCOPE_FIELDS(list_bag, keys_)
SMALLSCOPE_FIELDS(deque_bag, keys_)
}  // namespace bags

namespace {

using bench::median;
using bench::run;
using bench::timed;

}  // namespace

int main(int argc, char** argv) {
  const int runs = argc > 1 ? std::atoi(argv[1]) : 5;
  const int n = argc > 2 ? std::atoi(argv[2]) : 8;
  const int k = argc > 3 ? std::atoi(argv[3]) : 5;
  if (runs < 1 || runs > 100 || n < 1 || n > 10 || k < 1 || k > 100) {
    std::fprintf(stderr, "usage: %s [RUNS] [N] [K]  (RUNS in [1, 100], default 5; N in [1, 10], default 8; K in [1, 100], default 5)\n",
                 argv[0]);
    return 2;
  }
  auto array_fin = smallscope::finitization::of<bags::array_bag>("Bag");
  array_fin.set(&bags::array_bag::size_, smallscope::ints(0, n));
  array_fin.set_counted(&bags::array_bag::keys_, &bags::array_bag::size_, smallscope::ints(0, k - 1));
  auto list_fin = smallscope::finitization::of<bags::list_bag>("Bag");
  list_fin.set(&bags::list_bag::keys_, smallscope::sequence_of(smallscope::ints(0, n), smallscope::ints(0, k - 1)));
  auto deque_fin = smallscope::finitization::of<bags::deque_bag>("Bag");
  deque_fin.set(&bags::deque_bag::keys_, smallscope::sequence_of(smallscope::ints(0, n), smallscope::ints(0, k - 1)));
  struct row {
    const char* name;
    std::function<timed()> go;
  };
  const std::vector<row> rows = {
      {"C array + count", [&] { return run(array_fin, smallscope::make_predicate<&bags::array_bag::rep_ok>()); }},
      {"std::list", [&] { return run(list_fin, smallscope::make_predicate<&bags::list_bag::rep_ok>()); }},
      {"std::deque", [&] { return run(deque_fin, smallscope::make_predicate<&bags::deque_bag::rep_ok>()); }},
  };
  std::vector<std::vector<double>> seconds(rows.size());
  std::vector<timed> last(rows.size());
  for (int i = 0; i < runs; ++i)  // the rows alternate within each run
    for (std::size_t r = 0; r < rows.size(); ++r) {
      last[r] = rows[r].go();
      seconds[r].push_back(last[r].seconds);
    }
  std::printf("bag of up to %d keys of %d values, median of %d runs\n", n, k, runs);
  std::printf("%-16s %10s %12s %10s %12s %7s\n", "row", "valid", "explored", "seconds", "ns/candidate", "ratio");
  int status = 0;
  const double base = median(seconds[0]) / static_cast<double>(std::max<std::uint64_t>(last[0].explored, 1));
  for (std::size_t r = 0; r < rows.size(); ++r) {
    if (last[r].valid != last[0].valid || last[r].explored != last[0].explored) {
      std::fprintf(stderr, "%s: %llu/%llu valid/explored against the array's %llu/%llu\n", rows[r].name,
                   static_cast<unsigned long long>(last[r].valid), static_cast<unsigned long long>(last[r].explored),
                   static_cast<unsigned long long>(last[0].valid), static_cast<unsigned long long>(last[0].explored));
      status = 1;
    }
    const double per = median(seconds[r]) / static_cast<double>(std::max<std::uint64_t>(last[r].explored, 1));
    std::printf("%-16s %10llu %12llu %10.3f %12.1f %7.2f\n", rows[r].name, static_cast<unsigned long long>(last[r].valid),
                static_cast<unsigned long long>(last[r].explored), median(seconds[r]), per * 1e9, per / base);
  }
  return status;
}
