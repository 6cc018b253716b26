// Paper 001's TreeMap suites (Sec. 5.2-5.4, Tables 2 and 3) on the subjects built with branch
// probes: per size bound N, the trees lazy generation gives (keys symbolic), the black-box suite
// (every deletion and one insertion per tree: paper 001's 84 tests at N = 5) and its branch
// coverage of deleteEntry, fixAfterDeletion and fixAfterInsertion, every test of every tree
// (each rank removed, each gap inserted into), and the white-box suite drawn from those.
//
//   build/release/bench/smallscope_treemap_suites [--max-size N] [--insertion above|middle|below]
#include <fmt/format.h>

#include <chrono>
#include <cstring>
#include <map>
#include <string>

#include "smallscope/drivers/cover.hpp"
#include "smallscope/subject.hpp"
#include "subjects/red_black_tree.hpp"
#include "subjects/tree_map.hpp"
#include "subjects/tree_map_lazy.hpp"

namespace {

std::string helper(const std::string& function) {
  const auto at = function.rfind("::");
  return at == std::string::npos ? function : function.substr(at + 2);
}

std::string coverage(const smallscope::branch_vector& v) {
  std::map<std::string, smallscope::function_branches> by;
  for (const auto& f : smallscope::branches::by_function(v)) by[helper(f.function)] = f;
  std::string out;
  for (const char* name : {"delete_entry", "fix_after_deletion", "fix_after_insertion"}) {
    const auto& f = by[name];
    out += fmt::format(" {:>2}/{:<2} ({:3.0f} %)", f.covered, f.branches, 100.0 * f.covered / std::max(1u, f.branches));
  }
  return out;
}

}  // namespace

int main(int argc, char** argv) {
  int max_size = 6;
  std::string insertion = "middle";
  for (int i = 1; i + 1 < argc; i += 2) {
    if (std::strcmp(argv[i], "--max-size") == 0) max_size = std::atoi(argv[i + 1]);
    if (std::strcmp(argv[i], "--insertion") == 0) insertion = argv[i + 1];
  }
  const auto* s = smallscope::find_subject("TreeMapLazy");
  fmt::print("paper 001's optimum: deleteEntry 19/22 (86 %), fixAfterDeletion 20/20 (100 %), fixAfterInsertion 14/16 (88 %)\n");
  fmt::print("one insertion per tree: {} gap\n\n", insertion);
  fmt::print("{:>2} {:>6} {:>16} | {:>7} {:<42} | {:>6} {:<42} | {:>9} {:>9} {:>7}\n", "N", "trees", "by size", "bb tests",
             "black-box: del, xD, xI", "tests", "every test: del, xD, xI", "wb tests", "wb trees", "seconds");
  for (int n = 1; n <= max_size; ++n) {
    const auto t = s->make(s->scope(n));
    const std::vector<smallscope::target_method> methods = {t.methods[0], t.methods[1]};
    smallscope::cover_options bb;
    bb.select = [&](const smallscope::structure& st, std::size_t m, std::span<const std::int64_t> args) {
      const int size = st.root<subjects::red_black_tree::tree>().size;
      if (m == 0) return args[0] < size;
      const int gap = insertion == "above" ? size : insertion == "below" ? 0 : size / 2;
      return args[0] == gap;
    };
    const auto start = std::chrono::steady_clock::now();
    const auto black = smallscope::cover(t.fin, t.invariant, methods, bb);
    const auto all = smallscope::cover(t.fin, t.invariant, methods);
    const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    std::string sizes, kept;
    for (std::size_t k = 2; k < all.inputs_by_objects.size(); ++k)
      sizes += fmt::format("{}{}", sizes.empty() ? "" : ",", all.inputs_by_objects[k]);
    std::map<std::uint32_t, int> by_objects;
    for (auto o : all.suite_input_objects) by_objects[o]++;
    for (const auto& [o, c] : by_objects) kept += fmt::format("{}{}", kept.empty() ? "" : ",", c);
    fmt::print("{:>2} {:>6} {:>16} | {:>7} {:<42} | {:>6} {:<42} | {:>9} {:>9} {:>7.3f}\n", n, all.inputs, sizes,
               black.tests, coverage(black.covered), all.tests, coverage(all.covered), all.suite.size(),
               fmt::format("{} ({})", all.suite_inputs.size(), kept), seconds);
  }
  fmt::print("\nby size: the trees of 1, 2, ... entries; wb trees: the white-box suite's trees, by size\n");
  // Paper 001, Sec. 5.4: with integer keys in the structures, symbolic keys consider far fewer
  // candidates than a search that enumerates key values. Same invariant, trees of exactly n
  // entries; concrete keys 0..k-1.
  fmt::print("\ncandidates explored for the trees of exactly n entries (valid / explored):\n");
  fmt::print("{:>2} {:>22} {:>22} {:>22}\n", "n", "symbolic keys", "keys 0..n-1", "keys 0..2n");
  const auto pred = smallscope::make_predicate<&subjects::red_black_tree::tree::rep_ok_black_root>();
  auto count = [&](const smallscope::finitization& fin) {
    smallscope::structure_range range(fin, pred);
    for (const auto& st : range) (void)st;
    const auto stats = range.stats();
    return fmt::format("{} / {}", stats.valid, stats.explored);
  };
  for (int n = 1; n <= max_size; ++n)
    fmt::print("{:>2} {:>22} {:>22} {:>22}\n", n, count(subjects::tree_map_lazy::fin(n, n, n)),
               count(subjects::tree_map::fin(n, n, n, n, 1)), count(subjects::tree_map::fin(n, n, n, 2 * n + 1, 1)));
  return 0;
}
