// Registers TreeMap (paper 000's benchmark, subjects/tree_map.hpp) with the command line.
// `smallscope gen TreeMap s` is paper 000's scope s: fin(s, 0, s, s, 1).
#include <algorithm>
#include <vector>

#include "smallscope/subject.hpp"
#include "subjects/registration.hpp"
#include "subjects/tree_map.hpp"

using namespace subjects::registration;

SMALLSCOPE_SUBJECT(tree_map) {
  using namespace subjects::tree_map;
  std::vector<fin_parameter> ps = {size_bound("entries", "number of Entry objects"),
                                   size_bound("minSize", "least value of size"),
                                   size_bound("maxSize", "greatest value of size"),
                                   {"keys", "number of keys (keys range over 0..keys-1)", 1, 1000000},
                                   {"values", "number of values held (0..values-1; put's argument 1..values)", 1,
                                    1000000}};
  return korat_subject(
      "TreeMap", "java.util.TreeMap: red-black trees of key/value entries with parents (paper 000 benchmark)", ps,
      [](std::int64_t n) { return params{n, 0, n, std::max<std::int64_t>(n, 1), 1}; },
      [ps](std::span<const std::int64_t> p) {
        require_ordered(p, 1, 2, ps);
        const auto key = smallscope::argument_domain::of(smallscope::ints(0, p[3] - 1));
        // put's value ranges over 1..values, so that with one stored value (0) replacing the
        // value of a present key is visible in the post-state and in the next result.
        const auto value = smallscope::argument_domain::of(smallscope::ints(1, p[4]));
        return smallscope::subject_instance{
            fin(p[0], p[1], p[2], p[3], p[4]), smallscope::make_predicate<&tree::rep_ok>(),
            {smallscope::make_method<&subjects::tree_map::put, &put_post>("put", {key, value}, "put", "put_post",
                                                      "maps a key to a value; returns the old value or -1 (null)"),
             smallscope::make_method<&subjects::tree_map::put_key, &put_key_post>(
                 "put_key", {key}, "put_key", "put_key_post",
                 "put(key, 0): the key with the one stored value (paper 001's sequences; explore)"),
             smallscope::make_method<&subjects::tree_map::remove, &remove_post>("remove", {key}, "remove", "remove_post",
                                                            "unmaps a key; returns the old value or -1 (null)"),
             smallscope::make_method<&subjects::tree_map::remove_unchecked, &remove_post>(
                 "remove_unchecked", {key}, "remove_unchecked", "remove_post",
                 "DELIBERATE BUG: remove without the absent-key check (dereferences null)"),
             smallscope::make_method<&subjects::tree_map::remove_flipped, &remove_post>(
                 "remove_flipped", {key}, "remove_flipped", "remove_post",
                 "DELIBERATE BUG: remove with deleteEntry's replacement test flipped (paper 003's seeded bug)")}};
      },
      "subjects/tree_map.hpp");
}
