// Compiles a GoogleTest reproducer on its own (plain C++, -fno-access-control for private
// members, -DSMALLSCOPE_NO_TRACKING) and runs it: "passes", "fails" or "does not compile". Shared
// by the seeded-bug tests, which build each reproducer with the bug compiled in and without it.
#pragma once

#include <cstdlib>
#include <fstream>
#include <string>

namespace seeded {

// Writes `code` to DIR/reproducer_test.cpp once per call and builds it with `flags` and the
// include directories `includes` ("-Ia -Ib"), then runs it.
inline std::string build_and_run(const std::string& dir, const std::string& code, const std::string& includes,
                                 const std::string& flags) {
  if (std::system(("mkdir -p '" + dir + "'").c_str()) != 0) return "does not compile";
  std::ofstream(dir + "/reproducer_test.cpp") << code;
  const std::string exe = dir + "/reproducer" + (flags.empty() ? "" : "_bug");
  const std::string compile = std::string(SMALLSCOPE_CXX) + " -std=c++20 -fno-access-control -DSMALLSCOPE_NO_TRACKING " +
                              flags + " -I" SMALLSCOPE_SOURCE_DIR "/include " + includes + " '" + dir +
                              "/reproducer_test.cpp' -lgtest -lgtest_main -pthread -o '" + exe + "' > '" + exe +
                              ".txt' 2>&1";
  if (std::system(compile.c_str()) != 0) return "does not compile";
  return std::system(("'" + exe + "' > '" + exe + ".out' 2>&1").c_str()) == 0 ? "passes" : "fails";
}

}  // namespace seeded
