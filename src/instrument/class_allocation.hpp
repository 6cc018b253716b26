// Class-specific allocation functions made visible to the allocation watch (paper 000, Sec. 6.1
// judges a method by what it leaves; heap.hpp and allocation_watch.hpp say who owns what). A
// class with its own `operator new`/`operator delete` (a pool, a free list) bypasses the global
// ones the watch replaces: its nodes would be invisible, a correct method blamed for the pool's
// blocks and a lost node never seen. smallscope-instrument wraps the body of each usual form
// (`new(size_t[, align_val_t])`, `delete(void*[, size_t][, align_val_t])`, and the array forms):
//
//   static void* operator new(std::size_t n) { return ::smallscope::class_allocated(n, [&]() -> void* { BODY }); }
//   static void operator delete(void* p) { ::smallscope::class_freed(p, [&]() { BODY }); }
//
// so the watch records each block the class hands out and takes back, while what the body does
// (the pool's own chunks) runs under the watch's pause. A class whose every such function was
// wrapped gets the member `smallscope_allocation_observed`, which tells the finitization that
// leaks can be judged (fields.hpp: has_own_allocation_v). A class with a placement form or an
// unnamed parameter is left as it is, and the check says that its leaks are not judged.
#pragma once

#include <clang/AST/ASTContext.h>
#include <clang/Basic/SourceLocation.h>

#include <functional>
#include <string>

namespace smallscope::instrument {

struct source_editor {
  std::function<bool(clang::SourceLocation)> in_roots;                     // a file of the user's
  std::function<void(clang::SourceLocation, const std::string&, int)> insert;  // text at a place, by order
};

// Adds the wrapping edits for every class of the roots in the unit.
void wrap_class_allocation(clang::ASTContext& ctx, const source_editor& editor);

}  // namespace smallscope::instrument
