// Two classes built from standard containers, as subjects of a command line of their own (linked
// with smallscope::main): `containers_check gen LruCache 2`, `check RobinSet insert 2`, `explore
// LruCache --methods put,get`, `check LruCache put 2 --cost`, and through the variants that
// smallscope_variants makes, `mutate` and `cover`, all on the real objects.
#include <smallscope/subject.hpp>

#include <cstdint>
#include <string>

#include "lru_cache_spec.hpp"
#include "robin_set_spec.hpp"

SMALLSCOPE_SUBJECT(lru_cache) {
  smallscope::subject s;
  s.name = "LruCache";
  s.summary = "plain_subjects::lru::cache<int, int>: a std::list and a std::unordered_map of iterators into it";
  s.parameters = {{"limit", "the cache's size limit (its constructor's argument)", 1, 6},
                  {"keys", "keys range over 0..keys-1", 1, 8},
                  {"values", "values range over 0..values-1", 1, 4}};
  s.scope = [](std::int64_t n) { return std::vector<std::int64_t>{n, n + 1, 2}; };
  s.scope_min = 1;
  s.scope_max = 5;
  s.header = "lru_cache_spec.hpp";  // what reproducers include
  s.make = [](std::span<const std::int64_t> p) {
    using namespace lru_spec;
    const int limit = static_cast<int>(p[0]), keys = static_cast<int>(p[1]), values = static_cast<int>(p[2]);
    return smallscope::subject_instance{fin(limit, keys, values), smallscope::make_predicate(&cache_ok),
                                        {put_method(keys, values), get_method(keys), erase_method(keys)}};
  };
  return s;
}

SMALLSCOPE_SUBJECT(robin_set) {
  smallscope::subject s;
  s.name = "RobinSet";
  s.summary = "plain_subjects::robin::robin_set<int>: a std::vector of bucket structs and a pointer into it";
  s.parameters = {{"buckets", "the number of buckets, a power of two", 1, 8},
                  {"keys", "keys range over 0..keys-1 (the methods' over 0..keys)", 1, 16}};
  s.scope = [](std::int64_t n) { return std::vector<std::int64_t>{std::int64_t{1} << n, n + 1}; };
  s.scope_min = 1;
  s.scope_max = 2;  // 8 buckets take hours: element reads inside contents are not observed (docs/UNMODIFIED.md)
  s.header = "robin_set_spec.hpp";
  s.make = [](std::span<const std::int64_t> p) {
    using namespace robin_spec;
    if ((p[0] & (p[0] - 1)) != 0)
      throw smallscope::finitization_error("buckets must be a power of two (1, 2, 4 or 8), got " +
                                           std::to_string(p[0]));
    const int buckets = static_cast<int>(p[0]), keys = static_cast<int>(p[1]);
    return smallscope::subject_instance{fin(buckets, keys), smallscope::make_predicate(&robin_ok),
                                        {insert_method(keys), erase_method(keys), contains_method(keys)}};
  };
  return s;
}
