// The worker side of a check (paper 000, Sec. 6.1): generate the valid structures, run the
// method on every selected input of each, judge it, and report failures to the supervisor.
#pragma once

#include <cstdint>
#include <vector>

#include "check/input_space.hpp"
#include "check/worker_channel.hpp"
#include "search/work_unit.hpp"
#include "smallscope/checker.hpp"

namespace smallscope::detail {

struct check_job {
  const finitization* fin = nullptr;
  const predicate* invariant = nullptr;
  const target_method* method = nullptr;
  const check_options* options = nullptr;
  const std::vector<std::uint64_t>* selection = nullptr;  // sorted input numbers; empty: all
};

enum class worker_exit : int { finished = 0, stopped = 3, error = 4 };

// Runs the inputs from the checkpoint in `state` (the first input its ledger does not count
// when a checkpoint exists, else from the start), writing failure records to `fd`.
worker_exit run_worker(const check_job& job, worker_state& state, int fd);

// One of several workers: takes the board's units in turn and checks the inputs of their
// structures, numbered within the unit. A worker that died in a unit (its ledger's unit) is
// followed by one that searches that unit again, checking from the first input not counted.
worker_exit run_unit_worker(const check_job& job, worker_state& state, unit_board& board,
                            const std::vector<work_unit>& units, int fd);

// Adds a valid structure to the sample the spec warnings look at (counted in `draft`).
void offer_sample(worker_state& state, ledger& draft, const std::uint32_t* candidate, std::uint32_t slot_count);

// Labels of the objects of a graph: input objects by their label in the space, objects the
// method allocated as "new Class#k".
class graph_labels {
 public:
  explicit graph_labels(const state_space& space);
  // `copied` maps input objects to their copies (a post-state); empty for an input itself.
  std::vector<std::string> label(const object_graph& graph,
                                 const std::vector<std::pair<const void*, const void*>>& copied) const;
  // The label of an input object (in the arena): "Node#2".
  std::string input_label(const void* object) const;

 private:
  const state_space& space_;
};

class korat_search;

// Runs a method on the inputs of one structure, now in the arena: judges each, stores where it
// is in the shared state before each input, and sends failures down the pipe.
class input_checker {
 public:
  input_checker(const check_job& job, const state_space& space, worker_state& state, int fd);
  std::uint64_t per_structure() const { return tuples_.count(); }
  // Checks the argument tuples [first, count) of structure number `structure` (1-based; the
  // inputs are numbered from it, with the job's selection), whose candidate is `current`;
  // failures go with `unit`. False when --stop-after is reached.
  bool check(std::uint64_t structure, std::uint64_t first, const std::uint32_t* current, std::uint64_t unit = 0);

 private:
  // A spec's oracle judges the run on the structure now in the arena.
  struct judge_context {
    const structure_source* source;
    std::size_t index;
  };
  const check_job& job_;
  const state_space& space_;
  worker_state& state_;
  int fd_;
  const argument_tuples tuples_;
  const graph_labels labels_;
  time_limit times_;
  judge_context judging_;
  bool measures_cost_;              // check_options::cost or max_cost
  std::uint64_t size_ = 0;          // of the structure being checked
  run_hooks spec_hooks_;
  std::vector<std::int64_t> args_;
};

// The counterexample numbered `input` of `run`, a failed run of the method on `candidate` (in
// `space`) with argument tuple `tuple`.
counterexample failed_input(std::uint64_t input, method_run& run, const check_job& job, const state_space& space,
                            const std::uint32_t* candidate, const argument_tuples& tuples, std::uint64_t tuple,
                            const graph_labels& labels);

}  // namespace smallscope::detail
