// `smallscope list`: the subjects, their finitization parameters, what SCOPE means and the
// methods `check` can run.
#include <CLI/CLI.hpp>
#include <fmt/format.h>

#include <limits>
#include <memory>

#include <algorithm>

#include "cli/command.hpp"
#include "cli/commands.hpp"
#include "cli/output.hpp"
#include "smallscope/subject.hpp"

namespace smallscope::cli {

int run_list(const std::string& program) {
  for (const auto& s : subjects()) {
    out("{}\n  {}\n", s.name, s.summary);
    std::string params;
    for (const auto& p : s.parameters) params += (params.empty() ? "" : ",") + p.name;
    out("  --fin {}\n", params);
    for (const auto& p : s.parameters) out("      {:<10} {} [{}, {}]\n", p.name, p.help, p.min, p.max);
    const auto [lo, hi] = scope_range(s);
    if (s.scope && lo <= hi) {
      const auto example = s.scope(std::clamp<std::int64_t>(3, lo, hi));
      std::string shown;
      for (auto v : example) shown += (shown.empty() ? "" : ",") + std::to_string(v);
      out("  SCOPE in [{}, {}]; e.g. SCOPE {} means --fin {}\n", lo, hi, std::clamp<std::int64_t>(3, lo, hi), shown);
      // The methods under test (their argument domains depend on the parameters).
      try {
        const subject_instance instance = s.make(example);
        if (!instance.methods.empty()) out("  methods ({} check {} METHOD SCOPE):\n", program, s.name);
        for (const auto& m : instance.methods) out("      {:<22} {}\n", m.name, m.summary);
      } catch (const std::exception&) {
        // A subject whose SCOPE 3 is not buildable lists no methods.
      }
    }
  }
  return 0;
}

command_runner add_list(CLI::App&, rule_table&, const std::string& program) {
  return [program] { return run_list(program); };
}

}  // namespace smallscope::cli
