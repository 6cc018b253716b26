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

namespace smallscope::mutate {

// One mutant: a single change at one place.
struct mutant {
  std::uint32_t id = 0;  // 1, 2, ...; 0 is the original program
  std::string file;
  unsigned line = 0;
  unsigned column = 0;
  std::string family;       // "operator", "variable", "field", "call"
  std::string mutator;      // "arithmetic", "relational", "equality", "logical", "increment",
                            // "compound assignment", "variable", "field", "method", "function"
  std::string function;     // the function it is in (qualified)
  std::string original;     // the mutated expression as written
  std::string replacement;  // the same expression with the change
  // The token the mutant changes (an operator, a name): it spans columns [column, end_column)
  // of `line`, and the mutant writes `token` there.
  unsigned end_column = 0;
  std::string token;
};

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
};

// Parses and mutates. Throws std::invalid_argument for a source that does not compile (with
// the compiler's first errors), an unknown method, or no mutant at all.
result generate(const request& r);

// `text` as a JSON string, quotes included.
std::string json_string(const std::string& text);

// The mutants as a report in the mutation-testing-report-schema format (schema version 1, the
// format Stryker, Mull and the mutation-testing-elements viewer share), every mutant with the
// status `status` ("Pending" before they run).
std::string report_json(const result& r, const std::string& file, const std::string& status);

}  // namespace smallscope::mutate
