// The scale options of gen: --threads, --shard I/N, --output FILE (stdout into a file that a
// resumed run can cut back to its checkpoint) (the library checks a checkpoint itself: generate.hpp).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "cli/arguments.hpp"
#include "cli/commands.hpp"
#include "smallscope/generate.hpp"

namespace smallscope::cli {

struct scale_plan {
  unsigned threads = 1;
  std::uint64_t shard_index = 0;  // 0-based
  std::uint64_t shard_count = 1;
  std::string shard_text;         // "I/N" as given, or empty
};

// --threads N checked against the machine: at most 4 per available core (a slip of the finger
// such as 100000 would spend minutes starting threads); 0 means one per core.
unsigned bounded_threads(std::uint64_t requested);
// Parses and checks --threads, --shard, --checkpoint against the other options (usage_error).
scale_plan plan_scale(const gen_request& r);
// --shard I/N (empty: the whole search) into the plan's shard fields; usage_error otherwise.
void parse_shard(const std::string& text, scale_plan& plan);
// --shard and --shard-units, for gen and check (`what`: "search" or "check").
void add_shard_options(CLI::App& app, rule_table& rules, gen_request& r, const std::string& what);
// --output FILE: stdout goes to FILE, emptied, or with keep_bytes cut back to that many bytes
// (a resumed run). Nothing without a path.
// With `keep_bytes`, `tail` must be output_tail_hash of the file's first keep_bytes bytes (the
// checkpoint's): another file, or one changed since, is a usage_error.
void open_output(const std::string& path, std::optional<std::uint64_t> keep_bytes, std::uint64_t tail = 0);
// A hash of the last 64 KiB of the first `bytes` bytes of the file at `path` (0 for no path): what
// a checkpoint vouches for of the output it continues.
std::uint64_t output_tail_hash(const std::string& path, std::uint64_t bytes);
// Flushes stdout (and syncs --output's file to disk); returns its size in bytes.
std::uint64_t sync_output(const std::string& path);

}  // namespace smallscope::cli
