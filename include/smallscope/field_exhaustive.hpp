// Field-exhaustive suites (paper 004): few structures whose fields together take every value any
// valid structure gives them on an object it reaches, the (object, value) pairs of each field's
// extension (Definition 1). From the search, for a C++ invariant: every valid structure is seen,
// one joins the suite when it covers a pair no earlier one did, and a last pass drops the
// members whose every pair the others cover. From a relational spec on SAT, Algorithm 1
// (`smallscope fe SPEC.als`, paper 004, Sec. 3): the exact extensions once the last solve is
// UNSAT, and the instances that covered them, optionally bound to a finitization's objects (each
// checked against the C++ invariant). In the library smallscope::spec.
//
//   const auto suite = smallscope::field_exhaustive_from_search(fin, invariant);
//   for (const auto& values : suite.structures) ...   // candidate vectors of fin's state space
//   smallscope::spec_suite_options o;
//   o.spec_file = "search_tree_fe.als";
//   const auto exact = smallscope::field_exhaustive_from_spec(o);
// Stage: fe.
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "smallscope/finitization.hpp"
#include "smallscope/report.hpp"
#include "smallscope/search.hpp"
#include "smallscope/spec_error.hpp"
#include "smallscope/stop.hpp"

namespace smallscope {

// A field's extension: its (owner, value) pairs as the printers label them ("Node#0", "null",
// "3"), sorted by owner, then value.
struct field_extension {
  std::string field;  // "Node.left"
  std::vector<std::pair<std::string, std::string>> pairs;
};

struct field_exhaustive_options {
  search_options search;
  std::uint64_t limit = 0;  // stop once the suite has this many members (before pruning); 0: none
  double seconds = 0;       // stop after this long; 0: no limit
  // Polled per valid structure and every 65,536 candidates: once true, the suite of the
  // structures seen so far.
  stop_request stop;
  // The search's progress and findings (its should_stop is asked too).
  search_listener* listener = nullptr;
};

struct field_exhaustive_suite {
  // The members: candidate vectors of the finitization's state space, in the search's order.
  std::vector<std::vector<std::uint32_t>> structures;
  std::vector<field_extension> extensions;  // per field, in declaration order
  std::size_t pairs() const {
    std::size_t n = 0;
    for (const auto& e : extensions) n += e.pairs.size();
    return n;
  }
  std::uint64_t valid = 0;            // valid structures seen
  std::uint64_t explored = 0;         // candidates the search evaluated
  std::uint64_t candidate_pairs = 0;  // every slot's values: the pairs a clause could name
  std::uint64_t covering = 0;         // structures that covered a new pair, before pruning
  bool complete = false;              // every valid structure was seen
  bool stopped = false;               // `stop` ended it
  bool limited = false;               // `limit` or `seconds` ended it
};

// The field-exhaustive suite of `fin` under `invariant`, from the search. Throws
// std::invalid_argument for bad search options or `seconds` below 0 or NaN, and
// finitization_error for a bad finitization.
field_exhaustive_suite field_exhaustive_from_search(const finitization& fin, const predicate& invariant,
                                                    const field_exhaustive_options& options = {});

// Where Algorithm 1 is (spec_suite_options::progress), after each instance it finds.
struct spec_suite_progress {
  double seconds = 0;  // since the call
  std::uint64_t instances = 0;
  std::uint64_t covered = 0;          // pairs covered so far
  std::uint64_t candidate_pairs = 0;  // the pairs a clause may name
  std::uint64_t refuted = 0;          // pairs proven infeasible apart from the loop
};

struct spec_suite_options {
  std::string spec_file;  // an .als file
  std::string run;        // the run command's predicate (empty: the file's first run command)
  std::string scope;      // replaces the run command's scope, as written after `for` (empty: the file's)
  // Conflicts a solve of the loop's clause may take before the pairs left are refuted per field
  // and object, in halves; negative: never (Algorithm 1 exactly as printed).
  std::int64_t probe_conflicts = 2000;
  // First ask for a new value of every field of every object at once: fewer, fuller structures.
  bool batches = false;
  // Keep every instance Algorithm 1 found (default: drop, last first, those whose pairs the
  // others cover).
  bool all_instances = false;
  std::uint64_t limit = 0;  // stop after this many instances; 0: none
  double seconds = 0;       // stop after this long; 0: no limit
  // The run command's name (empty for `run { ... }`), once the file is read, before translating.
  std::function<void(const std::string& command)> on_command;
  // Each line of the translation's warnings (sigs whose classes may have several instances).
  std::function<void(const std::string& warning)> on_warning;
  std::function<void(const spec_suite_progress&)> progress;
  // Pictures of the members in this format (spec_suite_report::pictures): of the instances'
  // reached parts, or with a finitization of its structures.
  std::optional<structure_format> format;
  stop_request stop;  // polled while translating, between solves and inside each
};

struct spec_suite_report {
  std::string command;                      // the run command's name
  std::vector<field_extension> extensions;  // the covered pairs, labelled by atoms ("Node$0")
  std::size_t pairs() const {
    std::size_t n = 0;
    for (const auto& e : extensions) n += e.pairs.size();
    return n;
  }
  std::size_t members = 0;  // the suite's structures
  // With a finitization: the members as candidate vectors of its state space.
  std::vector<std::vector<std::uint32_t>> structures;
  std::vector<std::string> pictures;  // with `format`: each member's, numbered from 1
  std::uint64_t instances = 0;        // found by Algorithm 1 (members before pruning)
  std::uint64_t solves = 0;
  std::uint64_t candidate_pairs = 0;
  std::uint64_t refuted = 0;
  std::uint64_t batched = 0;  // instances found by batched solves
  std::uint64_t cnf_variables = 0;
  std::uint64_t cnf_clauses = 0;
  double translate_seconds = 0;
  double solve_seconds = 0;
  double probe_seconds = 0;
  double batch_seconds = 0;
  double check_seconds = 0;
  bool complete = false;             // the last solve was UNSAT: the extensions are exact
  bool stopped = false;              // `stop` ended it: the pairs so far
  bool limited = false;              // `limit` or `seconds` ended it
  bool stopped_translating = false;  // stopped before the first instance (then `stopped` too)
  std::vector<std::string> inexact;  // the translation's warnings
};

// An instance of a spec that cannot stand for a structure of the finitization it is bound to.
class spec_binding_error : public std::invalid_argument {
 public:
  enum class kind {
    spec,      // the spec's sigs and fields do not bind to the finitization's classes and fields
    instance,  // instance `instance` holds a value the finitization does not have
    invariant  // the C++ invariant refuses instance `instance`: the spec and it disagree
  };
  spec_binding_error(kind k, std::size_t number, const std::string& what)
      : std::invalid_argument(what), what_kind(k), instance(number) {}
  kind what_kind;
  std::size_t instance;  // 1-based, in the order Algorithm 1 found them (0 for kind::spec)
};

// Algorithm 1 on the spec's run command. Throws spec_error for the spec's mistakes,
// spec_scope_error for a `scope` that cannot replace the command's, std::invalid_argument for a
// `run` the file does not have and for `seconds` below 0 or NaN.
spec_suite_report field_exhaustive_from_spec(const spec_suite_options& options);

// The same, each member bound to `fin`'s objects (paper 003's a2j) and checked against
// `invariant`; throws spec_binding_error besides.
spec_suite_report field_exhaustive_from_spec(const finitization& fin, const predicate& invariant,
                                             const spec_suite_options& options);

}  // namespace smallscope
