// An exploration's report as the bytes its worker sends the supervisor (isolated_exploration.hpp;
// src/isolate/wire.hpp): every figure, finding, picture's objects and the cost analysis, so that
// the report the caller gets is the one the worker made.
#pragma once

#include <string>
#include <string_view>

#include "smallscope/explore.hpp"

namespace smallscope::detail {

std::string encode_report(const explore_report& report);
// Throws std::runtime_error for bytes that are not a whole report.
explore_report decode_report(std::string_view bytes);

}  // namespace smallscope::detail
