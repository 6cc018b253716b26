// The operators of relational logic on tuple sets (paper 003, Sec. 3).
#include "evaluate/relations.hpp"

#include <algorithm>
#include <stdexcept>

namespace smallscope::spec::rel {

namespace {

const std::uint32_t* tuple(const tuple_set& s, std::size_t i) { return s.atoms.data() + i * s.arity; }

void require_same_arity(const tuple_set& a, const tuple_set& b, const char* what) {
  if (a.arity != b.arity) throw std::logic_error(std::string(what) + " of tuple sets of different arities");
}

// The tuples of `s` for which `keep` holds, in order (so still sorted).
template <class Keep>
tuple_set filter(const tuple_set& s, Keep keep) {
  tuple_set out = empty(s.arity);
  for (std::size_t i = 0; i < s.size(); ++i) {
    const std::uint32_t* t = tuple(s, i);
    if (keep(t)) out.atoms.insert(out.atoms.end(), t, t + s.arity);
  }
  return out;
}

// The set of first atoms (or last atoms) of the tuples of `s`, as a unary tuple set.
tuple_set column(const tuple_set& s, bool last) {
  tuple_set out = empty(1);
  for (std::size_t i = 0; i < s.size(); ++i) out.atoms.push_back(tuple(s, i)[last ? s.arity - 1 : 0]);
  out.normalize();
  return out;
}

}  // namespace

tuple_set empty(std::uint8_t arity) {
  tuple_set s;
  s.arity = arity;
  return s;
}

tuple_set singleton(std::uint32_t atom) {
  tuple_set s = empty(1);
  s.atoms.push_back(atom);
  return s;
}

tuple_set unite(const tuple_set& a, const tuple_set& b) {
  require_same_arity(a, b, "union");
  tuple_set out = a;
  out.atoms.insert(out.atoms.end(), b.atoms.begin(), b.atoms.end());
  out.normalize();
  return out;
}

tuple_set intersect(const tuple_set& a, const tuple_set& b) {
  require_same_arity(a, b, "intersection");
  return filter(a, [&](const std::uint32_t* t) { return b.contains(t); });
}

tuple_set subtract(const tuple_set& a, const tuple_set& b) {
  require_same_arity(a, b, "difference");
  return filter(a, [&](const std::uint32_t* t) { return !b.contains(t); });
}

bool subset(const tuple_set& a, const tuple_set& b) {
  require_same_arity(a, b, "subset test");
  for (std::size_t i = 0; i < a.size(); ++i) {
    if (!b.contains(tuple(a, i))) return false;
  }
  return true;
}

tuple_set join(const tuple_set& a, const tuple_set& b) {
  if (a.arity + b.arity < 3) throw std::logic_error("join of two unary tuple sets");
  tuple_set out = empty(static_cast<std::uint8_t>(a.arity + b.arity - 2));
  // b is sorted, so the tuples of b starting with one atom are a run; find it by binary search.
  std::vector<std::uint32_t> firsts(b.size());
  for (std::size_t j = 0; j < b.size(); ++j) firsts[j] = tuple(b, j)[0];
  for (std::size_t i = 0; i < a.size(); ++i) {
    const std::uint32_t* ta = tuple(a, i);
    std::uint32_t key = ta[a.arity - 1];
    auto [lo, hi] = std::equal_range(firsts.begin(), firsts.end(), key);
    for (auto it = lo; it != hi; ++it) {
      const std::uint32_t* tb = tuple(b, static_cast<std::size_t>(it - firsts.begin()));
      out.atoms.insert(out.atoms.end(), ta, ta + a.arity - 1);
      out.atoms.insert(out.atoms.end(), tb + 1, tb + b.arity);
    }
  }
  out.normalize();
  return out;
}

tuple_set product(const tuple_set& a, const tuple_set& b) {
  tuple_set out = empty(static_cast<std::uint8_t>(a.arity + b.arity));
  out.atoms.reserve(a.size() * b.size() * out.arity);
  for (std::size_t i = 0; i < a.size(); ++i) {
    for (std::size_t j = 0; j < b.size(); ++j) {
      out.atoms.insert(out.atoms.end(), tuple(a, i), tuple(a, i) + a.arity);
      out.atoms.insert(out.atoms.end(), tuple(b, j), tuple(b, j) + b.arity);
    }
  }
  return out;  // sorted: the concatenations come in lexicographic order
}

tuple_set override_(const tuple_set& a, const tuple_set& b) {
  require_same_arity(a, b, "override");
  tuple_set dom = column(b, false);
  tuple_set kept = filter(a, [&](const std::uint32_t* t) { return !dom.contains(t); });
  return unite(b, kept);
}

tuple_set domain_restrict(const tuple_set& s, const tuple_set& r) {
  if (s.arity != 1) throw std::logic_error("domain restriction by a non-unary set");
  return filter(r, [&](const std::uint32_t* t) { return s.contains(t); });
}

tuple_set range_restrict(const tuple_set& r, const tuple_set& s) {
  if (s.arity != 1) throw std::logic_error("range restriction by a non-unary set");
  return filter(r, [&](const std::uint32_t* t) { return s.contains(t + r.arity - 1); });
}

tuple_set transpose(const tuple_set& r) {
  if (r.arity != 2) throw std::logic_error("transpose of a non-binary relation");
  tuple_set out = empty(2);
  for (std::size_t i = 0; i < r.size(); ++i) {
    out.atoms.push_back(tuple(r, i)[1]);
    out.atoms.push_back(tuple(r, i)[0]);
  }
  out.normalize();
  return out;
}

tuple_set closure(const tuple_set& r) {
  if (r.arity != 2) throw std::logic_error("closure of a non-binary relation");
  // Repeated squaring: after k rounds `c` holds every path of length 1..2^k.
  tuple_set c = r;
  while (true) {
    tuple_set next = unite(c, join(c, c));
    if (next.size() == c.size()) return c;
    c = std::move(next);
  }
}

tuple_set identity(const tuple_set& s) {
  if (s.arity != 1) throw std::logic_error("identity over a non-unary set");
  tuple_set out = empty(2);
  for (std::uint32_t a : s.atoms) {
    out.atoms.push_back(a);
    out.atoms.push_back(a);
  }
  return out;
}

}  // namespace smallscope::spec::rel
