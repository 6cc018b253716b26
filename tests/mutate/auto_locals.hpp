// A class template with `auto` locals of different types (a map's iterator and a vector's): a
// variable mutant inside a template is made before the types are known, and must compile in every
// instantiation (tests/mutate/schemata_test.sh).
#pragma once

#include <map>
#include <vector>

namespace auto_locals {

template <class K>
struct index {
  std::map<K, int> at;
  std::vector<K> keys;

  // The position of k, 0 when it is the smallest key, -1 when it is absent.
  int position(const K& k) const {
    auto found = at.find(k);
    auto key = keys.begin();
    if (found == at.end() || key == keys.end()) return -1;
    auto smallest = at.begin();
    if (smallest == found) return 0;
    return found->second;
  }
};

}  // namespace auto_locals
