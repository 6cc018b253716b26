// Mutation analysis of a bounded-exhaustive suite (paper 000, Sec. 7.2 and 8): every mutant of a
// program compiled from its mutant schemata (mutation.hpp) runs on the inputs of a scope, and is
// killed on an input when
//   - its post-state breaks the invariant (or the postcondition fails),
//   - its output (result and post-state up to isomorphism; an exception's message) differs from
//     the original program's on that input,
//   - it runs over T_m = 10 * T_o + 1 s, T_o the original's time on that input,
//   - it runs out of memory (a per-worker limit) or crashes (a signal, a sanitizer report).
// The kill rate is killed / all mutants, equivalent ones included, as the paper counts it.
//
// Inputs run in the check's order; for each input the original runs first and records which
// mutation points it reaches, and only the mutants of those points run (any other mutant behaves
// as the original on that input). A mutant stops at its first kill unless `all_inputs` asks for
// every killing input. Workers are forked processes, one per core by default; a crash or a hang
// kills the mutant running and a new worker goes on with the next one.
// Stage: analysis.
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <span>
#include <string>
#include <unordered_map>
#include <unordered_set>
#include <vector>

#include "smallscope/check.hpp"
#include "smallscope/finitization.hpp"
#include "smallscope/search.hpp"
#include "smallscope/stop.hpp"

namespace smallscope {

// A mutant of the schemata: its id (1, 2, ...) and its point, the first id of the mutants at the
// same place (smallscope-mutants' "point").
struct mutant_id {
  std::uint32_t id = 0;
  std::uint32_t point = 0;
};

enum class mutant_status : std::uint8_t {
  survived,     // ran on inputs that reach it, never killed
  unreached,    // no input reaches its point (the mutation testing report's NoCoverage)
  invariant,    // killed: the post-state breaks the invariant
  postcondition,  // killed: the postcondition fails
  output,       // killed: the result or the post-state differs from the original's
  exception,    // killed: it threw where the original did not, or another exception
  timeout,      // killed: it ran over 10 * T_o + 1 s
  memory,       // killed: it ran out of the memory limit
  crash,        // killed: the worker died of a signal
  leak,         // killed: it leaked where the original did not
  ill_formed,   // reached, but its change is not well-formed for the types its point met (a
                // template's instantiations): it never ran, and the kill rate leaves it out
};
const char* mutant_status_name(mutant_status s);
inline bool killed(mutant_status s) {
  return s != mutant_status::survived && s != mutant_status::unreached && s != mutant_status::ill_formed;
}

struct mutant_outcome {
  std::uint32_t id = 0;
  mutant_status status = mutant_status::unreached;
  std::string method;           // the method whose input killed it
  std::uint64_t input = 0;      // that input's number in `smallscope check` order (1-based)
  std::string detail;           // what differed: "result false, original true"
  std::uint64_t killing_inputs = 0;  // with all_inputs: how many inputs kill it
  std::uint64_t runs = 0;       // inputs it ran on
  bool reused = false;          // taken from an earlier run (mutation_options::reuse), not run
};

// (mutant, input) pairs known to run over T_m or to crash, each input named by its pre-state up
// to isomorphism, its method and its arguments: one memo shared by a scope's R(s) samples and by
// the next scopes, so that no mutant is waited for twice on one input (the waits for mutants
// that do not stop are most of an analysis's time) nor forked for twice to crash there. An input
// with an object argument is named within its scope only. The supervisor adds what it kills for
// running over or crashing; the workers read the memo as it was when they were forked.
class hang_memo {
 public:
  enum class verdict : std::uint8_t { none, hangs, crashes };
  bool empty() const { return pairs_.empty(); }
  std::size_t size() const { return pairs_.size(); }
  // Whether some input is known to make `mutant` hang or crash: only then is an input's key needed.
  bool knows(std::uint32_t mutant) const { return mutants_.count(mutant) != 0; }
  verdict find(std::uint32_t mutant, std::uint64_t input) const {
    const auto it = pairs_.find(key(mutant, input));
    return it == pairs_.end() ? verdict::none : it->second;
  }
  void add(std::uint32_t mutant, std::uint64_t input, verdict v = verdict::hangs) {
    mutants_.insert(mutant);
    pairs_[key(mutant, input)] = v;
  }

 private:
  static std::uint64_t key(std::uint32_t mutant, std::uint64_t input) {
    std::uint64_t x = input ^ (std::uint64_t{mutant} * 0x9e3779b97f4a7c15ull);
    x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ull;
    return (x ^ (x >> 27)) * 0x94d049bb133111ebull;
  }
  std::unordered_map<std::uint64_t, verdict> pairs_;
  std::unordered_set<std::uint32_t> mutants_;
};

struct mutation_options {
  unsigned workers = 0;            // forked workers; 0: one per core
  bool all_inputs = false;         // run every mutant on every input that reaches it
  // Per method, a uniform random sample of this many inputs (paper 000 Sec. 8.5's R(s)); empty
  // or 0: every input.
  std::vector<std::uint64_t> sample;
  std::uint64_t seed = 1;
  std::uint64_t memory_limit_mb = 2048;  // address space per worker; 0: none (ignored under ASan)
  double floor_seconds = 0;        // the "+ 1 s" of T_m; 0: 1 s (5 s under AddressSanitizer)
  double progress_interval = 1.0;
  // The structures to run on (candidate vectors of `fin`'s state space, each valid), e.g. a
  // suite file's; null: every valid structure of the scope, generated by the search.
  const std::vector<std::vector<std::uint32_t>>* structures = nullptr;
  // Where the ids of the schemata analysed start in this program (mutation.hpp's
  // compiled_schemata::base): mutant k runs as `mutation::active == id_base + k`. 0 for a program
  // with one schemata.
  std::uint32_t id_base = 0;
  // Shared with other runs (the scopes of one analysis, their R(s) samples): a (mutant, input)
  // pair found there to run over T_m (or to crash) is a timeout (or crash) kill here without the
  // run; this run's own such kills are added. Null: no memo.
  hang_memo* hangs = nullptr;
  // An earlier run's outcome for mutant `id` on inputs whose hash is `inputs_hash` (see
  // mutation_report::inputs_hash), or nullopt to run it: a reused mutant is not run (an
  // incremental run, `smallscope mutate --incremental`). Empty: every mutant runs.
  std::function<std::optional<mutant_outcome>(std::uint64_t inputs_hash, std::uint32_t id)> reuse;
  // Polled per structure generated and between the workers' runs (stop.hpp): once true, the
  // workers are stopped and the report holds the runs so far (mutation_report::interrupted).
  stop_request stop;
};

struct mutation_report {
  std::uint64_t structures = 0;       // valid structures of the scope
  std::vector<std::uint64_t> inputs;  // per method: inputs run (the sample's size when sampling)
  std::vector<mutant_outcome> mutants;  // in id order
  std::uint64_t killed = 0;
  std::uint64_t mutant_runs = 0;      // (mutant, input) runs
  std::uint64_t skipped_runs = 0;     // (mutant, input) pairs not run: the input does not reach the mutant
  std::uint64_t original_runs = 0;
  double original_seconds = 0;        // inside the original's runs (method and oracle)
  double mutant_seconds = 0;          // inside the mutants' runs, timeouts excluded
  double generation_seconds = 0;
  double seconds = 0;                 // the whole analysis
  std::uint64_t worker_restarts = 0;
  std::uint64_t memo_kills = 0;       // timeout and crash kills taken from the hang memo, not run
  std::uint64_t reused = 0;           // outcomes taken from mutation_options::reuse
  // A hash of what decides the outcomes besides the mutants: the structures, the methods, the
  // sample and the kill criteria's options. Equal hashes: an outcome can be reused.
  std::uint64_t inputs_hash = 0;
  bool interrupted = false;           // SIGINT or SIGTERM: the outcomes so far
  // Whether the original reached any mutation point (with ids up to the largest given): false
  // when the program is not compiled from its schemata.
  bool any_point_reached = false;
  // Inputs where the original itself fails or does not terminate (no mutant is judged there).
  std::vector<std::string> warnings;
  // The mutants that ran or could: every one but those not well-formed for their point's types.
  std::size_t well_formed() const {
    std::size_t n = 0;
    for (const mutant_outcome& o : mutants) n += o.status != mutant_status::ill_formed ? 1 : 0;
    return n;
  }
  double kill_rate() const {
    const std::size_t n = well_formed();
    return n == 0 ? 0 : 100.0 * static_cast<double>(killed) / static_cast<double>(n);
  }
};

struct mutation_progress {
  std::uint64_t structures_done = 0, structures = 0;
  std::uint64_t killed = 0, mutants = 0;
  double seconds = 0;
};

// Runs `mutants` on the inputs of `methods` (all of one subject, over `fin` and `invariant`).
// Throws finitization_error for a bad finitization and std::invalid_argument for bad options.
mutation_report run_mutation_analysis(const finitization& fin, const predicate& invariant,
                                      std::span<const target_method* const> methods, std::span<const mutant_id> mutants,
                                      const mutation_options& options,
                                      const std::function<void(const mutation_progress&)>& progress = {});

// One subject's part of a scope (a scope may span several subjects' methods): its
// finitization, invariant and methods, which outlive the scope's run, and optionally the
// structures to run on instead of the search's (a suite's).
struct scope_part {
  const finitization* fin = nullptr;
  const predicate* invariant = nullptr;
  std::vector<const target_method*> methods;
  const std::vector<std::vector<std::uint32_t>>* structures = nullptr;
};

// The kill rates of K uniform samples R(s) of a scope's inputs (paper 000, Sec. 8.5, Table 3),
// each as large as the scope before's exhaustive suite.
struct random_samples {
  std::uint64_t size = 0;  // inputs per sample, over every method
  std::vector<double> rates;
  double mean() const;
  double spread() const;  // the standard deviation
};

struct scope_outcome {
  std::int64_t scope = 0;
  // The parts' analyses merged: a later part runs only the mutants the earlier ones left alive.
  mutation_report report;
  std::optional<random_samples> random;  // the last scope's, with scopes_options::random
  std::uint64_t inputs() const;
};

struct scopes_options {
  mutation_options mutation;  // every run's; without mutation.hangs, the scopes share a memo of their own
  bool share_hangs = true;    // false: no hang memo at all
  std::uint64_t random = 0;   // K samples R(s) at the last scope (and a scope before it ran)
  // Called before a scope's mutants run (its coverage, say), after each part's analysis (an
  // outcome cache's store) and after a scope.
  std::function<void(std::int64_t scope)> before_scope;
  std::function<void(const mutation_report& part)> after_part;
  std::function<void(std::int64_t scope)> after_scope;
};

struct scopes_report {
  std::vector<scope_outcome> scopes;  // in order; the last one interrupted when `partial`
  bool partial = false;
  // The mutation-adequate scope: the smallest whose suite kills the most mutants any whole scope
  // kills (paper 000, Sec. 8); none when no scope ran whole.
  std::optional<std::int64_t> adequate;
  std::uint64_t most_killed = 0;
};

// Mutation analysis of the exhaustive suites of scopes first..last (paper 000, Sec. 8, Table 4):
// `parts(scope)` gives each scope's inputs; a (mutant, input) pair found to hang or crash at one
// scope is not run again at the next (hang_memo). Stops between runs when
// options.mutation.stop asks; the report holds the scopes so far.
scopes_report run_mutation_scopes(
    std::int64_t first, std::int64_t last, const std::function<std::vector<scope_part>(std::int64_t scope)>& parts,
    std::span<const mutant_id> mutants, const scopes_options& options = {},
    const std::function<void(std::int64_t scope, bool random_sample, const mutation_progress&)>& progress = {});

// The mutants this program was compiled with from the list at `path` (what smallscope-mutants
// wrote beside a NAME-schemata program that smallscope_variants made: mutants/STEM.jsonl): their
// ids and points in id order, and `id_base` to give mutation_options. Throws
// std::invalid_argument for a file that is not a complete list, and for a list this program was
// not compiled from.
struct compiled_mutants {
  std::vector<mutant_id> mutants;
  std::uint32_t id_base = 0;
};
compiled_mutants read_compiled_mutants(const std::string& path);

}  // namespace smallscope
