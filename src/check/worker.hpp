// The worker side of a check (paper 000, Sec. 6.1): generate the valid structures, run the
// method on every selected input of each, judge it, and report failures to the supervisor.
#pragma once

#include <cstdint>
#include <vector>

#include "check/worker_channel.hpp"
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

// Runs the inputs from the checkpoint in `state` (the input after state.input when a
// checkpoint exists, else from the start), writing failure records to `fd`.
worker_exit run_worker(const check_job& job, worker_state& state, int fd);

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

class argument_tuples;
class korat_search;

// The counterexample numbered `input` of `run`, a failed run of the method on `candidate` (in
// `space`) with argument tuple `tuple`.
counterexample failed_input(std::uint64_t input, method_run& run, const check_job& job, const state_space& space,
                            const std::uint32_t* candidate, const argument_tuples& tuples, std::uint64_t tuple,
                            const graph_labels& labels);

}  // namespace smallscope::detail
