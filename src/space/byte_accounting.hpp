// Every byte accounted for (paper 000, Sec. 3.3: a candidate assigns every field of every
// object; a member the finitization does not know would keep its constructed value in every
// candidate and make the space smaller than the class's). Before a state space is built, each
// class with objects is probed: every byte its constructor writes, and every run of bytes too long
// to be padding, must belong to a bound field, to a member declared not part of the input
// (finitization::not_input) or to the vtable pointer. Otherwise the finitization is refused,
// naming the class, the bytes and the bound fields around them.
#pragma once

#include "smallscope/detail/finitization_data.hpp"

namespace smallscope::detail {

// Throws finitization_error for the first class with a member no field binds.
void require_every_byte_bound(const finitization_data& data);

}  // namespace smallscope::detail
