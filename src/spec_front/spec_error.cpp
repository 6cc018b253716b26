// Errors in spec files, reported as file:line:col (paper 003, Sec. 3).
#include "spec_front/load.hpp"

#include <fmt/format.h>

namespace smallscope::spec {

spec_error::spec_error(const std::string& file, position at, const std::string& message)
    : smallscope::spec_error(at.line == 0 ? fmt::format("{}: error: {}", file, message)  // the file as a whole
                                      : fmt::format("{}:{}:{}: error: {}", file, at.line, at.column, message)),
      file_(file),
      at_(at),
      message_(message) {}

}  // namespace smallscope::spec
