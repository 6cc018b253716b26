// Registers TreeMapLazy (paper 001's TreeMap, subjects/tree_map_lazy.hpp) with the command line.
// `smallscope gen TreeMapLazy n` is every red-black tree of sizes 1..n, one per shape and
// colouring (keys symbolic): 1, 3, 5, 9, 17 trees up to n = 1..5.
#include <vector>

#include "smallscope/subject.hpp"
#include "subjects/registration.hpp"
#include "subjects/tree_map_lazy.hpp"

using namespace subjects::registration;

SMALLSCOPE_SUBJECT(tree_map_lazy) {
  using namespace subjects::tree_map_lazy;
  std::vector<fin_parameter> ps = {
      {"entries", "number of Entry objects (keys are symbolic: at most 16)", 0,
       static_cast<std::int64_t>(smallscope::max_symbolic_keys)},
      {"minSize", "least value of size", 0, static_cast<std::int64_t>(smallscope::max_symbolic_keys)},
      {"maxSize", "greatest value of size", 0, static_cast<std::int64_t>(smallscope::max_symbolic_keys)}};
  auto s = korat_subject(
      "TreeMapLazy",
      "java.util.TreeMap as paper 001 tests it: black root, symbolic keys; tests by rank and gap",
      ps, [](std::int64_t n) { return params{n, n == 0 ? 0 : 1, n}; },
      [ps](std::span<const std::int64_t> p) {
        require_ordered(p, 1, 2, ps);
        const auto rank = smallscope::argument_domain::of(smallscope::ints(0, std::max<std::int64_t>(p[2] - 1, 0)));
        const auto gap = smallscope::argument_domain::of(smallscope::ints(0, p[2]));
        return smallscope::subject_instance{
            fin(p[0], p[1], p[2]), smallscope::make_predicate<&tree::rep_ok_black_root>(),
            {smallscope::make_method<&remove_rank, &remove_rank_post, &tree::rep_ok_black_root>(
                 "remove_rank", {rank}, "remove_rank", "remove_rank_post",
                 "TreeMap.remove of the entry of rank r (nothing when there is none)", "rep_ok_black_root"),
             smallscope::make_method<&put_gap, &put_gap_post, &tree::rep_ok_black_root>(
                 "put_gap", {gap}, "put_gap", "put_gap_post",
                 "TreeMap.put of a new key in gap g of the keys (nothing when g > size)", "rep_ok_black_root"),
             smallscope::make_method<&remove_rank_recolor_bug, &remove_rank_post, &tree::rep_ok_black_root>(
                 "remove_rank_recolor_bug", {rank}, "remove_rank_recolor_bug", "remove_rank_post",
                 "DELIBERATE BUG: fixAfterDeletion leaves a sibling's far child red (one case)",
                 "rep_ok_black_root")}};
      },
      "subjects/tree_map_lazy.hpp");
  s.scope_max = static_cast<std::int64_t>(smallscope::max_symbolic_keys);
  return s;
}
