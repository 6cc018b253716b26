// The --findings file of `check` and of `merge` (JSON Lines): a header line that says what made
// the file, whether the run it comes from covered all of its inputs, and how many findings
// follow; then one finding per line (README, "check"). A reader trusts the
// findings only when the header says complete and the count matches.
#pragma once

#include <cstdint>
#include <string>

#include <nlohmann/json.hpp>

namespace smallscope::cli {

inline constexpr const char* findings_format = "smallscope-findings";
inline constexpr int findings_format_version = 1;

// The header line (newline included). `complete` is false for a run stopped by a signal or by
// --stop-after: its findings are those of the inputs checked before it stopped.
inline std::string findings_header_line(const std::string& made_by, bool complete, std::uint64_t findings) {
  nlohmann::json j;
  j["format"] = findings_format;
  j["version"] = findings_format_version;
  j["made_by"] = made_by;
  j["complete"] = complete;
  j["findings"] = findings;
  return j.dump() + "\n";
}

}  // namespace smallscope::cli
