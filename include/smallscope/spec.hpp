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
// Stage: concretize.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "smallscope/checker.hpp"

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
};

// The run command's predicate (and the spec's facts) as an invariant of the finitization's
// root: its receiver is the root, its sigs and fields bound to class domains and fields by name
// as for run_spec_check. The structure judged is what the root reaches. Throws
// std::runtime_error as run_spec_check does, and for a predicate with parameters besides its
// receiver.
predicate spec_invariant(const finitization& fin, const spec_invariant_options& options);

// Throws std::runtime_error: a spec's mistakes as "file:line:col: error: ...", and a spec that
// does not fit the finitization (a sig without class domain, a value outside a field's domain)
// naming the sig or field.
spec_check_report run_spec_check(const finitization& fin, const predicate& invariant, const target_method& method,
                                 const spec_check_options& spec, check_options options,
                                 const check_progress& progress = {});

}  // namespace smallscope
