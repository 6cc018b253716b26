// Checking a method against a relational spec (paper 003, TestEra): the inputs are the
// instances of the spec's run command, enumerated on SAT with exactly one instance per
// isomorphism class, concretized into the finitization's objects; the oracle is a predicate of
// the spec evaluated over the pre-state (fields written with a backtick) and the post-state,
// abstracted back from the heap. A failure names the predicate's conjuncts that do not hold.
//
//   smallscope::spec_check_options s{"red_black_tree.als", "inputs", "removeOk"};
//   auto report = smallscope::run_spec_check(fin, invariant, remove, s, {});
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

// Throws std::runtime_error: a spec's mistakes as "file:line:col: error: ...", and a spec that
// does not fit the finitization (a sig without class domain, a value outside a field's domain)
// naming the sig or field.
spec_check_report run_spec_check(const finitization& fin, const predicate& invariant, const target_method& method,
                                 const spec_check_options& spec, check_options options,
                                 const check_progress& progress = {});

}  // namespace smallscope
