// The allocation watch of a check (paper 000, Sec. 6.1 runs the method on a copy of the input;
// heap.hpp states who owns what): while a method and its oracle run, and while the harness
// deletes the post-state, the watch records every `new` and `delete` on the thread. What was
// allocated in that window and not freed, and which of the input's copies were never freed,
// are the method's leaks.
//
// The library replaces the global operator new and delete (src/space/allocation_watch.cpp):
// outside a window they only test one thread-local flag before malloc and free. The harness's
// own bookkeeping inside a window (the release walk's tables) runs under allocation_watch_pause.
// Stage: space.
#pragma once

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

namespace smallscope::detail {

// Nonzero while the watch must not record (the harness's own work inside a window). Inline, so
// heap.hpp compiles without the library too (a reproducer built with SMALLSCOPE_NO_TRACKING).
inline thread_local int allocation_watch_paused = 0;

// A method's cost (cost_meter.hpp): while counting_allocations is nonzero, the library's operator
// new and delete count every block on the thread here, window or not.
inline thread_local int counting_allocations = 0;
inline thread_local std::uint64_t allocations_counted = 0;
inline thread_local std::uint64_t frees_counted = 0;

// Nonzero while a check serves an input from the input arena (src/space/input_arena.hpp): the
// global operator new bumps a pointer in the thread's arena instead of calling malloc, unless
// the watch is paused (the harness's own allocations, which may outlive the input).
inline thread_local int input_arena_serving = 0;

// How many live finitizations hold a class with its own operator new or delete (a pool): the
// watch cannot see their blocks (it would blame the method for the pool's own blocks, and miss
// the nodes it leaks), so while one lives allocation_watch_active() is false: no leak is judged
// and no allocation counted (run_check warns).
inline std::atomic<int> classes_with_own_allocation{0};

// Starts an input in this thread's arena; false when no arena serves (the blocks then come from
// malloc, as they do in a sanitized build).
bool open_input_arena();

// The arena serving one input, from its copies to the release of its post-state: opened when
// `use`, serving until stop() or the end of the scope. Blocks it served may be deleted at any
// time later; their memory is reused only when all of them were.
class input_arena {
 public:
  explicit input_arena(bool use) : serving_(use && open_input_arena()) {
    if (serving_) ++input_arena_serving;
  }
  ~input_arena() { stop(); }
  input_arena(const input_arena&) = delete;
  input_arena& operator=(const input_arena&) = delete;
  void stop() {
    if (serving_) --input_arena_serving;
    serving_ = false;
  }

 private:
  bool serving_;
};

struct allocation_watch_pause {
  allocation_watch_pause() { ++allocation_watch_paused; }
  ~allocation_watch_pause() { --allocation_watch_paused; }
  allocation_watch_pause(const allocation_watch_pause&) = delete;
  allocation_watch_pause& operator=(const allocation_watch_pause&) = delete;
};

// One block allocated in a window and not freed in it.
struct leaked_block {
  const void* address = nullptr;
  std::size_t bytes = 0;
};

// What a window saw.
struct allocation_report {
  std::vector<leaked_block> leaked;   // allocated in the window, not freed in it
  std::vector<const void*> freed;     // blocks from before the window freed in it, sorted
  // A write no block allowed, seen by the input arena (empty when none): past a block's end, or
  // into a block after its delete. The method's memory error: a sanitizer's malloc would crash.
  std::string damage;
};

// Starts a window on this thread (requires none open).
void begin_allocation_watch();
// A block a class's own operator new handed out, or its operator delete took back (an
// instrumented class: rewritten/instrument.hpp's class_allocated and class_freed): recorded as
// the global operator new and delete record theirs.
void note_class_allocation(void* p, std::size_t bytes);
void note_class_free(void* p);

// Notes that the method under test returned (or threw): what the window frees from now on is
// the oracle's and the harness's, which the method cannot write to after its delete.
void note_method_returned();
// Ends the window and returns what it saw.
allocation_report end_allocation_watch();
// Whether the global operator new of this program records (false when another replacement,
// such as a sanitizer's or the user's, is in force, or while a finitization holds a class with
// its own operator new or delete); checks that report no leak then.
bool allocation_watch_active();
// Tells LeakSanitizer, in a sanitized build, not to report `p` again at exit (the check
// reported it with its input); does nothing elsewhere.
void forget_leak(const void* p);

}  // namespace smallscope::detail
