// Tuple sets and universes of spec instances (paper 003, Sec. 3).
#include "spec_front/instance.hpp"

#include <algorithm>

namespace smallscope::spec {

namespace {

// Compares the tuple at `a` with the tuple at `b`, both of `arity` atoms.
int compare(const std::uint32_t* a, const std::uint32_t* b, std::size_t arity) {
  for (std::size_t i = 0; i < arity; ++i) {
    if (a[i] != b[i]) return a[i] < b[i] ? -1 : 1;
  }
  return 0;
}

// The index of the first tuple not less than `tuple`.
std::size_t lower_bound(const tuple_set& s, const std::uint32_t* tuple) {
  std::size_t lo = 0, hi = s.size();
  while (lo < hi) {
    std::size_t mid = (lo + hi) / 2;
    if (compare(s.atoms.data() + mid * s.arity, tuple, s.arity) < 0) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

}  // namespace

bool tuple_set::contains(const std::uint32_t* tuple) const {
  if (arity == 0) return false;
  std::size_t i = lower_bound(*this, tuple);
  return i < size() && compare(atoms.data() + i * arity, tuple, arity) == 0;
}

void tuple_set::insert(const std::uint32_t* tuple) {
  std::size_t i = lower_bound(*this, tuple);
  if (i < size() && compare(atoms.data() + i * arity, tuple, arity) == 0) return;
  atoms.insert(atoms.begin() + static_cast<std::ptrdiff_t>(i * arity), tuple, tuple + arity);
}

void tuple_set::normalize() {
  std::size_t n = size();
  std::vector<std::size_t> order(n);
  for (std::size_t i = 0; i < n; ++i) order[i] = i;
  std::sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) {
    return compare(atoms.data() + a * arity, atoms.data() + b * arity, arity) < 0;
  });
  std::vector<std::uint32_t> sorted;
  sorted.reserve(atoms.size());
  for (std::size_t i : order) {
    const std::uint32_t* t = atoms.data() + i * arity;
    if (!sorted.empty() && compare(sorted.data() + sorted.size() - arity, t, arity) == 0) continue;
    sorted.insert(sorted.end(), t, t + arity);
  }
  atoms = std::move(sorted);
}

bool universe::int_atom(std::int64_t value, std::uint32_t& atom) const {
  if (value < int_min || value >= int_min + static_cast<std::int64_t>(int_count)) return false;
  atom = int_first + static_cast<std::uint32_t>(value - int_min);
  return true;
}

std::int64_t universe::wrap(std::int64_t value) const {
  if (bit_width == 0 || bit_width >= 64) return value;
  const std::uint64_t mask = (std::uint64_t{1} << bit_width) - 1;
  std::uint64_t u = static_cast<std::uint64_t>(value) & mask;
  if (u & (std::uint64_t{1} << (bit_width - 1))) u |= ~mask;
  return static_cast<std::int64_t>(u);
}

}  // namespace smallscope::spec
