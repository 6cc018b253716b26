// Suites as files: a generated suite (bounded-exhaustive, a random sample, field-exhaustive by
// SAT or by search; paper 004's suites) saved once and run again later by `check` and `mutate`
// without regenerating it, e.g. a regression suite kept in a repository. JSON Lines: a header
// object (format name and version, subject, finitization parameters, kind, the command that made
// it, the number of structures), then one structure per line in the jsonl form `gen --format
// jsonl` prints (objects by label, fields by name, values as printed). docs/SUITES.md describes
// the format.
#pragma once

#include <cstdint>
#include <stdexcept>
#include <string>
#include <vector>

#include "smallscope/finitization.hpp"
#include "smallscope/search.hpp"

namespace smallscope::detail {
class state_space;
}

namespace smallscope::suite {

inline constexpr int format_version = 1;

struct header {
  std::string subject;
  std::vector<std::int64_t> fin;
  std::string kind;     // "bounded-exhaustive", "random", "field-exhaustive"
  std::string made_by;  // the command line that made it
  std::uint64_t structures = 0;
  // False when the run that made it was interrupted: the structures are a part of the suite its
  // kind names. Files without the field are complete.
  bool complete = true;
};

// A malformed or mismatched suite file: the message starts with FILE:LINE.
class suite_error : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// The header line (newline included).
std::string header_line(const header& h);

// Appends a candidate vector of `space` as a structure line numbered `index` (1-based).
void append_structure(std::string& out, const detail::state_space& space, std::span<const std::uint32_t> values,
                      std::uint64_t index);
// The structure lines of candidate vectors of `fin`, numbered from `first` on.
std::string structure_lines(const finitization& fin, std::span<const std::vector<std::uint32_t>> candidates,
                            std::uint64_t first = 1);

struct contents {
  header about;
  std::vector<std::string> lines;        // the structure lines
  std::vector<std::uint64_t> line_numbers;  // in the file, for messages
};

// Reads the header and the structure lines; throws suite_error for a missing file, a first line
// that is not a suite header of a version this build reads, a count that is not a non-negative
// integer below 2^64, or a count that does not match.
contents read(const std::string& path);

// The candidate vectors of the structures on `space` (slots the root does not reach take their
// domain's first value); each is checked against `invariant`. Throws suite_error naming the
// line for an object, field or value the finitization does not have, or a structure the
// invariant rejects, a root that is not the finitization's root object, or a structure that an
// earlier line already gave.
std::vector<std::vector<std::uint32_t>> candidates(const contents& c, const std::string& path,
                                                   const detail::state_space& space, const predicate& invariant);
// The same on a state space of `fin`.
std::vector<std::vector<std::uint32_t>> candidates(const contents& c, const std::string& path, const finitization& fin,
                                                   const predicate& invariant);

}  // namespace smallscope::suite
