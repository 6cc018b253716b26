// Survivors as GitHub Actions annotations. See annotations.hpp.
#include "mutate/annotations.hpp"

#include <fmt/format.h>

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

std::string shown_path(const std::string& file) {
  std::error_code ec;
  const auto absolute = std::filesystem::absolute(file, ec);
  const auto here = std::filesystem::current_path(ec);
  if (ec) return file;
  const auto relative = absolute.lexically_relative(here);
  if (relative.empty() || *relative.begin() == "..") return file;
  return relative.generic_string();
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
