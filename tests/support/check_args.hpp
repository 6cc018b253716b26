// Small helpers of the end-to-end tests of `smallscope check` (cli_check_test.cpp,
// cli_check_input_test.cpp).
#pragma once

#include <string>
#include <vector>

namespace check_cli {

// `smallscope check ARGS...`, with "check" put in front of ARGS.
inline std::vector<std::string> check_args(std::vector<std::string> args) {
  args.insert(args.begin(), "check");
  return args;
}

inline bool starts_with(const std::string& text, const std::string& prefix) { return text.rfind(prefix, 0) == 0; }

}  // namespace check_cli
