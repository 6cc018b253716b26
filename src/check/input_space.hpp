// The inputs of a target method (paper 000, Fig. 8): a valid structure times one value per
// argument from its finitized domain, streamed in odometer order (the last argument fastest),
// never stored. Object arguments are objects of a class domain of the structure's own state
// space, so the input and the argument share them.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "smallscope/check.hpp"
#include "space/state_space.hpp"

namespace smallscope::detail {

class argument_tuples {
 public:
  // Resolves `method`'s argument domains in `space` (object addresses are the space's own).
  // Throws finitization_error for an unknown class domain or an empty domain.
  argument_tuples(const target_method& method, const state_space& space);

  std::uint64_t count() const { return count_; }
  std::size_t arity() const { return values_.size(); }
  // Tuple `t` (0-based): its values as passed to the method, its texts and its integers
  // (objects: the index in the class domain, -1 for null).
  void values(std::uint64_t t, std::vector<std::int64_t>& out) const;
  void describe(std::uint64_t t, std::vector<std::string>& texts, std::vector<std::int64_t>& integers) const;

 private:
  std::size_t digit(std::uint64_t t, std::size_t a) const;
  std::vector<std::vector<std::int64_t>> values_;
  std::vector<std::vector<std::string>> texts_;
  std::vector<std::vector<std::int64_t>> integers_;
  std::uint64_t count_ = 1;
};

}  // namespace smallscope::detail
