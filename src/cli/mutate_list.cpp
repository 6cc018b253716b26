// The mutants `mutate` runs and this binary's schemata of them. See mutate_list.hpp.
#include "cli/mutate_list.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <filesystem>
#include <map>
#include <set>

#include "cli/output.hpp"
#include "mutants/changed_lines.hpp"

namespace smallscope::cli {

namespace fs = std::filesystem;

std::string built_in_list(const subject& s) {
  std::error_code ec;
  const fs::path exe = fs::read_symlink("/proc/self/exe", ec);
  const auto& compiled = mutation::schemata_registry();
  const std::string stem = fs::path(compiled.size() == 1 ? compiled.front().file : s.header).stem().string();
  if (ec || stem.empty()) return {};
  return (exe.parent_path() / "mutants" / (stem + ".jsonl")).string();
}

mutant_selection select_mutants(const mutate_request& r, const subject& s) {
  mutant_selection out;
  out.path = r.mutants.empty() ? built_in_list(s) : r.mutants;
  const std::string& list_path = out.path;
  if (list_path.empty() || !fs::exists(list_path))
    throw usage_error(fmt::format(
        "{}: no mutant list{}; make one with smallscope-mutants {} --method ... --format jsonl --output LIST and "
        "give --mutants LIST (this binary must be compiled from the same file's --schemata)",
        s.name, list_path.empty() ? "" : " at " + list_path, s.header.empty() ? "HEADER" : s.header));
  std::vector<mutate::mutant>& list = out.mutants;
  try {
    list = mutate::read_mutant_list(list_path);
  } catch (const std::invalid_argument& e) {
    throw usage_error(fmt::format("--mutants: {}", e.what()));
  }
  out.identity = mutate::list_identity(list);  // of the whole list, as the schemata have it
  if (!r.only.empty()) {
    std::vector<mutate::mutant> chosen;
    for (const auto id : r.only) {
      const auto it = std::find_if(list.begin(), list.end(), [id](const mutate::mutant& m) { return m.id == id; });
      if (it == list.end())
        throw usage_error(fmt::format("--mutant {}: {} has mutants 1..{}", id, list_path, list.back().id));
      chosen.push_back(*it);
    }
    std::sort(chosen.begin(), chosen.end(), [](const auto& a, const auto& b) { return a.id < b.id; });
    chosen.erase(std::unique(chosen.begin(), chosen.end(), [](const auto& a, const auto& b) { return a.id == b.id; }),
                 chosen.end());
    list = std::move(chosen);
  }
  std::size_t& changed_line_count = out.changed_lines;
  if (!r.since.empty()) {
    std::vector<std::string> files;
    for (const auto& m : list) files.push_back(m.file);
    std::map<std::string, std::set<unsigned>> changed;
    try {
      changed = mutate::changed_lines(r.since, files);
    } catch (const std::exception& e) {
      throw usage_error(fmt::format("--since {}: {}", escaped(r.since), e.what()));
    }
    for (const auto& [file, lines] : changed) changed_line_count += lines.size();
    std::erase_if(list, [&](const mutate::mutant& m) { return changed[m.file].count(m.line) == 0; });
  }
  return out;
}

const mutation::compiled_schemata& schemata_of(std::uint64_t identity, const std::string& list_path) {
  const auto& compiled = mutation::schemata_registry();
  if (compiled.empty())
    throw usage_error(fmt::format("this binary is not compiled from its schemata (it has no mutant schemata): run "
                                  "NAME-schemata, which smallscope_variants makes (smallscope-schemata for the built-in "
                                  "subjects), with {}",
                                  list_path));
  const auto found = std::find_if(compiled.begin(), compiled.end(),
                                  [&](const mutation::compiled_schemata& c) { return c.identity == identity; });
  if (found == compiled.end()) {
    std::string files;
    for (const auto& c : compiled)
      files += fmt::format("{}{} ({} mutants)", files.empty() ? "" : ", ", fs::path(c.file).filename().string(), c.mutants);
    throw usage_error(fmt::format("--mutants {}: this binary is not compiled from the schemata this list describes (it "
                                  "has the schemata of {}); give the list made with them (mutants/STEM.jsonl beside the "
                                  "binary), or make the list and the binary again",
                                  list_path, files));
  }
  return *found;
}

}  // namespace smallscope::cli
