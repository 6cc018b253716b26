// `smallscope list`: the subjects, their finitization parameters, what SCOPE means and the
// methods `check` can run.
#include <fmt/format.h>

#include "cli/commands.hpp"
#include "smallscope/subject.hpp"

namespace smallscope::cli {

int run_list() {
  for (const auto& s : subjects()) {
    fmt::print("{}\n  {}\n", s.name, s.summary);
    std::string params;
    for (const auto& p : s.parameters) params += (params.empty() ? "" : ",") + p.name;
    fmt::print("  --fin {}\n", params);
    for (const auto& p : s.parameters) fmt::print("      {:<10} {} [{}, {}]\n", p.name, p.help, p.min, p.max);
    if (s.scope) {
      const auto example = s.scope(3);
      std::string shown;
      for (auto v : example) shown += (shown.empty() ? "" : ",") + std::to_string(v);
      fmt::print("  SCOPE in [{}, {}]; e.g. SCOPE 3 means --fin {}\n", s.scope_min, s.scope_max, shown);
      // The methods under test (their argument domains depend on the parameters).
      try {
        const subject_instance instance = s.make(example);
        if (!instance.methods.empty()) fmt::print("  methods (smallscope check {} METHOD SCOPE):\n", s.name);
        for (const auto& m : instance.methods) fmt::print("      {:<22} {}\n", m.name, m.summary);
      } catch (const std::exception&) {
        // A subject whose SCOPE 3 is not buildable lists no methods.
      }
    }
  }
  return 0;
}

}  // namespace smallscope::cli
