// `smallscope merge` over the shards of one check (`check --shard I/N --stats json`): the counts
// added up and every failure numbered as the whole check numbers it (paper 000, Sec. 6.1: the
// inputs of a scope in the search's order), from the structures of each unit of the plan.
#pragma once

#include <cstdint>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

namespace smallscope::cli {

struct check_shard {
  std::string path;
  nlohmann::json stats;  // the shard's --stats json line
};

struct merged_check {
  nlohmann::ordered_json stats;                 // as the unsharded check's --stats json, plus "shards"
  std::vector<nlohmann::json> failures;  // smallest first, as --findings writes them
};

// `shards` in shard order 1..N, of one subject, method, finitization and options (usage_error
// naming the file otherwise, and for an interrupted shard or counts that do not fit the plan).
merged_check merge_check_shards(const std::vector<check_shard>& shards);

}  // namespace smallscope::cli
