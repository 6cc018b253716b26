// ordset::ordered_set<int> as a subject of a command line of its own (linked with
// smallscope::main): `ordered_set_check list`, `gen OrderedSet 4`, `check OrderedSet erase 4`, and,
// through the variants that smallscope_variants makes, `mutate` and `cover` on the library as it
// is written.
#include <smallscope/subject.hpp>

#include "ordered_set_spec.hpp"

SMALLSCOPE_SUBJECT(ordered_set) {
  smallscope::subject s;
  s.name = "OrderedSet";
  s.summary = "ordset::ordered_set<int>, a binary search tree as written (examples/unmodified)";
  s.parameters = {{"nodes", "number of Node objects", 0, 8}, {"keys", "keys range over 0..keys-1", 0, 100}};
  s.scope = [](std::int64_t n) { return std::vector<std::int64_t>{n, n}; };  // n nodes, keys 0..n-1
  s.scope_min = 0;
  s.scope_max = 8;
  s.header = "ordered_set_spec.hpp";  // what reproducers include
  s.make = [](std::span<const std::int64_t> p) {
    using namespace ordered_set_spec;
    return smallscope::subject_instance{int_fin(static_cast<std::uint32_t>(p[0]), p[1]),
                                        smallscope::make_predicate<&int_set_ok>(),
                                        {insert_method(), erase_method(), erase_range_method()}};
  };
  return s;
}
