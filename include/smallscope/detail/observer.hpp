// The field-access observer of the search (paper 000, Sec. 3.4: "Korat monitors the fields
// that the predicate accesses and maintains a stack of fields ordered by the first time the
// predicate accesses the corresponding field").
//
// A tracked field calls `on_read` only while a search runs on this thread: the search sets
// `current_observer` around each predicate call and clears it afterwards, so every other read
// costs one load and one predictable branch. The observer is a concrete type, inlined into the
// user's code: turning a field address into its slot is a subtraction and one table lookup.
// Reads of memory outside the search's arena (locals, copies, the user's other objects) are
// ignored.
#pragma once

#include <cstddef>
#include <cstdint>

namespace smallscope::detail {

inline constexpr std::uint32_t no_slot = 0xffffffffu;

// Thrown (from a cold path only) when one predicate call reads more fields than its budget,
// e.g. a naive invariant that loops on a cyclic candidate. The search catches it.
struct read_budget_exceeded {};

[[noreturn]] void throw_read_budget_exceeded();

class access_observer {
 public:
  // Records a read of the field that starts at `address`. Fast path: one table load for a
  // field already on the stack (or an arena byte where no slot starts).
  void on_read(const void* address) {
    const std::uintptr_t offset = reinterpret_cast<std::uintptr_t>(address) - base_;
    if (offset >= bytes_) return;
    if (--reads_left_ == 0) throw_read_budget_exceeded();
    if (on_stack_at_[offset] != 0) return;
    on_stack_at_[offset] = 1;
    stack_[stack_size_++] = slot_at_[offset];
  }

  // Records a write to the field that starts at `address` (rare: predicates should not write).
  void on_write(const void* address) {
    const std::uintptr_t offset = reinterpret_cast<std::uintptr_t>(address) - base_;
    if (offset < bytes_ && slot_at_[offset] != no_slot) note_write(slot_at_[offset]);
  }

 private:
  friend class korat_search;
  void note_write(std::uint32_t slot);

  std::uintptr_t base_ = 0;               // arena start
  std::uintptr_t bytes_ = 0;              // arena size
  std::uint8_t* on_stack_at_ = nullptr;   // byte offset -> 1 if its slot is on the stack, or
                                          // if no slot starts there
  const std::uint32_t* slot_at_ = nullptr;  // byte offset -> slot that starts there
  std::uint32_t* stack_ = nullptr;        // the field-access stack, first read first
  std::uint32_t stack_size_ = 0;
  std::uint64_t reads_left_ = 0;          // counts down the read budget of this call
  std::uint32_t* written_ = nullptr;      // slots written by the predicate, restored after it
  std::uint32_t written_size_ = 0;
  std::uint8_t* is_written_ = nullptr;
};

// The observer of the search running on this thread, or null.
inline thread_local access_observer* current_observer = nullptr;

}  // namespace smallscope::detail
