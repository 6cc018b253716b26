// The scope of a spec's run command taken from the finitization it is checked with (paper 003,
// Sec. 5: TestEra bounds the spec's instances by the same scope as the code's inputs), so that
// `check SUBJECT METHOD 4 --spec S.als` checks scope 4 whatever the file's `run ... for` says.
#pragma once

#include <cstdint>
#include <string>

#include "smallscope/detail/finitization_data.hpp"
#include "spec_front/ast.hpp"

namespace smallscope::concretize {

// Rewrites the scope of m.commands[command]: each sig bound to a class domain gets the domain's
// number of objects (keeping `exactly` where the command has it; a sig it does not name gets
// `at most`), and Int's bit width grows, if needed, to hold the finitization's integers and
// counts. Returns the scope as written after `for` (spec::scope_text).
std::string scope_from_finitization(spec::module& m, std::uint32_t command, const detail::finitization_data& data);

// A spec file with its run command `run` (empty: the first) scoped for a finitization: by
// `scope` as written after `for` when given (spec::with_scope), else scope_from_finitization.
// Sets `command` to the run command and `scope_used` to its scope as written after `for`.
spec::module load_scoped(const std::string& file, const std::string& run, const std::string& scope,
                         const detail::finitization_data& data, std::uint32_t& command, std::string& scope_used);

}  // namespace smallscope::concretize
