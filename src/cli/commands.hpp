// The subcommands of the command line and what they share.
#pragma once

#include <cstdint>
#include <stdexcept>
#include <string>
#include <vector>

#include "smallscope/options.hpp"

namespace CLI {
class App;
}

namespace smallscope::cli {

// Bad input on the command line: printed as "error: <what>", exit code 2.
class usage_error : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

struct gen_request {
  std::string subject;
  std::string scope;  // the one-argument finitization, or empty
  std::string fin;    // every parameter, comma-separated
  bool fin_given = false;
  bool print = false;
  std::string format = "text";
  std::string stats;  // "json" or "text" when given
  bool stats_given = false;
  bool quiet = false;
  search_options search;
};

// Adds the search options of the options table to `app`, writing into `options`.
void add_search_options(CLI::App& app, search_options& options);

int run_list();
int run_gen(const gen_request& request);

}  // namespace smallscope::cli
