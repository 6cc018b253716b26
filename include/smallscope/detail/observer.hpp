// The field-access observer of the search (paper 000, Sec. 3.4: "Korat monitors the fields
// that the predicate accesses and maintains a stack of fields ordered by the first time the
// predicate accesses the corresponding field").
//
// A tracked field calls `on_read` of the thread's current observer: the search installs its
// own around each predicate call; otherwise the inactive observer makes every read cost three
// loads (its table, its mask of zero, the one mark that is on) and one predictable branch. The observer is a concrete type, inlined into the user's
// code. The search's arena is aligned to its span (its size rounded up to a power of two), so
// the low bits of a field's address are its offset in the arena: a read tests the stack mark at
// those bits and returns when it is on, which is every read but a slot's first in the call.
// Any other address lands on some arena byte's mark too; when that mark is off, the read's
// slower branch finds the address outside the arena and ignores it, as it ignores every read of
// memory outside the arena (locals, copies, the user's other objects).
//
// While the search runs eq_class() (paper 002), the observer records into a second mark table
// and list, so the slots eq_class() reads are noted and the field-access stack is left alone.
//
// The read budget costs nothing per read: the search's watchdog points `read_marks_` at a table
// that is all off when a call has run for a while, which sends every later read of that call
// through the slower branch, where it is counted against the budget and then tracked as usual.
// No read path calls a function that returns (the budget's throw does not), so the compiler
// keeps the user's values in registers across reads.
// Stage: space.
#pragma once

#include <atomic>
#include <cstddef>
#include <cstdint>

#if defined(__GNUC__)
#define SMALLSCOPE_ALWAYS_INLINE [[gnu::always_inline]] inline
#else
#define SMALLSCOPE_ALWAYS_INLINE inline
#endif

namespace smallscope::detail {

inline constexpr std::uint32_t no_slot = 0xffffffffu;

// Whether the slot at an arena byte is on the field-access stack (`on` too for bytes where no
// slot starts). An enum, not a char type: stores through it cannot alias the user's fields, so
// the compiler keeps the observer's pointers and the user's locals in registers across reads.
enum class stack_mark : std::uint8_t { off = 0, on = 1 };

// White-box checking (paper 000, Sec. 6.2) runs the method on a heap copy of the candidate; a
// mirror range maps the bytes of one copied object (or array storage) back to the arena offset
// of its original, so that the method's reads count as reads of the candidate's slots.
struct mirror_range {
  std::uintptr_t start = 0;
  std::uintptr_t end = 0;
  std::uintptr_t arena_offset = 0;
};

// An element of a fixed array counted by another slot of its object (set_counted): part of the
// structure while live[value of the count slot] > index.
struct counted_element {
  std::uint32_t count_slot = no_slot;  // no_slot: not an element of a counted array
  std::uint32_t count_offset = 0;      // of the count in the arena
  std::uint32_t index = 0;             // in its array
  const std::int32_t* live = nullptr;  // live elements by the count's value index
};

// Thrown (from a cold path only) when one predicate call reads more fields than its budget,
// e.g. a naive invariant that loops on a cyclic candidate. The search catches it.
struct read_budget_exceeded {};

[[noreturn]] void throw_read_budget_exceeded();

// The search's side of the dedicated generators (generators.hpp, paper 000 Sec. 5): what an
// invariant's generator call tells the search about the field domains. Called once per
// generator call, never per field read.
class generator_sink {
 public:
  // The fields at byte `offsets` of the objects of class `type` (a type_key) form a tree
  // (is_tree): each is null or points to a node no slot below it on the stack points to.
  virtual void tree_fields(const void* type, const std::uint32_t* offsets, std::size_t n) = 0;
  // An object of class `type` in the arena (for the offsets of its fields), or null.
  virtual const void* object_of(const void* type) = 0;
  // The slot on top of the stack may hold only the value whose stored bytes are `raw`.
  virtual void restrict_to_raw(std::uint32_t slot, std::uint64_t raw) = 0;
  // The slot on top of the stack, a pointer field, may not hold null.
  virtual void restrict_to_non_null(std::uint32_t slot) = 0;
  // The slot on top of the stack, an integer field, may hold only values in [lo, hi].
  virtual void restrict_to_range(std::uint32_t slot, std::int64_t lo, std::int64_t hi) = 0;
  // A generator call returned false: the invariant must return false too.
  virtual void failed() = 0;

 protected:
  ~generator_sink() = default;
};

// Constructs the counting observer (cost_meter.hpp): no arena, every read and write counted.
struct counting_tag {};

class access_observer {
 public:
  constexpr access_observer() = default;
  // An observer that counts the reads and writes of tracked fields (a method's cost): its read
  // table is one mark that is off, so every read takes the slower branch, and it mirrors
  // nothing, so the read reaches the mirror's branch (never taken by a search), which counts it.
  explicit constexpr access_observer(counting_tag)
      : read_marks_(&never_on), mirror_(&no_range), mirror_size_(1), counting_(true) {}

  // Records a read of the field that starts at `address`. Fast path: the table's and the mask's
  // loads and the mark's, for a field already on the stack (or an arena byte where no slot
  // starts, or an address whose low bits land on a mark that is on).
  SMALLSCOPE_ALWAYS_INLINE void on_read(const void* address) {
    const std::uintptr_t at = reinterpret_cast<std::uintptr_t>(address);
    const stack_mark* const marks = read_marks_.load(std::memory_order_relaxed);
    if (marks[at & span_mask_] != stack_mark::off) [[likely]] return;
    // The field is read for the first time in this call, or the address is outside the arena
    // (its byte aliases an arena byte whose slot is off the stack), or every read is counted.
    std::uintptr_t offset = at - base_;
    if (mirror_size_ != 0) [[unlikely]] {
      if (counting_) {  // the counting observer (a mirror of nothing): off the search's path
        ++reads_counted_;
        return;
      }
      offset = mirrored_offset(at);
      if (offset >= saved_bytes_) return;
    } else {
      if (offset >= bytes_) return;
      if (marks == all_off_ && --reads_left_ == 0) throw_read_budget_exceeded();
    }
    stack_mark& mark = on_stack_at_[offset];
    if (mark != stack_mark::off) return;
    const std::uint32_t s = slot_at_[offset];
    if (s == no_slot) [[unlikely]] {
      // An arena byte no bound field covers: a member the finitization does not know. The
      // invariant would read its constructed value in every candidate; the search reports it.
      if (unbound_read_ == 0 && mirror_size_ == 0) unbound_read_ = offset + 1;
      return;
    }
    mark = stack_mark::on;
    stack_[stack_size_++] = s;
  }

  // The pointer member at `address` was read as an array (`p[i]` with i != 0, `p + i`): when it
  // is a field the search varies over single objects, the search refuses the finitization, since
  // what lies past an object is no field of any (rare: out of line).
  void on_indexed(const void* address) {
    const std::uintptr_t offset = reinterpret_cast<std::uintptr_t>(address) - base_;
    if (mirror_size_ != 0 || counting_ || offset >= bytes_ || indexed_read_ != 0) return;
    if (slot_at_[offset] != no_slot) indexed_read_ = offset + 1;
  }

  // A read of the member at `address` that holds contents (contents.hpp), whole or its size
  // only: the search rebuilds the member from its slots first when they changed, then records a
  // read of each live slot (the size's only). Outside the arena (a copy's member): nothing, or
  // in a mirror the slots of the original. Out of line.
  // False when no member that holds contents is at `address`.
  bool on_read_contents(const void* address, bool size_only);
  // The search's candidate: value indices per slot (null outside a search).
  const std::uint32_t* candidate() const { return values_; }
  // Records a read of slot s, whose bytes start at arena offset `offset`, if it is not on the
  // field-access stack yet.
  void read_slot(std::uint32_t s, std::uintptr_t offset) {
    stack_mark& mark = on_stack_at_[offset];
    if (mark != stack_mark::off) return;
    mark = stack_mark::on;
    stack_[stack_size_++] = s;
  }
  // What the search reads contents with (its state space's read_contents), set when some member
  // holds contents.
  // False when no member that holds contents starts at `offset`.
  using contents_reader = bool (*)(const void* space, access_observer& observer, std::uintptr_t offset, bool size_only,
                                   bool mirrored);

  // A read of `bytes` bytes at `address` as a whole (a struct member read whole): each slot in
  // them. Bytes no field covers (padding, members nobody binds) are passed by.
  void on_read_bytes(const void* address, std::size_t bytes);

  // A read of a whole fixed array (a C array or std::array member used without a subscript:
  // decayed to a pointer for arithmetic or an algorithm): the slots of its elements in address
  // order, except that of an array counted by another field (set_counted) the count is read
  // first and the elements past it are not read: they are no part of the structure.
  void on_read_array(const void* address, std::size_t bytes);

  // Lends a small_set a mark table over the arena (one of `mark_levels`, for sets alive at the
  // same time); null when none is free. `stamp` marks this set's members.
  std::uint32_t* acquire_marks(std::uint32_t& stamp, std::uintptr_t& base, std::uintptr_t& bytes) {
    if (marks_ == nullptr || marks_in_use_ == mark_levels || mirror_size_ != 0) return nullptr;
    const std::uint32_t level = marks_in_use_++;
    if (++mark_stamp_[level] == 0) restart_marks(level);
    stamp = mark_stamp_[level];
    base = base_;
    bytes = bytes_;
    return marks_ + static_cast<std::size_t>(level) * bytes_;
  }
  void release_marks() { --marks_in_use_; }

  // The search's generator sink; null when no search runs, and while a method runs on a mirror.
  generator_sink* generators() const { return mirror_size_ == 0 ? generators_ : nullptr; }
  // The slot of the field at `address` if it is the top of the field-access stack (its value
  // is the one backtracking advances next), else no_slot.
  std::uint32_t top_slot(const void* address) const {
    const std::uintptr_t offset = reinterpret_cast<std::uintptr_t>(address) - base_;
    if (offset >= bytes_ || stack_size_ == 0) return no_slot;
    const std::uint32_t s = slot_at_[offset];
    return s != no_slot && stack_[stack_size_ - 1] == s ? s : no_slot;
  }

  // An invariant that is about to return false may say that the first `reads` distinct fields it
  // read in this call decided it: every candidate that keeps their values is invalid too. The
  // search then advances the last of them, not the last field read (a compiled spec's conjuncts
  // consult fields read earlier; compiled_spec.hpp). Ignored outside the search's own calls (a
  // method's post-state judged while its copy is mirrored, no search at all).
  void decided_by(std::uint32_t reads) {
    if (stack_ != nullptr && mirror_size_ == 0) decided_by_ = reads;
  }

  // Records a write to the field that starts at `address` (rare: predicates should not write).
  // Writes to a mirror are the method's own business: the candidate is not touched.
  void on_write(const void* address) {
    if (counting_) [[unlikely]] {
      ++writes_counted_;
      return;
    }
    const std::uintptr_t offset = reinterpret_cast<std::uintptr_t>(address) - base_;
    if (mirror_size_ == 0 && offset < bytes_ && slot_at_[offset] != no_slot) note_write(slot_at_[offset]);
  }

  // A write of `bytes` bytes at `address` as a whole (a struct member assigned whole).
  void on_write_bytes(const void* address, std::size_t bytes);

  // The counting observer's counts since reset_counts().
  std::uint64_t reads_counted() const { return reads_counted_; }
  std::uint64_t writes_counted() const { return writes_counted_; }
  void reset_counts() { reads_counted_ = writes_counted_ = 0; }

  // Until end_mirror, reads of the `n` ranges (sorted by start, disjoint) count as reads of the
  // arena offsets they mirror, and reads elsewhere are ignored; no read budget applies.
  void begin_mirror(const mirror_range* ranges, std::size_t n);
  void end_mirror();

 private:
  friend class korat_search;
  void note_write(std::uint32_t slot);
  void restart_marks(std::uint32_t level);
  // The arena offset a copy's byte mirrors, or saved_bytes_ when no range holds it. A binary
  // search written out, so that it inlines without a call.
  SMALLSCOPE_ALWAYS_INLINE std::uintptr_t mirrored_offset(std::uintptr_t address) const {
    std::size_t lo = 0, n = mirror_size_;  // the first range starting after address is in [lo, lo + n]
    while (n > 0) {
      const std::size_t half = n / 2;
      if (mirror_[lo + half].start <= address) {
        lo += half + 1;
        n -= half + 1;
      } else {
        n = half;
      }
    }
    if (lo == 0 || address >= mirror_[lo - 1].end) return saved_bytes_;
    return mirror_[lo - 1].arena_offset + (address - mirror_[lo - 1].start);
  }
  static constexpr std::uint32_t mark_levels = 4;
  static constexpr stack_mark always_on = stack_mark::on;
  static constexpr stack_mark never_on = stack_mark::off;
  static constexpr mirror_range no_range{};

  // The table the first test of a read looks at, by the address's low bits: on_stack_at_, or
  // all_off_ to send every read to the counted branch (the watchdog's store), or for the
  // inactive observer a single byte that is on.
  std::atomic<const stack_mark*> read_marks_{&always_on};
  std::uintptr_t span_mask_ = 0;          // the arena's span (a power of two) - 1
  std::uintptr_t base_ = 0;               // arena start, aligned to its span
  std::uintptr_t bytes_ = 0;              // arena size
  stack_mark* on_stack_at_ = nullptr;     // byte offset -> on if its slot is on the stack, or
                                          // if no slot starts there (the span's bytes too)
  const stack_mark* all_off_ = nullptr;   // the span's bytes, all off
  const std::uint32_t* slot_at_ = nullptr;  // byte offset -> slot that starts there
  std::uint32_t* stack_ = nullptr;        // the field-access stack, first read first
  std::uint32_t stack_size_ = 0;
  std::uint32_t decided_by_ = 0;          // decided_by's reads for the call that just returned; 0: none
                                          // (set only in the search's own calls, which consume it)
  std::uint64_t reads_left_ = 0;          // counts down the read budget of a counted call
  std::uint32_t* written_ = nullptr;      // slots written by the predicate, restored after it
  std::uint32_t written_size_ = 0;
  std::uint8_t* is_written_ = nullptr;
  std::uint32_t* marks_ = nullptr;        // mark_levels tables of bytes_ stamps, or null
  std::uint32_t mark_stamp_[mark_levels] = {0, 0, 0, 0};
  std::uint32_t marks_in_use_ = 0;
  const mirror_range* mirror_ = nullptr;  // white-box: the copy's ranges while a method runs
  std::size_t mirror_size_ = 0;
  std::uintptr_t saved_base_ = 0, saved_bytes_ = 0;
  std::uint64_t saved_reads_left_ = 0;
  generator_sink* generators_ = nullptr;
  const counted_element* counted_ = nullptr;  // per slot; null when no array is counted
  std::uintptr_t unbound_read_ = 0;  // 1 + the arena offset of the first read no field covers
  std::uintptr_t indexed_read_ = 0;  // 1 + the arena offset of the first pointer field read as an array
  const std::uint32_t* values_ = nullptr;     // the candidate vector (value index per slot)
  contents_reader read_contents_ = nullptr;   // null: no member holds contents
  const void* contents_space_ = nullptr;
  bool ill_formed_ = false;                   // a content read met an iterator naming no element
  bool counting_ = false;                     // the counting observer: counts, tracks nothing
  std::uint64_t reads_counted_ = 0;
  std::uint64_t writes_counted_ = 0;
};

// Watches nothing: its arena is empty, so every read falls outside it.
inline constinit access_observer inactive_observer{};

// The observer of the search running on this thread; inactive_observer when none runs, so a
// read needs no null test.
inline thread_local access_observer* current_observer = &inactive_observer;

}  // namespace smallscope::detail
