// Out of memory is not bad input (issue: never lose work, 13): a run that needs more memory than
// the address-space limit gives ends with exit code 4 and a message naming the limit, not with
// exit code 2 and "std::bad_alloc".
#include <gtest/gtest.h>

#include <fstream>
#include <string>

#include "support/cli_runner.hpp"
#include "support/temp_files.hpp"

namespace {

TEST(Memory, OutOfMemoryHasItsOwnExitCodeAndNamesTheLimit) {
#if defined(__SANITIZE_ADDRESS__)
  GTEST_SKIP() << "AddressSanitizer's shadow memory does not run under an address-space limit";
#else
  const test_files::temp_file spec(".als");
  std::ofstream(spec.path()) << "sig Node { next: lone Node }\nrun {} for 1000\n";
  const std::string command = std::string("ulimit -v 400000; exec ") + SMALLSCOPE_BINARY + " spec " + spec.path() + " -q";
  const auto r = cli_runner::run_program("/bin/bash", {"-c", command});
  EXPECT_EQ(r.exit_code, 4) << r.err;
  EXPECT_TRUE(cli_runner::contains(r.err, "error: out of memory (the address-space limit, ulimit -v, is 390 MiB)"))
      << r.err;
  EXPECT_FALSE(cli_runner::contains(r.err, "bad_alloc")) << r.err;
#endif
}

// explore keeps what it found: the states and failed calls so far are printed, the statistics
// say why it stopped, and the exit code is out of memory's.
TEST(Memory, ExploreOutOfMemoryKeepsTheStatesSoFar) {
#if defined(__SANITIZE_ADDRESS__)
  GTEST_SKIP() << "AddressSanitizer's shadow memory does not run under an address-space limit";
#else
  const std::string command = std::string("ulimit -v 200000; exec ") + SMALLSCOPE_BINARY +
                              " explore TreeMap 30 --methods put_key,remove --no-differential --stats json -q";
  const auto r = cli_runner::run_program("/bin/bash", {"-c", command});
  EXPECT_EQ(r.exit_code, 4) << r.err;
  EXPECT_TRUE(cli_runner::contains(r.err, "error: out of memory (the address-space limit, ulimit -v, is 195 MiB) after "))
      << r.err;
  const auto stats = cli_runner::last_line_json(r.out);
  EXPECT_GT(stats.value("states", 0), 10000) << r.out;
  EXPECT_EQ(stats.value("stopped_by", std::string()), "out of memory") << r.out;
  EXPECT_FALSE(stats.value("complete", true)) << r.out;
#endif
}

}  // namespace
