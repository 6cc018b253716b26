// Checkpoint files of gen. See checkpoint.hpp.
#include "cli/checkpoint.hpp"
#include "files/input_file.hpp"

#include <fcntl.h>
#include <unistd.h>

#include <cstdio>
#include <fstream>
#include <sstream>
#include <nlohmann/json.hpp>

#include "cli/commands.hpp"
#include "cli/output.hpp"
#include "files/strict_json.hpp"

namespace smallscope::cli {

namespace {

// 2: with "content_hash" (of the rest) and "output_tail" (of --output's bytes so far).
// 3: with "suite" (--suite's structure lines so far).
constexpr int checkpoint_version = 3;

}  // namespace

void write_checkpoint(const std::string& path, const checkpoint& c) {
  nlohmann::json j;
  j["smallscope_checkpoint"] = checkpoint_version;
  j["identity"] = c.identity;
  const auto& st = c.snapshot.stats;
  j["stats"] = {{"explored", st.explored},
                {"valid", st.valid},
                {"predicate_calls", st.predicate_calls},
                {"budget_exceeded", st.budget_exceeded},
                {"predicate_exceptions", st.predicate_exceptions},
                {"generator_misuse", st.generator_misuse},
                {"seconds", st.seconds}};
  j["output_bytes"] = c.output_bytes;
  j["output_tail"] = c.output_tail;
  j["suite"] = {{"count", c.suite.count}, {"bytes", c.suite.bytes}, {"tail", c.suite.tail}};
  nlohmann::json units = nlohmann::json::array();
  for (const auto& u : c.snapshot.units)
    units.push_back({{"slots", u.slots},
                     {"values", u.values},
                     {"floor", u.floor},
                     {"advance_first", u.advance_first},
                     {"lo", u.lo},
                     {"hi", u.hi},
                     {"tree_slots", u.tree_slots}});
  j["units"] = std::move(units);
  j["classes"] = c.snapshot.classes;
  j["sample_count"] = c.sample_count;
  j["sample"] = c.sample;
  j["content_hash"] = files::content_hash(j);
  const std::string text = j.dump() + "\n";
  write_file_atomically("--checkpoint", path, text);
}

checkpoint read_checkpoint(const std::string& path, const std::string& identity) {
  if (const std::string why = files::unreadable(path); !why.empty())
    throw usage_error(fmt::format("--checkpoint: '{}' {}", path, why));
  std::ifstream in(path, std::ios::binary);
  if (!in) throw usage_error(fmt::format("--checkpoint: cannot read '{}'", path));
  std::stringstream text;
  text << in.rdbuf();
  const auto bad = [&path](const std::string& what) {
    return usage_error(fmt::format("--checkpoint: '{}' is not a smallscope checkpoint ({}); delete it to start afresh", path, what));
  };
  const files::parsed_json parsed = files::parse_strict(text.str());
  if (!parsed.ok()) throw bad(parsed.error);
  const nlohmann::json& j = parsed.value;
  if (!j.is_object()) throw bad("not a JSON object");
  if (j.value("smallscope_checkpoint", 0) != checkpoint_version) throw bad(fmt::format("not version {}", checkpoint_version));
  {
    if (!files::content_hash_matches(j))
      throw usage_error(fmt::format("--checkpoint: '{}' was changed after its run wrote it (its content hash does not "
                                    "match); delete it to start afresh",
                                    path));
  }
  checkpoint c;
  try {
    c.identity = j.at("identity").get<std::string>();
    if (c.identity != identity)
      throw usage_error(fmt::format("--checkpoint: '{}' was written by another run ({}), not by this one ({}); give "
                                    "that run's arguments, or delete the file to start afresh",
                                    path, c.identity, identity));
    const auto& st = j.at("stats");
    auto& s = c.snapshot.stats;
    s.explored = st.at("explored").get<std::uint64_t>();
    s.valid = st.at("valid").get<std::uint64_t>();
    s.predicate_calls = st.at("predicate_calls").get<std::uint64_t>();
    s.budget_exceeded = st.at("budget_exceeded").get<std::uint64_t>();
    s.predicate_exceptions = st.at("predicate_exceptions").get<std::uint64_t>();
    s.generator_misuse = st.at("generator_misuse").get<std::uint64_t>();
    s.seconds = st.at("seconds").get<double>();
    c.output_bytes = j.at("output_bytes").get<std::uint64_t>();
    c.output_tail = j.at("output_tail").get<std::uint64_t>();
    const auto& suite = j.at("suite");
    c.suite = {suite.at("count").get<std::uint64_t>(), suite.at("bytes").get<std::uint64_t>(),
               suite.at("tail").get<std::uint64_t>()};
    for (const auto& u : j.at("units")) {
      detail::work_unit w;
      w.slots = u.at("slots").get<std::vector<std::uint32_t>>();
      w.values = u.at("values").get<std::vector<std::uint32_t>>();
      w.floor = u.at("floor").get<std::uint32_t>();
      w.advance_first = u.at("advance_first").get<bool>();
      w.lo = u.at("lo").get<std::vector<std::uint32_t>>();
      w.hi = u.at("hi").get<std::vector<std::uint32_t>>();
      w.tree_slots = u.at("tree_slots").get<std::vector<std::uint32_t>>();
      c.snapshot.units.push_back(std::move(w));
    }
    c.snapshot.classes = j.at("classes").get<std::vector<std::uint64_t>>();
    c.sample_count = j.at("sample_count").get<std::uint32_t>();
    c.sample = j.at("sample").get<std::vector<std::uint32_t>>();
  } catch (const nlohmann::json::exception& e) {
    throw bad(e.what());
  }
  return c;
}

}  // namespace smallscope::cli
