// Text inside HTML and SVG (the mutation report's page, the scope plot): < > & " as entities.
#pragma once

#include <string>

namespace smallscope::detail {

inline std::string escaped_markup(const std::string& text) {
  std::string out;
  for (const char c : text) {
    if (c == '<') out += "&lt;";
    else if (c == '>') out += "&gt;";
    else if (c == '&') out += "&amp;";
    else if (c == '"') out += "&quot;";
    else out += c;
  }
  return out;
}

}  // namespace smallscope::detail
