// Registers NaiveList, the example of an invariant that does not terminate on some candidates.
#include "subjects/naive_list.hpp"

#include "smallscope/subject.hpp"

SMALLSCOPE_SUBJECT(naive_list) {
  smallscope::subject s;
  s.name = "NaiveList";
  s.summary = "lists whose naive invariant loops on cycles: shows a non-terminating invariant reported";
  s.parameters = {{"nodes", "number of Node objects (size ranges over 0..nodes)", 0, 64}};
  s.scope = [](std::int64_t n) { return std::vector<std::int64_t>{n}; };
  s.scope_min = 0;
  s.scope_max = 64;
  s.make = [](std::span<const std::int64_t> p) {
    return smallscope::subject_instance{subjects::naive_list::fin(p[0]),
                                        smallscope::make_predicate<&subjects::naive_list::list::rep_ok>(), {}};
  };
  return s;
}
