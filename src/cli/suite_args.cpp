// --suite FILE for check and mutate: the suite file's subject and finitization must be the ones
// the command runs (src/suite, paper 004's suites kept for regression).
#include <fmt/format.h>

#include "cli/commands.hpp"
#include "cli/numbers.hpp"
#include "cli/output.hpp"
#include "smallscope/subject.hpp"
#include "suite/suite_file.hpp"

namespace smallscope::cli {

std::vector<std::int64_t> suite_parameters(const subject& s, const gen_request& r, const std::string& path,
                                           suite::contents& contents, const char* command, const char* fix) {
  try {
    contents = suite::read(path);
  } catch (const suite::suite_error& e) {
    throw usage_error(fmt::format("--suite: {}", e.what()));
  }
  if (!contents.about.complete)
    err("warning: --suite {} is incomplete: the run that made it was interrupted, so its {} structures are a part of "
        "the {} suite\n",
        path, contents.about.structures, contents.about.kind);
  if (contents.about.subject != s.name)
    throw usage_error(fmt::format("--suite {}: a suite of subject {}, not {}; give it to `{} {} ...`", path,
                                  contents.about.subject, s.name, command, contents.about.subject));
  if (r.scope.empty() && !r.fin_given) {
    gen_request from_file = r;
    from_file.fin = joined(contents.about.fin);
    from_file.fin_given = true;
    return parameters(s, from_file);
  }
  const auto p = parameters(s, r);
  if (p != contents.about.fin)
    throw usage_error(fmt::format("--suite {}: the suite was made with --fin {}, not {}; {}", path,
                                  joined(contents.about.fin), joined(p), fix));
  return p;
}

std::vector<std::vector<std::uint32_t>> suite_candidates(const suite::contents& contents, const std::string& path,
                                                         const subject_instance& instance) {
  try {
    return suite::candidates(contents, path, instance.fin, instance.invariant);
  } catch (const suite::suite_error& e) {
    throw usage_error(fmt::format("--suite: {}", e.what()));
  }
}

}  // namespace smallscope::cli
