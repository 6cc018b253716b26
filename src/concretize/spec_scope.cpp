// The run command's scope from the finitization. See spec_scope.hpp.
#include "concretize/spec_scope.hpp"

#include <fmt/format.h>

#include <algorithm>

#include "concretize/binding.hpp"
#include "spec_front/load.hpp"

namespace smallscope::concretize {

std::string scope_from_finitization(spec::module& m, std::uint32_t command, const detail::finitization_data& data) {
  spec::command_decl& cmd = m.commands.at(command);
  auto item_of = [&](const std::string& sig) -> spec::scope_item* {
    for (auto& s : cmd.scopes)
      if (s.sig == sig) return &s;
    return nullptr;
  };
  // The integers the finitization holds, and the counts of objects (`#Node` must fit too).
  std::int64_t low = 0, high = 0;
  for (const auto& cd : data.class_domains) {
    high = std::max<std::int64_t>(high, cd.count);
    const std::int32_t sig = sig_of_class_domain(m, cd);
    // A subsig or a `one sig` keeps its scope (a one sig is one atom, a subsig's atoms its parent's).
    if (sig < 0 || m.sigs[static_cast<std::size_t>(sig)].parent_index >= 0 ||
        m.sigs[static_cast<std::size_t>(sig)].mult == spec::multiplicity::one)
      continue;
    const std::string& name = m.sigs[static_cast<std::size_t>(sig)].name;
    if (auto* item = item_of(name))
      item->count = cd.count;
    else
      cmd.scopes.push_back({cmd.at, false, cd.count, name});
  }
  for (const auto& b : data.bindings)
    for (const std::int64_t v : b.values.integers) {
      low = std::min(low, v);
      high = std::max(high, v);
    }
  std::uint32_t bits = 1;
  while (bits < 16 && (low < -(std::int64_t{1} << (bits - 1)) || high > (std::int64_t{1} << (bits - 1)) - 1)) ++bits;
  // A problem has at most 4096 atoms (sat/bounds.cpp), and every integer of the Int width is one.
  std::uint64_t objects = 0;
  for (const auto& cd : data.class_domains) objects += cd.count;
  if ((std::uint64_t{1} << bits) + objects > 4096)
    throw spec::spec_error(m.file, cmd.at,
                           fmt::format("the finitization's integers from {} to {} need a {}-bit Int, {} atoms, and its "
                                       "objects {} more: past the 4096 atoms a problem may have; narrow the integer "
                                       "ranges of the finitization (--fin)",
                                       low, high, bits, std::uint64_t{1} << bits, objects));
  if (auto* item = item_of("Int"))
    item->count = std::max(item->count, bits);
  else if (bits > 4)  // 4 is the default width
    cmd.scopes.push_back({cmd.at, false, bits, "Int"});
  return spec::scope_text(cmd);
}

spec::module load_scoped(const std::string& file, const std::string& run, const std::string& scope,
                         const detail::finitization_data& data, std::uint32_t& command, std::string& scope_used) {
  spec::module m = spec::load_file(file);
  command = spec::find_run_command(m, run);
  if (!scope.empty()) {
    m = spec::with_scope(m, file, scope, command);
    scope_used = spec::scope_text(m.commands[command]);
  } else {
    // Bounded by the finitization's scope, not by the file's `run ... for`.
    scope_used = scope_from_finitization(m, command, data);
  }
  return m;
}

}  // namespace smallscope::concretize
