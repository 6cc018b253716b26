// The operators of relational logic on tuple sets (paper 003, Sec. 3: the Alloy subset's
// expressions): join, product, set operations, override, restrictions, transpose and closure.
// The evaluator (evaluator.hpp) applies them; they know nothing of specs.
#pragma once

#include <cstdint>

#include "spec_front/instance.hpp"

namespace smallscope::spec::rel {

tuple_set empty(std::uint8_t arity);
tuple_set singleton(std::uint32_t atom);

tuple_set unite(const tuple_set& a, const tuple_set& b);
tuple_set intersect(const tuple_set& a, const tuple_set& b);
tuple_set subtract(const tuple_set& a, const tuple_set& b);
bool subset(const tuple_set& a, const tuple_set& b);  // every tuple of a is in b

// a.b: the tuples a1..an-1 b2..bm of a tuple of a and one of b with an = b1.
tuple_set join(const tuple_set& a, const tuple_set& b);
tuple_set product(const tuple_set& a, const tuple_set& b);
// a ++ b: b, plus the tuples of a whose first atom is not the first atom of a tuple of b.
tuple_set override_(const tuple_set& a, const tuple_set& b);
// s <: r: the tuples of r whose first atom is in s (unary).
tuple_set domain_restrict(const tuple_set& s, const tuple_set& r);
// r :> s: the tuples of r whose last atom is in s (unary).
tuple_set range_restrict(const tuple_set& r, const tuple_set& s);
tuple_set transpose(const tuple_set& r);  // binary
tuple_set closure(const tuple_set& r);    // binary: the transitive closure
tuple_set identity(const tuple_set& s);   // the pairs (x, x) for x in s (unary)

}  // namespace smallscope::spec::rel
