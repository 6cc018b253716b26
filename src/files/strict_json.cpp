// JSON with unique keys per object (see strict_json.hpp).
#include "files/strict_json.hpp"

#include <set>
#include <vector>

namespace smallscope::files {

parsed_json parse_strict(std::string_view text) {
  std::vector<std::set<std::string>> open;  // the keys of each object being parsed, innermost last
  std::string duplicate;
  bool has_duplicate = false;
  const auto watch = [&](int, nlohmann::json::parse_event_t event, nlohmann::json& parsed) {
    using event_t = nlohmann::json::parse_event_t;
    if (event == event_t::object_start) {
      open.emplace_back();
    } else if (event == event_t::object_end) {
      if (!open.empty()) open.pop_back();
    } else if (event == event_t::key && !open.empty() && parsed.is_string()) {
      if (!open.back().insert(parsed.get<std::string>()).second && !has_duplicate) {
        has_duplicate = true;
        duplicate = parsed.get<std::string>();
      }
    }
    return true;
  };
  parsed_json out;
  out.value = nlohmann::json::parse(text.begin(), text.end(), watch, false);
  if (out.value.is_discarded()) {
    out.error = "not JSON";
  } else if (has_duplicate) {
    out.value = nlohmann::json(nlohmann::json::value_t::discarded);
    out.duplicate_key = true;
    out.error = "the key \"" + duplicate + "\" appears twice in one object";
  }
  return out;
}

std::uint64_t content_hash(const nlohmann::json& j) {
  nlohmann::json rest = j;
  if (rest.is_object()) rest.erase("content_hash");
  std::uint64_t h = 0xcbf29ce484222325ull;
  for (const char c : rest.dump()) h = (h ^ static_cast<unsigned char>(c)) * 0x100000001b3ull;
  return h;
}

bool content_hash_matches(const nlohmann::json& j) {
  return j.is_object() && j.contains("content_hash") && j["content_hash"].is_number_unsigned() &&
         j["content_hash"].get<std::uint64_t>() == content_hash(j);
}

}  // namespace smallscope::files
