// The input arena of a check (paper 000, Sec. 6.1 runs the method on a copy of each input): the
// copies of an input and what the method and its oracle allocate are served by bumping a pointer
// in a slice of memory of the thread's own, and reused by the next input once every block of
// the input is freed. The global operator new serves from it while a check asks it to
// (smallscope/detail/allocation_watch.hpp: input_arena); operator delete marks a block and
// poisons it. Each block is followed by a red zone, so a write past its end is seen too (the
// release build catches what a sanitizer's malloc catches: `inspect`).
//
// The allocation watch's verdicts stay exact: a block records its size and whether it was
// freed, so a window's leaks are the blocks allocated in it and never freed (a walk, taken only
// when the window's count of live blocks is not zero), and the input's copies freed in a window
// are listed as before. Memory is never reused while a block in it lives: an input that leaves a
// block (a leak, a cache the method filled) raises the floor of reuse past it. Blocks over
// `largest_block` bytes, over-aligned ones and those of a full slice come from malloc as before.
// Stage: space.
#pragma once

#include <cstddef>

namespace smallscope::detail::arena {

inline constexpr std::size_t largest_block = std::size_t{64} << 10;

// Whether `p` lies in the memory of the arenas of every thread (one reservation).
bool contains(const void* p);

// Starts an input on this thread: the arena is reused from its floor when every block since
// the last start was freed, else the floor rises past them. False when no arena serves (no
// slice is free, the reservation failed, or the build is sanitized: the sanitizer then sees the
// method's memory errors).
bool open();

// A block of `n` bytes (aligned as malloc's) from this thread's arena, or null when it cannot
// serve one; `in_window` counts it among the open window's blocks.
void* allocate(std::size_t n, bool in_window);

// What a freed block holds: a pointer read from it is no address (0xfafa...fa is not canonical on
// x86-64, nor a user address on AArch64), so a method that follows a pointer through memory it
// deleted crashes, as it would on malloc's freed memory, instead of reading the old contents.
inline constexpr unsigned char poison = 0xfa;

// What the red zone after each block holds (16 to 31 bytes, up to the next block's header): a
// write past a block's end changes it, and a pointer read from it is no address either.
inline constexpr unsigned char red_zone = 0xfb;
inline constexpr std::size_t least_red_zone = 16;

// Marks the arena block `p` freed (an arena block of any thread) and fills it with `poison`.
// Returns whether it was allocated in this thread's open window.
bool release(void* p);

// The method under test returned: a block freed from now on is not inspected for writes after
// its delete (the method can no longer make one), only for writes past its end.
void method_returned();

// A write the arena saw that no block allowed: past a block's end (its red zone changed, or the
// next block's header), or into a block after it was freed (its poison changed). The first one
// since open() is kept; `bytes` is the size of the block written.
enum class damage_kind : unsigned char { none, overflow, write_after_free };
struct damage {
  damage_kind kind = damage_kind::none;
  std::size_t bytes = 0;
};

// Checks every block of the input opened last on this thread (its copies and what was allocated
// after them): red zones intact, blocks freed while the method ran still poisoned. Returns the first damage seen, at
// a delete or now (none when no arena serves).
damage inspect();

// The window's blocks: begin_window notes where they start; end_window calls f(context, p,
// bytes) for each block allocated since then and not freed, in address order (none when f is
// null: after damage, the headers may not be walked).
void begin_window();
void end_window(void (*f)(void* context, const void* p, std::size_t bytes), void* context);

}  // namespace smallscope::detail::arena
