// The outcomes of earlier runs of `mutate`. See mutation_cache.hpp.
#include "cli/mutation_cache.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <fstream>
#include <sstream>

#include "cli/commands.hpp"
#include "cli/output.hpp"
#include "files/input_file.hpp"
#include "files/strict_json.hpp"

namespace smallscope::cli {

namespace {

constexpr const char* cache_made_by = "smallscope mutate --incremental";
constexpr int format_version = 2;  // 2: with "content_hash" (of the rest)

struct hasher {
  std::uint64_t h = 0x452821e638d01377ull;
  void add(std::uint64_t v) {
    h ^= v + 0x9e3779b97f4a7c15ull + (h << 12) + (h >> 4);
    h *= 0xff51afd7ed558ccdull;
  }
  void add(std::string_view text) {
    add(text.size());
    for (const char c : text) add(static_cast<unsigned char>(c));
  }
};

// The lines of a file, 1-based (line 0 is empty).
std::vector<std::string> lines_of(const std::string& path) {
  std::vector<std::string> lines(1);
  std::ifstream in(path);
  for (std::string line; std::getline(in, line);) lines.push_back(line);
  return lines;
}

void add_lines(hasher& h, const std::vector<std::string>& lines, unsigned first, unsigned last) {
  for (unsigned k = first; k <= last && k < lines.size(); ++k) h.add(lines[k]);
}

mutant_status status_named(const std::string& name) {
  for (int s = 0; s <= static_cast<int>(mutant_status::ill_formed); ++s)
    if (name == mutant_status_name(static_cast<mutant_status>(s))) return static_cast<mutant_status>(s);
  throw std::invalid_argument(fmt::format("unknown status '{}'", name));
}

}  // namespace

outcome_cache::outcome_cache(std::string path, const std::vector<mutate::mutant>& list,
                             const mutate::file_extents* extents)
    : path_(std::move(path)) {
  std::map<std::string, std::vector<std::string>> files;
  const auto text_of = [&](const std::string& file) -> const std::vector<std::string>& {
    auto it = files.find(file);
    if (it == files.end()) it = files.emplace(file, lines_of(file)).first;
    return it->second;
  };
  const bool have_extents = extents != nullptr && !extents->functions.empty();
  for (const auto& m : list) {
    const auto& lines = text_of(m.file);
    hasher h;
    unsigned first = 1, last = static_cast<unsigned>(lines.size());
    if (have_extents && m.file == extents->file)
      for (const auto& f : extents->functions)
        if (f.first_line <= m.line && m.line <= f.last_line && f.last_line - f.first_line <= last - first) {
          first = f.first_line;
          last = f.last_line;
        }
    add_lines(h, lines, first, last);
    h.add(m.function);
    h.add(m.line - first);
    h.add(m.column);
    h.add(m.end_column);
    h.add(m.mutator);
    h.add(m.original);
    h.add(m.replacement);
    h.add(m.token);
    mutant_keys_[m.id] = h.h;
  }
  hasher spec;
  if (have_extents) {
    const auto& lines = text_of(extents->file);
    for (const auto& f : extents->functions)
      if (f.role == "spec") {
        spec.add(f.name);
        add_lines(spec, lines, f.first_line, f.last_line);
      }
  }
  spec_key_ = spec.h;

  if (files::unreadable(path_) == "does not exist") return;
  const auto bad = [this](const std::string& why) {
    return usage_error(fmt::format("--incremental: '{}' is not a smallscope outcome cache ({}); delete it to start afresh",
                                   path_, why));
  };
  std::string text;
  try {
    text = files::read_all(path_);
  } catch (const std::invalid_argument& e) {
    throw usage_error(fmt::format("--incremental: {}", e.what()));
  }
  const files::parsed_json parsed = files::parse_strict(text);
  if (parsed.duplicate_key) throw bad(parsed.error);
  const nlohmann::json& j = parsed.value;
  if (j.is_discarded() || !j.is_object()) throw bad("not a JSON object");
  if (j.value("made_by", std::string()) != cache_made_by) throw bad("no \"made_by\": \"smallscope mutate --incremental\"");
  if (j.value("version", 0) != format_version) throw bad(fmt::format("not version {}", format_version));
  if (!j.contains("outcomes") || !j["outcomes"].is_object()) throw bad("no \"outcomes\" object");
  if (!files::content_hash_matches(j))
    throw usage_error(fmt::format("--incremental: '{}' was changed after a run wrote it (its content hash does not "
                                  "match): its outcomes cannot be trusted; delete it to start afresh",
                                  path_));
  for (const auto& [key, o] : j["outcomes"].items()) {
    if (!o.is_object() || !o.contains("status") || !o["status"].is_string()) throw bad("an outcome without a status");
    try {
      status_named(o["status"].get<std::string>());
    } catch (const std::invalid_argument& e) {
      throw bad(e.what());
    }
  }
  outcomes_ = j["outcomes"];
}

std::string outcome_cache::entry(std::uint64_t inputs_hash, std::uint32_t id) const {
  hasher h;
  h.add(inputs_hash);
  h.add(spec_key_);
  return fmt::format("{:016x}{:016x}", h.h, mutant_keys_.at(id));
}

std::optional<mutant_outcome> outcome_cache::find(std::uint64_t inputs_hash, std::uint32_t id) {
  if (mutant_keys_.count(id) == 0) return std::nullopt;
  const auto it = outcomes_.find(entry(inputs_hash, id));
  if (it == outcomes_.end()) return std::nullopt;
  const nlohmann::json& o = *it;
  mutant_outcome out;
  out.id = id;
  out.status = status_named(o["status"].get<std::string>());
  out.method = o.value("method", std::string());
  out.input = o.value("input", std::uint64_t{0});
  out.detail = o.value("detail", std::string());
  out.runs = o.value("runs", std::uint64_t{0});
  out.killing_inputs = o.value("killing_inputs", std::uint64_t{0});
  ++found_;
  return out;
}

void outcome_cache::store(const mutation_report& report) {
  for (const auto& o : report.mutants) {
    if (o.reused || mutant_keys_.count(o.id) == 0) continue;
    if (report.interrupted && !killed(o.status)) continue;
    nlohmann::json e = {{"status", mutant_status_name(o.status)}, {"runs", o.runs}};
    if (killed(o.status)) {
      e["method"] = o.method;
      e["input"] = o.input;
      e["detail"] = o.detail;
      e["killing_inputs"] = o.killing_inputs;
    }
    outcomes_[entry(report.inputs_hash, o.id)] = std::move(e);
  }
}

void outcome_cache::save() const {
  nlohmann::json j = {{"made_by", cache_made_by}, {"version", format_version}, {"outcomes", outcomes_}};
  j["content_hash"] = files::content_hash(j);
  write_file_atomically("--incremental", path_, j.dump() + "\n");
}

}  // namespace smallscope::cli
