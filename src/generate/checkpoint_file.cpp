// Checkpoint files of a generation. See checkpoint_file.hpp.
#include "generate/checkpoint_file.hpp"

#include <fmt/format.h>

#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>

#include "files/input_file.hpp"
#include "files/output_path.hpp"
#include "files/strict_json.hpp"
#include "report/finitization_warnings.hpp"
#include "smallscope/generate.hpp"

namespace smallscope::detail {

namespace {

// 2: with "content_hash" (of the rest) and "output_tail" (of --output's bytes so far).
// 3: with "suite" (--suite's structure lines so far).
// 4: the caller's state as "saved" (the command line's output, tail and suite there).
constexpr int checkpoint_version = 4;

// The figures a resumed run goes on from: the counts and the time so far.
constexpr bool carried_over(figure_rule r) { return r == figure_rule::sum || r == figure_rule::elapsed; }

// Every unit names slots of `space` and values in their domains, with its floor within its prefix.
void check_units(const state_space& space, const std::vector<work_unit>& units, const std::string& path) {
  const auto& slots = space.slots();
  for (std::size_t k = 0; k < units.size(); ++k) {
    const auto& u = units[k];
    // A unit's floor may lie past its prefix: a shard's unit whose invariant read fewer fields
    // than the plan's depth keeps the positions it reads next up to the floor (their other values
    // are other units).
    bool ok = u.slots.size() == u.values.size() && u.floor <= slots.size() &&
              (!u.advance_first || u.floor + 1 == u.slots.size()) && u.lo.size() == u.hi.size() &&
              (u.lo.empty() || u.lo.size() == u.slots.size());
    for (const std::uint32_t t : u.tree_slots) ok = ok && t < slots.size();
    std::vector<char> seen(slots.size(), 0);
    for (std::size_t i = 0; ok && i < u.slots.size(); ++i) {
      ok = u.slots[i] < slots.size() && seen[u.slots[i]] == 0 && !slots[u.slots[i]].fixed &&
           u.values[i] <= space.hot_slots()[u.slots[i]].last;
      if (ok) seen[u.slots[i]] = 1;
    }
    if (!ok)
      throw checkpoint_error(
          fmt::format("'{}' does not fit this finitization (unit {}); delete it to start afresh", path, k + 1), true);
  }
}

}  // namespace

void write_checkpoint(const std::string& path, const generation_checkpoint& c) {
  nlohmann::json j;
  j["smallscope_checkpoint"] = checkpoint_version;
  j["identity"] = c.identity;
  const auto& st = c.snapshot.stats;
  // The counts that go on in the resumed run (sum) and the time so far (elapsed, to which the
  // resumed run's adds); classes are saved as the classes themselves, below.
  nlohmann::json saved_stats = nlohmann::json::object();
#define SMALLSCOPE_DETAIL_SAVE(name, type, def, rule, help) \
  if (carried_over(figure_rule::rule)) saved_stats[#name] = st.name;
  SMALLSCOPE_SEARCH_FIGURES(SMALLSCOPE_DETAIL_SAVE)
#undef SMALLSCOPE_DETAIL_SAVE
  j["stats"] = std::move(saved_stats);
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
  j["saved"] = c.saved;
  j["content_hash"] = files::content_hash(j);
  if (!files::write_atomically(path, j.dump() + "\n"))
    throw checkpoint_error(fmt::format("cannot write '{}'", path), false);
}

generation_checkpoint read_checkpoint(const std::string& path, const std::string& identity, const state_space& space) {
  if (const std::string why = files::unreadable(path); !why.empty())
    throw checkpoint_error(fmt::format("'{}' {}", path, why), true);
  std::ifstream in(path, std::ios::binary);
  if (!in) throw checkpoint_error(fmt::format("cannot read '{}'", path), true);
  std::stringstream text;
  text << in.rdbuf();
  const auto bad = [&path](const std::string& what) {
    return checkpoint_error(fmt::format("'{}' is not a smallscope checkpoint ({}); delete it to start afresh", path, what),
                            true);
  };
  const files::parsed_json parsed = files::parse_strict(text.str());
  if (!parsed.ok()) throw bad(parsed.error);
  const nlohmann::json& j = parsed.value;
  if (!j.is_object()) throw bad("not a JSON object");
  if (j.value("smallscope_checkpoint", 0) != checkpoint_version) throw bad(fmt::format("not version {}", checkpoint_version));
  if (!files::content_hash_matches(j))
    throw checkpoint_error(fmt::format("'{}' was changed after its run wrote it (its content hash does not match); "
                                       "delete it to start afresh",
                                       path),
                           true);
  generation_checkpoint c;
  try {
    c.identity = j.at("identity").get<std::string>();
    if (c.identity != identity)
      throw checkpoint_error(fmt::format("'{}' was written by another run ({}), not by this one ({}); give that run's "
                                         "arguments, or delete the file to start afresh",
                                         path, c.identity, identity),
                             true);
    const auto& st = j.at("stats");
    auto& s = c.snapshot.stats;
#define SMALLSCOPE_DETAIL_LOAD(name, type, def, rule, help) \
  if (carried_over(figure_rule::rule)) s.name = st.at(#name).get<type>();
    SMALLSCOPE_SEARCH_FIGURES(SMALLSCOPE_DETAIL_LOAD)
#undef SMALLSCOPE_DETAIL_LOAD
    for (const auto& u : j.at("units")) {
      work_unit w;
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
    c.saved = j.at("saved").get<std::string>();
  } catch (const nlohmann::json::exception& e) {
    throw bad(e.what());
  }
  if (c.sample.size() != std::size_t{c.sample_count} * space.slot_count())
    throw bad("its sample of structures does not fit this finitization");
  check_units(space, c.snapshot.units, path);
  return c;
}

}  // namespace smallscope::detail
