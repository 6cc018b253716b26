// A list of mutants as data (paper 000, Sec. 7): what smallscope-mutants writes (JSON Lines, one
// mutant per line) and mutation analysis reads back, and the mutation-testing-report-schema
// report (the format Stryker, Mull and the mutation-testing-elements viewer share). No Clang here:
// the command line links this part alone.
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

namespace smallscope::mutate {

// One mutant: a single change at one place.
struct mutant {
  std::uint32_t id = 0;  // 1, 2, ...; 0 is the original program
  // The point it belongs to, named by the point's first mutant id: the mutants of a point are
  // ids point, point + 1, ... (mutation.hpp's `first`).
  std::uint32_t point = 0;
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

// A function of the mutated file and its lines [first_line, last_line]: "code" (a target method
// or a helper it calls) or "spec" (the invariant, a postcondition, or what only they call).
struct function_extent {
  std::string name;
  std::string role;
  unsigned first_line = 0;
  unsigned last_line = 0;
};

// The extents of `file` as JSON ({"file": ..., "functions": [...]}) and read back.
std::string extents_json(const std::string& file, const std::vector<function_extent>& extents);
struct file_extents {
  std::string file;
  std::vector<function_extent> functions;
};
file_extents read_extents(const std::string& path);

// `text` as a JSON string, quotes included.
std::string json_string(const std::string& text);

// What a list's mutants are, apart from where they are: a hash of each mutant's id, point,
// function, mutator and text, not of its file, line or column. The schemata made with the list
// register it (mutation.hpp's register_schemata), and `mutate` looks a list up by it.
std::uint64_t list_identity(const std::vector<mutant>& mutants);

// A list's first line (newline included): what made it and how many mutants follow,
// {"format":"smallscope-mutants","version":1,"made_by":...,"complete":true,"mutants":N}.
inline constexpr const char* mutant_list_format = "smallscope-mutants";
inline constexpr int mutant_list_version = 1;
std::string jsonl_header(const std::string& made_by, std::size_t mutants);

// One mutant as a JSON Lines line (newline included), and the list read back from such a file.
// read_mutant_list throws std::invalid_argument naming FILE:LINE for a line that is not a mutant,
// and for a list whose header is missing, says it is not complete, or announces another count.
std::string jsonl_line(const mutant& m);
std::vector<mutant> read_mutant_list(const std::string& path);

// The report of `mutants` of `file` (whose text is `source`): each mutant's status (Killed,
// Survived, NoCoverage, Timeout, RuntimeError, Pending) and, when not empty, why.
struct report_status {
  std::string status;
  std::string reason;
};
// What made the report and whether its run covered every mutant on every input (false for an
// interrupted run, whose mutants not run are Pending); the schema's free-form "config" holds it.
struct report_about {
  std::string made_by;
  bool complete = true;
  std::string scope;  // the scope the outcomes are of, e.g. "5" or "5, interrupted: a part of its inputs ran"
};
std::string report_json(const std::vector<mutant>& mutants, const std::string& file, const std::string& source,
                        const std::function<report_status(const mutant&)>& status, const report_about& about);

}  // namespace smallscope::mutate
