// The field-access observer's out-of-line paths (paper 000, Sec. 3.4; the inline read is in
// include/smallscope/detail/observer.hpp): white-box mirrors, writes by the invariant, whole reads
// of structs and arrays (the live elements of a counted array only), and the mark tables lent to
// small_set. Separate from the search loop (korat_search.cpp), which sets the observer up.
#include "smallscope/detail/observer.hpp"

#include "smallscope/detail/content_shape.hpp"

#include <algorithm>
#include <cstddef>
#include <cstdint>

namespace smallscope::detail {

void throw_read_budget_exceeded() { throw read_budget_exceeded{}; }

void access_observer::begin_mirror(const mirror_range* ranges, std::size_t n) {
  saved_base_ = base_;
  saved_bytes_ = bytes_;
  saved_reads_left_ = reads_left_;
  mirror_ = ranges;
  mirror_size_ = n;
  base_ = 0;
  bytes_ = ~std::uintptr_t{0};
  read_marks_.store(all_off_, std::memory_order_relaxed);
}

void access_observer::end_mirror() {
  base_ = saved_base_;
  bytes_ = saved_bytes_;
  reads_left_ = saved_reads_left_;
  mirror_ = nullptr;
  mirror_size_ = 0;
  read_marks_.store(on_stack_at_, std::memory_order_relaxed);
}

void access_observer::note_write(std::uint32_t slot) {
  if (is_written_[slot] == 0) {
    is_written_[slot] = 1;
    written_[written_size_++] = slot;
  }
}

void access_observer::on_read_bytes(const void* address, std::size_t bytes) {
  if (counting_) {
    ++reads_counted_;
    return;
  }
  // A member bound to contents whose type does not say so (an iterator into another member).
  if (read_contents_ != nullptr && on_read_contents(address, false)) return;
  const auto* at = static_cast<const std::byte*>(address);
  const std::uintptr_t before = unbound_read_;
  for (std::size_t i = 0; i < bytes; ++i) on_read(at + i);
  unbound_read_ = before;  // padding and members read as part of a whole
}

bool access_observer::on_read_contents(const void* address, bool size_only) {
  if (counting_) {
    ++reads_counted_;
    return true;
  }
  if (read_contents_ == nullptr) return false;
  const auto at = reinterpret_cast<std::uintptr_t>(address);
  std::uintptr_t offset = at - base_;
  const bool mirrored = mirror_size_ != 0;
  if (mirrored) {
    offset = mirrored_offset(at);
    if (offset >= saved_bytes_) return false;
  } else if (offset >= bytes_) {
    return false;  // not a candidate's: a copy, a local
  }
  try {
    return read_contents_(contents_space_, *this, offset, size_only, mirrored);
  } catch (const ill_formed_content&) {
    ill_formed_ = true;  // the candidate is no structure, whatever the invariant makes of this
    throw;
  }
}

void access_observer::on_read_array(const void* address, std::size_t bytes) {
  if (counting_) {
    ++reads_counted_;
    return;
  }
  const auto* at = static_cast<const std::byte*>(address);
  const std::uintptr_t offset = reinterpret_cast<std::uintptr_t>(address) - base_;
  if (mirror_size_ == 0 && offset >= bytes_) return;  // outside the arena: not a candidate's
  if (counted_ == nullptr || mirror_size_ != 0) {
    on_read_bytes(address, bytes);
    return;
  }
  for (std::size_t i = 0; i < bytes && offset + i < bytes_; ++i) {
    const std::uint32_t s = slot_at_[offset + i];
    if (s != no_slot && counted_[s].count_slot != no_slot) {
      const counted_element& e = counted_[s];
      on_read(reinterpret_cast<const std::byte*>(base_ + e.count_offset));
      if (e.live[values_[e.count_slot]] <= static_cast<std::int32_t>(e.index)) continue;
    }
    on_read(at + i);
  }
}

void access_observer::on_write_bytes(const void* address, std::size_t bytes) {
  if (counting_) {
    ++writes_counted_;
    return;
  }
  const auto* at = static_cast<const std::byte*>(address);
  for (std::size_t i = 0; i < bytes; ++i) on_write(at + i);
}

void access_observer::restart_marks(std::uint32_t level) {
  std::fill(marks_ + static_cast<std::size_t>(level) * bytes_, marks_ + static_cast<std::size_t>(level + 1) * bytes_, 0u);
  mark_stamp_[level] = 1;
}

}  // namespace smallscope::detail
