// Checking a method against a relational spec (paper 003, TestEra): the inputs are the
// instances of the spec's run command, enumerated on SAT with exactly one instance per
// isomorphism class, concretized into the finitization's objects; the oracle is a predicate of
// the spec evaluated over the pre-state (fields written with a backtick) and the post-state,
// abstracted back from the heap. A failure names the predicate's conjuncts that do not hold.
//
//   smallscope::spec_check_options s{"red_black_tree.als", "inputs", "removeOk"};
//   auto report = smallscope::run_spec_check(fin, invariant, remove, s, {});
//
// A spec is an invariant too: spec_invariant turns its run predicate into a predicate that the
// search (structures, run_check, gen) runs as it runs a C++ invariant, pruning as it reads.
//
//   auto inputs = smallscope::spec_invariant(fin, {"red_black_tree.als", "inputs"});
//   for (const auto& s : smallscope::structures(fin, inputs)) ...
//
// A spec compiled at build time runs at the speed of C++: in CMake,
//
//   smallscope_spec(TARGET tree_tests SPEC tree.als)
//
// translates tree.als's run predicate into C++ compiled into tree_tests; spec_invariant then
// judges that spec (while its text is unchanged) by the generated code.
//
// A spec alone has instances: spec_instances enumerates its run command's, one per isomorphism
// class, as `smallscope spec FILE` prints them.
//
//   smallscope::spec_instances_options o;
//   o.spec_file = "red_black_tree.als";
//   o.on_instance = [](std::uint64_t n, const std::string& picture) { std::cout << picture; };
//   const auto report = smallscope::spec_instances(o);  // report.instances, its CNF's size, ...
// Stage: concretize.
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "smallscope/checker.hpp"
#include "smallscope/report.hpp"
#include "smallscope/spec_error.hpp"
#include "smallscope/stop.hpp"

namespace smallscope {

struct spec_check_options {
  std::string spec_file;  // an .als file
  std::string run;        // the run command's predicate (empty: the file's first run command)
  // The predicate judged after each run: its receiver is the root and its other parameters the
  // method's arguments, in order. Empty: the run command's predicate (the invariant preserved).
  std::string post;
  // The run command's scope, as written after `for` ("exactly 1 SearchTree, exactly 4 Node").
  // Empty: the file's, with each sig bound to a class domain sized as the finitization's domain.
  std::string scope;
};

struct spec_check_report {
  check_report check;
  std::uint64_t instances = 0;       // the run command's instances (structures checked)
  double enumerate_seconds = 0;      // translation and SAT enumeration
  std::string command;               // "run inputs for ..." as it was picked, for messages
  // The run command's scope as used, written as after `for`: the file's, with each sig bound to
  // a class domain sized as the finitization's domain ("exactly 1 SearchTree, exactly 4 Node").
  std::string scope;
  std::string post;                  // the predicate used as the oracle
  std::vector<std::string> inexact;  // sigs whose classes may have several instances
};

struct spec_invariant_options {
  std::string spec_file;  // an .als file
  std::string run;        // the run command's predicate (empty: the file's first run command)
  // The run command's scope, as written after `for`. Empty: each sig bound to a class domain
  // sized as the finitization's domain, Int wide enough for its integers.
  std::string scope;
  // Judge with the evaluators even when the binary holds this spec compiled to C++
  // (smallscope_spec in CMake, compiled_spec.hpp).
  bool interpret = false;
};

// The run command's predicate (and the spec's facts) as an invariant of the finitization's
// root: its receiver is the root, its sigs and fields bound to class domains and fields by name
// as for run_spec_check. The structure judged is what the root reaches. Throws
// std::runtime_error as run_spec_check does, and for a predicate with parameters besides its
// receiver.
predicate spec_invariant(const finitization& fin, const spec_invariant_options& options);

// For an invariant made by spec_invariant whose spec does not compile to bit masks (the fast
// path) and so is judged by the interpreted evaluator: where and why, "file:line:col: what".
// Empty when it compiles, and for a predicate spec_invariant did not make.
std::string spec_invariant_interpreted(const predicate& invariant);

// Whether an invariant made by spec_invariant runs the spec compiled to C++: the binary was built
// with smallscope_spec(TARGET ... SPEC file) for this file's text and run predicate, and its
// fields bound to the finitization's.
bool spec_invariant_compiled(const predicate& invariant);
// For an invariant made by spec_invariant that is not compiled though the binary holds a compiled
// form of the same text: why that form does not fit ("#Node counts ... exact scope only"). Empty
// otherwise (also when the binary holds no compiled form of the spec, or when interpret was set).
std::string spec_invariant_not_compiled(const predicate& invariant);

// Throws std::runtime_error: a spec's mistakes as "file:line:col: error: ...", and a spec that
// does not fit the finitization (a sig without class domain, a value outside a field's domain)
// naming the sig or field.
spec_check_report run_spec_check(const finitization& fin, const predicate& invariant, const target_method& method,
                                 const spec_check_options& spec, check_options options,
                                 const check_progress& progress = {});

// Where an enumeration of instances is (spec_instances_options::progress).
struct spec_progress {
  double seconds = 0;          // since the call
  std::uint64_t instances = 0;
  bool translating = false;    // still translating the command to SAT: no instance yet
};

struct spec_instances_options {
  std::string spec_file;  // an .als file
  std::string run;        // the run command's predicate (empty: the file's first run command)
  std::uint64_t limit = 0;  // stop after this many instances (0: all)
  // Each instance, numbered from 1, with a picture of what its root reaches (without a root:
  // the atoms of the sigs of one atom reach) in `format`. The picture is made only when this is
  // set.
  std::function<void(std::uint64_t number, const std::string& picture)> on_instance;
  structure_format format = structure_format::text;
  // The run command's name and scope (as in the report), once the file is read and before the
  // translation.
  std::function<void(const std::string& command, const std::string& scope)> on_command;
  // Each line of the translation's warnings (sigs whose classes may have several instances),
  // once the command is translated and before the first instance.
  std::function<void(const std::string& warning)> on_warning;
  // Called about every progress_interval seconds: after an instance, and while the command is
  // translated (a large scope takes seconds before the first instance) from a thread of the
  // call's own.
  std::function<void(const spec_progress&)> progress;
  double progress_interval = 1.0;
  stop_request stop;  // polled while translating, between instances and inside each solve
};

struct spec_instances_report {
  std::string command;  // the run command's name (empty: an anonymous `run { ... }`)
  std::string scope;    // the run command's scope as written after `for` (empty: the defaults)
  std::uint64_t instances = 0;
  std::uint64_t primary_variables = 0;
  std::uint64_t gates = 0;
  std::uint64_t cnf_variables = 0;  // before the blocking clauses
  std::uint64_t cnf_clauses = 0;    // before the blocking clauses
  double translate_seconds = 0;
  double solve_seconds = 0;
  double check_seconds = 0;  // re-checking each instance with the evaluator
  double seconds = 0;        // the whole call
  bool limited = false;      // stopped at `limit`
  bool stopped = false;      // stopped by `stop`: the instances so far
  bool stopped_translating = false;  // stopped before the first instance (then `stopped` too)
  std::vector<std::string> inexact;  // the translation's warnings, as on_warning had them
};

// Every instance of the spec's run command, one per isomorphism class of what its receiver
// reaches, enumerated on SAT (paper 003, Sec. 5, phase 1); each is re-checked by an evaluator
// that shares nothing with the translation. Throws spec_error for the spec's mistakes and
// std::invalid_argument for a `run` the file does not have (naming those it has).
spec_instances_report spec_instances(const spec_instances_options& options);

}  // namespace smallscope
