// How far from the true size are the search-size estimates after a fixed time? (docs/PERFORMANCE.md,
// "Scale"). For each row: the whole search's explored count, then `--runs` estimates, each the
// mean of the probes one estimator makes in `--budget-ms` from the root: Knuth's random probe
// and Chen's stratified sampling (korat_search.hpp). Prints the median ratio to the true size
// and the share of runs within 2x.
//
// usage: smallscope_estimate_spread [--budget-ms 30] [--runs 21] [SUBJECT SCOPE]...
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#include "search/korat_search.hpp"
#include "smallscope/subject.hpp"
#include "space/state_space.hpp"

namespace {

using namespace smallscope;
using clock_type = std::chrono::steady_clock;

struct spread {
  double median = 0;
  double within = 0;  // share of runs within 2x
  double probes = 0;  // per run, median
};

template <class Probe>
spread measure(detail::korat_search& search, double truth, int runs, double budget_ms, Probe probe) {
  std::vector<double> ratios, counts;
  std::uint64_t random = 12345;
  for (int r = 0; r < runs; ++r) {
    const auto until = clock_type::now() + std::chrono::microseconds(static_cast<long>(budget_ms * 1000));
    double sum = 0;
    int n = 0;
    do {
      sum += probe(search, random);
      ++n;
    } while (clock_type::now() < until);
    ratios.push_back(sum / n / truth);
    counts.push_back(n);
  }
  std::sort(ratios.begin(), ratios.end());
  std::sort(counts.begin(), counts.end());
  spread s;
  s.median = ratios[ratios.size() / 2];
  s.probes = counts[counts.size() / 2];
  for (double x : ratios) s.within += (x >= 0.5 && x <= 2) ? 1.0 / runs : 0;
  return s;
}

}  // namespace

int main(int argc, char** argv) {
  double budget_ms = 30;
  int runs = 21;
  std::vector<std::pair<std::string, std::int64_t>> rows;
  for (int i = 1; i < argc; ++i) {
    const std::string a = argv[i];
    if (a == "--budget-ms" && i + 1 < argc) budget_ms = std::atof(argv[++i]);
    else if (a == "--runs" && i + 1 < argc) runs = std::atoi(argv[++i]);
    else if (i + 1 < argc) rows.emplace_back(a, std::atoll(argv[++i]));
  }
  if (rows.empty())
    rows = {{"BinaryTree", 11}, {"SearchTree", 8}, {"SinglyLinkedList", 10}, {"DoublyLinkedList", 10},
            {"RedBlackTree", 9}, {"HeapArray", 8}, {"DisjSet", 5}, {"BinomialHeap", 7}};
  std::printf("| subject | scope | explored | Knuth: median ratio | within 2x | probes | stratified: median ratio | "
              "within 2x | probes |\n|---|---:|---:|---:|---:|---:|---:|---:|---:|\n");
  for (const auto& [name, scope] : rows) {
    const auto* s = find_subject(name);
    if (s == nullptr) {
      std::fprintf(stderr, "no subject %s\n", name.c_str());
      return 2;
    }
    const auto instance = s->make(s->scope(scope));
    search_options o;
    detail::korat_search whole(std::make_unique<detail::state_space>(instance.fin.data()), instance.invariant, o);
    while (whole.next()) {
    }
    const double truth = static_cast<double>(whole.stats().explored);
    detail::korat_search prober(std::make_unique<detail::state_space>(instance.fin.data()), instance.invariant, o);
    const std::vector<detail::work_unit> root(1);
    const auto knuth = measure(prober, truth, runs, budget_ms,
                               [&](detail::korat_search& k, std::uint64_t& r) { return k.probe(root[0], r); });
    const auto chen = measure(prober, truth, runs, budget_ms,
                              [&](detail::korat_search& k, std::uint64_t& r) { return k.stratified_probe(root, r); });
    std::printf("| %s | %lld | %.0f | %.2f | %.0f %% | %.0f | %.2f | %.0f %% | %.0f |\n", name.c_str(),
                static_cast<long long>(scope), truth, knuth.median, 100 * knuth.within, knuth.probes, chen.median,
                100 * chen.within, chen.probes);
  }
}
