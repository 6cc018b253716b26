// The mutants `smallscope mutate` runs (paper 000, Sec. 7): the list read (--mutants, or the
// built-in subject's beside the binary), narrowed to --mutant IDs and to the lines changed since
// --since REF, and the schemata this binary holds for it (mutation.hpp's registry).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "cli/commands.hpp"
#include "mutants/mutant_list.hpp"
#include "smallscope/rewritten/mutation.hpp"
#include "smallscope/subject.hpp"

namespace smallscope::cli {

struct mutant_selection {
  std::string path;                    // the list's file
  std::vector<mutate::mutant> mutants;  // those to run, by id
  std::uint64_t identity = 0;           // of the whole list (mutate::list_identity)
  std::size_t changed_lines = 0;        // with --since: the lines changed since REF
};

// The mutant list beside the binary: mutants/STEM.jsonl, where STEM names the header whose
// schemata the binary carries (smallscope_variants writes the list there), or, when it carries
// several, the one whose mutants are in most of the functions `methods` run (ROOT::MEMBER of the
// subject's root class, by each method's cpp_member, or the free function), or else the subject's
// header. Empty when it cannot be told.
std::string built_in_list(const subject& s, const std::vector<std::string>& methods);

// Reads and narrows the list; a usage_error naming the option for a missing list, an unknown
// --mutant id, or a --since REF git cannot diff against.
mutant_selection select_mutants(const mutate_request& r, const subject& s);

// This binary's schemata of the list with `identity`; a usage_error when it has none, or none
// of this list.
const mutation::compiled_schemata& schemata_of(std::uint64_t identity, const std::string& list_path);

}  // namespace smallscope::cli
