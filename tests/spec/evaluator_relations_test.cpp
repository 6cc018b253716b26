// The evaluator's relational operators and quantifiers (paper 003, Sec. 3) on random relations:
// each expression is compared with its definition computed directly in C++, through a predicate
// `expr = t` whose expected value t is put in the instance (then disturbed, to see it fail).
#include <gtest/gtest.h>

#include <functional>
#include <random>

#include "evaluate/evaluator.hpp"
#include "spec/spec_builder.hpp"

namespace smallscope::spec {
namespace {

using namespace build;

// sig U { r, s, t: set U }   sig A, E in U (subsigs: E holds a unary expected value)
enum : std::uint32_t { s_int, s_u, s_a, s_e };
enum : std::uint32_t { f_r, f_s, f_t };
constexpr std::uint32_t n_u = 5, n_all = 9;  // U$0..4, then the integers -2..1 (bit width 2)

using matrix = std::array<std::array<bool, n_all>, n_all>;
using set = std::array<bool, n_all>;

node_ptr r() { return field(f_r); }
node_ptr s() { return field(f_s); }
node_ptr t() { return field(f_t); }
node_ptr U() { return sig(s_u); }
node_ptr A() { return sig(s_a); }
node_ptr E() { return sig(s_e); }

module make_module() {
  module m;
  m.sigs.push_back(sig_d("Int", multiplicity::none, -1, false, true));
  m.sigs.push_back(sig_d("U"));
  m.sigs.push_back(sig_d("A", multiplicity::none, s_u));
  m.sigs.push_back(sig_d("E", multiplicity::none, s_u));
  for (const char* name : {"r", "s", "t"}) m.sigs[s_u].fields.push_back(field_d(name, s_u, {s_u}, multiplicity::set));
  number_fields(m);
  return m;
}

tuple_set to_pairs(const matrix& x) {
  std::vector<std::pair<std::uint32_t, std::uint32_t>> ps;
  for (std::uint32_t i = 0; i < n_all; ++i) {
    for (std::uint32_t j = 0; j < n_all; ++j) {
      if (x[i][j]) ps.push_back({i, j});
    }
  }
  return pairs(ps);
}

tuple_set to_unary(const set& x) {
  std::vector<std::uint32_t> atoms;
  for (std::uint32_t i = 0; i < n_all; ++i) {
    if (x[i]) atoms.push_back(i);
  }
  return unary(atoms);
}

struct world {
  matrix r{}, s{};
  set a{};
};

world random_world(std::mt19937& rng, double density) {
  world w;
  std::bernoulli_distribution edge(density), member(0.3);
  for (std::uint32_t i = 0; i < n_u; ++i) {
    w.a[i] = member(rng);
    for (std::uint32_t j = 0; j < n_u; ++j) {
      w.r[i][j] = edge(rng);
      w.s[i][j] = edge(rng);
    }
  }
  return w;
}

instance make_instance(const universe& u, const world& w, const matrix& t, const set& e) {
  instance in;
  in.atoms = &u;
  set all_u{};
  for (std::uint32_t i = 0; i < n_u; ++i) all_u[i] = true;
  in.sigs = {unary({5, 6, 7, 8}), to_unary(all_u), to_unary(w.a), to_unary(e)};
  in.fields = {to_pairs(w.r), to_pairs(w.s), to_pairs(t)};
  return in;
}

matrix compose(const matrix& a, const matrix& b) {
  matrix c{};
  for (std::uint32_t i = 0; i < n_all; ++i)
    for (std::uint32_t j = 0; j < n_all; ++j)
      for (std::uint32_t k = 0; k < n_all; ++k) c[i][k] = c[i][k] || (a[i][j] && b[j][k]);
  return c;
}

// The least fixpoint of c = r + c.r, one step at a time.
matrix naive_closure(const matrix& r) {
  matrix c = r;
  for (bool changed = true; changed;) {
    changed = false;
    matrix step = compose(c, r);
    for (std::uint32_t i = 0; i < n_all; ++i)
      for (std::uint32_t j = 0; j < n_all; ++j)
        if (step[i][j] && !c[i][j]) c[i][j] = changed = true;
  }
  return c;
}

matrix identity() {
  matrix x{};
  for (std::uint32_t i = 0; i < n_all; ++i) x[i][i] = true;  // univ: U and every Int atom
  return x;
}

template <class F>
matrix pointwise(F f) {
  matrix x{};
  for (std::uint32_t i = 0; i < n_all; ++i)
    for (std::uint32_t j = 0; j < n_all; ++j) x[i][j] = f(i, j);
  return x;
}

TEST(EvaluatorRelations, ExpressionsMatchTheirDefinitionsOnRandomRelations) {
  module m = make_module();
  universe u = make_universe({"U$0", "U$1", "U$2", "U$3", "U$4"}, 2);
  ASSERT_EQ(u.size(), n_all);
  // Binary expressions, each with its definition.
  struct binary_case {
    std::uint32_t pred;
    std::function<matrix(const world&)> expected;
  };
  std::vector<binary_case> binaries;
  auto add_binary = [&](const char* name, node_ptr e, std::function<matrix(const world&)> f) {
    binaries.push_back({add_pred(m, name, f2(op::eq, std::move(e), t()), 2), std::move(f)});
  };
  add_binary("closure", closure(r()), [](const world& w) { return naive_closure(w.r); });
  add_binary("rclosure", rclosure(r()), [](const world& w) {
    matrix c = naive_closure(w.r), i = identity();
    return pointwise([&](std::uint32_t x, std::uint32_t y) { return c[x][y] || i[x][y]; });
  });
  add_binary("iden", iden(), [](const world&) { return identity(); });
  add_binary("transpose", transpose(r()), [](const world& w) {
    return pointwise([&](std::uint32_t x, std::uint32_t y) { return w.r[y][x]; });
  });
  add_binary("override", override_(r(), s()), [](const world& w) {
    return pointwise([&](std::uint32_t x, std::uint32_t y) {
      bool in_dom_s = false;
      for (std::uint32_t z = 0; z < n_all; ++z) in_dom_s = in_dom_s || w.s[x][z];
      return w.s[x][y] || (w.r[x][y] && !in_dom_s);
    });
  });
  add_binary("domain", dres(A(), r()), [](const world& w) {
    return pointwise([&](std::uint32_t x, std::uint32_t y) { return w.a[x] && w.r[x][y]; });
  });
  add_binary("range", rres(r(), A()), [](const world& w) {
    return pointwise([&](std::uint32_t x, std::uint32_t y) { return w.r[x][y] && w.a[y]; });
  });
  add_binary("join", join(r(), s()), [](const world& w) { return compose(w.r, w.s); });
  add_binary("product", product(A(), A()), [](const world& w) {
    return pointwise([&](std::uint32_t x, std::uint32_t y) { return w.a[x] && w.a[y]; });
  });
  add_binary("intersect", inter(r(), s()), [](const world& w) {
    return pointwise([&](std::uint32_t x, std::uint32_t y) { return w.r[x][y] && w.s[x][y]; });
  });
  add_binary("union", unite(r(), s()), [](const world& w) {
    return pointwise([&](std::uint32_t x, std::uint32_t y) { return w.r[x][y] || w.s[x][y]; });
  });
  add_binary("difference", diff(r(), s()), [](const world& w) {
    return pointwise([&](std::uint32_t x, std::uint32_t y) { return w.r[x][y] && !w.s[x][y]; });
  });
  {  // { x, y: U | x->y in r and y->x in r }
    std::vector<decl> ds;
    ds.push_back(d({0, 1}, U()));
    add_binary("symmetric", compr(std::move(ds), f2(op::and_, f2(op::in, product(var(0), var(1)), r()),
                                                     f2(op::in, product(var(1), var(0)), r())), 2),
               [](const world& w) {
                 return pointwise([&](std::uint32_t x, std::uint32_t y) { return w.r[x][y] && w.r[y][x]; });
               });
  }
  // let X = r.r | X = t
  binaries.push_back({add_pred(m, "let", let_(0, join(r(), r()), f2(op::eq, var(0, 2), t())), 2),
                      [](const world& w) { return compose(w.r, w.r); }});

  struct unary_case {
    std::uint32_t pred;
    std::function<set(const world&)> expected;
  };
  std::vector<unary_case> unaries;
  auto add_unary = [&](const char* name, node_ptr e, std::function<set(const world&)> f) {
    unaries.push_back({add_pred(m, name, f2(op::eq, std::move(e), E()), 2), std::move(f)});
  };
  add_unary("image", join(A(), r()), [](const world& w) {
    set x{};
    for (std::uint32_t i = 0; i < n_all; ++i)
      for (std::uint32_t j = 0; j < n_all; ++j) x[j] = x[j] || (w.a[i] && w.r[i][j]);
    return x;
  });
  add_unary("preimage", join(r(), A()), [](const world& w) {
    set x{};
    for (std::uint32_t i = 0; i < n_all; ++i)
      for (std::uint32_t j = 0; j < n_all; ++j) x[i] = x[i] || (w.a[j] && w.r[i][j]);
    return x;
  });
  add_unary("ite", ite(f1(op::some, A()), join(A(), r()), join(r(), A())), [&](const world& w) {
    bool some_a = false;
    for (bool b : w.a) some_a = some_a || b;
    return some_a ? unaries[0].expected(w) : unaries[1].expected(w);
  });

  std::mt19937 rng(3);
  std::size_t disturbed = 0;
  for (int trial = 0; trial < 200; ++trial) {
    world w = random_world(rng, 0.08 * (trial % 4 + 1));
    for (const binary_case& c : binaries) {
      matrix expected = c.expected(w);
      instance in = make_instance(u, w, expected, {});
      ASSERT_TRUE(evaluator(m, in).holds(c.pred, {})) << m.functions[c.pred].name << " trial " << trial;
      matrix wrong = expected;
      std::uint32_t i = rng() % n_all, j = rng() % n_all;
      wrong[i][j] = !wrong[i][j];
      instance bad = make_instance(u, w, wrong, {});
      ASSERT_FALSE(evaluator(m, bad).holds(c.pred, {})) << m.functions[c.pred].name << " trial " << trial;
      ++disturbed;
    }
    for (const unary_case& c : unaries) {
      set expected = c.expected(w);
      instance in = make_instance(u, w, {}, expected);
      ASSERT_TRUE(evaluator(m, in).holds(c.pred, {})) << m.functions[c.pred].name << " trial " << trial;
      set wrong = expected;
      std::uint32_t i = rng() % n_u;
      wrong[i] = !wrong[i];
      instance bad = make_instance(u, w, {}, wrong);
      ASSERT_FALSE(evaluator(m, bad).holds(c.pred, {})) << m.functions[c.pred].name << " trial " << trial;
    }
  }
  EXPECT_GT(disturbed, 0u);
}

TEST(EvaluatorRelations, UnivIsEverySigAtomAndEveryInt) {
  module m = make_module();
  universe u = make_universe({"U$0", "U$1", "U$2", "U$3", "U$4", "Spare$0"}, 2);
  std::uint32_t exact = add_pred(m, "exact", f2(op::eq, univ(), unite(U(), int_sig())), 0);
  std::uint32_t only_a = add_pred(m, "onlyA", f2(op::eq, univ(), unite(A(), int_sig())), 0);
  instance in;
  in.atoms = &u;
  in.sigs = {unary({6, 7, 8, 9}), unary({0, 1, 2, 3, 4}), unary({1, 2}), unary({})};
  in.fields = {pairs({}), pairs({}), pairs({})};
  evaluator e(m, in);
  EXPECT_TRUE(e.holds(exact, {}));  // Spare$0 belongs to no sig: not in univ
  EXPECT_FALSE(e.holds(only_a, {}));
  in.sigs[s_a] = in.sigs[s_u];
  EXPECT_TRUE(evaluator(m, in).holds(only_a, {}));
}

std::size_t count(const set& x) {
  std::size_t n = 0;
  for (bool b : x) n += b;
  return n;
}

TEST(EvaluatorRelations, QuantifiersAndMultiplicitiesMatchCounting) {
  module m = make_module();
  universe u = make_universe({"U$0", "U$1", "U$2", "U$3", "U$4"}, 2);
  struct formula_case {
    std::uint32_t pred;
    std::function<bool(const world&)> expected;
  };
  std::vector<formula_case> cases;
  auto add = [&](const char* name, node_ptr body, std::function<bool(const world&)> f) {
    cases.push_back({add_pred(m, name, std::move(body), 2), std::move(f)});
  };
  auto pairs_where = [](const world& w, auto keep) {
    std::size_t n = 0;
    for (std::uint32_t i = 0; i < n_u; ++i)
      for (std::uint32_t j = 0; j < n_u; ++j) n += w.r[i][j] && keep(i, j);
    return n;
  };
  add("in", f2(op::in, r(), s()), [](const world& w) {
    for (std::uint32_t i = 0; i < n_u; ++i)
      for (std::uint32_t j = 0; j < n_u; ++j)
        if (w.r[i][j] && !w.s[i][j]) return false;
    return true;
  });
  add("one x", quant(op::quant_one, d({0}, U()), f2(op::in, var(0), A())), [](const world& w) { return count(w.a) == 1; });
  add("lone x", quant(op::quant_lone, d({0}, U()), f2(op::in, var(0), A())), [](const world& w) { return count(w.a) <= 1; });
  add("one x, y", quant(op::quant_one, d({0, 1}, U()), f2(op::in, product(var(0), var(1)), r())),
      [&](const world& w) { return pairs_where(w, [](auto, auto) { return true; }) == 1; });
  add("lone disj x, y", quant(op::quant_lone, d({0, 1}, U(), multiplicity::none, true), f2(op::in, product(var(0), var(1)), r())),
      [&](const world& w) { return pairs_where(w, [](auto i, auto j) { return i != j; }) <= 1; });
  add("some disj x, y: A", quant(op::quant_some, d({0, 1}, A(), multiplicity::none, true), f2(op::in, product(var(0), var(1)), r())),
      [&](const world& w) { return pairs_where(w, [&](auto i, auto j) { return i != j && w.a[i] && w.a[j]; }) > 0; });
  add("no x: A", quant(op::quant_no, d({0}, A()), f2(op::in, product(var(0), var(0)), r())),
      [&](const world& w) { return pairs_where(w, [&](auto i, auto j) { return i == j && w.a[i]; }) == 0; });
  add("all x: A, y: x.r", quant(op::quant_all, d({0}, A()), d({1}, join(var(0), r())), f2(op::in, var(1), A())),
      [&](const world& w) { return pairs_where(w, [&](auto i, auto j) { return w.a[i] && !w.a[j]; }) == 0; });
  add("one S: some U", quant(op::quant_one, d({0}, U(), multiplicity::some), f2(op::in, var(0), A())),
      [](const world& w) { return count(w.a) == 1; });
  add("lone S: lone U", quant(op::quant_lone, d({0}, U(), multiplicity::lone), f2(op::in, var(0), A())),
      [](const world& w) { return count(w.a) == 0; });
  add("some S: some A", quant(op::quant_some, d({0}, A(), multiplicity::some), f2(op::in, product(var(0), var(0)), r())),
      [&](const world& w) { return pairs_where(w, [&](auto i, auto j) { return i == j && w.a[i]; }) > 0; });
  add("some disj S, T: some A", quant(op::quant_some, d({0, 1}, A(), multiplicity::some, true), f2(op::eq, unite(var(0), var(1)), A())),
      [](const world& w) { return count(w.a) >= 2; });
  add("all S: set A", quant(op::quant_all, d({0}, A(), multiplicity::set), f2(op::lte, card(var(0)), card(A()))),
      [](const world& w) {  // counts wrap at bit width 2: -2..1
        auto wrap2 = [](std::size_t k) { return static_cast<int>((k + 2) % 4) - 2; };
        for (std::size_t k = 0; k <= count(w.a); ++k) {
          if (wrap2(k) > wrap2(count(w.a))) return false;
        }
        return true;
      });
  add("one A", f1(op::one, A()), [](const world& w) { return count(w.a) == 1; });
  add("lone r", f1(op::lone, r()), [&](const world& w) { return pairs_where(w, [](auto, auto) { return true; }) <= 1; });
  add("some r & s", f1(op::some, inter(r(), s())), [&](const world& w) { return pairs_where(w, [&](auto i, auto j) { return w.s[i][j]; }) > 0; });
  add("no A", f1(op::no, A()), [](const world& w) { return count(w.a) == 0; });

  std::mt19937 rng(5);
  std::vector<std::size_t> trues(cases.size()), falses(cases.size());
  for (int trial = 0; trial < 400; ++trial) {
    world w = random_world(rng, 0.03 * (trial % 4 + 1));
    instance in = make_instance(u, w, {}, {});
    evaluator e(m, in);
    for (std::size_t c = 0; c < cases.size(); ++c) {
      bool expected = cases[c].expected(w);
      ASSERT_EQ(e.holds(cases[c].pred, {}), expected) << m.functions[cases[c].pred].name << " trial " << trial;
      (expected ? trues : falses)[c] += 1;
    }
  }
  for (std::size_t c = 0; c < cases.size(); ++c) {
    EXPECT_GT(trues[c], 0u) << m.functions[cases[c].pred].name;
    EXPECT_GT(falses[c], 0u) << m.functions[cases[c].pred].name;
  }
}

}  // namespace
}  // namespace smallscope::spec
