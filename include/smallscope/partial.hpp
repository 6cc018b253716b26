// Conservative evaluation of an invariant on a partial structure (paper 001, Sec. 4.3.1 and
// Fig. 9): some fields are initialized, the rest are not. The answer is `violated` only when
// the initialized fields already break the invariant (no way of initializing the others, within
// the finitization, gives a valid structure), `valid` when the structure is complete and valid
// (every field the invariant reads or that is reachable is initialized), and `unknown` otherwise
// (some completion is valid: paper 001's "TRUE (Don't Know)"). No conservative variant of the
// invariant is written by hand: the answer comes from a search over the completions.
// Stage: lazy.
#pragma once

#include <string>
#include <vector>

#include "smallscope/finitization.hpp"
#include "smallscope/search.hpp"

namespace smallscope {

enum class partial_verdict { violated, valid, unknown };
const char* partial_verdict_name(partial_verdict v);

// One initialized field: "Entry#1.left" (the object as gen labels it, then the field) and its
// value as gen prints it ("Entry#2", "null", "0", "true").
struct initialized_field {
  std::string field;
  std::string value;
};

// Throws std::invalid_argument naming a field or a value the finitization does not have (and
// what it has), or a field given twice.
partial_verdict evaluate_partial(const finitization& fin, const predicate& invariant,
                                 const std::vector<initialized_field>& initialized);

}  // namespace smallscope
