// The mutants a program was compiled with, from their list (paper 000, Sec. 7: one compile of
// the mutant schemata serves every mutant). See mutation_analysis.hpp.
#include <algorithm>
#include <filesystem>
#include <stdexcept>
#include <string>

#include "mutants/mutant_list.hpp"
#include "smallscope/rewritten/mutation.hpp"
#include "smallscope/drivers/mutation_analysis.hpp"

namespace smallscope {

compiled_mutants read_compiled_mutants(const std::string& path) {
  const std::vector<mutate::mutant> list = mutate::read_mutant_list(path);
  const std::uint64_t identity = mutate::list_identity(list);
  const auto& compiled = mutation::schemata_registry();
  const auto found = std::find_if(compiled.begin(), compiled.end(),
                                  [&](const mutation::compiled_schemata& c) { return c.identity == identity; });
  if (found == compiled.end()) {
    std::string files;
    for (const auto& c : compiled)
      files += (files.empty() ? "" : ", ") + std::filesystem::path(c.file).filename().string() + " (" +
               std::to_string(c.mutants) + " mutants)";
    throw std::invalid_argument(path + ": this program is not compiled from the schemata this list describes (it has " +
                                (files.empty() ? std::string("no mutant schemata: build NAME-schemata with smallscope_variants")
                                               : "the schemata of " + files) +
                                ")");
  }
  compiled_mutants out;
  out.id_base = static_cast<std::uint32_t>(found->base);
  for (const auto& m : list) out.mutants.push_back({m.id, m.point});
  return out;
}

}  // namespace smallscope
