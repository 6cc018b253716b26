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
    std::uint64_t unit = state.unit.load();
    // A worker that died in this unit checked its structures up to `resumed`, and structure
    // `resumed` up to its input state.input.
    const std::uint64_t resumed = unit != 0 ? state.structure.load() : 0;
    if (unit == 0) {
      const std::uint64_t taken = board.next.fetch_add(1);
      if (taken >= board.count) return worker_exit::finished;
      unit = taken + 1;
      state.structure.store(0);
      state.unit.store(unit);
    }
    const std::uint64_t explored_before = search.stats().explored;
    search.start(units[unit - 1]);
    std::uint64_t structure = 0;
    while (search.next()) {
      ++structure;
      std::uint64_t first = 0;
      if (structure < resumed) continue;  // checked before the worker died
      if (structure == resumed) {
        first = (state.input.load() - 1) % per_structure + (state.redo.exchange(false) ? 0 : 1);
      } else {
        std::copy(search.candidate(), search.candidate() + space.slot_count(), state.candidate());
        state.structure.store(structure);
        state.explored.store(search.stats().explored - explored_before);  // within the unit, so far
        state.valid.fetch_add(1);
        offer_sample(state, search.candidate(), space.slot_count());
      }
      if (!inputs.check(structure, first, search.candidate(), unit)) return worker_exit::stopped;
    }
    auto& counts = board.units()[unit - 1];
    counts.structures.store(structure);
    counts.explored.store(search.stats().explored - explored_before);
    counts.done.store(true);
    state.unit.store(0);
  }
}

}  // namespace smallscope::detail
