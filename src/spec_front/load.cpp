// Reading a spec file or text: parse, then check (paper 003, Sec. 3: the spec language).
#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "spec_front/load.hpp"

#include <algorithm>

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

std::string scope_text(const command_decl& cmd) {
  std::string out = cmd.has_default ? std::to_string(cmd.default_scope) : "";
  if (cmd.has_default && !cmd.scopes.empty()) out += " but ";
  for (std::size_t i = 0; i < cmd.scopes.size(); ++i) {
    const auto& s = cmd.scopes[i];
    out += fmt::format("{}{}{} {}", i == 0 ? "" : ", ", s.exactly ? "exactly " : "", s.count, s.sig);
  }
  return out;
}

module with_scope(const module& m, const std::string& path, const std::string& scope, std::uint32_t& command) {
  const std::string pred = m.commands.at(command).name;
  if (pred.empty()) throw scope_error(scope_error::kind::no_predicate, "");
  std::string all = files::read_all(path);
  const auto lines = static_cast<std::uint32_t>(std::count(all.begin(), all.end(), '\n'));
  all += "\nrun " + pred + " for " + scope + "\n";
  try {
    module scoped = load_text(all, path);
    // A scope, not more spec text: exactly one command more, and nothing else.
    if (scoped.commands.size() != m.commands.size() + 1 || scoped.sigs.size() != m.sigs.size() ||
        scoped.functions.size() != m.functions.size() || scoped.facts.size() != m.facts.size() ||
        scoped.asserts.size() != m.asserts.size() || scoped.opens.size() != m.opens.size())
      throw scope_error(scope_error::kind::adds_to_the_spec, "");
    command = static_cast<std::uint32_t>(scoped.commands.size() - 1);
    return scoped;
  } catch (const spec_error& e) {
    if (e.at().line <= lines + 1) throw;  // the file's own fault
    throw scope_error(scope_error::kind::not_a_scope, e.message());
  }
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
