// Bounds as data (paper 004, Sec. 3; Kodkod's bounds): the universe of a command's scope and,
// per sig, the atoms it may hold. A sig's scope is its `exactly n` / `n` in the command, its
// `one`/`lone` multiplicity, or the command's default (3, as in Alloy); `n Int` is the bit width
// (4 by default), the integers -2^(n-1) .. 2^(n-1)-1.
#pragma once

#include <cstdint>
#include <vector>

#include "spec_front/ast.hpp"
#include "spec_front/instance.hpp"

namespace smallscope::sat {

struct sig_bounds {
  std::vector<std::uint32_t> atoms;  // the atoms it may hold, ascending
  bool exact = false;                // it holds all of them
  std::int64_t at_most = -1;         // a subsig's `n Sig`: at most n of them (-1: no limit)
  std::int64_t at_least = 0;         // `some sig`
};

struct bounds {
  spec::universe atoms;
  std::vector<sig_bounds> sigs;  // indexed like module::sigs
  // The root of the structure: the command predicate's receiver or first parameter, bound to
  // the first atom of its sig (root_sig = -1 when the predicate has none).
  std::int32_t root_sig = -1;
  std::uint32_t root_atom = 0;
  // Without such a root: the atoms of the top-level sigs that hold exactly one atom (`one sig
  // Tree`, or `exactly 1 Tree`), in declaration order. Traversals start from them, as Alloy users
  // write a structure's root.
  std::vector<std::uint32_t> roots;
};

// Throws spec::spec_error for scopes that cannot be met (an exact scope below a sig's one-sig
// children, a bit width outside 1..16, a universe over 4096 atoms).
bounds make_bounds(const spec::module& m, const spec::command_decl& cmd);

}  // namespace smallscope::sat
