// Value sets: the field domains of scalar fields (paper 000, Sec. 3.2: Korat's createIntSet),
// and of floating-point values and strings, and the finitization's error.
// Stage: space.
#pragma once

#include <cstdint>
#include <cstring>
#include <limits>
#include <type_traits>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

namespace smallscope {

// A mistake in a finitization or in a subject's parameters.
class finitization_error : public std::invalid_argument {
 public:
  using std::invalid_argument::invalid_argument;
};

// An ordered set of integers: a field domain for integral, enum and bool fields.
class int_set {
 public:
  int_set() = default;
  explicit int_set(std::vector<std::int64_t> values) : values_(std::move(values)) {}
  const std::vector<std::int64_t>& values() const { return values_; }
  // symbolic_ints(): the values are materialized by order, not listed.
  bool symbolic() const { return symbolic_; }

 private:
  friend int_set symbolic_ints();
  std::vector<std::int64_t> values_;
  bool symbolic_ = false;
};

// Korat's createIntSet(min, step, max): min, min+step, ... while below max, then max.
// Requires min <= max and step >= 1.
int_set ints(std::int64_t min, std::int64_t max, std::int64_t step = 1);
// {false, true}, for field<bool>.
int_set booleans();
// Symbolic keys (paper 001, Sec. 2.2.3): for an integer field whose values matter only through
// comparisons (<, ==, >) with each other, as keys of a search tree or a sorted list do. The
// search does not enumerate values: a field the invariant reads takes each order relation to the
// values of that field read before it, in turn (below the least, equal to one, between two, above
// the greatest), so the structures come out one per order of their keys, however many integers
// there are. The values stored are even numbers spaced for that, so an odd number lies strictly
// between any two; `gen` prints them as they are. At most max_symbolic_keys fields of one
// symbolic binding (objects of its class); 32-bit or wider integers.
int_set symbolic_ints();
inline constexpr std::uint32_t max_symbolic_keys = 10;

// An ordered set of floating-point values: a domain for float and double members and elements.
class real_set {
 public:
  real_set() = default;
  explicit real_set(std::vector<double> values) : values_(std::move(values)) {}
  const std::vector<double>& values() const { return values_; }

 private:
  std::vector<double> values_;
};
// The values in the order given; each finite and given once (finitization_error otherwise).
real_set reals(std::vector<double> values);

// An ordered set of strings: a domain for std::string members, elements and keys.
class string_set {
 public:
  string_set() = default;
  explicit string_set(std::vector<std::string> values) : values_(std::move(values)) {}
  const std::vector<std::string>& values() const { return values_; }

 private:
  std::vector<std::string> values_;
};
// The strings in the order given, each once (finitization_error otherwise).
string_set strings(std::vector<std::string> values);

namespace detail {

template <class T>
std::uint64_t encode_integer(std::int64_t v) {
  T value = static_cast<T>(v);
  std::uint64_t raw = 0;
  std::memcpy(&raw, &value, sizeof(T));
  return raw;
}

template <class T>
std::uint64_t encode_real(double v) {
  const T value = static_cast<T>(v);
  std::uint64_t raw = 0;
  std::memcpy(&raw, &value, sizeof(T));
  return raw;
}

template <class T>
bool fits(std::int64_t v) {
  if constexpr (std::is_same_v<T, bool>) {
    return v == 0 || v == 1;
  } else if constexpr (std::is_enum_v<T>) {
    return fits<std::underlying_type_t<T>>(v);
  } else if constexpr (std::is_unsigned_v<T>) {
    return v >= 0 && static_cast<std::uint64_t>(v) <= std::numeric_limits<T>::max();
  } else {
    return v >= std::numeric_limits<T>::min() && v <= std::numeric_limits<T>::max();
  }
}

}  // namespace detail

}  // namespace smallscope
