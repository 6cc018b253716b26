// Structures printed with the index 0 and numbered as they are written, so the numbers run 1, 2,
// 3 in an output whichever thread found each structure (gen's --print and --suite). Every format
// prints the index before any other digit ("7:", {"index":7, digraph structure_7).
#pragma once

#include <fmt/format.h>

#include <cstdint>
#include <iterator>
#include <string>
#include <vector>

namespace smallscope::cli {

struct numbered_text {
  std::string text;
  std::vector<std::size_t> marks;  // where each structure's "0" stands

  void add(const std::string& printed_with_zero) {
    marks.push_back(text.size() + printed_with_zero.find('0'));
    text += printed_with_zero;
  }
  // Appends the text to `out`, numbering from next + 1; empties it.
  void move_to(std::string& out, std::uint64_t& next) {
    std::size_t from = 0;
    for (const std::size_t m : marks) {
      out.append(text, from, m - from);
      fmt::format_to(std::back_inserter(out), "{}", ++next);
      from = m + 1;
    }
    out.append(text, from);
    text.clear();
    marks.clear();
  }
};

}  // namespace smallscope::cli
