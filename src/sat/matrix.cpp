// Relational operators on boolean matrices (paper 004, Sec. 3).
#include "sat/matrix.hpp"

#include <stdexcept>

namespace smallscope::sat {

std::size_t tuple_count(std::uint32_t n, std::uint8_t arity) {
  std::size_t count = 1;
  for (std::uint8_t i = 0; i < arity; ++i) {
    count *= n;
    if (count > (std::size_t{1} << 24)) throw std::length_error("relation too large");
  }
  return count;
}

matrix::matrix(std::uint8_t k, std::uint32_t atoms) : arity(k), n(atoms), cells(tuple_count(atoms, k), lit_false) {}

matrix join(circuit& c, const matrix& a, const matrix& b) {
  const std::uint32_t n = a.n;
  const std::size_t left = a.size() / n;   // tuples of a without its last column
  const std::size_t right = b.size() / n;  // tuples of b without its first column
  matrix out(static_cast<std::uint8_t>(a.arity + b.arity - 2), n);
  std::vector<std::vector<lit>> terms(right);
  for (std::size_t x = 0; x < left; ++x) {
    for (auto& t : terms) t.clear();
    bool any = false;
    for (std::uint32_t m = 0; m < n; ++m) {
      lit l = a[x * n + m];
      if (l == lit_false) continue;
      for (std::size_t y = 0; y < right; ++y) {
        lit r = b[m * right + y];
        if (r == lit_false) continue;
        terms[y].push_back(c.and_(l, r));
        any = true;
      }
    }
    if (!any) continue;
    for (std::size_t y = 0; y < right; ++y) {
      if (!terms[y].empty()) out[x * right + y] = c.or_(terms[y]);
    }
  }
  return out;
}

matrix unite(circuit& c, const matrix& a, const matrix& b) {
  matrix out = a;
  for (std::size_t i = 0; i < out.size(); ++i) out[i] = c.or_(a[i], b[i]);
  return out;
}

matrix intersect(circuit& c, const matrix& a, const matrix& b) {
  matrix out = a;
  for (std::size_t i = 0; i < out.size(); ++i) out[i] = c.and_(a[i], b[i]);
  return out;
}

matrix subtract(circuit& c, const matrix& a, const matrix& b) {
  matrix out = a;
  for (std::size_t i = 0; i < out.size(); ++i) out[i] = c.and_(a[i], negate(b[i]));
  return out;
}

matrix product(circuit& c, const matrix& a, const matrix& b) {
  matrix out(static_cast<std::uint8_t>(a.arity + b.arity), a.n);
  const std::size_t bs = b.size();
  for (std::size_t x = 0; x < a.size(); ++x) {
    if (a[x] == lit_false) continue;
    for (std::size_t y = 0; y < bs; ++y) out[x * bs + y] = c.and_(a[x], b[y]);
  }
  return out;
}

matrix transpose(const matrix& a) {
  matrix out(2, a.n);
  for (std::uint32_t i = 0; i < a.n; ++i) {
    for (std::uint32_t j = 0; j < a.n; ++j) out[j * a.n + i] = a[i * a.n + j];
  }
  return out;
}

matrix closure(circuit& c, const matrix& a) {
  // Iterative squaring: after k rounds, paths of length up to 2^k.
  matrix r = a;
  for (std::uint32_t len = 1; len < a.n; len *= 2) {
    matrix next = unite(c, r, join(c, r, r));
    if (next.cells == r.cells) break;
    r = std::move(next);
  }
  return r;
}

matrix reach(circuit& c, const matrix& set, const matrix& a, bool reflexive) {
  // Layer by layer: the atoms one more step away, until nothing new can be added. Each step is
  // a set joined with the relation (n^2 gates), against n^3 per squaring of the relation.
  // A shortest path visits each atom that has an out-edge at most once: that many steps suffice.
  std::uint32_t sources = 0;
  for (std::uint32_t x = 0; x < a.n; ++x) {
    for (std::uint32_t y = 0; y < a.n; ++y) {
      if (a[x * a.n + y] != lit_false) {
        ++sources;
        break;
      }
    }
  }
  matrix r = reflexive ? set : join(c, set, a);
  matrix last(1, a.n);  // the last step's set (none yet)
  for (std::uint32_t step = 0; step < sources && r.cells != last.cells; ++step) {
    last = r;
    r = unite(c, r, join(c, r, a));
  }
  return r;
}

matrix override_(circuit& c, const matrix& a, const matrix& b) {
  const std::uint32_t n = a.n;
  const std::size_t rest = a.size() / n;
  matrix out = b;
  for (std::uint32_t x = 0; x < n; ++x) {
    std::vector<lit> row(b.cells.begin() + static_cast<std::ptrdiff_t>(x * rest),
                         b.cells.begin() + static_cast<std::ptrdiff_t>((x + 1) * rest));
    lit in_domain = c.or_(row);
    for (std::size_t y = 0; y < rest; ++y) {
      out[x * rest + y] = c.or_(b[x * rest + y], c.and_(a[x * rest + y], negate(in_domain)));
    }
  }
  return out;
}

matrix domain_restrict(circuit& c, const matrix& set, const matrix& r) {
  matrix out = r;
  const std::size_t rest = r.size() / r.n;
  for (std::size_t i = 0; i < r.size(); ++i) out[i] = c.and_(r[i], set[i / rest]);
  return out;
}

matrix range_restrict(circuit& c, const matrix& r, const matrix& set) {
  matrix out = r;
  for (std::size_t i = 0; i < r.size(); ++i) out[i] = c.and_(r[i], set[i % r.n]);
  return out;
}

matrix select(circuit& c, lit cond, const matrix& t, const matrix& e) {
  matrix out = t;
  for (std::size_t i = 0; i < t.size(); ++i) out[i] = c.ite(cond, t[i], e[i]);
  return out;
}

lit is_empty(circuit& c, const matrix& a) { return negate(c.or_(a.cells)); }

lit subset(circuit& c, const matrix& a, const matrix& b) {
  std::vector<lit> all;
  for (std::size_t i = 0; i < a.size(); ++i) {
    if (a[i] != lit_false) all.push_back(c.implies(a[i], b[i]));
  }
  return c.and_(all);
}

lit equal(circuit& c, const matrix& a, const matrix& b) {
  std::vector<lit> all;
  for (std::size_t i = 0; i < a.size(); ++i) {
    if (a[i] != lit_false || b[i] != lit_false) all.push_back(c.iff(a[i], b[i]));
  }
  return c.and_(all);
}

lit at_most_one(circuit& c, const matrix& a) {
  // Sequential: seen_i = some cell before i is true; no cell true while seen.
  lit seen = lit_false;
  std::vector<lit> clauses;
  for (lit l : a.cells) {
    if (l == lit_false) continue;
    clauses.push_back(negate(c.and_(seen, l)));
    seen = c.or_(seen, l);
  }
  return c.and_(clauses);
}

lit exactly_one(circuit& c, const matrix& a) { return c.and_(at_most_one(c, a), c.or_(a.cells)); }

}  // namespace smallscope::sat
