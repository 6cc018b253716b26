// Reading and writing suite files (see suite_file.hpp; paper 004's suites kept for regression).
#include "suite/suite_file.hpp"
#include "files/input_file.hpp"
#include "files/strict_json.hpp"

#include <fmt/format.h>

#include <fstream>
#include <nlohmann/json.hpp>
#include <unordered_map>

#include "smallscope/report.hpp"
#include "space/state_space.hpp"

namespace smallscope::suite {

namespace {

constexpr const char* format_name = "smallscope-suite";

[[noreturn]] void fail(const std::string& path, std::uint64_t line, const std::string& what) {
  throw suite_error(fmt::format("{}:{}: {}", path, line, what));
}

std::string value_text(const nlohmann::json& v) {
  if (v.is_null()) return "null";
  if (v.is_string()) return v.get<std::string>();
  if (v.is_boolean()) return v.get<bool>() ? "true" : "false";
  return v.dump();
}

}  // namespace

std::string header_line(const header& h) {
  nlohmann::json j;
  j["format"] = format_name;
  j["version"] = format_version;
  j["subject"] = h.subject;
  j["fin"] = h.fin;
  j["kind"] = h.kind;
  j["made_by"] = h.made_by;
  j["structures"] = h.structures;
  j["complete"] = h.complete;
  return j.dump() + "\n";
}

void append_structure(std::string& out, const detail::state_space& space, std::span<const std::uint32_t> values,
                      std::uint64_t index) {
  structure_printer printer;
  printer.append(out, structure(space, values, index), structure_format::jsonl);
}

std::string structure_lines(const finitization& fin, std::span<const std::vector<std::uint32_t>> candidates,
                            std::uint64_t first) {
  std::string out;
  append_candidates(out, fin, candidates, structure_format::jsonl, first);
  return out;
}

contents read(const std::string& path) {
  if (const std::string why = files::unreadable(path); !why.empty())
    throw suite_error(fmt::format("{}: the suite file {} (give a file written by --suite)", path, why));
  std::ifstream in(path);
  if (!in) throw suite_error(fmt::format("{}: cannot open the suite file (give a file written by --suite)", path));
  contents c;
  std::string line;
  std::uint64_t number = 0;
  if (!std::getline(in, line)) fail(path, 1, "empty file: a suite file starts with its header line");
  ++number;
  const files::parsed_json header_json = files::parse_strict(line);
  if (header_json.duplicate_key) fail(path, 1, header_json.error);
  const nlohmann::json& h = header_json.value;
  if (h.is_discarded() || !h.is_object() || h.value("format", "") != format_name)
    fail(path, 1, fmt::format("not a suite file: the first line must be a JSON object with \"format\": \"{}\"", format_name));
  if (!h.contains("version") || !h["version"].is_number_integer() || h["version"].get<int>() != format_version)
    fail(path, 1, fmt::format("suite format version {} is not read by this build (it reads version {})",
                              h.contains("version") ? h["version"].dump() : "missing", format_version));
  try {
    c.about.subject = h.at("subject").get<std::string>();
    c.about.fin = h.at("fin").get<std::vector<std::int64_t>>();
    c.about.kind = h.value("kind", "");
    c.about.made_by = h.value("made_by", "");
    if (!h.at("structures").is_number_unsigned())
      fail(path, 1, fmt::format("\"structures\" must be a count in [0, 2^64-1], got {}", h["structures"].dump()));
    c.about.structures = h.at("structures").get<std::uint64_t>();
    if (h.contains("complete") && !h["complete"].is_boolean()) fail(path, 1, "\"complete\" must be true or false");
    c.about.complete = h.value("complete", true);
  } catch (const nlohmann::json::exception&) {
    fail(path, 1, "the header needs \"subject\" (a string), \"fin\" (integers) and \"structures\" (a count)");
  }
  while (std::getline(in, line)) {
    ++number;
    if (line.empty()) continue;
    c.lines.push_back(line);
    c.line_numbers.push_back(number);
  }
  if (c.lines.size() != c.about.structures)
    fail(path, number, fmt::format("the header announces {} structures but the file holds {} (a truncated or edited file?)",
                                   c.about.structures, c.lines.size()));
  return c;
}

std::vector<std::vector<std::uint32_t>> candidates(const contents& c, const std::string& path,
                                                   const detail::state_space& space, const predicate& invariant) {
  std::unordered_map<std::string, std::uint32_t> object_of;
  for (std::uint32_t o = 0; o < space.objects().size(); ++o) object_of.emplace(space.object_label(o), o);
  std::vector<std::vector<std::uint32_t>> out;
  out.reserve(c.lines.size());
  std::unordered_map<std::string, std::uint64_t> seen;  // candidate vector -> its line
  const std::string root_label = space.object_label(0);
  for (std::size_t k = 0; k < c.lines.size(); ++k) {
    const std::uint64_t line = c.line_numbers[k];
    const files::parsed_json parsed = files::parse_strict(c.lines[k]);
    if (parsed.duplicate_key) fail(path, line, parsed.error);
    const nlohmann::json& j = parsed.value;
    if (j.is_discarded() || !j.is_object() || !j.contains("objects") || !j["objects"].is_object())
      fail(path, line, "a structure line must be a JSON object with \"objects\" (as `gen --format jsonl` prints)");
    if (j.contains("root") && (!j["root"].is_string() || j["root"].get<std::string>() != root_label))
      fail(path, line, fmt::format("the root is {}, not the finitization's root object {}", j["root"].dump(), root_label));
    std::vector<std::uint32_t> values(space.slot_count(), 0);
    for (const auto& [label, fields] : j["objects"].items()) {
      auto it = object_of.find(label);
      if (it == object_of.end())
        fail(path, line, fmt::format("object {} is not in the finitization {} (a suite of another scope?)", label,
                                     fmt::join(c.about.fin, ",")));
      if (!fields.is_object()) fail(path, line, fmt::format("object {}: its fields must be a JSON object", label));
      const auto& obj = space.objects()[it->second];
      for (const auto& [name, value] : fields.items()) {
        std::uint32_t s = obj.first_slot;
        while (s < obj.end_slot && space.slot_name(s) != name) ++s;
        if (s == obj.end_slot) fail(path, line, fmt::format("object {} has no field {}", label, name));
        auto set = [&](std::uint32_t slot, const nlohmann::json& v) {
          // An object is its label (a string) or null; any other value is a JSON number or
          // boolean, as gen writes it: the string "1" is not the number 1.
          const bool objects = space.domains()[space.slots()[slot].domain].objects;
          // Contents' values that are no numbers are their text as a JSON string ("items[1]").
          const bool labelled = !space.domains()[space.slots()[slot].domain].labels.empty();
          if (labelled && v.is_string()) {
            const std::string text = v.get<std::string>();
            const auto count = static_cast<std::uint32_t>(space.domains()[space.slots()[slot].domain].values.size());
            for (std::uint32_t x = 0; x < count; ++x)
              if (space.value_text(slot, x) == text) {
                values[slot] = x;
                return;
              }
            fail(path, line, fmt::format("{}.{}: the value {} is not in its domain", label, name, v.dump()));
          }
          if (objects && !(v.is_string() || v.is_null()))
            fail(path, line, fmt::format("{}.{}: the value {} is no object: write an object's label (\"Node#1\") or null",
                                         label, name, v.dump()));
          if (!objects && !(v.is_number() || v.is_boolean()))
            fail(path, line, fmt::format("{}.{}: the value {} is not a number or boolean: write it as gen does, {}", label,
                                         name, v.dump(), v.is_string() ? value_text(v) : std::string("unquoted")));
          const std::string text = value_text(v);
          const auto count = static_cast<std::uint32_t>(space.domains()[space.slots()[slot].domain].values.size());
          for (std::uint32_t x = 0; x < count; ++x) {
            if (space.value_text(slot, x) == text) {
              values[slot] = x;
              return;
            }
          }
          fail(path, line, fmt::format("{}.{}: the value {} is not in its field domain", label, name, text));
        };
        if (space.slots()[s].kind == detail::slot_kind::array_length) {
          if (!value.is_array()) fail(path, line, fmt::format("{}.{}: an array field needs a JSON array", label, name));
          if (value.size() > space.slots()[s].capacity)
            fail(path, line, fmt::format("{}.{}: {} elements, more than the finitization's {}", label, name, value.size(),
                                         space.slots()[s].capacity));
          set(s, static_cast<std::int64_t>(value.size()));
          for (std::size_t e = 0; e < value.size(); ++e) set(s + 1 + static_cast<std::uint32_t>(e), value[e]);
        } else {
          set(s, value);
        }
      }
    }
    space.write_all(values.data());
    bool valid = false;
    try {
      valid = invariant.call(invariant.context.get(), space.root());
    } catch (const std::exception& e) {
      fail(path, line, fmt::format("structure {}: the invariant threw on it: {}", k + 1, e.what()));
    }
    if (!valid)
      fail(path, line, fmt::format("structure {} is not valid under {}'s invariant (a suite of another version of the classes?)",
                                   k + 1, c.about.subject));
    const std::string key(reinterpret_cast<const char*>(values.data()), values.size() * sizeof(std::uint32_t));
    if (const auto [at, fresh] = seen.emplace(key, line); !fresh)
      fail(path, line, fmt::format("structure {} is the structure of line {} again (a suite holds each once)", k + 1,
                                   at->second));
    out.push_back(std::move(values));
  }
  return out;
}

std::vector<std::vector<std::uint32_t>> candidates(const contents& c, const std::string& path, const finitization& fin,
                                                   const predicate& invariant) {
  const detail::state_space space(fin.data());
  return candidates(c, path, space, invariant);
}

}  // namespace smallscope::suite
