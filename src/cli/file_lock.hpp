// A file a run writes (gen's --output, --checkpoint and --suite, check's and merge's --findings,
// mutate's --incremental, --report, --html, --plot and --annotations, fe's outputs) is held by one
// run at a time: a second run with the same file stops at once with exit code 2, naming the
// process that holds it, instead of both writing it and leaving it corrupt. The lock is flock(2)
// on FILE.lock, FILE being the path with its symbolic links followed (so every name of the file
// finds the same lock), which holds the holder's PID and is removed when the holder ends; after a
// crash or kill -9 the stale file is taken over, as the kernel released its lock. The file itself
// is locked too, which catches a hard link made while the run goes: an output that is not there
// yet is made (empty) by the lock, and removed again if the run never wrote to it.
#pragma once

#include <string>

namespace smallscope::cli {

class file_lock {
 public:
  // written: a file the run writes in place (made by the lock when absent). replaced: a file whose
  // presence means something (a checkpoint, a cache, a suite's lines), written whole under
  // another name and renamed, or made by the run itself: never made by the lock.
  enum class kind { written, replaced };

  file_lock() = default;
  // Takes the lock of `path` for `option`; a usage_error naming the holder's PID when another
  // process has it. An empty path takes nothing.
  file_lock(const std::string& option, const std::string& path, kind k = kind::written);
  file_lock(const file_lock&) = delete;
  file_lock& operator=(const file_lock&) = delete;
  ~file_lock();

 private:
  std::string lock_path_;
  std::string file_path_;
  int fd_ = -1;
  int file_fd_ = -1;  // the file itself, locked when it is there
  bool made_ = false;  // the lock made the file: removed at the end if still empty
};

}  // namespace smallscope::cli
