// One subcommand of the command line, a row of the table in cli.cpp: its name, its one-line
// summary, a function that declares its arguments on its own CLI11 app (with what each allows,
// for CLI11's messages) and returns what runs it once the command line is parsed, and whether
// SIGINT and SIGTERM stop it with its findings so far (interrupt.hpp). A new subcommand is a file
// with its add_ function and a row.
#pragma once

#include <functional>
#include <string>

#include "cli/arguments.hpp"

namespace CLI {
class App;
}

namespace smallscope::cli {

using command_runner = std::function<int()>;
using command_adder = command_runner (*)(CLI::App& app, rule_table& rules, const std::string& program);

struct command {
  const char* name;
  const char* summary;
  command_adder add;
  bool interruptible;
};

command_runner add_list(CLI::App& app, rule_table& rules, const std::string& program);
command_runner add_gen(CLI::App& app, rule_table& rules, const std::string& program);
command_runner add_merge(CLI::App& app, rule_table& rules, const std::string& program);
command_runner add_explore(CLI::App& app, rule_table& rules, const std::string& program);
command_runner add_cover(CLI::App& app, rule_table& rules, const std::string& program);
command_runner add_check(CLI::App& app, rule_table& rules, const std::string& program);
command_runner add_mutate(CLI::App& app, rule_table& rules, const std::string& program);
command_runner add_fe(CLI::App& app, rule_table& rules, const std::string& program);
command_runner add_spec(CLI::App& app, rule_table& rules, const std::string& program);
command_runner add_version(CLI::App& app, rule_table& rules, const std::string& program);

}  // namespace smallscope::cli
