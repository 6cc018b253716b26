// The input arena of a check: slices of one reservation, a bump pointer per thread, a header
// per block. See input_arena.hpp.
#include "input_arena.hpp"

#include <sys/mman.h>

#include <atomic>
#include <cstring>
#include <cstdint>
#include <cstdio>
#include <cstdlib>

#if defined(__has_feature)
#if __has_feature(address_sanitizer)
#define SMALLSCOPE_ARENA_OFF 1
#endif
#endif
#if defined(__SANITIZE_ADDRESS__)
#define SMALLSCOPE_ARENA_OFF 1
#endif

namespace smallscope::detail::arena {
namespace {

constexpr std::size_t slice_bytes = std::size_t{64} << 20;
constexpr std::size_t slice_count = 64;

// Before each block: its size as asked (for the leak report), the distance to the next header
// and whether it was freed. Sixteen bytes, so blocks keep malloc's alignment. After the block's
// bytes, up to the next header, its red zone.
struct alignas(16) header {
  std::size_t bytes;
  std::uint32_t span;
  std::uint32_t freed;  // 0: live; 1: freed while the method ran; 2: freed after it returned
};
static_assert(sizeof(header) == 16);

// The reservation: address space only (pages are backed as they are touched).
std::atomic<std::uintptr_t> region_begin{0};
std::atomic<std::uintptr_t> region_bytes{0};
std::atomic<bool> slice_taken[slice_count];

char* reserve() {
  void* p = mmap(nullptr, slice_bytes * slice_count, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE,
                 -1, 0);
  if (p == MAP_FAILED) return nullptr;
  region_begin.store(reinterpret_cast<std::uintptr_t>(p), std::memory_order_relaxed);
  region_bytes.store(slice_bytes * slice_count, std::memory_order_release);
  return static_cast<char*>(p);
}

// A thread's slice. Trivial, so a thread-local access costs no initialisation test.
struct thread_arena {
  char* begin = nullptr;   // the slice, or null before the first open
  char* end = nullptr;
  char* floor = nullptr;   // reuse starts here: every block below it may still live
  char* bump = nullptr;    // the next block's header
  char* window = nullptr;  // the open window's first block, or null
  std::size_t live = 0;         // blocks in [floor, bump) not freed
  std::size_t window_live = 0;  // blocks in [window, bump) not freed
  std::size_t slice = 0;
  damage seen;               // the first damage a delete saw since open()
  std::uint32_t freeing = 1;  // what release marks a block of this input: 2 once the method returned
  bool unavailable = false;  // no slice could be had: malloc serves this thread
};
thread_local thread_arena mine;

// Gives the slice back when the thread ends with no block alive in it.
struct slice_return {
  bool armed = false;
  ~slice_return() {
    thread_arena& a = mine;
    if (!armed || a.begin == nullptr || a.floor != a.begin || a.live != 0) return;
    madvise(a.begin, slice_bytes, MADV_DONTNEED);
    slice_taken[a.slice].store(false, std::memory_order_release);
    a = thread_arena{};
    a.unavailable = true;  // the thread is ending
  }
};
thread_local slice_return returner;

[[maybe_unused]] bool claim(thread_arena& a) {  // unused where the arena is off
  static char* const base = reserve();
  if (base == nullptr) return false;
  for (std::size_t i = 0; i < slice_count; ++i) {
    bool expected = false;
    if (slice_taken[i].load(std::memory_order_relaxed) ||
        !slice_taken[i].compare_exchange_strong(expected, true, std::memory_order_acquire))
      continue;
    a.slice = i;
    a.begin = a.floor = a.bump = base + i * slice_bytes;
    a.end = a.begin + slice_bytes;
    returner.armed = true;
    return true;
  }
  return false;
}

[[noreturn]] void double_free(const void* p) {
  std::fprintf(stderr, "smallscope: delete of %p, a block already deleted (a double free)\n", p);
  std::abort();
}

[[noreturn]] void header_overwritten(const void* p) {
  std::fprintf(stderr,
               "smallscope: delete of %p, whose block's header was overwritten (a write past the end of the block "
               "before it)\n",
               p);
  std::abort();
}

// Whether a header is one allocate wrote (a write past the block before it may have changed it).
bool sound(const header* h) {
  return h->freed <= 2 && h->span % 16 == 0 && h->bytes + sizeof(header) + least_red_zone <= h->span &&
         h->span <= largest_block + sizeof(header) + least_red_zone + 16;
}

constexpr std::uint64_t word_of(unsigned char b) { return 0x0101010101010101ULL * b; }

inline std::uint64_t load(const unsigned char* at) {
  std::uint64_t w;
  std::memcpy(&w, at, sizeof w);
  return w;
}

// Whether the red zone [from, next) (16 to 31 bytes) is intact: four overlapping words cover it.
inline bool red_zone_intact(const unsigned char* from, const unsigned char* next) {
  constexpr std::uint64_t zone = word_of(red_zone);
  return ((load(from) ^ zone) | (load(from + 8) ^ zone) | (load(next - 16) ^ zone) | (load(next - 8) ^ zone)) == 0;
}

inline void store(unsigned char* at, std::uint64_t w) { std::memcpy(at, &w, sizeof w); }

// Fills the red zone [from, next) (16 to 31 bytes) with four overlapping words.
inline void zone_red(unsigned char* from, unsigned char* next) {
  constexpr std::uint64_t zone = word_of(red_zone);
  store(from, zone);
  store(from + 8, zone);
  store(next - 16, zone);
  store(next - 8, zone);
}

// Whether every byte of [from, to), both 16-aligned, is `poison`.
bool still_poisoned(const unsigned char* from, const unsigned char* to) {
  constexpr std::uint64_t word = word_of(poison);
  std::uint64_t differ = 0;
  for (; from < to; from += 16) differ |= (load(from) ^ word) | (load(from + 8) ^ word);
  return differ == 0;
}

}  // namespace

bool contains(const void* p) {
  const std::uintptr_t at = reinterpret_cast<std::uintptr_t>(p) - region_begin.load(std::memory_order_relaxed);
  return at < region_bytes.load(std::memory_order_relaxed);
}

bool open() {
#if defined(SMALLSCOPE_ARENA_OFF)
  return false;
#else
  thread_arena& a = mine;
  if (a.begin == nullptr) {
    if (a.unavailable) return false;
    if (!claim(a)) {
      a.unavailable = true;
      return false;
    }
  }
  if (a.live == 0) {
    a.bump = a.floor;
  } else {
    a.floor = a.bump;
    a.live = 0;
  }
  a.seen = damage{};
  a.freeing = 1;
  return true;
#endif
}

void* allocate(std::size_t n, bool in_window) {
  thread_arena& a = mine;
  if (n > largest_block || a.bump == nullptr) return nullptr;
  const std::size_t span = (n + sizeof(header) + least_red_zone + 15) & ~std::size_t{15};
  if (span > static_cast<std::size_t>(a.end - a.bump)) return nullptr;
  auto* h = reinterpret_cast<header*>(a.bump);
  h->bytes = n;
  h->span = static_cast<std::uint32_t>(span);
  h->freed = 0;
  zone_red(reinterpret_cast<unsigned char*>(h + 1) + n, reinterpret_cast<unsigned char*>(h) + span);
  a.bump += span;
  ++a.live;
  if (in_window && a.window != nullptr) ++a.window_live;
  return h + 1;
}

bool release(void* p) {
  header* h = static_cast<header*>(p) - 1;
  if (!sound(h)) header_overwritten(p);
  if (h->freed != 0) double_free(p);
  auto* const bytes = static_cast<unsigned char*>(p);
  auto* const next = reinterpret_cast<unsigned char*>(h) + h->span;
  thread_arena& a = mine;
  const char* c = static_cast<const char*>(p);
  const bool this_input = c >= a.floor && c < a.bump;
  h->freed = this_input ? a.freeing : 1;
  if (this_input && a.seen.kind == damage_kind::none && !red_zone_intact(bytes + h->bytes, next))
    a.seen = {damage_kind::overflow, h->bytes};
  std::memset(p, poison, static_cast<std::size_t>(next - bytes));  // a use after free reads no old pointer
  if (!this_input) return false;  // below the floor, or another thread's
  --a.live;
  if (a.window == nullptr || c < a.window) return false;
  --a.window_live;
  return true;
}

void begin_window() {
  thread_arena& a = mine;
  a.window = a.bump;
  a.window_live = 0;
}

void method_returned() { mine.freeing = 2; }

damage inspect() {
  thread_arena& a = mine;
  if (a.seen.kind != damage_kind::none || a.bump == nullptr) return a.seen;
  std::size_t before = 0;  // the size of the block before the one inspected
  for (char* at = a.floor; at < a.bump;) {
    const auto* h = reinterpret_cast<const header*>(at);
    if (!sound(h) || h->span > static_cast<std::size_t>(a.bump - at)) return a.seen = {damage_kind::overflow, before};
    const auto* const bytes = reinterpret_cast<const unsigned char*>(h + 1);
    const auto* const next = reinterpret_cast<const unsigned char*>(at) + h->span;
    if (h->freed == 0 ? !red_zone_intact(bytes + h->bytes, next) : h->freed == 1 && !still_poisoned(bytes, next))
      return a.seen = {h->freed != 0 ? damage_kind::write_after_free : damage_kind::overflow, h->bytes};
    before = h->bytes;
    at += h->span;
  }
  return a.seen;
}

void end_window(void (*f)(void* context, const void* p, std::size_t bytes), void* context) {
  thread_arena& a = mine;
  if (f != nullptr && a.window != nullptr && a.window_live != 0)
    for (char* at = a.window; at < a.bump; at += reinterpret_cast<header*>(at)->span) {
      const header* h = reinterpret_cast<const header*>(at);
      if (h->freed == 0) f(context, h + 1, h->bytes);
    }
  a.window = nullptr;
  a.window_live = 0;
}

}  // namespace smallscope::detail::arena
