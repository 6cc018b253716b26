// A second source of the command line: ordset::ordered_set<int> over even keys, as subject
// OrderedSetEven. Each source of a target and of its variants is compiled from the instrumented
// copies (docs/UNMODIFIED.md), so its counts are OrderedSet's: a source built from the originals
// would read nothing and give 1 explored candidate.
#include <smallscope/subject.hpp>

#include <algorithm>
#include <vector>

#include "ordered_set_spec.hpp"

SMALLSCOPE_SUBJECT(ordered_set_even) {
  smallscope::subject s;
  s.name = "OrderedSetEven";
  s.summary = "ordset::ordered_set<int> over the even keys 0, 2, ..., 2(keys-1) (a second source)";
  s.parameters = {{"nodes", "number of Node objects", 0, 8}, {"keys", "keys range over 0, 2, ..., 2(keys-1)", 0, 100}};
  s.scope = [](std::int64_t n) { return std::vector<std::int64_t>{n, n}; };
  s.scope_min = 0;
  s.scope_max = 8;
  s.header = "ordered_set_spec.hpp";
  s.make = [](std::span<const std::int64_t> p) {
    using namespace ordered_set_spec;
    std::vector<std::int64_t> even;
    for (std::int64_t k = 0; k < std::max<std::int64_t>(p[1], 1); ++k) even.push_back(2 * k);
    auto f = smallscope::finitization::of<int_set>("OrderedSet");
    auto n = f.objects<int_set::node>("Node", static_cast<std::uint32_t>(p[0]));
    f.set(&int_set::root_, n.or_null());
    f.set(&int_set::size_, smallscope::ints(0, p[0]));
    f.set(&int_set::node::key, smallscope::int_set(std::move(even)));
    f.set(&int_set::node::left, n.or_null());
    f.set(&int_set::node::right, n.or_null());
    return smallscope::subject_instance{std::move(f), smallscope::make_predicate<&int_set_ok>(),
                                        {insert_method(), erase_method()}};
  };
  return s;
}
