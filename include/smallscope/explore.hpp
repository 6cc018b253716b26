// API-sequence exploration, "model checking as testing" (paper 001, Sec. 4.1 and 5.1): every
// sequence of calls from a set (e.g. put(k) and remove(k) for k in a domain), from the empty
// structure, breadth first, with state matching on the structure's canonical form (heap.hpp's
// canonical_form: isomorphic heaps are one state). After each call the method's oracle judges
// it (the invariant in the post-state, the postcondition); a failed call is a finding with the
// call sequence that reaches it, and its state is not explored further.
//
// The differential against bounded-exhaustive generation (paper 001, Sec. 5.2: the API reaches
// a subset of what the invariant allows): the valid structures of a finitization that no
// sequence reaches (the invariant is weaker than what the API maintains) and the reached states
// that are not among them (the invariant rejects them, or they lie outside the bounds).
//
// The cost of sequences (cost.hpp, docs/COST.md): with explore_options::cost each call is
// metered; the calls found form a graph over the states, on which the worst sequence of every
// length up to explore_options::sequence_length is found exactly (the most costly path from the
// empty structure, by dynamic programming over lengths), with the worst amortized cost per call
// (its total over its length); max_cost bounds each call, max_amortized_cost every sequence
// (the sum of a sequence's costs against the sum of the bound at each call's size).
// Stage: explore.
#pragma once

#include <cstdint>
#include <functional>
#include <set>
#include <string>
#include <vector>

#include "smallscope/check.hpp"
#include "smallscope/cost.hpp"
#include "smallscope/finitization.hpp"
#include "smallscope/search.hpp"
#include "smallscope/stop.hpp"

namespace smallscope {

struct explore_progress_info {
  std::uint32_t depth = 0;
  std::uint64_t states = 0;
  std::uint64_t calls = 0;
  std::uint64_t findings = 0;
  double seconds = 0;
  // After the exploration, while the differential enumerates the valid structures: how many so
  // far (0 before it starts).
  std::uint64_t differential = 0;
};
using explore_progress = std::function<void(const explore_progress_info&)>;

struct explore_options {
  std::uint32_t max_depth = 0;           // stop after sequences of this length; 0: none
  std::uint64_t max_states = 10'000'000;  // stop when this many states are known
  double time_limit = 0;                 // seconds; 0: none
  double progress_interval = 1.0;        // seconds between progress calls
  explore_progress progress;             // none when empty
  // The differential against the valid structures of `against` under `invariant` (both null:
  // none), with up to `examples` pictures on each side.
  const finitization* against = nullptr;
  const predicate* invariant = nullptr;
  std::size_t examples = 3;
  // The finitization the states are structures of (else `against`): each member of each of its
  // classes must be bound or declared not part of the input, or the exploration is refused with
  // finitization_error, for states are matched, copied and released by their bound fields.
  // Its empty_structure (else `against`'s), when it names one, is the state the sequences start
  // from; else the root's make_empty.
  const finitization* model = nullptr;
  // Which elements of counted arrays the walks of states follow (live_part.hpp): `live`, else
  // `against`'s live part; null with no `against`: every element.
  const live_part* live = nullptr;
  // For a supervisor that runs the exploration in a worker process (the command line): called
  // before each call with the calls that reach the state, the call's index and the state's
  // canonical form, and after it; a call whose (form, index) is in `skip` is not run (it
  // crashed or hung in an earlier worker, which the supervisor reported).
  std::function<void(const std::vector<std::uint32_t>& path, std::uint32_t call, const std::string& form)> before_call;
  std::function<void()> after_call;
  const std::set<std::pair<std::string, std::uint32_t>>* skip = nullptr;
  // Polled between calls (stop.hpp): once true, the exploration ends with the states so far.
  stop_request stop;
  // Cost (cost.hpp): meter every call and analyse the sequences (explore_report::cost).
  bool cost = false;
  // A call that passes but costs more than a bound, n the size of the state it is called on
  // (objects besides the root), fails as outcome_kind::cost; its state is not explored further.
  std::vector<cost_bound> max_cost;
  // A sequence of calls from the empty structure fails when its total cost exceeds the sum of
  // the bound at each of its calls (each at the size of the state it is called on): an
  // amortized bound. The shortest sequence over each bound is a finding (outcome_kind::cost).
  std::vector<cost_bound> max_amortized_cost;
  // The longest sequences the cost analysis considers. 0: four times the depth the exploration
  // reached when it found every reachable state (sequences may go round the state graph's
  // cycles), else that depth. Never more than the depth limit, past which calls were not run.
  std::uint32_t sequence_length = 0;
  // Runs the exploration in a forked worker, as run_check runs its inputs (paper 000, Sec. 7.2):
  // a call that crashes the process, ends it, or runs over `timeout` is a finding
  // (outcome_kind::crash or timeout) with the calls that reach it, and a new worker explores
  // again from the empty structure without that call in that state (the exploration is
  // deterministic, so it meets the same states). `progress` and `stop` are called in this
  // process; branch coverage taken by the calls (branches.hpp) is recorded in this process's
  // tables. False: every call runs in this process, and a crash ends it.
  bool isolate = true;
  // Seconds a call may run before it is a finding (isolate only); 0: ten times the running
  // median plus one second (five seconds under AddressSanitizer).
  double timeout = 0;
};

// One call of a sequence: a method and one tuple of its integer arguments.
struct api_call {
  const target_method* method = nullptr;
  std::vector<std::int64_t> args;
  std::string text;  // "put(3, 0)"
};

// A sequence of calls from the empty structure with what each call cost in one measure.
struct costed_sequence {
  std::vector<std::string> calls;
  std::vector<std::uint64_t> costs;  // per call, in the measure
  std::vector<std::uint64_t> sizes;  // per call: the size of the state it was called on
  std::uint64_t total = 0;           // the sum of costs
  double amortized() const { return calls.empty() ? 0 : static_cast<double>(total) / static_cast<double>(calls.size()); }
};

// The cost of the calls the exploration ran and of the sequences they form (explore_options::cost).
struct sequence_cost {
  bool measured = false;
  bool allocations_counted = false;  // false where another operator new is in force (a sanitizer's)
  // Every call of every sequence up to `length` was run (the exploration was not stopped early,
  // or stopped only by its depth limit): the worst sequences are exact. False: over the calls run.
  bool complete = false;
  std::uint32_t length = 0;  // sequences of 1..length calls were analysed
  // explore_options::sequence_length, or its default: more than `length` when the exploration
  // ran every sequence only up to `length` calls (its depth limit, or it stopped early).
  std::uint32_t length_asked = 0;
  // The length asked for (or its default) was cut so that the tables of the analysis (length x
  // states entries) stay within sequence_meter's memory budget.
  bool length_limited = false;
  // The calls run, by the size of the state they were called on (cost_row::inputs counts calls).
  std::vector<cost_row> by_size;
  cost_row all;
  // Per measure (cost_measures' order):
  std::array<costed_sequence, cost_measure_count> worst_call;       // ends in the costliest call
  std::array<std::vector<std::uint64_t>, cost_measure_count> worst_total;  // [k - 1]: the most k calls cost
  std::array<costed_sequence, cost_measure_count> worst_sequence;   // the costliest of `length` calls
  std::array<costed_sequence, cost_measure_count> worst_amortized;  // the most per call (shortest such)
};

// A call whose run failed, and the sequence from the empty structure that leads to it.
struct sequence_finding {
  std::vector<std::string> calls;  // the last is the failed one
  method_run run;                  // kind, detail, result, post-state (not for exceptions)
  std::uint32_t depth = 0;         // calls in the sequence
  // Crashes: the method had returned, and reading its post-state (the invariant, the
  // postcondition or its picture) crashed, on a pointer the method left dangling or corrupt.
  bool returned = false;
};

// A structure of the differential: its picture's objects and, for a reached state, the calls
// that reach it.
struct differential_example {
  object_graph graph;
  std::vector<std::string> calls;
};

struct sequence_differential {
  std::uint64_t valid = 0;              // valid structures of the finitization
  std::uint64_t valid_reached = 0;      // of those, reached by some sequence
  std::uint64_t reached_not_valid = 0;  // reached states that are not among them
  // False when a stop request or the time limit ended the enumeration of the valid structures:
  // the counts are of those enumerated so far.
  bool complete = true;
  std::vector<differential_example> unreached_examples;   // valid, no sequence reaches them
  std::vector<differential_example> not_valid_examples;   // reached, not among the valid ones
};

// explore_report::stopped_by when an allocation failed (the address-space limit, or the machine's
// memory): the states and findings so far are reported, and the differential is not run.
inline constexpr const char* out_of_memory_reason = "out of memory";

struct explore_report {
  std::vector<std::uint64_t> states_by_depth;  // states first reached by sequences of each length
  std::uint64_t states = 0;                    // distinct states (the empty one included)
  std::uint64_t calls = 0;                     // method calls run
  std::vector<sequence_finding> findings;      // shortest first
  bool complete = false;   // the last depth reached no new state: every reachable state is known
  bool stopped = false;    // max_depth, max_states, the time limit, an interrupt or memory ended it first
  std::string stopped_by;  // which (out_of_memory_reason: an allocation failed; no differential then)
  double seconds = 0;
  bool has_differential = false;
  sequence_differential differential;
  sequence_cost cost;  // explore_options::cost, max_cost or max_amortized_cost
  // explore_options::isolate: workers started again after a crash, a hang, or a kill from
  // outside (the kernel's out-of-memory killer, a user), which blames no call.
  std::uint64_t worker_restarts = 0;
};

// Every tuple of integer arguments of each method (odometer order, the last argument fastest).
// Throws std::invalid_argument for a method with an object argument or no empty root.
std::vector<api_call> api_calls(const std::vector<const target_method*>& methods);

// The canonical form of a state as bytes (the key of `skip`).
std::string canonical_key(const target_method& method, const void* root);

// Explores every sequence of `calls` from the empty structure (the root class's default
// constructor), breadth first. Stops between calls when options.stop asks to (stopped_by
// "an interrupt"). Throws std::invalid_argument for no calls, a differential without both of
// its parts and a negative timeout. Isolated (the default), throws std::bad_alloc when the
// worker ran out of memory before it could report, and environment_error (checker.hpp) when
// workers are killed from outside three times in a row.
explore_report explore_sequences(const std::vector<api_call>& calls, const explore_options& options = {});

}  // namespace smallscope
