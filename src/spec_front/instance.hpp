// An instance of a spec (paper 003, Sec. 3): a universe of atoms and a value (a tuple set) for
// every sig and field. The SAT engine decodes its models into instances, abstraction builds
// them from C++ objects, and the evaluator judges them.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace smallscope::spec {

struct module;

// A set of tuples of one arity; `atoms` holds them flattened, sorted lexicographically, no
// repeats.
struct tuple_set {
  std::uint8_t arity = 1;
  std::vector<std::uint32_t> atoms;

  std::size_t size() const { return arity == 0 ? 0 : atoms.size() / arity; }
  bool empty() const { return atoms.empty(); }
  bool contains(const std::uint32_t* tuple) const;
  void insert(const std::uint32_t* tuple);  // keeps the order
  void normalize();                          // sorts and removes repeats
  friend bool operator==(const tuple_set&, const tuple_set&) = default;
};

// Atoms are numbered 0..size-1. The integers of the scope are a run of atoms
// [int_first, int_first + int_count) standing for int_min, int_min + 1, ...
struct universe {
  std::vector<std::string> names;  // "Node$0", "3"
  std::uint32_t int_first = 0;
  std::uint32_t int_count = 0;
  std::int64_t int_min = 0;
  std::uint32_t bit_width = 4;

  std::uint32_t size() const { return static_cast<std::uint32_t>(names.size()); }
  bool is_int(std::uint32_t atom) const { return atom >= int_first && atom < int_first + int_count; }
  std::int64_t int_value(std::uint32_t atom) const { return int_min + (atom - int_first); }
  // The atom of an integer; false when it is outside the scope's range.
  bool int_atom(std::int64_t value, std::uint32_t& atom) const;
  // `value` wrapped to the bit width, two's complement (as Alloy's integers).
  std::int64_t wrap(std::int64_t value) const;
};

struct instance {
  const universe* atoms = nullptr;
  std::vector<tuple_set> sigs;    // indexed like module::sigs (unary)
  std::vector<tuple_set> fields;  // indexed by the module's global field number
};

}  // namespace smallscope::spec
