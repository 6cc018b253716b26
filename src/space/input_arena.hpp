// The input arena of a check (paper 000, Sec. 6.1 runs the method on a copy of each input): the
// copies of an input and what the method and its oracle allocate are served by bumping a pointer
// in a slice of memory of the thread's own, and reused by the next input once every block of
// the input is freed. The global operator new serves from it while a check asks it to
// (smallscope/detail/allocation_watch.hpp: input_arena); operator delete marks a block and
// poisons it.
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

// Marks the arena block `p` freed (an arena block of any thread) and fills it with `poison`.
// Returns whether it was allocated in this thread's open window.
bool release(void* p);

// The window's blocks: begin_window notes where they start; end_window calls f(context, p,
// bytes) for each block allocated since then and not freed, in address order.
void begin_window();
void end_window(void (*f)(void* context, const void* p, std::size_t bytes), void* context);

}  // namespace smallscope::detail::arena
