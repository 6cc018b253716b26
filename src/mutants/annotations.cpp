// Survivors as GitHub Actions annotations. See annotations.hpp.
#include "mutants/annotations.hpp"

#include <fmt/format.h>

#include <cstdlib>
#include <filesystem>
#include <system_error>

namespace smallscope::mutate {

std::string workflow_escaped(const std::string& text, bool property) {
  std::string out;
  for (const char c : text) {
    if (c == '%') out += "%25";
    else if (c == '\r') out += "%0D";
    else if (c == '\n') out += "%0A";
    else if (property && c == ':') out += "%3A";
    else if (property && c == ',') out += "%2C";
    else out += c;
  }
  return out;
}

namespace {

// `file` relative to `base` when it lies below it; empty otherwise.
std::string below(const std::filesystem::path& file, const std::filesystem::path& base) {
  const auto relative = file.lexically_relative(base.lexically_normal());
  if (relative.empty() || *relative.begin() == "..") return {};
  return relative.generic_string();
}

// The path GitHub matches an annotation's file by: relative to the workflow's checkout
// ($GITHUB_WORKSPACE), else to the repository that holds the file (the nearest directory above it
// with a .git), else to the working directory; the file as given when it lies below none.
std::string shown_path(const std::string& file) {
  namespace fs = std::filesystem;
  std::error_code ec;
  const fs::path absolute = fs::absolute(file, ec).lexically_normal();
  if (ec) return file;
  if (const char* workspace = std::getenv("GITHUB_WORKSPACE"); workspace != nullptr && *workspace != '\0')
    if (auto p = below(absolute, fs::absolute(workspace, ec)); !ec && !p.empty()) return p;
  for (fs::path dir = absolute.parent_path(); !dir.empty(); dir = dir.parent_path()) {
    if (fs::exists(dir / ".git", ec)) return below(absolute, dir);
    if (dir == dir.root_path()) break;
  }
  const auto here = fs::current_path(ec);
  if (ec) return file;
  auto p = below(absolute, here);
  return p.empty() ? file : p;
}

}  // namespace

std::string github_annotation(const mutant& m, long long scope, bool unreached, bool interrupted) {
  const std::string title = fmt::format("mutant {} {}", m.id,
                                        interrupted ? (unreached ? "not run" : "not killed yet")
                                                    : (unreached ? "not reached" : "survived"));
  const std::string outcome =
      interrupted ? fmt::format("{} before scope {} was interrupted (the inputs not run may {})",
                                unreached ? "was reached by no input run" : "survived the inputs run", scope,
                                unreached ? "reach it" : "kill it")
                  : fmt::format("{} at scope {}", unreached ? "is reached by no input" : "survives every input", scope);
  const std::string message =
      fmt::format("{} mutant in {}: `{}` -> `{}` {}", m.mutator, m.function, m.original, m.replacement, outcome);
  return fmt::format("::warning file={},line={},col={},title={}::{}\n", workflow_escaped(shown_path(m.file), true),
                     m.line, m.column, workflow_escaped(title, true), workflow_escaped(message, false));
}

}  // namespace smallscope::mutate
