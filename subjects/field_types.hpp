// FieldTypes: a record with a field of every type a subject may declare (enumerations scoped and
// not, bool, every character type, every integer width, a pointer, an array), each bound to an
// extreme of its type, and a chain of items that methods allocate into. It exists so that the
// GoogleTest reproducers of `smallscope check` (paper 000, Sec. 6.1) are compiled for every
// field type: `same_as_fin` tells whether each field still holds its bound value, so a
// reproducer that rebuilt any value wrongly fails on it.
#pragma once

#include <climits>
#include <cstdint>
#include <limits>

#include "smallscope/array.hpp"
#include "smallscope/fields.hpp"
#include "smallscope/finitization.hpp"
#include "smallscope/oracle.hpp"

namespace subjects::field_types {

enum class color : std::uint8_t { red = 0, black = 255 };
enum level : int { low = -7, high = 7 };

struct item {
  smallscope::field<item*> next;
  smallscope::field<char> tag;
};
SMALLSCOPE_FIELDS(item, next, tag)

struct record {
  smallscope::field<color> col;
  smallscope::field<level> lvl;
  smallscope::field<bool> flag;
  smallscope::field<char> ch;
  smallscope::field<char> quote;
  smallscope::field<signed char> sc;
  smallscope::field<unsigned char> uc;
  smallscope::field<char8_t> c8;
  smallscope::field<char16_t> c16;
  smallscope::field<char32_t> c32;
  smallscope::field<wchar_t> wc;
  smallscope::field<short> s;
  smallscope::field<unsigned short> us;
  smallscope::field<int> i;
  smallscope::field<unsigned> u;
  smallscope::field<long> l;
  smallscope::field<unsigned long> ul;
  smallscope::field<long long> ll;
  smallscope::field<std::uint64_t> ull;
  smallscope::array<std::int16_t> values;
  smallscope::field<item*> first;

  // The items form a chain that ends.
  bool rep_ok() const {
    int n = 0;
    for (const item* x = first; x != nullptr; x = x->next)
      if (++n > 8) return false;
    return true;
  }

  // Whether every field holds the value the finitization binds it to; appends a new item.
  bool same_as_fin() {
    item* added = new item();
    added->tag = 'z';
    added->next = first;
    first = added;
    return col == color::black && lvl == low && flag && ch == 'a' && quote == '\'' &&
           sc == std::numeric_limits<signed char>::min() && uc == std::numeric_limits<unsigned char>::max() &&
           c8 == u8'\x7f' && c16 == u'\xffff' && c32 == U'\x10ffff' && wc == L'\x7fffffff' &&
           s == std::numeric_limits<short>::min() && us == std::numeric_limits<unsigned short>::max() &&
           i == std::numeric_limits<int>::min() && u == std::numeric_limits<unsigned>::max() &&
           l == std::numeric_limits<long>::min() && ul == std::uint64_t{INT64_MAX} &&
           ll == std::numeric_limits<long long>::min() && ull == std::uint64_t{INT64_MAX} &&
           values.length() == 2 && values[0] == -32768 && values[1] == -32768;
  }
  // A seeded bug: the answer negated.
  bool same_as_fin_negated() { return !same_as_fin(); }
};
SMALLSCOPE_FIELDS(record, col, lvl, flag, ch, quote, sc, uc, c8, c16, c32, wc, s, us, i, u, l, ul, ll, ull, values,
                  first)

inline void same_as_fin_post(smallscope::verdict& v, const record&, const record& now, bool result) {
  v.require(result, "every field holds its bound value");
  v.require(now.first != nullptr && now.first->tag == 'z', "a new item leads the chain");
}

// `items` item objects; every other field bound to one extreme value of its type.
inline smallscope::finitization fin(int items) {
  auto f = smallscope::finitization::of<record>("FieldTypes");
  auto is = f.objects<item>("Item", static_cast<std::uint32_t>(items));
  using smallscope::ints;
  const auto one = [](auto v) { return ints(static_cast<std::int64_t>(v), static_cast<std::int64_t>(v)); };
  f.set(&record::col, one(255));
  f.set(&record::lvl, one(-7));
  f.set(&record::flag, one(1));
  f.set(&record::ch, one('a'));
  f.set(&record::quote, one('\''));
  f.set(&record::sc, one(std::numeric_limits<signed char>::min()));
  f.set(&record::uc, one(std::numeric_limits<unsigned char>::max()));
  f.set(&record::c8, one(0x7f));
  f.set(&record::c16, one(0xffff));
  f.set(&record::c32, one(0x10ffff));
  f.set(&record::wc, one(0x7fffffff));
  f.set(&record::s, one(std::numeric_limits<short>::min()));
  f.set(&record::us, one(std::numeric_limits<unsigned short>::max()));
  f.set(&record::i, one(std::numeric_limits<int>::min()));
  f.set(&record::u, one(std::numeric_limits<unsigned>::max()));
  f.set(&record::l, one(std::numeric_limits<long>::min()));
  f.set(&record::ul, one(INT64_MAX));  // integer sets hold int64 values
  f.set(&record::ll, one(std::numeric_limits<long long>::min()));
  f.set(&record::ull, one(INT64_MAX));
  f.set(&record::values, ints(2, 2), one(-32768));
  f.set(&record::first, is.or_null());
  f.set(&item::next, is.or_null());
  f.set(&item::tag, ints('a', 'b'));
  return f;
}

}  // namespace subjects::field_types
