// The lines changed since a git revision, for `mutate --since REF`: mutation analysis of the
// lines a change touches, as code review runs it (Petrovic and Ivankovic, "State of mutation
// testing at Google"; the diff mode of Mull and dextool).
#pragma once

#include <map>
#include <set>
#include <string>
#include <vector>

namespace smallscope::mutate {

// Per file of `files` (as given), the lines of the working tree's file that differ from revision
// `ref` (`git diff --unified=0 REF -- FILE`: added and modified lines; a deletion alone changes
// no line that remains). A file git does not track yet is changed on every line. Throws
// std::invalid_argument with git's message when REF is not a revision or FILE is not in a
// repository.
std::map<std::string, std::set<unsigned>> changed_lines(const std::string& ref, const std::vector<std::string>& files);

// The new-side lines of `git diff --unified=0` output (its "@@ -a,b +c,d @@" hunk headers).
std::set<unsigned> added_lines(const std::string& diff);

}  // namespace smallscope::mutate
