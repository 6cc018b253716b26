// Compile-time instrumentation of field reads (paper 000, Sec. 3.4: Korat instruments the
// bytecode of the classes under test so that the search sees which fields the predicate reads;
// smallscope rewrites their C++ source instead, with Clang's AST).
//
// Given translation units and the directories that hold the user's code (the roots), every
// file of the roots that a unit includes is rewritten:
// - each read of a non-static data member of a class defined in the roots becomes
//   `::smallscope::read_field(expr)`, an assignment to one `::smallscope::write_field(expr)`,
//   `+=`/`++` and the like `::smallscope::update_field(expr)` (include/smallscope/rewritten/instrument.hpp);
//   element reads of member arrays are wrapped as elements, `&x->f` and unevaluated operands
//   (sizeof, decltype, noexcept, requires) are left alone, and a struct member used as the base
//   of a member access (`x->key.major`) is wrapped at the member it reaches;
// - class templates are rewritten once, from every instantiation the units make.
// Access specifiers stay: the units are parsed, and the target compiled, with
// -fno-access-control (GCC and Clang), so the finitization, the invariant and the postconditions
// may name private members and private nested types. A `#line` directive keeps diagnostics and __FILE__ pointing at the original lines.
#pragma once

#include <map>
#include <set>
#include <string>
#include <vector>

namespace smallscope::instrument {

struct request {
  std::vector<std::string> sources;             // translation units (.cpp)
  std::vector<std::string> roots;               // directories of the user's code
  std::vector<std::string> compiler_arguments;  // -std=c++20, -I, -D
};

// One change to a file: `text` inserted at `offset`, replacing `length` bytes.
struct edit {
  unsigned offset = 0;
  unsigned length = 0;
  std::string text;
  int order = 0;  // among insertions at one offset: smaller first
  bool operator<(const edit& o) const {
    return offset != o.offset ? offset < o.offset : order != o.order ? order < o.order : text < o.text;
  }
};

struct file_edits {
  std::string code;     // the file as read
  std::set<edit> edits;  // from every unit, once each
  unsigned reads = 0, writes = 0;
};

// Reads of fields of the roots' classes in a file outside the roots (not a system header): left
// as they are, so the search does not see them. The first one, and how many.
struct unobserved_reads {
  unsigned line = 0, column = 0;
  std::string member;  // "sample::node::key"
  unsigned count = 0;
};

struct result {
  std::map<std::string, file_edits> files;  // every file of the roots the units include, by path
  std::vector<std::string> read;            // every file the units read (for a depfile)
  std::map<std::string, unobserved_reads> unobserved;  // by path
};

// Parses each unit and collects the edits. Throws std::invalid_argument naming the unit and the
// compiler's first errors when one does not compile.
result collect(const request& r);

// The file with its edits applied and the support include on top.
std::string rewrite(const file_edits& f, const std::string& original_path);

// The first line of every copy rewrite() makes: a file that begins with it is refused as an input.
inline constexpr const char* copy_marker =
    "#include <smallscope/rewritten/instrument.hpp>  // smallscope-instrument: field reads observed";

}  // namespace smallscope::instrument
