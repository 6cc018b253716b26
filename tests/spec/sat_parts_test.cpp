// The SAT engine's parts against brute force: gates, two's complement arithmetic and relational
// operators, evaluated on every assignment of their variables (or random ones), and the
// Tseitin encoding against the circuit's own truth table.
#include <gtest/gtest.h>

#include <cstdio>
#include <functional>
#include <random>
#include <set>

#include "sat/circuit.hpp"
#include "sat/cnf.hpp"
#include "sat/int_vector.hpp"
#include "sat/matrix.hpp"

namespace smallscope::sat {
namespace {

// The value of `l` when variable gate g has value assignment[g].
bool eval(const circuit& c, lit l, const std::vector<bool>& assignment) {
  std::uint32_t g = gate_of(l);
  bool v;
  if (g == 0) v = true;
  else if (c.inputs(g).empty()) v = assignment.at(g);
  else {
    v = true;
    for (lit in : c.inputs(g)) v = v && eval(c, in, assignment);
  }
  return is_negated(l) ? !v : v;
}

std::int64_t eval_int(const circuit& c, const int_vector& v, const std::vector<bool>& assignment) {
  std::uint64_t bits = 0;
  for (std::size_t i = 0; i < v.size(); ++i) {
    if (eval(c, v[i], assignment)) bits |= std::uint64_t{1} << i;
  }
  auto w = v.size();
  std::int64_t value = static_cast<std::int64_t>(bits);
  if ((bits >> (w - 1)) & 1u) value -= std::int64_t{1} << w;
  return value;
}

std::int64_t wrap(std::int64_t x, std::uint32_t w) {
  std::int64_t m = std::int64_t{1} << w;
  x = ((x % m) + m) % m;
  return x >= m / 2 ? x - m : x;
}

TEST(Circuit, GatesMatchTheirTruthTables) {
  circuit c;
  lit a = c.variable(), b = c.variable(), d = c.variable();
  EXPECT_EQ(c.and_(a, negate(a)), lit_false);
  EXPECT_EQ(c.or_(a, negate(a)), lit_true);
  EXPECT_EQ(c.and_(a, b), c.and_(b, a));  // shared
  EXPECT_EQ(c.and_(a, lit_true), a);
  lit f = c.ite(a, b, d), x = c.xor_(a, b), e = c.iff(b, d);
  for (int m = 0; m < 8; ++m) {
    std::vector<bool> as(c.gate_count() + 1, false);
    bool va = m & 1, vb = m & 2, vd = m & 4;
    as[gate_of(a)] = va;
    as[gate_of(b)] = vb;
    as[gate_of(d)] = vd;
    EXPECT_EQ(eval(c, f, as), va ? vb : vd);
    EXPECT_EQ(eval(c, x, as), va != vb);
    EXPECT_EQ(eval(c, e, as), vb == vd);
  }
}

TEST(IntVector, ArithmeticAndComparisonWrapAtTheBitWidth) {
  const std::uint32_t w = 4;
  circuit c;
  int_vector a(w), b(w);
  for (auto& l : a) l = c.variable();
  for (auto& l : b) l = c.variable();
  int_vector sum = int_add(c, a, b), diff = int_sub(c, a, b), prod = int_mul(c, a, b), neg = int_negate(c, a);
  lit less = int_less(c, a, b), same = int_equal(c, a, b);
  for (int x = -8; x < 8; ++x) {
    for (int y = -8; y < 8; ++y) {
      std::vector<bool> as(c.gate_count() + 1, false);
      for (std::uint32_t i = 0; i < w; ++i) {
        as[gate_of(a[i])] = (static_cast<unsigned>(x) >> i) & 1u;
        as[gate_of(b[i])] = (static_cast<unsigned>(y) >> i) & 1u;
      }
      ASSERT_EQ(eval_int(c, sum, as), wrap(x + y, w)) << x << "+" << y;
      ASSERT_EQ(eval_int(c, diff, as), wrap(x - y, w)) << x << "-" << y;
      ASSERT_EQ(eval_int(c, prod, as), wrap(x * y, w)) << x << "*" << y;
      ASSERT_EQ(eval_int(c, neg, as), wrap(-x, w));
      ASSERT_EQ(eval(c, less, as), x < y) << x << "<" << y;
      ASSERT_EQ(eval(c, same, as), x == y);
    }
  }
}

TEST(IntVector, CountIsThePopulationCountModuloTheWidth) {
  circuit c;
  std::vector<lit> bits(11);
  for (auto& l : bits) l = c.variable();
  int_vector count5 = int_count(c, bits, 5), count3 = int_count(c, bits, 3);
  for (int m = 0; m < (1 << 11); m += 7) {
    std::vector<bool> as(c.gate_count() + 1, false);
    int pop = 0;
    for (int i = 0; i < 11; ++i) {
      as[gate_of(bits[i])] = (m >> i) & 1;
      pop += (m >> i) & 1;
    }
    ASSERT_EQ(eval_int(c, count5, as), wrap(pop, 5));
    ASSERT_EQ(eval_int(c, count3, as), wrap(pop, 3));
  }
}

using pairs = std::set<std::pair<std::uint32_t, std::uint32_t>>;

matrix constant(const pairs& p, std::uint32_t n) {
  matrix m(2, n);
  for (auto [a, b] : p) m[a * n + b] = lit_true;
  return m;
}

pairs read(const matrix& m) {
  pairs out;
  for (std::uint32_t a = 0; a < m.n; ++a) {
    for (std::uint32_t b = 0; b < m.n; ++b) {
      EXPECT_TRUE(is_constant(m[a * m.n + b]));
      if (m[a * m.n + b] == lit_true) out.insert({a, b});
    }
  }
  return out;
}

TEST(Matrix, OperatorsOnConstantRelationsMatchTheirDefinitions) {
  std::mt19937 rng(3);
  const std::uint32_t n = 6;
  for (int round = 0; round < 40; ++round) {
    pairs r, s;
    for (int i = 0; i < 9; ++i) r.insert({rng() % n, rng() % n});
    for (int i = 0; i < 9; ++i) s.insert({rng() % n, rng() % n});
    circuit c;
    matrix mr = constant(r, n), ms = constant(s, n);
    pairs joined, closed = r, inverse, over = s;
    for (auto [a, b] : r) {
      for (auto [x, y] : s) {
        if (b == x) joined.insert({a, y});
      }
      inverse.insert({b, a});
    }
    for (bool grew = true; grew;) {  // naive fixpoint
      grew = false;
      for (auto [a, b] : pairs(closed)) {
        for (auto [x, y] : pairs(closed)) {
          if (b == x) grew |= closed.insert({a, y}).second;
        }
      }
    }
    std::set<std::uint32_t> dom_s;
    for (auto [a, b] : s) dom_s.insert(a);
    for (auto [a, b] : r) {
      if (!dom_s.count(a)) over.insert({a, b});
    }
    EXPECT_EQ(read(join(c, mr, ms)), joined);
    EXPECT_EQ(read(closure(c, mr)), closed);
    EXPECT_EQ(read(transpose(mr)), inverse);
    EXPECT_EQ(read(override_(c, mr, ms)), over);
    pairs u = r, i, d;
    u.insert(s.begin(), s.end());
    for (auto t : r) (s.count(t) ? i : d).insert(t);
    EXPECT_EQ(read(unite(c, mr, ms)), u);
    EXPECT_EQ(read(intersect(c, mr, ms)), i);
    EXPECT_EQ(read(subtract(c, mr, ms)), d);
    EXPECT_EQ(subset(c, mr, constant(u, n)), lit_true);
    EXPECT_EQ(equal(c, mr, ms), r == s ? lit_true : lit_false);
  }
}

TEST(Matrix, ClosureOfVariablesAgreesWithTheFixpointOnEveryAssignment) {
  const std::uint32_t n = 3;
  circuit c;
  matrix m(2, n);
  for (auto& l : m.cells) l = c.variable();
  matrix cl = closure(c, m);
  for (int mask = 0; mask < (1 << 9); ++mask) {
    std::vector<bool> as(c.gate_count() + 1, false);
    pairs r;
    for (std::uint32_t i = 0; i < 9; ++i) {
      as[gate_of(m.cells[i])] = (mask >> i) & 1;
      if ((mask >> i) & 1) r.insert({i / n, i % n});
    }
    pairs closed = r;
    for (int k = 0; k < 3; ++k) {
      for (auto [a, b] : pairs(closed)) {
        for (auto [x, y] : pairs(closed)) {
          if (b == x) closed.insert({a, y});
        }
      }
    }
    for (std::uint32_t i = 0; i < 9; ++i) {
      ASSERT_EQ(eval(c, cl.cells[i], as), closed.count({i / n, i % n}) == 1) << mask;
    }
  }
}

// s.^r and s.*r grown step by step equal s joined with r's closure (and s itself for *), on
// every assignment of a 3x3 relation and a 3-atom set.
TEST(Matrix, ReachFromASetAgreesWithTheJoinOfTheClosure) {
  const std::uint32_t n = 3;
  circuit c;
  matrix m(2, n), set(1, n);
  for (auto& l : m.cells) l = c.variable();
  for (auto& l : set.cells) l = c.variable();
  const matrix via_closure = join(c, set, closure(c, m));
  const matrix strict = reach(c, set, m, false), reflexive = reach(c, set, m, true);
  for (int mask = 0; mask < (1 << 12); ++mask) {
    std::vector<bool> as(c.gate_count() + 1, false);
    for (std::uint32_t i = 0; i < 9; ++i) as[gate_of(m.cells[i])] = (mask >> i) & 1;
    for (std::uint32_t i = 0; i < 3; ++i) as[gate_of(set.cells[i])] = (mask >> (9 + i)) & 1;
    for (std::uint32_t a = 0; a < n; ++a) {
      const bool expected = eval(c, via_closure.cells[a], as);
      ASSERT_EQ(eval(c, strict.cells[a], as), expected) << mask;
      ASSERT_EQ(eval(c, reflexive.cells[a], as), expected || eval(c, set.cells[a], as)) << mask;
    }
  }
}

// Pigeons in holes, each pigeon in a hole and no two in one: UNSAT for more pigeons than holes.
lit pigeonholes(circuit& c, std::uint32_t pigeons, std::uint32_t holes, std::vector<lit>& in) {
  std::vector<lit> all;
  in.clear();
  for (std::uint32_t p = 0; p < pigeons; ++p) {
    std::vector<lit> row;
    for (std::uint32_t h = 0; h < holes; ++h) row.push_back(in.emplace_back(c.variable()));
    all.push_back(c.or_(row));
  }
  for (std::uint32_t h = 0; h < holes; ++h) {
    for (std::uint32_t p = 0; p < pigeons; ++p) {
      for (std::uint32_t q = p + 1; q < pigeons; ++q) all.push_back(negate(c.and_(in[p * holes + h], in[q * holes + h])));
    }
  }
  return c.and_(all);
}

TEST(CnfSolver, ADeadlineStopsARunningSolve) {
  circuit c;
  std::vector<lit> in;
  const lit f = pigeonholes(c, 8, 7, in);
  cnf_solver late(c);
  late.require(f);
  late.set_deadline(std::chrono::steady_clock::now() - std::chrono::seconds(1));
  EXPECT_EQ(late.solve({}, -1), cnf_solver::result::unknown) << "a deadline passed stops the search";
  late.set_deadline(std::nullopt);
  EXPECT_EQ(late.solve({}, -1), cnf_solver::result::unsat);
}

TEST(CnfSolver, FailedAssumptionsNameTheConflict) {
  circuit c;
  const lit a = c.variable(), b = c.variable(), free = c.variable();
  cnf_solver s(c);
  s.require(negate(c.and_(a, b)));
  s.freeze(free);
  const lit assumptions[3] = {a, free, b};
  ASSERT_EQ(s.solve(assumptions, -1), cnf_solver::result::unsat);
  EXPECT_TRUE(s.failed(a) || s.failed(b));
  EXPECT_FALSE(s.failed(free)) << "an assumption that plays no part is not in the conflict";
}

TEST(CnfSolver, EnumeratesExactlyTheModelsOfTheCircuit) {
  // At most one of four variables and not both of the first two: 1 + 4 = 5 models.
  circuit c;
  matrix m(1, 4);
  for (auto& l : m.cells) l = c.variable();
  lit f = at_most_one(c, m);
  cnf_solver s(c);
  s.require(f);
  int models = 0;
  std::set<int> seen;
  while (s.solve()) {
    int bits = 0;
    std::vector<lit> block;
    for (int i = 0; i < 4; ++i) {
      bool v = s.value(m.cells[i]);
      bits |= v << i;
      block.push_back(v ? negate(m.cells[i]) : m.cells[i]);
    }
    EXPECT_TRUE(seen.insert(bits).second);
    EXPECT_LE(__builtin_popcount(bits), 1);
    s.add_clause(block);
    ASSERT_LT(++models, 10);
  }
  EXPECT_EQ(models, 5);
}

// A blocking clause that is false at the root level (the last instance's primaries were all
// fixed) ends the enumeration; CaDiCaL then says so on stdout unless it is quiet, which broke
// `smallscope spec --format jsonl`.
TEST(CnfSolver, WritesNothingOnStdout) {
  circuit c;
  lit a = c.variable();
  testing::internal::CaptureStdout();
  {
    cnf_solver s(c);
    s.require(a);
    EXPECT_TRUE(s.solve());
    lit block[1] = {negate(a)};
    s.add_clause(block);
    EXPECT_FALSE(s.solve());
  }
  std::fflush(stdout);
  EXPECT_EQ(testing::internal::GetCapturedStdout(), "");
}

}  // namespace
}  // namespace smallscope::sat
