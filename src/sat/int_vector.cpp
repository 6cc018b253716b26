// Two's complement arithmetic and comparison on bit vectors (paper 003, Sec. 8).
#include "sat/int_vector.hpp"

namespace smallscope::sat {

int_vector int_constant(std::int64_t value, std::uint32_t width) {
  int_vector out(width);
  auto bits = static_cast<std::uint64_t>(value);
  for (std::uint32_t i = 0; i < width; ++i) out[i] = ((bits >> i) & 1u) != 0 ? lit_true : lit_false;
  return out;
}

int_vector int_add(circuit& c, const int_vector& a, const int_vector& b) {
  int_vector out(a.size());
  lit carry = lit_false;
  for (std::size_t i = 0; i < a.size(); ++i) {
    lit ab = c.xor_(a[i], b[i]);
    out[i] = c.xor_(ab, carry);
    carry = c.or_(c.and_(a[i], b[i]), c.and_(carry, ab));
  }
  return out;
}

int_vector int_negate(circuit& c, const int_vector& a) {
  int_vector inverted(a.size());
  for (std::size_t i = 0; i < a.size(); ++i) inverted[i] = negate(a[i]);
  return int_add(c, inverted, int_constant(1, static_cast<std::uint32_t>(a.size())));
}

int_vector int_sub(circuit& c, const int_vector& a, const int_vector& b) { return int_add(c, a, int_negate(c, b)); }

int_vector int_mul(circuit& c, const int_vector& a, const int_vector& b) {
  const auto width = static_cast<std::uint32_t>(a.size());
  int_vector sum = int_constant(0, width);
  for (std::uint32_t i = 0; i < width; ++i) {
    int_vector shifted(width, lit_false);
    for (std::uint32_t j = i; j < width; ++j) shifted[j] = c.and_(a[j - i], b[i]);
    sum = int_add(c, sum, shifted);
  }
  return sum;
}

int_vector int_select(circuit& c, lit cond, const int_vector& t, const int_vector& e) {
  int_vector out(t.size());
  for (std::size_t i = 0; i < t.size(); ++i) out[i] = c.ite(cond, t[i], e[i]);
  return out;
}

namespace {

// Restoring division of unsigned magnitudes of one width: the quotient and the remainder.
void divide_unsigned(circuit& c, const int_vector& a, const int_vector& b, int_vector& quotient, int_vector& remainder) {
  const std::size_t w = a.size();
  int_vector rest(w + 1, lit_false);
  quotient.assign(w, lit_false);
  for (std::size_t k = w; k-- > 0;) {
    for (std::size_t i = w; i > 0; --i) rest[i] = rest[i - 1];  // rest = rest * 2 + a's bit k
    rest[0] = a[k];
    int_vector difference(w + 1);
    lit borrow = lit_false;
    for (std::size_t i = 0; i <= w; ++i) {
      const lit x = rest[i], y = i < w ? b[i] : lit_false;
      const lit xy = c.xor_(x, y);
      difference[i] = c.xor_(xy, borrow);
      borrow = c.or_(c.and_(negate(x), y), c.and_(negate(xy), borrow));
    }
    const lit fits = negate(borrow);  // rest >= b
    quotient[k] = fits;
    for (std::size_t i = 0; i <= w; ++i) rest[i] = c.ite(fits, difference[i], rest[i]);
  }
  remainder.assign(rest.begin(), rest.begin() + static_cast<std::ptrdiff_t>(w));
}

// div and rem together; `want_quotient` picks which.
int_vector divide(circuit& c, const int_vector& a, const int_vector& b, bool want_quotient) {
  const auto width = static_cast<std::uint32_t>(a.size());
  const lit a_negative = a.back(), b_negative = b.back();
  // |a| and |b| as unsigned (the least integer's magnitude fits unsigned).
  const int_vector a_size = int_select(c, a_negative, int_negate(c, a), a);
  const int_vector b_size = int_select(c, b_negative, int_negate(c, b), b);
  int_vector quotient, remainder;
  divide_unsigned(c, a_size, b_size, quotient, remainder);
  const lit by_zero = int_equal(c, b, int_constant(0, width));
  if (want_quotient) {
    const int_vector q = int_select(c, c.xor_(a_negative, b_negative), int_negate(c, quotient), quotient);
    return int_select(c, by_zero, int_select(c, a_negative, int_constant(1, width), int_constant(-1, width)), q);
  }
  const int_vector r = int_select(c, a_negative, int_negate(c, remainder), remainder);
  return int_select(c, by_zero, a, r);
}

// Adds two unsigned vectors of possibly different lengths, keeping at most `width` bits.
int_vector add_unsigned(circuit& c, const int_vector& a, const int_vector& b, std::uint32_t width) {
  std::size_t len = std::max(a.size(), b.size()) + 1;
  if (len > width) len = width;
  int_vector out(len);
  lit carry = lit_false;
  for (std::size_t i = 0; i < len; ++i) {
    lit x = i < a.size() ? a[i] : lit_false;
    lit y = i < b.size() ? b[i] : lit_false;
    lit xy = c.xor_(x, y);
    out[i] = c.xor_(xy, carry);
    carry = c.or_(c.and_(x, y), c.and_(carry, xy));
  }
  return out;
}

int_vector count_range(circuit& c, std::span<const lit> bits, std::uint32_t width) {
  if (bits.empty()) return {};
  if (bits.size() == 1) return {bits[0]};
  std::size_t half = bits.size() / 2;
  return add_unsigned(c, count_range(c, bits.first(half), width), count_range(c, bits.subspan(half), width), width);
}

}  // namespace

int_vector int_div(circuit& c, const int_vector& a, const int_vector& b) { return divide(c, a, b, true); }
int_vector int_rem(circuit& c, const int_vector& a, const int_vector& b) { return divide(c, a, b, false); }

int_vector int_count(circuit& c, std::span<const lit> bits, std::uint32_t width) {
  std::vector<lit> live;
  for (lit l : bits) {
    if (l != lit_false) live.push_back(l);
  }
  int_vector out = count_range(c, live, width);
  out.resize(width, lit_false);
  return out;
}

lit int_equal(circuit& c, const int_vector& a, const int_vector& b) {
  std::vector<lit> same(a.size());
  for (std::size_t i = 0; i < a.size(); ++i) same[i] = c.iff(a[i], b[i]);
  return c.and_(same);
}

lit int_less(circuit& c, const int_vector& a, const int_vector& b) {
  // Compare from the top bit down; the sign bit counts the other way.
  const std::size_t w = a.size();
  lit less = lit_false;  // a < b on the bits below i
  for (std::size_t i = 0; i < w; ++i) {
    lit ai = a[i], bi = b[i];
    if (i + 1 == w) std::swap(ai, bi);  // sign bit: 1 is smaller
    lit here = c.and_(negate(ai), bi);
    lit same = c.iff(ai, bi);
    less = c.or_(here, c.and_(same, less));
  }
  return less;
}

}  // namespace smallscope::sat
