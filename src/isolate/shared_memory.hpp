// Memory a forked worker and its supervisor share (paper 000, Sec. 7.2: the run goes on after a
// method that crashes or hangs, so the supervisor must know what the worker was doing when it
// died): an anonymous shared mapping, and an object of type T placed in one.
#pragma once

#include <cstddef>
#include <new>

namespace smallscope::detail {

// `bytes` of shared anonymous memory. Throws std::system_error when mmap fails.
class shared_memory {
 public:
  explicit shared_memory(std::size_t bytes);
  ~shared_memory();
  shared_memory(const shared_memory&) = delete;
  shared_memory& operator=(const shared_memory&) = delete;
  void* data() const { return data_; }

 private:
  void* data_ = nullptr;
  std::size_t bytes_ = 0;
};

// An object of type T, followed by `extra` bytes, in shared memory.
template <class T>
class shared_mapping {
 public:
  explicit shared_mapping(std::size_t extra = 0) : memory_(sizeof(T) + extra), object_(::new (memory_.data()) T()) {}
  ~shared_mapping() { object_->~T(); }
  T* operator->() const { return object_; }
  T& operator*() const { return *object_; }

 private:
  shared_memory memory_;
  T* object_;
};

}  // namespace smallscope::detail
