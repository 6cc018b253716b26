// `smallscope version`: the version, as `--version` prints it. The smallest subcommand: this file
// and a row of the table in cli.cpp.
#include <CLI/CLI.hpp>

#include "cli/command.hpp"
#include "cli/output.hpp"

namespace smallscope::cli {

command_runner add_version(CLI::App& app, rule_table&, const std::string&) {
  app.footer("The line --version prints: smallscope and the package version (CHANGELOG.md).");
  return [] {
    out("smallscope {}\n", SMALLSCOPE_VERSION);
    return exit_done;
  };
}

}  // namespace smallscope::cli
