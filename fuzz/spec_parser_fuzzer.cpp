// libFuzzer target for the spec language (paper 003, Sec. 3): any byte string is parsed and
// checked; a spec_error is the expected outcome of bad input, anything else (a crash, another
// exception, a sanitizer report, a hang) is a bug. Built and run by fuzz/run.sh.
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "spec_front/load.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  try {
    (void)smallscope::spec::load_text(std::string_view(reinterpret_cast<const char*>(data), size), "fuzz.als");
  } catch (const smallscope::spec::spec_error&) {
  }
  return 0;
}
