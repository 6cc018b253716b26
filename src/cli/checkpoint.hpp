// Checkpoints of `gen` (issue: scale): the search's units left (search/work_unit.hpp), the
// counts so far, how many bytes of --output (and of --suite's lines) the structures so far took, and the sample of
// structures for the warnings, in one JSON file replaced atomically (written beside, synced,
// renamed). A run given an existing checkpoint goes on from it; the command that wrote it must
// match (the same subject, finitization, options and shard), or the run stops with exit code 2.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "cli/suite_stream.hpp"
#include "search/parallel_search.hpp"

namespace smallscope::cli {

struct checkpoint {
  std::string identity;  // subject, finitization, options and shard, as one line
  detail::search_snapshot snapshot;
  std::uint64_t output_bytes = 0;          // of --output
  std::uint64_t output_tail = 0;           // output_tail_hash of those bytes (0: no --output)
  std::vector<std::uint32_t> sample;       // candidate vectors, back to back
  std::uint32_t sample_count = 0;
  suite_lines_point suite;                 // --suite's structure lines so far (suite_stream.hpp)
};

// Reads the checkpoint at `path`; a usage_error naming the file and what is wrong when it is
// not one, when its content is not what was written (it carries a hash of itself), or when its
// identity differs from `identity`.
checkpoint read_checkpoint(const std::string& path, const std::string& identity);
// Writes `c` to `path` atomically; an output_error (exit code 3) when it cannot.
void write_checkpoint(const std::string& path, const checkpoint& c);

}  // namespace smallscope::cli
