// The command line's entry point, declared in the public header smallscope/cli.hpp.
#pragma once

#include "smallscope/cli.hpp"

#include <map>
#include <string>

namespace smallscope::cli {

// Each subcommand's options that take a value, by long name ("--timeout"), with what each
// allows as its error messages say it (empty where no rule is written).
std::map<std::string, std::map<std::string, std::string>> option_rules();

}  // namespace smallscope::cli
