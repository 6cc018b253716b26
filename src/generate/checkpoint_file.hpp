// Checkpoints of a generation (generate.hpp; docs/SCALE.md): the search's units left
// (search/work_unit.hpp), the counts so far, the sample of valid structures the warnings read
// and the caller's own state (its outputs so far), in one JSON file with a hash of itself,
// replaced atomically (written beside, synced, renamed). A run given an existing checkpoint goes
// on from it when the identity written there is its own and the units fit its state space.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "search/parallel_search.hpp"
#include "space/state_space.hpp"

namespace smallscope::detail {

struct generation_checkpoint {
  std::string identity;  // what the run finds: finitization, options, shard
  search_snapshot snapshot;
  std::vector<std::uint32_t> sample;  // candidate vectors, back to back
  std::uint32_t sample_count = 0;
  std::string saved;  // generation_options::save's text
};

// The checkpoint at `path`; checkpoint_error (unusable) naming the file and what is wrong when it
// is not one, when its content is not what was written, when its identity is not `identity`, or
// when a unit does not fit `space`.
generation_checkpoint read_checkpoint(const std::string& path, const std::string& identity, const state_space& space);
// Writes `c` to `path` atomically; checkpoint_error (not unusable) when it cannot.
void write_checkpoint(const std::string& path, const generation_checkpoint& c);

}  // namespace smallscope::detail
