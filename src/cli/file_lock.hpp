// A file a run writes for a long time (gen's --output and --checkpoint, mutate's --incremental)
// is held by one run at a time: a second run with the same file stops at once with exit code 2,
// naming the process that holds it, instead of both writing it and leaving it corrupt. The lock
// is flock(2) on PATH.lock, which holds the holder's PID and is removed when the holder ends;
// after a crash or kill -9 the stale file is taken over, as the kernel released its lock.
#pragma once

#include <string>

namespace smallscope::cli {

class file_lock {
 public:
  file_lock() = default;
  // Takes the lock of `path` for `option`; a usage_error naming the holder's PID when another
  // process has it. An empty path takes nothing.
  file_lock(const std::string& option, const std::string& path);
  file_lock(const file_lock&) = delete;
  file_lock& operator=(const file_lock&) = delete;
  ~file_lock();

 private:
  std::string lock_path_;
  int fd_ = -1;
};

}  // namespace smallscope::cli
