// JSON as smallscope reads its own artifacts (suites, checkpoints, shard outputs, mutant lists,
// caches): like nlohmann::json::parse, and an object that names one key twice is refused.
// nlohmann::json keeps the last of two equal keys without a word (RFC 8259, Sec. 4: names SHOULD
// be unique), so a hand-edited line could say one thing to a reader and another to a person.
#pragma once

#include <cstdint>
#include <nlohmann/json.hpp>
#include <string>
#include <string_view>

namespace smallscope::files {

struct parsed_json {
  nlohmann::json value;  // discarded when `error` is not empty
  std::string error;     // empty, "not JSON", or "the key \"K\" appears twice in one object"
  bool duplicate_key = false;  // the second kind of error: JSON, with a key twice
  bool ok() const { return error.empty(); }
};

parsed_json parse_strict(std::string_view text);

// FNV-1a of an artifact's JSON text without its "content_hash" key, which then holds it: an
// artifact edited by hand, or damaged, no longer matches (checkpoints, the mutation cache).
std::uint64_t content_hash(const nlohmann::json& j);
// Whether `j` holds a "content_hash" that matches the rest of it.
bool content_hash_matches(const nlohmann::json& j);

}  // namespace smallscope::files
