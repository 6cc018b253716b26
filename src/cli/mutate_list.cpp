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

namespace {

// The function of the mutant lists each of `methods` (the command line's names) runs: ROOT::MEMBER
// for a member function of the root class ("plain_subjects::lru::cache::put", the class
// unqualified by template arguments), the function itself for a free one. Empty when the
// subject's smallest finitization cannot be built.
struct function_run {
  std::string name;
  bool member = true;
  bool matches(const std::string& f) const {
    return member ? f == name : f == name || (f.size() > name.size() + 2 && f.ends_with("::" + name));
  }
};

std::vector<function_run> functions_run(const subject& s, const std::vector<std::string>& methods) {
  std::vector<function_run> out;
  try {
    const subject_instance instance = s.make(s.scope(s.scope_min));
    const auto& domains = instance.fin.data().class_domains;
    if (domains.empty()) return {};
    const std::string& type = domains.front().cpp_type;
    const std::string root = type.substr(0, type.find('<'));
    for (const auto& name : methods)
      for (const auto& m : instance.methods)
        if (m.name == name) {
          const std::string member = m.cpp_member.starts_with("::") ? m.cpp_member.substr(2) : m.cpp_member;
          out.push_back(m.free_function ? function_run{member, false} : function_run{root + "::" + member, true});
        }
  } catch (const std::exception&) {
    return {};
  }
  return out;
}

// How many of `functions` have mutants in the list at `path`.
std::size_t methods_in(const std::string& path, const std::vector<function_run>& functions) {
  std::set<std::string> listed;
  try {
    for (const auto& m : mutate::read_mutant_list(path)) listed.insert(m.function);
  } catch (const std::invalid_argument&) {
    return 0;
  }
  std::size_t n = 0;
  for (const auto& run : functions)
    n += std::any_of(listed.begin(), listed.end(), [&](const std::string& f) { return run.matches(f); });
  return n;
}

}  // namespace

std::string built_in_list(const subject& s, const std::vector<std::string>& methods) {
  std::error_code ec;
  const fs::path exe = fs::read_symlink("/proc/self/exe", ec);
  if (ec) return {};
  const auto& compiled = mutation::schemata_registry();
  const auto list_of = [&](const std::string& file) {
    const std::string stem = fs::path(file).stem().string();
    return stem.empty() ? std::string() : (exe.parent_path() / "mutants" / (stem + ".jsonl")).string();
  };
  if (compiled.size() == 1) return list_of(compiled.front().file);
  // Several: the one whose mutants are in most of the methods run, when one is.
  std::vector<std::string> own;  // the subject's own methods, not Other.method
  for (const auto& m : methods)
    if (m.find('.') == std::string::npos) own.push_back(m);
  if (!compiled.empty() && !own.empty()) {
    const std::vector<function_run> functions = functions_run(s, own);
    std::string best;
    std::size_t best_n = 0, ties = 0;
    for (const auto& c : compiled) {
      const std::string path = list_of(c.file);
      if (path.empty() || !fs::exists(path)) continue;
      const std::size_t n = methods_in(path, functions);
      if (n > best_n) {
        best = path;
        best_n = n;
        ties = 0;
      } else if (n == best_n && n > 0) {
        ++ties;
      }
    }
    if (best_n > 0 && ties == 0) return best;
  }
  return list_of(s.header);
}

mutant_selection select_mutants(const mutate_request& r, const subject& s) {
  mutant_selection out;
  out.path = r.mutants.empty() ? built_in_list(s, r.methods) : r.mutants;
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
