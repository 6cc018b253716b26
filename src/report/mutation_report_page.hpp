// The mutation report as one self-contained web page: the mutation-testing-elements viewer
// (npm: mutation-testing-elements, the Stryker ecosystem's viewer) and the report JSON
// (mutation-testing-report-schema) embedded in one HTML file that opens offline in a browser.
#pragma once

#include <string>

namespace smallscope::detail {

// `viewer_js` is mutation-test-elements.js, embedded as it is ("</script" aside); `report_json` a
// mutation-testing-report-schema document, embedded with '<' as \u003c: neither can end its
// script early.
std::string mutation_report_page(const std::string& title, const std::string& viewer_js, const std::string& report_json);

}  // namespace smallscope::detail
