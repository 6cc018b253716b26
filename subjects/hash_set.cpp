// Registers HashSet (paper 000's benchmark, subjects/hash_set.hpp) with the command line.
// `smallscope gen HashSet s` is fin(s, 0, s, s, s).
#include <algorithm>
#include <vector>

#include "smallscope/subject.hpp"
#include "subjects/hash_set.hpp"
#include "subjects/registration.hpp"

using namespace subjects::registration;

SMALLSCOPE_SUBJECT(hash_set) {
  using namespace subjects::hash_set;
  std::vector<fin_parameter> ps = {size_bound("entries", "number of Entry objects"),
                                   size_bound("minSize", "least value of size"),
                                   size_bound("maxSize", "greatest value of size"),
                                   {"maxLength", "greatest table length (lengths range over 1..maxLength)", 1, 64},
                                   {"keys", "number of keys (keys and hashes range over 0..keys-1)", 1, 1000000}};
  return korat_subject(
      "HashSet", "java.util.HashSet over JDK 1.3's HashMap: chained buckets, threshold, rehash (paper 000 benchmark)",
      ps, [](std::int64_t n) { return params{n, 0, n, std::max<std::int64_t>(n, 1), std::max<std::int64_t>(n, 1)}; },
      [ps](std::span<const std::int64_t> p) {
        require_ordered(p, 1, 2, ps);
        const std::vector<smallscope::argument_domain> key = {
            smallscope::argument_domain::of(smallscope::ints(0, p[4] - 1))};
        return smallscope::subject_instance{
            fin(p[0], p[1], p[2], p[3], p[4]), smallscope::make_predicate<&set::rep_ok>(),
            {smallscope::make_method<&set::add, &add_post>("add", key, "add", "add_post",
                                                          "adds a key (HashMap.put, rehashing a full table)"),
             smallscope::make_method<&set::remove, &remove_post>("remove", key, "remove", "remove_post",
                                                                "removes a key (HashMap.remove)")}};
      },
      "subjects/hash_set.hpp");
}
