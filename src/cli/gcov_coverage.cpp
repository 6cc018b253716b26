// Coverage per scope with gcov and gcovr. See coverage.hpp.
#include "cli/gcov_coverage.hpp"

#include "files/run_program.hpp"

#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fmt/format.h>
#include <fstream>
#include <iterator>
#include <nlohmann/json.hpp>
#include <stdexcept>
#include <vector>

namespace smallscope::cli {

namespace {

namespace fs = std::filesystem;

double percent(unsigned part, unsigned whole) { return whole == 0 ? 100 : 100.0 * part / whole; }

}  // namespace

coverage_figures measure_coverage(const std::string& binary, const std::vector<coverage_call>& calls,
                                  const mutate::file_extents& extents) {
  char pattern[] = "/tmp/smallscope-coverage-XXXXXX";
  if (::mkdtemp(pattern) == nullptr) throw std::runtime_error("cannot make a temporary directory for coverage");
  const fs::path dir = pattern;
  struct cleanup {
    fs::path dir;
    ~cleanup() {
      std::error_code ec;
      fs::remove_all(dir, ec);
    }
  } remove{dir};
  // The counts of every run go under dir, mirroring the object files' absolute paths.
  for (const auto& c : calls) {
    std::vector<std::string> args = {binary, "check", c.subject, c.method, "--fin", c.fin, "-q", "--show", "0"};
    if (!c.suite.empty()) {
      args.push_back("--suite");
      args.push_back(c.suite);
    }
    const int code = files::run_program(args, {"GCOV_PREFIX=" + dir.string(), "GCOV_PREFIX_STRIP=0"});
    if (code != 0 && code != 1)
      throw std::runtime_error(fmt::format("{} check {} {} --fin {} ended with {}", binary, c.subject, c.method, c.fin, code));
  }
  // gcov reads each .gcda next to its .gcno: copy those from the object directory. A unit whose
  // notes never name the file measured has none of its lines: gcovr would run gcov on it for
  // nothing (a binary of many subjects has dozens), so its counts go.
  const std::string measured = fs::path(extents.file).filename().string();
  std::size_t counts = 0;
  std::vector<fs::path> unrelated;
  for (const auto& entry : fs::recursive_directory_iterator(dir)) {
    if (entry.path().extension() != ".gcda") continue;
    ++counts;
    const fs::path object = fs::path("/") / fs::relative(entry.path(), dir);
    fs::path notes = object;
    notes.replace_extension(".gcno");
    std::error_code ec;
    fs::copy_file(notes, fs::path(entry.path()).replace_extension(".gcno"), fs::copy_options::overwrite_existing, ec);
    std::ifstream in(notes, std::ios::binary);
    const std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    if (!ec && !text.empty() && text.find(measured) == std::string::npos) unrelated.push_back(entry.path());
  }
  for (const auto& p : unrelated) {
    std::error_code ec;
    fs::remove(p, ec);
    fs::remove(fs::path(p).replace_extension(".gcno"), ec);
  }
  if (counts == 0)
    throw std::runtime_error(fmt::format(
        "--coverage: {} wrote no coverage counts: compile it with --coverage and link it with --coverage "
        "-Wl,--undefined=__gcov_dump (smallscope_variants(... VARIANTS coverage) does both)",
        binary));
  const fs::path source = fs::absolute(extents.file);
  const fs::path report = dir / "coverage.json";
  // gcov writes its .gcov files in the directory gcovr runs it in: the object directory given,
  // this run's own, never the source's (which may be read-only, or shared by runs at once).
  const int code = files::run_program({"gcovr", "--root", source.parent_path().string(), "--filter", source.string(),
                        "--object-directory", dir.string(), "--exclude-throw-branches",
                        "--exclude-unreachable-branches", "--json", report.string(), dir.string()},
                       {}, "/dev/null", (dir / "gcovr.err").string());
  if (code != 0) {
    std::ifstream err(dir / "gcovr.err");
    std::string text, line;
    while (std::getline(err, line)) text += "\n  " + line;
    throw std::runtime_error(fmt::format("gcovr ended with {}{}", code, text.empty() ? " (is it installed?)" : ":" + text));
  }
  std::ifstream in(report);
  const auto j = nlohmann::json::parse(in);
  coverage_figures f;
  unsigned code_hit = 0, spec_hit = 0, code_taken = 0, spec_taken = 0;
  for (const auto& file : j.at("files")) {
    if (fs::path(file.at("file").get<std::string>()).filename() != source.filename()) continue;
    for (const auto& line : file.at("lines")) {
      if (line.value("gcovr/noncode", false)) continue;
      const auto n = line.at("line_number").get<unsigned>();
      const mutate::function_extent* owner = nullptr;
      for (const auto& e : extents.functions)
        if (n >= e.first_line && n <= e.last_line) owner = &e;
      if (owner == nullptr) continue;
      const bool spec = owner->role == "spec";
      const bool hit = line.at("count").get<std::uint64_t>() > 0;
      (spec ? f.spec_lines : f.code_lines) += 1;
      (spec ? spec_hit : code_hit) += hit ? 1 : 0;
      for (const auto& b : line.at("branches")) {
        (spec ? f.spec_branch_count : f.code_branch_count) += 1;
        (spec ? spec_taken : code_taken) += b.at("count").get<std::uint64_t>() > 0 ? 1 : 0;
      }
    }
  }
  // No line of the functions measured: the counts are of other files, not a coverage of 0 %.
  if (f.code_lines == 0)
    throw std::runtime_error(fmt::format(
        "--coverage: the counts from {} have no line of {}'s functions under test: is it compiled from that "
        "file (not a copy of it elsewhere)?",
        binary, source.string()));
  f.code_statements = percent(code_hit, f.code_lines);
  f.code_branches = percent(code_taken, f.code_branch_count);
  f.spec_statements = percent(spec_hit, f.spec_lines);
  f.spec_branches = percent(spec_taken, f.spec_branch_count);
  return f;
}

}  // namespace smallscope::cli
