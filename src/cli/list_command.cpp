// `smallscope list`: the subjects, their finitization parameters and what SCOPE means.
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
    }
  }
  return 0;
}

}  // namespace smallscope::cli
