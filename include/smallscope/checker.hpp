// Running a check: every input of a scope (or a sample of them) through a target method, each in
// a forked worker so that a crash or a hang is a finding and not the end of the run (paper 000,
// Sec. 6.1 and Sec. 7.2; paper 003, Sec. 5 for counterexamples that name the failed clause).
//
// Inputs are numbered 1, 2, ... in scope order: the search's order of the valid structures,
// and for each structure the argument tuples in odometer order (the last argument fastest).
// Stage: check.
#pragma once

#include <cstdint>
#include <functional>
#include <span>
#include <stdexcept>
#include <string>
#include <vector>

#include "smallscope/check.hpp"
#include "smallscope/cost.hpp"
#include "smallscope/finitization.hpp"
#include "smallscope/options.hpp"
#include "smallscope/report.hpp"
#include "smallscope/search.hpp"
#include "smallscope/stop.hpp"

namespace smallscope {

// Inputs from another engine (paper 003, Sec. 5: TestEra's instances concretized into objects):
// the structures as candidate vectors of the finitization's state space, in order, and an
// oracle that judges a run on structure `index` (0-based) in place of the invariant and the
// postcondition, from the post-state at `now` (copies of the input's objects as `copied` maps
// them) and the arguments. It returns false and names what failed in `failed`.
struct structure_source {
  std::vector<std::vector<std::uint32_t>> candidates;
  std::function<bool(std::size_t index, const void* now, const copy_map& copied, std::span<const std::int64_t> args,
                     std::string& failed)>
      judge;
};

struct check_options {
  double timeout = 0;              // seconds per input; 0: ten times the running median + 1 s
  std::uint64_t stop_after = 0;    // stop after this many failures; 0: never
  std::uint64_t sample = 0;        // check a uniform random sample of this many inputs; 0: all
  std::uint64_t seed = 1;          // of the sample
  std::uint64_t only_input = 0;    // check just this input (1-based); 0: all
  // Workers checking inputs at once: processes that each search the next work unit left (the
  // search cut in its order) and check its inputs. The inputs keep the numbers of one worker,
  // failures and counts are the same. More than one only for a whole black-box check of the
  // search's structures: not with stop_after, sample, only_input, white_box, eq_class,
  // one_per_class or source. 0: as many as the check can use (one per core this process may use,
  // or one for a check that follows the search's order), as generation_options::threads.
  unsigned threads = 1;
  // White-box (paper 000, Sec. 6.2): per argument tuple, search for the candidates where the
  // invariant holds and the method fails, pruning on the fields the method and its oracle read
  // too. Inputs are then numbered by finding, in the search's order.
  bool white_box = false;
  structure_format format = structure_format::text;  // of the post-state pictures
  search_options search;
  // The subject's equivalence classes (paper 002), needed by search.eq_class and
  // search.one_per_class: the inputs are then the structures those yield. Not with white_box.
  eq_class_fn eq_class;
  // The structures to check instead of the search's (a spec's instances); not with white_box,
  // sample or eq_class. Must outlive the check.
  const structure_source* source = nullptr;
  // Polled between inputs (stop.hpp): once true, the workers are stopped and the report holds
  // the inputs checked so far (check_report::interrupted).
  stop_request stop;
  // One shard of the check (many machines, docs/SCALE.md): the search is cut into at least
  // units_per_shard * shard_count units in its order, as gen's shards cut it, and this run
  // checks the units whose number is shard_index (0-based) modulo shard_count, on `threads`
  // workers. Its inputs are numbered as one worker would number them over its own units;
  // check_report::shard_units gives the structures of each, from which the whole check's
  // numbers follow (`smallscope merge`). A black-box check of every input of the search: not
  // with stop_after, sample, only_input, white_box, eq_class, one_per_class or source.
  std::uint64_t shard_index = 0;
  std::uint64_t shard_count = 1;
  std::uint64_t units_per_shard = 32768;
  // Count what the method does on each input (cost.hpp): check_report::cost gives the worst case
  // and the distribution by size. A black-box check (not white_box).
  bool cost = false;
  // Bounds on the cost of every input (cost_bound::parse): an input that passes and costs more
  // than one allows fails, outcome_kind::cost. Measures cost, as `cost` does.
  std::vector<cost_bound> max_cost;
};

// One failed input.
struct counterexample {
  std::uint64_t input = 0;  // 1-based, in scope order
  outcome_kind kind = outcome_kind::passed;
  std::string detail;  // the failed clause, the exception's message, the signal, the limit, the leak
  std::string invariant_clause;  // invariant failures: the clause the invariant names, if any
  std::string result;  // the method's result, when it returned
  // Crashes: the method had returned, and reading its post-state (the invariant, the
  // postcondition or its picture) crashed, on a pointer the method left dangling or corrupt.
  bool returned = false;
  std::vector<std::string> arguments;      // as text: "3", "null", "Object#1"
  std::vector<std::int64_t> integers;      // integer arguments (objects: their index, -1 null)
  std::vector<std::uint32_t> candidate;    // the pre-state: the search's candidate vector
  std::uint32_t objects = 0;               // objects reachable in the pre-state
  std::string post_state;                  // rendered in check_options::format; empty if none
  // Cost failures: the bound as a C++ condition over a method_cost named `cost` ("cost.reads <=
  // 18u"), for the reproducer.
  std::string cost_condition;
};

// The check's figures (figures.hpp): X(name, type, default, rule, help).
#define SMALLSCOPE_CHECK_FIGURES(X)                                                                  \
  X(inputs, std::uint64_t, 0, sum, "inputs checked (white-box: method calls)")                       \
  X(passed, std::uint64_t, 0, sum, "inputs whose postcondition held")                                \
  X(failed, std::uint64_t, 0, sum, "inputs that failed: a finding each")                             \
  X(structures, std::uint64_t, 0, sum, "valid structures generated")                                 \
  X(total_inputs, std::uint64_t, 0, sum, "inputs in the scope (sampling: before sampling)")          \
  X(explored, std::uint64_t, 0, sum, "candidates evaluated (Korat's explored)")                      \
  X(seconds, double, 0, elapsed, "wall seconds of the whole check")                                  \
  X(method_seconds, double, 0, sum, "seconds inside the method and its oracle")                      \
  X(worker_restarts, std::uint64_t, 0, sum, "workers replaced after the code under test ended them") \
  X(threads, unsigned, 1, same, "workers that checked inputs at once")                               \
  X(stopped, bool, false, any, "check_options::stop_after failures reached")                         \
  X(interrupted, bool, false, any, "check_options::stop ended it: the inputs checked so far")

struct check_report {
#define SMALLSCOPE_DETAIL_FIGURE_MEMBER(name, type, def, rule, help) type name = def;
  SMALLSCOPE_CHECK_FIGURES(SMALLSCOPE_DETAIL_FIGURE_MEMBER)
#undef SMALLSCOPE_DETAIL_FIGURE_MEMBER
  std::uint64_t units = 0;  // work units the search was cut into (several workers)
  std::vector<counterexample> failures;  // smallest first: fewest objects, then input order
  // A shard's run (check_options::shard_count > 1): the valid structures of each unit it owns,
  // in order; unit k is the search's unit k * shard_count + shard_index.
  std::vector<std::uint64_t> shard_units;
  // About the finitization and the invariant (a field that multiplies the count, one that never
  // varies, no valid input, an invariant that accepts nearly everything); only when every input
  // of the scope was generated.
  std::vector<std::string> warnings;
  // What the method did on the inputs, when the check measured cost (check_options::cost).
  cost_report cost;
};

// Progress of a long check; called about once a second.
using check_progress = std::function<void(const check_report&)>;

// Workers were killed from outside, again and again on one input (the kernel's out-of-memory
// killer, a user's kill): the machine's fault, not the method's, which is never blamed for it.
class environment_error : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// Checks `method` on every input of `fin` under `invariant`. Throws finitization_error for a
// bad finitization or argument domain. A worker ended by a signal the code under test does not
// raise (SIGKILL without a timeout, SIGTERM, SIGINT, SIGHUP) is replaced and its input run
// again; the third such death on one input throws environment_error.
check_report run_check(const finitization& fin, const predicate& invariant, const target_method& method,
                       const check_options& options, const check_progress& progress = {});

// The number of inputs of the scope: valid structures times argument tuples.
// `stop` (polled per structure) ends the count early.
std::uint64_t count_inputs(const finitization& fin, const predicate& invariant, const target_method& method,
                           const search_options& options = {}, const eq_class_fn& eq_class = {},
                           const stop_request& stop = {});

}  // namespace smallscope
