// Runs another program (gcovr for coverage, git for `mutate --since`) and waits for it: the
// one place smallscope starts a tool by name.
#pragma once

#include <string>
#include <vector>

namespace smallscope::files {

// Runs argv (argv[0] found on PATH) with `env` added to the environment, its standard output to
// the file `out` and its errors to the file `errors` (each created or truncated; "/dev/null" to
// drop them); the exit code, or 128 + the signal that ended it. Throws std::runtime_error when
// the program cannot be started.
int run_program(const std::vector<std::string>& argv, const std::vector<std::string>& env = {},
                const std::string& out = "/dev/null", const std::string& errors = "/dev/null");

}  // namespace smallscope::files
