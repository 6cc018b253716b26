// The mutation report as one web page. See mutation_report_page.hpp.
#include "report/mutation_report_page.hpp"

#include "report/markup.hpp"

#include <algorithm>
#include <cctype>

namespace smallscope::detail {

namespace {

// The viewer's code inside <script>: only "</script" ends the element, so that alone is
// written "<\/script" (the bundle has none; in its strings and regular expressions "\/" is "/").
std::string code_in_script(const std::string& code) {
  std::string out;
  out.reserve(code.size());
  for (std::size_t i = 0; i < code.size(); ++i) {
    out += code[i];
    if (code[i] == '<' && i + 8 <= code.size() && code[i + 1] == '/' &&
        std::equal(code.begin() + static_cast<std::ptrdiff_t>(i) + 2, code.begin() + static_cast<std::ptrdiff_t>(i) + 8,
                   "script", [](char a, char b) { return std::tolower(static_cast<unsigned char>(a)) == b; }))
      out += '\\';
  }
  return out;
}

// JSON inside <script>: every '<' (only ever inside a string) as \u003c, so no "</script" or
// "<!--" can appear.
std::string json_in_script(const std::string& json) {
  std::string out;
  out.reserve(json.size());
  for (const char c : json) {
    if (c == '<') out += "\\u003c";
    else out += c;
  }
  return out;
}

}  // namespace

std::string mutation_report_page(const std::string& title, const std::string& viewer_js, const std::string& report_json) {
  return "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n<title>" + escaped_markup(title) +
         "</title>\n<script>\n" + code_in_script(viewer_js) +
         "\n</script>\n</head>\n<body>\n<mutation-test-report-app title-postfix=\"" + escaped_markup(title) +
         "\"></mutation-test-report-app>\n<script>\ndocument.querySelector('mutation-test-report-app').report = " +
         json_in_script(report_json) + ";\n</script>\n</body>\n</html>\n";
}

}  // namespace smallscope::detail
