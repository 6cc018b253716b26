// The scope of a spec's run command taken from the finitization it is checked with (paper 003,
// Sec. 5: TestEra bounds the spec's instances by the same scope as the code's inputs), so that
// `check SUBJECT METHOD 4 --spec S.als` checks scope 4 whatever the file's `run ... for` says.
#pragma once

#include <cstdint>
#include <string>

#include "smallscope/detail/finitization_data.hpp"
#include "spec/ast.hpp"

namespace smallscope::concretize {

// Rewrites the scope of m.commands[command]: each sig bound to a class domain gets the domain's
// number of objects (keeping `exactly` where the command has it; a sig it does not name gets
// `at most`), and Int's bit width grows, if needed, to hold the finitization's integers and
// counts. Returns the scope as written after `for` (spec::scope_text).
std::string scope_from_finitization(spec::module& m, std::uint32_t command, const detail::finitization_data& data);

}  // namespace smallscope::concretize
