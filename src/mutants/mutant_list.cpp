// Mutant lists and reports as data. See mutant_list.hpp.
#include "mutants/mutant_list.hpp"
#include "files/input_file.hpp"
#include "files/strict_json.hpp"

#include <cstdio>
#include <fstream>
#include <nlohmann/json.hpp>
#include <optional>
#include <stdexcept>

namespace smallscope::mutate {

std::string json_string(const std::string& text) {
  std::string out = "\"";
  for (char c : text) {
    if (c == '"' || c == '\\') {
      out += '\\';
      out += c;
    } else if (c == '\n') {
      out += "\\n";
    } else if (static_cast<unsigned char>(c) < 0x20) {
      char buffer[8];
      std::snprintf(buffer, sizeof buffer, "\\u%04x", static_cast<unsigned>(static_cast<unsigned char>(c)));
      out += buffer;
    } else {
      out += c;
    }
  }
  return out + "\"";
}

std::uint64_t list_identity(const std::vector<mutant>& mutants) {
  std::uint64_t h = 0xcbf29ce484222325ull;  // FNV-1a over the fields, each ended by a zero byte
  const auto add = [&h](const std::string& text) {
    for (const char c : text) h = (h ^ static_cast<unsigned char>(c)) * 0x100000001b3ull;
    h = (h ^ 0) * 0x100000001b3ull;
  };
  for (const auto& m : mutants) {
    add(std::to_string(m.id));
    add(std::to_string(m.point));
    add(m.function);
    add(m.mutator);
    add(m.original);
    add(m.replacement);
    add(m.token);
  }
  return h;
}

std::string jsonl_header(const std::string& made_by, std::size_t mutants) {
  return "{\"format\":" + json_string(mutant_list_format) + ",\"version\":" + std::to_string(mutant_list_version) +
         ",\"made_by\":" + json_string(made_by) + ",\"complete\":true,\"mutants\":" + std::to_string(mutants) + "}\n";
}

std::string jsonl_line(const mutant& m) {
  const auto json = json_string;
  return "{\"id\":" + std::to_string(m.id) + ",\"point\":" + std::to_string(m.point) + ",\"file\":" + json(m.file) +
         ",\"line\":" + std::to_string(m.line) + ",\"column\":" + std::to_string(m.column) +
         ",\"end_column\":" + std::to_string(m.end_column) + ",\"family\":" + json(m.family) +
         ",\"mutator\":" + json(m.mutator) + ",\"function\":" + json(m.function) + ",\"original\":" +
         json(m.original) + ",\"replacement\":" + json(m.replacement) + ",\"token\":" + json(m.token) + "}\n";
}

namespace {

// The header line's count of mutants; throws for a line that is not a header of this version.
std::uint64_t read_header(const nlohmann::json& j) {
  if (!j.is_object() || j.value("format", "") != mutant_list_format)
    throw std::invalid_argument(std::string("no header line {\"format\":\"") + mutant_list_format +
                                "\",...}: not a list of smallscope-mutants --format jsonl, or one written before "
                                "lists had headers; write it again with smallscope-mutants --format jsonl");
  if (j.value("version", 0) != mutant_list_version)
    throw std::invalid_argument("a list of version " + j.value("version", nlohmann::json()).dump() +
                                ", this binary reads version " + std::to_string(mutant_list_version) +
                                ": write it again with this smallscope-mutants");
  if (!j.value("complete", false))
    throw std::invalid_argument("its header says the list is not complete: write it again with smallscope-mutants");
  const auto& count = j.at("mutants");
  if (!count.is_number_unsigned()) throw std::invalid_argument("\"mutants\" in its header is not a count");
  return count.get<std::uint64_t>();
}

}  // namespace

std::vector<mutant> read_mutant_list(const std::string& path) {
  if (const std::string why = files::unreadable(path); !why.empty())
    throw std::invalid_argument("the mutant list '" + path + "' " + why);
  std::ifstream in(path);
  if (!in) throw std::invalid_argument("cannot read the mutant list '" + path + "'");
  std::vector<mutant> out;
  std::optional<std::uint64_t> announced;
  std::string text;
  for (unsigned number = 1; std::getline(in, text); ++number) {
    if (text.empty()) continue;
    const std::string where = path + ":" + std::to_string(number);
    try {
      const files::parsed_json parsed = files::parse_strict(text);
      if (!parsed.ok())
        throw std::invalid_argument("not a mutant of smallscope-mutants --format jsonl (" + parsed.error + ")");
      const nlohmann::json& j = parsed.value;
      if (!announced) {
        announced = read_header(j);
        continue;
      }
      mutant m;
      m.id = j.at("id").get<std::uint32_t>();
      m.point = j.at("point").get<std::uint32_t>();
      m.file = j.at("file").get<std::string>();
      m.line = j.at("line").get<unsigned>();
      m.column = j.at("column").get<unsigned>();
      m.end_column = j.value("end_column", m.column + 1);
      m.family = j.value("family", "");
      m.mutator = j.at("mutator").get<std::string>();
      m.function = j.value("function", "");
      m.original = j.at("original").get<std::string>();
      m.replacement = j.at("replacement").get<std::string>();
      m.token = j.value("token", "");
      if (m.id == 0 || m.point == 0 || m.point > m.id)
        throw std::invalid_argument("ids start at 1 and a point is the first id of its mutants");
      if (!out.empty() && m.id <= out.back().id) throw std::invalid_argument("ids must ascend");
      out.push_back(std::move(m));
    } catch (const std::invalid_argument& e) {
      throw std::invalid_argument(where + ": " + e.what());
    } catch (const nlohmann::json::exception& e) {
      throw std::invalid_argument(where + ": not a mutant of smallscope-mutants --format jsonl (" +
                                  std::string(e.what()) + ")");
    }
  }
  if (!announced || out.empty()) throw std::invalid_argument("the mutant list '" + path + "' has no mutant");
  if (*announced != out.size())
    throw std::invalid_argument("the mutant list '" + path + "' has " + std::to_string(out.size()) +
                                " mutants where its header announces " + std::to_string(*announced) +
                                ": it was cut short or edited; write it again with smallscope-mutants");
  return out;
}

std::string extents_json(const std::string& file, const std::vector<function_extent>& extents) {
  std::string out = "{\"file\":" + json_string(file) + ",\"functions\":[";
  for (std::size_t i = 0; i < extents.size(); ++i)
    out += (i == 0 ? "" : ",") + std::string("{\"name\":") + json_string(extents[i].name) +
           ",\"role\":" + json_string(extents[i].role) + ",\"first_line\":" + std::to_string(extents[i].first_line) +
           ",\"last_line\":" + std::to_string(extents[i].last_line) + "}";
  return out + "]}\n";
}

file_extents read_extents(const std::string& path) {
  if (const std::string why = files::unreadable(path); !why.empty())
    throw std::invalid_argument("the function extents '" + path + "' " + why);
  std::ifstream in(path);
  if (!in) throw std::invalid_argument("cannot read the function extents '" + path + "'");
  try {
    const auto j = nlohmann::json::parse(in);
    file_extents out;
    out.file = j.at("file").get<std::string>();
    for (const auto& f : j.at("functions"))
      out.functions.push_back({f.at("name").get<std::string>(), f.at("role").get<std::string>(),
                               f.at("first_line").get<unsigned>(), f.at("last_line").get<unsigned>()});
    return out;
  } catch (const nlohmann::json::exception& e) {
    throw std::invalid_argument(path + ": not the function extents of smallscope-mutants --functions (" +
                                std::string(e.what()) + ")");
  }
}

std::string report_json(const std::vector<mutant>& mutants, const std::string& file, const std::string& source,
                        const std::function<report_status(const mutant&)>& status, const report_about& about) {
  const auto json = json_string;
  std::string out = "{\"$schema\":\"https://git.io/mutation-testing-report-schema\",\"schemaVersion\":\"1\","
                    "\"config\":{\"made_by\":" +
                    json(about.made_by) + ",\"complete\":" + (about.complete ? "true" : "false") +
                    (about.scope.empty() ? std::string() : ",\"scope\":" + json(about.scope)) + "},\"thresholds\":{\"high\":80,\"low\":60},\"files\":{" +
                    json(file) + ":{\"language\":\"cpp\",\"source\":" + json(source) + ",\"mutants\":[";
  for (std::size_t i = 0; i < mutants.size(); ++i) {
    const mutant& m = mutants[i];
    const report_status s = status(m);
    out += (i == 0 ? "" : ",") + std::string("{\"id\":\"") + std::to_string(m.id) + "\",\"mutatorName\":" +
           json(m.mutator) + ",\"replacement\":" + json(m.token) + ",\"description\":" +
           json(m.function + ": " + m.original + " -> " + m.replacement) + ",\"location\":{\"start\":{\"line\":" +
           std::to_string(m.line) + ",\"column\":" + std::to_string(m.column) + "},\"end\":{\"line\":" +
           std::to_string(m.line) + ",\"column\":" + std::to_string(m.end_column) + "}},\"status\":" + json(s.status) +
           (s.reason.empty() ? "" : ",\"statusReason\":" + json(s.reason)) + "}";
  }
  return out + "]}}}\n";
}

}  // namespace smallscope::mutate
