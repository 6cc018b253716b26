// The files a user names as output (a suite, a report, a page, a plot, a cache, extensions):
// checked before the run, so that a path that cannot be written stops it at once with the
// reason (exit 2) instead of after the work, which it would lose.
#pragma once

#include <string>
#include <vector>

namespace smallscope::files {

// A file a run reads or writes, with the option that names it ("--output", or "FILE" for a
// positional one).
struct named_file {
  std::string option;
  std::string path;
};

// Empty when no output is the same file as an input or as another output; else why, naming both
// options. Files are the same when they are one file on disk (device and inode, so a symbolic or
// hard link is caught) or, when not there yet, the same path once resolved. Empty paths and "-"
// (standard output) are passed by.
std::string clashing_files(const std::vector<named_file>& inputs, const std::vector<named_file>& outputs);

// Empty when a file can be written at `path`: an existing file that is not a directory and can
// be opened for writing, or a new name in an existing directory that can be written; else why
// not: "is a directory", "its directory 'D' does not exist", or the system's reason. Nothing is
// created, and nothing is opened (a FIFO's reader would see its end).
std::string unwritable(const std::string& path);

// Opens `path` for writing (made when absent, cut to nothing when `truncate`) without waiting: a
// FIFO that no process reads fails at once (errno ENXIO) instead of blocking the run, and its
// signals, until one comes. The descriptor blocks again once open. -1 with errno when it cannot.
int open_for_writing(const std::string& path, bool truncate = true);

// Why open_for_writing failed, from its errno: the system's reason, or what a FIFO needs.
std::string open_failure(int error);

// Writes `text` to `path` through PATH.partial, synced and renamed over `path`: a reader sees the
// old file or the new one, never a part (checkpoints, caches). False when it cannot (nothing of
// it is left then).
bool write_atomically(const std::string& path, const std::string& text);

}  // namespace smallscope::files
