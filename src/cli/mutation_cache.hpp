// The outcomes of earlier runs, for `smallscope mutate --incremental FILE` (Stryker's incremental
// mode, applied to paper 000's mutation analysis): a mutant's outcome on a scope's inputs is
// reused when the mutant (its place within its function and its text), the body of the
// function it is in, the spec's functions (the invariant and the postconditions) and the
// scope's inputs (mutation_report::inputs_hash: structures, methods, sample, kill options) are
// those of the run that recorded it. A change to a function the mutated function calls is not
// seen: run without --incremental when that matters.
#pragma once

#include <cstdint>
#include <map>
#include <nlohmann/json.hpp>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "mutants/mutant_list.hpp"
#include "smallscope/drivers/mutation_analysis.hpp"

namespace smallscope::cli {

class outcome_cache {
 public:
  // Reads `path` (a file not there yet: no outcomes). `extents` names the functions of the
  // mutated files (smallscope-mutants --functions); without them a mutant's function is its
  // whole file. Throws usage_error when `path` is there and is not such a cache.
  outcome_cache(std::string path, const std::vector<mutate::mutant>& list, const mutate::file_extents* extents);

  // The recorded outcome of mutant `id` on the inputs `inputs_hash`, or nullopt.
  std::optional<mutant_outcome> find(std::uint64_t inputs_hash, std::uint32_t id);
  // Records the outcomes of a run that are final: all of them, or only its kills when it was
  // interrupted.
  void store(const mutation_report& report);
  // Writes the cache (atomically): this run's outcomes and the earlier ones it did not replace.
  void save() const;

  std::uint64_t found() const { return found_; }
  const std::string& path() const { return path_; }

 private:
  std::string entry(std::uint64_t inputs_hash, std::uint32_t id) const;

  std::string path_;
  std::map<std::uint32_t, std::uint64_t> mutant_keys_;  // by mutant id
  std::uint64_t spec_key_ = 0;
  nlohmann::json outcomes_ = nlohmann::json::object();
  std::uint64_t found_ = 0;
};

}  // namespace smallscope::cli
