// Exactly one instance per isomorphism class of a rooted structure (paper 003, Sec. 3's
// "formulas that completely break isomorphs"; paper 004, Sec. 2.2's breadth-first labelling):
// the atoms of a sig the root reaches are numbered in the order a traversal from the root first
// meets them, and the atoms it does not reach come after them. "First meets" is the least
// in-edge: edges are ordered by the rank of the source's sig (sigs in topological order of the
// fields between them), the source atom, then the field. For a sig that no later sig points back
// to, and whose in-edges are single-valued (lone/one fields), this labelling is unique, so every
// class has exactly one instance; other sigs keep only the prefix order (several instances per
// class possible), and are reported. Where nothing roots the structure (no receiver, no
// parameter, no one-atom sig), each sig's atoms get Kodkod's lex-leader predicate for the swaps of
// neighbouring atoms instead: every class keeps an instance, most labellings go.
#pragma once

#include <string>
#include <vector>

#include "sat/translator.hpp"

namespace smallscope::sat {

struct symmetry_breaking {
  matrix reach;                      // unary: atoms the root reaches (every atom present, without a root)
  lit constraint = lit_true;
  std::vector<std::string> inexact;  // why classes may have several instances, one line per sig
};

symmetry_breaking break_symmetries(translator& t);

}  // namespace smallscope::sat
