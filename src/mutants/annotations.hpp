// Surviving mutants where a code review shows them: GitHub Actions' workflow commands
// (`::warning file=F,line=L,col=C,title=T::MESSAGE`), one line per mutant alive at the largest
// scope, which a workflow step prints so that each appears beside its line in the pull request.
// Google's mutation testing shows survivors in code review the same way.
#pragma once

#include <string>
#include <vector>

#include "mutants/mutant_list.hpp"

namespace smallscope::mutate {

// One mutant alive at `scope`, as a `::warning` line (newline included). The file it names is the
// mutant's, as GitHub matches it: relative to $GITHUB_WORKSPACE, else to the repository holding
// it (the nearest directory above with a .git), else to the working directory, when it lies below.
// `interrupted`: the scope ran in part, so the mutant survived the inputs run (or was not run),
// not every input.
std::string github_annotation(const mutant& m, long long scope, bool unreached, bool interrupted = false);

// `text` with GitHub's escapes for a workflow command's message (% CR LF) or, with `property`,
// for a property's value (also : and ,).
std::string workflow_escaped(const std::string& text, bool property);

}  // namespace smallscope::mutate
