// Integers in the circuit: two's complement bit vectors of the scope's bit width, wrapping as
// Alloy's integers do (paper 003, Sec. 8: integers within a scope; the issue's "cardinality with
// an adder"). Cardinalities count their literals with a tree of adders.
#pragma once

#include <cstdint>
#include <span>
#include <vector>

#include "sat/circuit.hpp"

namespace smallscope::sat {

// Bit 0 first; exactly `width` bits.
using int_vector = std::vector<lit>;

int_vector int_constant(std::int64_t value, std::uint32_t width);
int_vector int_add(circuit& c, const int_vector& a, const int_vector& b);
int_vector int_negate(circuit& c, const int_vector& a);
int_vector int_sub(circuit& c, const int_vector& a, const int_vector& b);
int_vector int_mul(circuit& c, const int_vector& a, const int_vector& b);
int_vector int_select(circuit& c, lit cond, const int_vector& t, const int_vector& e);
// Alloy's div and rem: the quotient truncated toward zero, and the remainder with the dividend's
// sign (a = div[a, b] * b + rem[a, b]); by zero, div is -1 for a >= 0 and 1 below, and rem is a
// (the evaluator's rule).
int_vector int_div(circuit& c, const int_vector& a, const int_vector& b);
int_vector int_rem(circuit& c, const int_vector& a, const int_vector& b);
// The number of true literals, modulo 2^width.
int_vector int_count(circuit& c, std::span<const lit> bits, std::uint32_t width);

lit int_equal(circuit& c, const int_vector& a, const int_vector& b);
lit int_less(circuit& c, const int_vector& a, const int_vector& b);  // signed

}  // namespace smallscope::sat
