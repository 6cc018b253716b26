// Mutant generation from C++ source (paper 000, Sec. 7: Ferastrau's three families of mutation
// operators) with Clang's libraries: an operator replaced by another of its kind, a variable by
// another of its type in scope (locals and parameters; a field by another field of its class),
// a call by a call of another method of the same signature. Only the target methods and the
// helpers they call are mutated, never what the invariant or postcondition alone call; members
// are never added or removed.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "mutants/mutant_list.hpp"

namespace smallscope::mutate {

struct request {
  std::string file;                  // the source to mutate (a .cpp or a header)
  std::vector<std::string> methods;  // target methods, qualified ("ns::tree::remove") or not
  std::vector<std::string> keep;     // the invariant, postconditions: neither they nor what only they call are mutated
  std::vector<std::string> compiler_arguments;  // -std=c++20, -I..., -D...
};

struct result {
  std::string source;                // the file as read
  std::vector<mutant> mutants;
  std::string schemata;              // the source with every mutant guarded (mutation.hpp)
  std::vector<std::string> functions;  // the functions mutated, qualified, in source order
  std::vector<function_extent> extents;  // the code under test and the spec, by first line
};

// Parses and mutates. Throws std::invalid_argument for a source that does not compile (with
// the compiler's first errors), an unknown method, or no mutant at all.
result generate(const request& r);

}  // namespace smallscope::mutate
