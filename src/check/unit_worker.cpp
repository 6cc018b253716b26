// A check on several workers (paper 000, Sec. 6.1, spread over processes): the search is cut
// into work units in its order (parallel_search.hpp's plan), and each worker takes the next
// unit left, searches it and checks the inputs of its structures. See worker.hpp.
#include <algorithm>

#include "check/worker.hpp"
#include "search/korat_search.hpp"

namespace smallscope::detail {

worker_exit run_unit_worker(const check_job& job, worker_state& state, unit_board& board,
                            const std::vector<work_unit>& units, int fd) {
  const check_options& options = *job.options;
  korat_search search(std::make_unique<state_space>(job.fin->data()), *job.invariant, options.search);
  search.keep_watchdog();
  const state_space& space = search.space();
  input_checker inputs(job, space, state, fd);
  const std::uint64_t per_structure = inputs.per_structure();
  while (true) {
    // A worker that died in its unit checked the unit's structures up to `resumed`, and of
    // structure `resumed` the inputs its ledger counts.
    const std::uint64_t held = state.book().unit;
    const std::uint64_t unit = claim_unit(board, state);
    if (unit == 0) return worker_exit::finished;
    at_step("unit");
    const std::uint64_t resumed = unit == held ? state.book().structure : 0;
    const std::uint64_t explored_before = search.stats().explored;
    search.start(units[unit - 1]);
    std::uint64_t structure = 0;
    while (search.next()) {
      ++structure;
      std::uint64_t first = 0;
      if (structure < resumed) continue;  // checked before the worker died
      if (structure == resumed) {
        first = first_tuple_left(state.book(), structure, per_structure);
      } else {
        at_step("structure");
        ledger& d = state.checkpoint(structure, search.candidate(), {});
        d.explored = search.stats().explored - explored_before;  // within the unit, so far
        ++d.valid;
        offer_sample(state, d, search.candidate(), space.slot_count());
        state.commit();
        at_step("checkpoint");
      }
      if (!inputs.check(structure, first, search.candidate(), unit)) return worker_exit::stopped;
    }
    auto& counts = board.units()[unit - 1];
    counts.structures.store(structure);
    counts.explored.store(search.stats().explored - explored_before);
    counts.done.store(true);
    at_step("unit done");
  }
}

}  // namespace smallscope::detail
