// Boolean matrices: the value of a relational expression as one literal per tuple of the
// universe (paper 004, Sec. 3; the Alloy Analyzer's translation of relational operators). Dense,
// since the universes of bounded-exhaustive scopes are small; a cell that is false costs only its
// slot.
#pragma once

#include <cstdint>
#include <vector>

#include "sat/circuit.hpp"

namespace smallscope::sat {

struct matrix {
  std::uint8_t arity = 1;
  std::uint32_t n = 0;      // atoms in the universe
  std::vector<lit> cells;   // n^arity literals, tuples in lexicographic order

  matrix() = default;
  matrix(std::uint8_t k, std::uint32_t atoms);  // all false
  std::size_t size() const { return cells.size(); }
  lit& operator[](std::size_t i) { return cells[i]; }
  lit operator[](std::size_t i) const { return cells[i]; }
};

// The number of tuples of `arity` atoms over `n` atoms; throws std::length_error past 2^24.
std::size_t tuple_count(std::uint32_t n, std::uint8_t arity);

matrix join(circuit& c, const matrix& a, const matrix& b);
matrix unite(circuit& c, const matrix& a, const matrix& b);
matrix intersect(circuit& c, const matrix& a, const matrix& b);
matrix subtract(circuit& c, const matrix& a, const matrix& b);
matrix product(circuit& c, const matrix& a, const matrix& b);
matrix transpose(const matrix& a);
matrix closure(circuit& c, const matrix& a);  // ^a
// set.^a (set.*a when reflexive) for a unary `set`, without the closure of a.
matrix reach(circuit& c, const matrix& set, const matrix& a, bool reflexive);
matrix override_(circuit& c, const matrix& a, const matrix& b);
matrix domain_restrict(circuit& c, const matrix& set, const matrix& r);
matrix range_restrict(circuit& c, const matrix& r, const matrix& set);
matrix select(circuit& c, lit cond, const matrix& t, const matrix& e);

lit is_empty(circuit& c, const matrix& a);
lit subset(circuit& c, const matrix& a, const matrix& b);
lit equal(circuit& c, const matrix& a, const matrix& b);
// At most one / exactly one true cell.
lit at_most_one(circuit& c, const matrix& a);
lit exactly_one(circuit& c, const matrix& a);

}  // namespace smallscope::sat
