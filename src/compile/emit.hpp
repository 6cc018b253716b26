// A spec's run predicate translated to C++ (paper 000, Sec. 3: an invariant the search runs as
// compiled code, reading the fields it needs in the order it needs them; paper 003, Sec. 3: the
// spec language). The output is one C++ file over include/smallscope/compiled_spec.hpp that
// registers itself, so that spec_invariant judges the spec by it when its text is the one
// compiled; smallscope_spec (cmake/smallscope-spec.cmake) runs this at build time.
//
// Formulas become `&&` and `||` in the spec's order (so a judgement stops where the answer is
// known, as a hand-written rep_ok returns early), quantifiers loops over the bits of a set of
// objects, joins reads of the objects' fields, closures walks kept per object, integers Alloy's
// (wrapped to the bit width). What it does not translate (a sig used as a whole set, relations of
// arity 2 as values, Int-valued sets of more than one integer, pre-state fields, declarations it
// cannot check on the reached objects alone) is refused with the place and the way out.
#pragma once

#include <cstdint>
#include <stdexcept>
#include <string>

#include "spec_front/ast.hpp"

namespace smallscope::compile {

// A construct the translation refuses: where, and what to do.
class untranslatable : public std::runtime_error {
 public:
  untranslatable(spec::position at, const std::string& what) : std::runtime_error(what), at_(at) {}
  spec::position at() const { return at_; }

 private:
  spec::position at_;
};

struct emit_options {
  std::string run;          // the run command's predicate (empty: the file's first run command)
  std::string file_label;   // the spec's name in the generated file's #line directives and messages
  std::string text;         // the spec file's text, kept in the generated file (it is used for that text alone)
  // Several predicates in one file (smallscope-spec-compile --all-runs): each in a namespace of its
  // own inside the file's anonymous one, all referring to one copy of the text, defined once by
  // the caller under this name (text_definition). Empty: the text is defined here as `text`.
  std::string unit_namespace;
  std::string text_symbol;
};

// The definition of the spec's text under `symbol`, in an anonymous namespace: what the units of
// an --all-runs file share.
std::string text_definition(const std::string& text, const std::string& symbol);

// The C++ file for module `m` (checked). Throws untranslatable, and std::invalid_argument for a
// `run` the module does not have.
std::string emit_cpp(const spec::module& m, const emit_options& options);

}  // namespace smallscope::compile
