// The allocation watch of a check: the global operator new and delete, replaced so that a window
// on a thread records what it allocates and frees. See smallscope/detail/allocation_watch.hpp.
//
// Outside a window each operator costs one thread-local test over malloc and free. Inside one,
// the window keeps its blocks in tables of its own built on malloc, so recording allocates
// nothing through operator new. While a check serves an input from the input arena
// (input_arena.hpp), new bumps a pointer and delete marks the block: the window reads the
// arena's blocks from their headers.
#include "smallscope/detail/allocation_watch.hpp"

#include "input_arena.hpp"

#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <new>
#include <string>

#if defined(__SANITIZE_ADDRESS__)
#include <sanitizer/lsan_interface.h>
#endif

// These are the allocation functions themselves: their delete frees what their new mallocs.
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic ignored "-Wmismatched-new-delete"
#endif

namespace smallscope::detail {
namespace {

// Blocks allocated in the window: open addressing from address to size, with tombstones. The
// slots a window filled are listed (`touched`), so that reading the leaks and clearing cost what
// the window allocated, not the table's capacity (a check opens a window per input).
struct block_table {
  static constexpr std::uintptr_t empty = 0, erased = 1;
  std::uintptr_t* keys = nullptr;
  std::size_t* sizes = nullptr;
  std::size_t capacity = 0;  // a power of two, or 0
  std::size_t used = 0;      // live keys and tombstones
  std::size_t* touched = nullptr;  // the slots filled since the last clear
  std::size_t touched_size = 0, touched_capacity = 0;
  bool untracked = false;  // a slot could not be listed (no memory): clear and scan everything

  void note_filled(std::size_t i) {
    if (touched_size == touched_capacity) {
      const std::size_t n = touched_capacity == 0 ? 256 : touched_capacity * 2;
      auto* grown = static_cast<std::size_t*>(std::realloc(static_cast<void*>(touched), n * sizeof *touched));
      if (grown == nullptr) {
        untracked = true;
        return;
      }
      touched = grown;
      touched_capacity = n;
    }
    touched[touched_size++] = i;
  }
  // Calls f(slot) for each slot that may hold a key.
  template <class F>
  void for_each_filled(F f) const {
    if (untracked) {
      for (std::size_t i = 0; i < capacity; ++i) f(i);
    } else {
      for (std::size_t i = 0; i < touched_size; ++i) f(touched[i]);
    }
  }

  std::size_t slot(std::uintptr_t key) const {
    return static_cast<std::size_t>((key * 0x9E3779B97F4A7C15ull) >> 17) & (capacity - 1);
  }
  bool grow() {
    const std::size_t old_capacity = capacity;
    std::uintptr_t* old_keys = keys;
    std::size_t* old_sizes = sizes;
    capacity = old_capacity == 0 ? 1024 : old_capacity * 2;
    keys = static_cast<std::uintptr_t*>(std::calloc(capacity, sizeof *keys));
    sizes = static_cast<std::size_t*>(std::malloc(capacity * sizeof *sizes));
    if (keys == nullptr || sizes == nullptr) return false;
    used = 0;
    touched_size = 0;  // the new table's slots are listed as they are filled again
    untracked = false;
    for (std::size_t i = 0; i < old_capacity; ++i)
      if (old_keys[i] > erased) insert(old_keys[i], old_sizes[i]);
    std::free(old_keys);
    std::free(old_sizes);
    return true;
  }
  void insert(std::uintptr_t key, std::size_t size) {
    if ((used + 1) * 2 > capacity && !grow()) return;
    std::size_t i = slot(key);
    while (keys[i] > erased && keys[i] != key) i = (i + 1) & (capacity - 1);
    if (keys[i] == empty) note_filled(i);
    if (keys[i] <= erased) ++used;
    keys[i] = key;
    sizes[i] = size;
  }
  bool erase(std::uintptr_t key) {
    if (capacity == 0) return false;
    for (std::size_t i = slot(key);; i = (i + 1) & (capacity - 1)) {
      if (keys[i] == empty) return false;
      if (keys[i] == key) {
        keys[i] = erased;
        return true;
      }
    }
  }
  void clear() {
    if (untracked) {
      if (capacity != 0) std::fill(keys, keys + capacity, empty);
    } else {
      for (std::size_t i = 0; i < touched_size; ++i) keys[touched[i]] = empty;
    }
    touched_size = 0;
    untracked = false;
    used = 0;
  }
};

// Frees of blocks from before the window.
struct freed_list {
  const void** items = nullptr;
  std::size_t size = 0, capacity = 0;
  void push(const void* p) {
    if (size == capacity) {
      const std::size_t n = capacity == 0 ? 256 : capacity * 2;
      auto* grown = static_cast<const void**>(std::realloc(static_cast<void*>(items), n * sizeof *items));
      if (grown == nullptr) return;
      items = grown;
      capacity = n;
    }
    items[size++] = p;
  }
};

struct window {
  bool open = false;
  std::uint64_t seen = 0;  // operator new calls recorded, for allocation_watch_active
  block_table blocks;
  freed_list freed;
};

thread_local window current;

inline bool recording() { return current.open && allocation_watch_paused == 0; }

void note_new(void* p, std::size_t n) {
  if (p == nullptr) return;
  if (counting_allocations != 0) [[unlikely]]
    ++allocations_counted;
  if (!recording()) return;
  ++current.seen;
  current.blocks.insert(reinterpret_cast<std::uintptr_t>(p), n);
}

void note_delete(void* p) {
  if (p == nullptr) return;
  if (counting_allocations != 0) [[unlikely]]
    ++frees_counted;
  if (!recording()) return;
  if (!current.blocks.erase(reinterpret_cast<std::uintptr_t>(p))) current.freed.push(p);
}

// A block from the input arena while a check serves one (null when it cannot), recorded by the
// open window through the arena's headers.
void* serve_from_arena(std::size_t n) {
  void* p = arena::allocate(n, current.open);
  if (p == nullptr) return nullptr;
  if (counting_allocations != 0) [[unlikely]]
    ++allocations_counted;
  if (current.open) ++current.seen;
  return p;
}

inline bool serving() { return input_arena_serving != 0 && allocation_watch_paused == 0; }

// delete of an arena block: marked freed; an input's copy freed in the window is listed.
void note_arena_delete(void* p) {
  if (counting_allocations != 0) [[unlikely]]
    ++frees_counted;
  if (!arena::release(p) && recording()) current.freed.push(p);
}

void* allocate(std::size_t n) {
  if (n == 0) n = 1;
  while (true) {
    if (void* p = std::malloc(n)) return p;
    const std::new_handler handler = std::get_new_handler();
    if (handler == nullptr) throw std::bad_alloc();
    handler();
  }
}

void* allocate_aligned(std::size_t n, std::align_val_t al) {
  const auto align = std::max(static_cast<std::size_t>(al), sizeof(void*));
  const std::size_t bytes = (std::max<std::size_t>(n, 1) + align - 1) / align * align;
  while (true) {
    if (void* p = std::aligned_alloc(align, bytes)) return p;
    const std::new_handler handler = std::get_new_handler();
    if (handler == nullptr) throw std::bad_alloc();
    handler();
  }
}

}  // namespace

bool open_input_arena() { return arena::open(); }

void begin_allocation_watch() {
  arena::begin_window();
  current.blocks.clear();
  current.freed.size = 0;
  current.seen = 0;
  current.open = true;
}

void note_method_returned() { arena::method_returned(); }

void note_class_allocation(void* p, std::size_t bytes) { note_new(p, bytes); }
void note_class_free(void* p) { note_delete(p); }

namespace {

// What the arena saw written where no block allowed, as the finding says it ("" for none).
std::string damage_text(const arena::damage& d) {
  if (d.kind == arena::damage_kind::none) return {};
  const std::string block = "a block of " + std::to_string(d.bytes) + (d.bytes == 1 ? " byte" : " bytes");
  return d.kind == arena::damage_kind::overflow
             ? "wrote past the end of " + block + " (a heap buffer overflow: the red zone after it changed)"
             : "wrote to " + block + " after deleting it (a use after free: the poison of the freed block changed)";
}

}  // namespace

allocation_report end_allocation_watch() {
  current.open = false;
  allocation_report r;
  r.damage = damage_text(arena::inspect());
  if (r.damage.empty()) {  // after damage, the headers may not be walked and the leaks do not matter
    arena::end_window(
        [](void* context, const void* p, std::size_t bytes) {
          static_cast<allocation_report*>(context)->leaked.push_back({p, bytes});
        },
        &r);
    current.blocks.for_each_filled([&r](std::size_t i) {
      if (current.blocks.keys[i] > block_table::erased)
        r.leaked.push_back({reinterpret_cast<const void*>(current.blocks.keys[i]), current.blocks.sizes[i]});
    });
    std::sort(r.leaked.begin(), r.leaked.end(),
              [](const leaked_block& a, const leaked_block& b) { return a.address < b.address; });
    r.freed.assign(current.freed.items, current.freed.items + current.freed.size);
    std::sort(r.freed.begin(), r.freed.end());
  } else {
    arena::end_window(nullptr, nullptr);
  }
  current.blocks.clear();
  current.freed.size = 0;
  return r;
}

bool allocation_watch_active() {
  static const bool active = [] {
    const bool was_open = current.open;
    const int was_paused = allocation_watch_paused;
    const std::uint64_t was_seen = current.seen;
    current.open = true;
    allocation_watch_paused = 0;
    int* probe = new int(0);
    const bool seen = current.seen != was_seen;
    current.blocks.erase(reinterpret_cast<std::uintptr_t>(probe));
    current.seen = was_seen;
    allocation_watch_paused = was_paused;
    delete probe;
    current.open = was_open;
    return seen;
  }();
  return active && classes_with_own_allocation.load(std::memory_order_relaxed) == 0;
}

void forget_leak([[maybe_unused]] const void* p) {
#if defined(__SANITIZE_ADDRESS__)
  __lsan_ignore_object(p);
#endif
}

}  // namespace smallscope::detail

// The replaceable global allocation functions ([new.delete]); each records in an open window.
using smallscope::detail::allocate;
using smallscope::detail::allocate_aligned;
using smallscope::detail::note_arena_delete;
using smallscope::detail::note_delete;
using smallscope::detail::note_new;
using smallscope::detail::serve_from_arena;
using smallscope::detail::serving;
namespace arena = smallscope::detail::arena;

void* operator new(std::size_t n) {
  if (serving())
    if (void* p = serve_from_arena(n)) return p;
  void* p = allocate(n);
  note_new(p, n);
  return p;
}
void* operator new[](std::size_t n) {
  if (serving())
    if (void* p = serve_from_arena(n)) return p;
  void* p = allocate(n);
  note_new(p, n);
  return p;
}
void* operator new(std::size_t n, const std::nothrow_t&) noexcept {
  try {
    return operator new(n);
  } catch (...) {
    return nullptr;
  }
}
void* operator new[](std::size_t n, const std::nothrow_t&) noexcept {
  try {
    return operator new[](n);
  } catch (...) {
    return nullptr;
  }
}
void* operator new(std::size_t n, std::align_val_t al) {
  void* p = allocate_aligned(n, al);
  note_new(p, n);
  return p;
}
void* operator new[](std::size_t n, std::align_val_t al) {
  void* p = allocate_aligned(n, al);
  note_new(p, n);
  return p;
}
void* operator new(std::size_t n, std::align_val_t al, const std::nothrow_t&) noexcept {
  try {
    return operator new(n, al);
  } catch (...) {
    return nullptr;
  }
}
void* operator new[](std::size_t n, std::align_val_t al, const std::nothrow_t&) noexcept {
  try {
    return operator new[](n, al);
  } catch (...) {
    return nullptr;
  }
}

void operator delete(void* p) noexcept {
  if (arena::contains(p)) return note_arena_delete(p);
  note_delete(p);
  std::free(p);
}
void operator delete[](void* p) noexcept {
  if (arena::contains(p)) return note_arena_delete(p);
  note_delete(p);
  std::free(p);
}
void operator delete(void* p, std::size_t) noexcept { operator delete(p); }
void operator delete[](void* p, std::size_t) noexcept { operator delete[](p); }
void operator delete(void* p, const std::nothrow_t&) noexcept { operator delete(p); }
void operator delete[](void* p, const std::nothrow_t&) noexcept { operator delete[](p); }
void operator delete(void* p, std::align_val_t) noexcept { operator delete(p); }
void operator delete[](void* p, std::align_val_t) noexcept { operator delete[](p); }
void operator delete(void* p, std::size_t, std::align_val_t) noexcept { operator delete(p); }
void operator delete[](void* p, std::size_t, std::align_val_t) noexcept { operator delete[](p); }
void operator delete(void* p, std::align_val_t, const std::nothrow_t&) noexcept { operator delete(p); }
void operator delete[](void* p, std::align_val_t, const std::nothrow_t&) noexcept { operator delete[](p); }
