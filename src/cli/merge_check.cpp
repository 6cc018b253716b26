// The shards of one check joined. See merge_check.hpp.
#include "cli/merge_check.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <iterator>
#include <set>

#include "cli/commands.hpp"
#include "cli/stats.hpp"

namespace smallscope::cli {
namespace {

// "digraph NAME_<local> {" of a picture in dot, for the input's number in the whole check.
void renumber_picture(nlohmann::json& picture, const char* name, std::uint64_t local, std::uint64_t input) {
  if (!picture.is_string()) return;
  std::string text = picture.get<std::string>();
  const std::string old = fmt::format("digraph {}_{} {{", name, local);
  if (!text.starts_with(old)) return;
  text.replace(0, old.size(), fmt::format("digraph {}_{} {{", name, input));
  picture = text;
}

}  // namespace

merged_check merge_check_shards(const std::vector<check_shard>& shards) {
  const check_shard& first = shards.front();
  const std::uint64_t n = shards.size();
  const auto bad = [](const check_shard& s, const std::string& what) {
    return usage_error(fmt::format("merge: {}: {}; give the stdout of `check ... --shard I/N --stats json` of each "
                                   "shard",
                                   s.path, what));
  };
  const auto count = [&bad](const check_shard& s, const char* key) {
    if (!s.stats.contains(key) || !s.stats[key].is_number_unsigned())
      throw bad(s, fmt::format("\"{}\" is {}, not a count", key, s.stats.contains(key) ? s.stats[key].dump() : "missing"));
    return s.stats[key].get<std::uint64_t>();
  };
  // What each shard says, checked against itself and against the first.
  std::uint64_t plan_units = 0, tuples = 0;
  for (const auto& s : shards) {
    for (const char* key : {"method", "mode", "options", "judge"})
      if (s.stats.value(key, nlohmann::json()) != first.stats.value(key, nlohmann::json()))
        throw usage_error(fmt::format("merge: {} and {} are not shards of one check: their {} differ ({} against {})",
                                      first.path, s.path, key, first.stats.value(key, nlohmann::json()).dump(),
                                      s.stats.value(key, nlohmann::json()).dump()));
    const nlohmann::json& shard = s.stats.value("shard", nlohmann::json());
    if (!shard.is_object() || !shard.value("units", nlohmann::json()).is_array() || !s.stats.contains("failures") ||
        !s.stats["failures"].is_array())
      throw bad(s, "it has no shard units or failures (run with --shard I/N and --stats json)");
    if (shard.value("units_per_shard", nlohmann::json()) != first.stats["shard"].value("units_per_shard", nlohmann::json()))
      throw bad(s, "its --shard-units differs from the first shard's: every shard must cut the same plan");
    if (s.stats.value("interrupted", false)) throw bad(s, "the shard was interrupted: run it again");
    std::uint64_t structures = 0;
    for (const auto& u : shard["units"]) {
      if (!u.is_number_unsigned()) throw bad(s, fmt::format("a unit's structures are {}, not a count", u.dump()));
      structures += u.get<std::uint64_t>();
    }
    if (structures != count(s, "structures"))
      throw bad(s, fmt::format("its units hold {} structures, but it says {}", structures, count(s, "structures")));
    if (s.stats["failures"].size() != count(s, "failed"))
      throw bad(s, fmt::format("it lists {} failures, but it says {}", s.stats["failures"].size(), count(s, "failed")));
    if (count(s, "passed") + count(s, "failed") != count(s, "inputs") || count(s, "inputs") != count(s, "total_inputs"))
      throw bad(s, "its inputs, passed, failed and total_inputs do not add up");
    plan_units += shard["units"].size();
    tuples = std::max(tuples, shard.value("tuples", std::uint64_t{0}));
  }
  // Shard i (0-based) owns the plan's units i, i + N, i + 2N, ...: the K-th unit of shard i is
  // unit K * N + i, and the inputs of unit g follow those of the units before it.
  for (std::uint64_t i = 0; i < n; ++i) {
    const std::uint64_t owned = plan_units > i ? (plan_units - i + n - 1) / n : 0;
    if (shards[i].stats["shard"]["units"].size() != owned)
      throw bad(shards[i], fmt::format("it owns {} units of a plan of {}, not {} (another build, or another "
                                       "finitization?)",
                                       shards[i].stats["shard"]["units"].size(), plan_units, owned));
  }
  std::vector<std::uint64_t> before(plan_units + 1, 0);
  for (std::uint64_t g = 0; g < plan_units; ++g)
    before[g + 1] = before[g] + shards[g % n].stats["shard"]["units"][g / n].get<std::uint64_t>();

  merged_check m;
  for (std::uint64_t i = 0; i < n; ++i) {
    const auto& units = shards[i].stats["shard"]["units"];
    std::vector<std::uint64_t> local(units.size() + 1, 0);  // inputs before each of the shard's units
    for (std::size_t k = 0; k < units.size(); ++k) local[k + 1] = local[k] + units[k].get<std::uint64_t>() * tuples;
    for (nlohmann::json f : shards[i].stats["failures"]) {
      const std::uint64_t input = f.value("input", std::uint64_t{0});
      if (input == 0 || input > local.back())
        throw bad(shards[i], fmt::format("a failure's input {} is not one of its {} inputs", f.value("input", nlohmann::json()).dump(),
                                         local.back()));
      const std::size_t k = static_cast<std::size_t>(std::lower_bound(local.begin() + 1, local.end(), input) - local.begin() - 1);
      const std::uint64_t whole = before[k * n + i] * tuples + (input - local[k]);
      f["input"] = whole;
      if (f.contains("pre_state")) renumber_picture(f["pre_state"], "pre_state", input, whole);
      if (f.contains("post_state")) renumber_picture(f["post_state"], "post_state", input, whole);
      m.failures.push_back(std::move(f));
    }
  }
  std::stable_sort(m.failures.begin(), m.failures.end(), [](const nlohmann::json& a, const nlohmann::json& b) {
    const auto ka = std::make_pair(a.value("objects", std::uint64_t{0}), a.value("input", std::uint64_t{0}));
    const auto kb = std::make_pair(b.value("objects", std::uint64_t{0}), b.value("input", std::uint64_t{0}));
    return ka < kb;
  });

  // The counts added up, in the unsharded check's order of keys.
  auto& j = m.stats;
  for (const char* key : {"subject", "method", "fin", "mode"}) j[key] = first.stats.value(key, nlohmann::json());
  std::vector<const nlohmann::json*> parts;
  for (const auto& s : shards) parts.push_back(&s.stats);
  merge_figures(j, parts, check_figure_rows(), [&](std::size_t i, const std::string& what) { throw bad(shards[i], what); });
  double total = 0;
  for (const auto& s : shards) total += s.stats.value("seconds", 0.0);
  const std::set<std::string> warnings = warnings_of_every(parts);
  nlohmann::ordered_json firsts = nlohmann::ordered_json::array();
  for (std::size_t i = 0; i < m.failures.size() && i < 10; ++i) firsts.push_back(m.failures[i]["input"].get<std::uint64_t>());
  j["first_failed_inputs"] = firsts;
  j["warnings"] = warnings;
  j["options"] = first.stats.value("options", nlohmann::json());
  j["shards"] = {{"count", n}, {"slowest_seconds", j["seconds"]}, {"mean_seconds", total / static_cast<double>(n)}};
  return m;
}

}  // namespace smallscope::cli
