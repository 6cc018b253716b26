// Registration, finitization and postcondition of the chunked set (subjects/unmodified/plain/
// chunked_set.hpp), tested as it is: a C array of pointers and a std::array of keys counted by
// one member of the set, a C array of keys counted by each chunk's count. Shared by
// chunked_set_test.cpp and the seeded bug's test.
#pragma once

#include <cstdint>
#include <vector>

#include "plain/chunked_set.hpp"
#include "smallscope/check.hpp"
#include "smallscope/fields.hpp"
#include "smallscope/finitization.hpp"

namespace plain_subjects::chunked {
using int_set = set<int, 2, 3>;
SMALLSCOPE_FIELDS(int_set, used_, chunk_, low_, size_)
SMALLSCOPE_FIELDS(int_set::chunk, count, keys)
}  // namespace plain_subjects::chunked

namespace chunked_spec {

using plain_subjects::chunked::int_set;
using chunk_t = int_set::chunk;

inline bool verified(const int_set& s) { return s.verify(); }

// Up to `chunks` chunks of up to 2 keys, keys 0..keys-1.
inline smallscope::finitization fin(std::uint32_t chunks, std::int64_t keys) {
  auto f = smallscope::finitization::of<int_set>("ChunkedSet");
  auto cs = f.objects<chunk_t>("Chunk", chunks);
  f.set(&int_set::used_, smallscope::ints(0, 3));
  f.set_counted(&int_set::chunk_, &int_set::used_, cs.or_null());
  f.set_counted(&int_set::low_, &int_set::used_, smallscope::ints(0, keys - 1));
  f.set(&int_set::size_, smallscope::ints(0, 6));
  f.set(&chunk_t::count, smallscope::ints(0, 2));
  f.set_counted(&chunk_t::keys, &chunk_t::count, smallscope::ints(0, keys - 1));
  return f;
}

// The keys in order, read from the live slots only.
inline std::vector<int> keys(const int_set& s) {
  std::vector<int> out;
  for (int i = 0; i < s.used_ && i < 3; ++i)
    for (int j = 0; j < s.chunk_[i]->count && j < 2; ++j) out.push_back(s.chunk_[i]->keys[j]);
  return out;
}

inline void erase_post(smallscope::verdict& v, const int_set& old, const int_set& now, bool erased, int k) {
  std::vector<int> expected = keys(old);
  bool present = false;
  for (auto it = expected.begin(); it != expected.end(); ++it)
    if (*it == k) {
      present = true;
      expected.erase(it);
      break;
    }
  v.require(erased == present, "returns whether k was a key");
  v.require(keys(now) == expected, "k is gone, the other keys stay");
}

inline const smallscope::target_method& erase_method(std::int64_t keys) {
  static const auto m = SMALLSCOPE_METHOD_WITH_INVARIANT(int_set::erase, chunked_spec::erase_post,
                                                         chunked_spec::verified, smallscope::ints(-1, keys));
  return m;
}

}  // namespace chunked_spec
