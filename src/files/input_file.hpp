// The files a user names as input (a spec, a suite, a mutant list, function extents, a shard's
// output, a checkpoint, a source file to mutate): read only when they are regular files, so
// that /dev/zero, /dev/urandom, a FIFO or a directory is refused at once, saying what it is,
// instead of read without end while the run cannot be interrupted.
#pragma once

#include <string>

namespace smallscope::files {

// Empty when `path` names a regular file (symbolic links followed) that can be opened; else why
// not: "does not exist", "is a directory", "is not a regular file (a device, a FIFO or a
// socket)", or the system's reason.
std::string unreadable(const std::string& path);

// The whole of a regular file. Throws std::invalid_argument "PATH: <why>" (unreadable's) when
// it is not one or cannot be read.
std::string read_all(const std::string& path);

// Throws std::invalid_argument "PATH: <why>" unless `path` is a regular file that can be read.
void require_readable(const std::string& path);

}  // namespace smallscope::files
