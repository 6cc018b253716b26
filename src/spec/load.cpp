// Reading a spec file or text: parse, then check (paper 003, Sec. 3: the spec language).
#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "spec/load.hpp"
#include "files/input_file.hpp"

#include <fmt/format.h>

#include <stdexcept>
#include <vector>

namespace smallscope::spec {

module load_text(std::string_view text, const std::string& file) {
  module m = parse(text, file);
  check(m);
  return m;
}

module load_file(const std::string& path) {
  std::string text;
  try {
    text = files::read_all(path);
  } catch (const std::invalid_argument&) {
    throw spec_error(path, {0, 0}, "cannot read the file: it " + files::unreadable(path));
  }
  return load_text(text, path);
}

std::uint32_t find_run_command(const module& m, const std::string& name) {
  std::vector<std::string> names;
  for (std::uint32_t c = 0; c < m.commands.size(); ++c) {
    const auto& cmd = m.commands[c];
    if (!cmd.is_run) continue;
    if (name.empty() || cmd.name == name) return c;
    if (!cmd.name.empty()) names.push_back(cmd.name);
  }
  if (name.empty()) throw std::invalid_argument(m.file + " has no run command; add one, e.g. 'run repOk for 3'");
  throw std::invalid_argument(fmt::format("{} has no run command of predicate '{}' (its run commands: {})", m.file, name,
                                          names.empty() ? "none" : fmt::format("{}", fmt::join(names, ", "))));
}

std::uint32_t find_pred(const module& m, const std::string& name) {
  for (std::uint32_t i = 0; i < m.functions.size(); ++i) {
    if (m.functions[i].is_pred && m.functions[i].name == name) return i;
  }
  throw std::invalid_argument(fmt::format("{} has no predicate named '{}'", m.file, name));
}

}  // namespace smallscope::spec
