// A spec's run predicate as the Korat search's invariant (paper 000, Sec. 3, with paper 003's
// specs): the structure is read from the search's arena breadth first from the root, one field
// at a time, each read noted with the search's observer, and after each read the spec is judged
// on the part read so far by the three-valued evaluator (partial_evaluator.hpp). The invariant
// returns false as soon as no completion can satisfy the spec, so the search prunes as it does
// on a C++ invariant; once every field reachable from the root is read, the two-valued
// evaluator gives the verdict on the whole reachable instance.
//
// The instance is the reachable part of the structure: sig S holds the reached objects of S's
// class domain, as the search's isomorphism classes are over what the root reaches.
#pragma once

#include <string>

#include "smallscope/spec.hpp"

namespace smallscope::concretize {

predicate make_spec_invariant(const finitization& fin, const spec_invariant_options& options);

// For an invariant made by make_spec_invariant whose spec does not compile to masks
// (evaluate/mask_evaluator.hpp), and so is judged by the interpreted evaluator: where and why,
// "file:line:col: what" (empty otherwise).
std::string interpreted_because(const predicate& invariant);
// Why the binary's compiled form of the spec (compiled_invariant.hpp) was not used (empty: none).
std::string not_compiled_because(const predicate& invariant);

}  // namespace smallscope::concretize
