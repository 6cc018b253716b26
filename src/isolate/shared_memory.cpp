// Shared anonymous memory. See shared_memory.hpp.
#include "isolate/shared_memory.hpp"

#include <sys/mman.h>

#include <cerrno>
#include <system_error>

namespace smallscope::detail {

shared_memory::shared_memory(std::size_t bytes) : bytes_(bytes) {
  data_ = mmap(nullptr, bytes_, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0);
  if (data_ == MAP_FAILED) throw std::system_error(errno, std::generic_category(), "mmap of a worker's shared state");
}

shared_memory::~shared_memory() { munmap(data_, bytes_); }

}  // namespace smallscope::detail
