// The files a user names as output (a suite, a report, a page, a plot, a cache, extensions):
// checked before the run, so that a path that cannot be written stops it at once with the
// reason (exit 2) instead of after the work, which it would lose.
#pragma once

#include <string>

namespace smallscope::files {

// Empty when a file can be written at `path`: an existing file that is not a directory and can
// be opened for writing, or a new name in an existing directory that can be written; else why
// not: "is a directory", "its directory 'D' does not exist", or the system's reason. Nothing is
// created.
std::string unwritable(const std::string& path);

}  // namespace smallscope::files
