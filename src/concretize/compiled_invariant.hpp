// A compiled spec (smallscope/compiled_spec.hpp, made by smallscope_spec) as the search's
// invariant (paper 000, Sec. 3): its fields bound by name to the finitization's members (paper
// 003, Sec. 5, as binding.hpp binds them), its counted sigs to their exact scopes.
#pragma once

#include <cstdint>
#include <string>

#include "sat/bounds.hpp"
#include "smallscope/search.hpp"
#include "spec_front/ast.hpp"

namespace smallscope::concretize {

// The registered compiled spec made from `text` for the predicate of m.commands[command], bound to
// `fin`: a predicate, or an empty one with `why_not` saying why the compiled spec there is does
// not fit (empty when the binary has none for this text).
predicate compiled_invariant(const finitization& fin, const std::string& text, const spec::module& m,
                             std::uint32_t command, const sat::bounds& b, std::string& why_not);

// Whether `p` was made by compiled_invariant.
bool is_compiled_invariant(const predicate& p);

}  // namespace smallscope::concretize
