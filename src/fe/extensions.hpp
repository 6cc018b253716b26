// Field extensions (paper 004, Definition 1): for each field f, the pairs <a, b> such that some
// valid, symmetry-broken structure involves object a (reaches it from its root) and has
// a.f = b, null being a value. Computed either by Algorithm 1 on SAT (field_exhaustive.hpp) or
// from the search's stream (search_extensions.hpp); both describe them in this one form, so they
// compare, print and save alike.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

namespace smallscope::fe {

struct extension {
  std::string field;  // "Node.left"
  // (owner, value) labels, sorted: "Node$0" or "Node#0"; the value also "null", an integer,
  // "true"/"false".
  std::vector<std::pair<std::string, std::string>> pairs;
};

struct extensions {
  std::vector<extension> fields;  // in declaration order
  std::size_t total() const {
    std::size_t n = 0;
    for (const auto& f : fields) n += f.pairs.size();
    return n;
  }
  const extension* find(const std::string& field) const {
    for (const auto& f : fields) {
      if (f.field == field) return &f;
    }
    return nullptr;
  }
};

// Sorts each field's pairs: owners by their number (so "N10" after "N9"), then values.
void normalize(extensions& e);

// A suite's members by the pairs (numbered 0..pair_count-1) each covers: the indices of the
// members to keep, in order. A member is dropped, last first, when every one of its pairs is
// covered by the members still kept (paper 004, Sec. 3: Algorithm 1's suites are not minimal),
// so the kept ones cover what all of them did.
std::vector<std::size_t> prune_cover(const std::vector<std::vector<std::uint32_t>>& pairs_of, std::size_t pair_count);

}  // namespace smallscope::fe
