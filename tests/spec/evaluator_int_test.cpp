// The evaluator's integers (paper 003, Sec. 3; Alloy's semantics): every result wraps to the
// universe's bit width in two's complement; division truncates toward zero, and by zero gives
// -1 (dividend >= 0) or 1, the remainder by zero the dividend.
#include <gtest/gtest.h>

#include "evaluate/evaluator.hpp"
#include "spec/spec_builder.hpp"

namespace smallscope::spec {
namespace {

using namespace build;

enum : std::uint32_t { s_int, s_u };

std::int64_t wrap4(std::int64_t x) { return ((x % 16) + 16 + 8) % 16 - 8; }

std::int64_t reference(op k, std::int64_t a, std::int64_t b) {
  switch (k) {
    case op::plus: return wrap4(a + b);
    case op::minus: return wrap4(a - b);
    case op::mul: return wrap4(a * b);
    case op::div: return b == 0 ? (a >= 0 ? -1 : 1) : wrap4(a / b);
    case op::rem: return b == 0 ? a : wrap4(a - b * (a / b));
    default: return 0;
  }
}

struct fixture {
  module m;
  universe u = make_universe({"U$0", "U$1", "U$2", "U$3", "U$4", "U$5", "U$6", "U$7", "U$8"}, 4);
  instance in;
  fixture() {
    m.sigs.push_back(sig_d("Int", multiplicity::none, -1, false, true));
    m.sigs.push_back(sig_d("U"));
    in.atoms = &u;
    std::vector<std::uint32_t> ints;
    for (std::uint32_t i = 0; i < 16; ++i) ints.push_back(9 + i);
    in.sigs = {unary(ints), unary({0, 1, 2, 3, 4, 5, 6, 7, 8})};
  }
};

TEST(EvaluatorIntegers, ArithmeticWrapsAtBitWidth4ForEveryPairOfOperands) {
  fixture fx;
  std::uint32_t p = add_pred(fx.m, "arith", f2(op::eq, arith(op::plus, lit(0), lit(0)), lit(0)), 0);
  node& eq = *fx.m.functions[p].body;
  evaluator e(fx.m, fx.in);
  std::size_t checked = 0;
  for (op k : {op::plus, op::minus, op::mul, op::div, op::rem}) {
    eq.args[0]->kind = k;
    for (std::int64_t a = -8; a <= 7; ++a) {
      for (std::int64_t b = -8; b <= 7; ++b) {
        eq.args[0]->args[0]->value = a;
        eq.args[0]->args[1]->value = b;
        std::int64_t expected = reference(k, a, b);
        ASSERT_GE(expected, -8);
        ASSERT_LE(expected, 7);
        eq.args[1]->value = expected;
        ASSERT_TRUE(e.holds(p, {})) << static_cast<int>(k) << " " << a << " " << b;
        eq.args[1]->value = wrap4(expected + 1);
        ASSERT_FALSE(e.holds(p, {})) << static_cast<int>(k) << " " << a << " " << b;
        ++checked;
      }
    }
  }
  EXPECT_EQ(checked, 5u * 256u);
}

TEST(EvaluatorIntegers, WrapAroundCardSumsAndConversions) {
  fixture fx;
  module& m = fx.m;
  auto holds = [&](node_ptr body) {
    std::uint32_t p = add_pred(m, "p", std::move(body), 2);
    return evaluator(m, fx.in).holds(p, {});
  };
  EXPECT_TRUE(holds(f2(op::eq, arith(op::plus, lit(7), lit(1)), lit(-8))));
  EXPECT_FALSE(holds(f2(op::eq, arith(op::plus, lit(7), lit(1)), lit(7))));
  EXPECT_TRUE(holds(f2(op::lt, arith(op::plus, lit(7), lit(1)), lit(0))));
  EXPECT_TRUE(holds(f2(op::eq, lit(8), lit(-8))));  // literals wrap too
  EXPECT_TRUE(holds(f2(op::eq, arith(op::div, lit(-8), lit(-1)), lit(-8))));
  EXPECT_TRUE(holds(f2(op::eq, arith(op::div, lit(-7), lit(2)), lit(-3))));
  EXPECT_TRUE(holds(f2(op::eq, arith(op::rem, lit(-7), lit(2)), lit(-1))));
  EXPECT_TRUE(holds(f2(op::eq, arith(op::div, lit(3), lit(0)), lit(-1))));
  EXPECT_TRUE(holds(f2(op::eq, arith(op::div, lit(-3), lit(0)), lit(1))));
  EXPECT_TRUE(holds(f2(op::eq, arith(op::rem, lit(5), lit(0)), lit(5))));
  // #U = 9 wraps to -7.
  EXPECT_TRUE(holds(f2(op::eq, card(sig(s_u)), lit(-7))));
  EXPECT_FALSE(holds(f2(op::gt, card(sig(s_u)), lit(0))));
  EXPECT_TRUE(holds(f2(op::eq, card(int_sig()), lit(0))));
  // Sums: -8 + ... + 7 = -8; 7 + 1 wraps.
  EXPECT_TRUE(holds(f2(op::eq, sum(int_sig()), lit(-8))));
  EXPECT_TRUE(holds(f2(op::eq, sum(unite(to_set(lit(7)), to_set(lit(1)))), lit(-8))));
  EXPECT_TRUE(holds(f2(op::eq, sum(none()), lit(0))));
  // Int atoms from integers: set equality, and a wrapped result is still one atom.
  EXPECT_TRUE(holds(f2(op::eq, to_set(arith(op::plus, lit(3), lit(4))), to_set(lit(7)))));
  EXPECT_FALSE(holds(f2(op::eq, to_set(arith(op::plus, lit(3), lit(3))), to_set(lit(7)))));
  EXPECT_TRUE(holds(f2(op::eq, to_set(arith(op::plus, lit(7), lit(1))), to_set(lit(-8)))));
  EXPECT_TRUE(holds(f1(op::one, to_set(arith(op::mul, lit(7), lit(7))))));
  EXPECT_TRUE(holds(f2(op::in, to_set(arith(op::minus, lit(-8), lit(1))), int_sig())));
  // Integer ite and let.
  EXPECT_TRUE(holds(f2(op::eq, ite(f1(op::some, sig(s_u)), lit(3), lit(4)), lit(3))));
  EXPECT_TRUE(holds(f2(op::eq, ite(f1(op::no, sig(s_u)), lit(3), lit(4)), lit(4))));
  EXPECT_TRUE(holds(let_(0, to_set(lit(5)), f2(op::eq, sum(var(0)), lit(5)))));
}

TEST(EvaluatorIntegers, FunctionCallsBindTheirParameters) {
  fixture fx;
  module& m = fx.m;
  // fun inc[x: Int]: Int { plus[x, 1] }
  function_decl inc;
  inc.name = "inc";
  inc.is_pred = false;
  inc.params.push_back(d({0}, int_sig()));
  inc.body = arith(op::plus, sum(var(0)), lit(1));
  inc.variable_count = 1;
  m.functions.push_back(std::move(inc));
  auto call_inc = [](std::int64_t v) {
    node_ptr c = call(0, list(to_set(lit(v))), false);
    c->is_int = true;
    return c;
  };
  std::uint32_t wraps = add_pred(m, "wraps", f2(op::eq, call_inc(7), lit(-8)), 0);
  std::uint32_t plain = add_pred(m, "plain", f2(op::eq, call_inc(2), lit(3)), 0);
  std::uint32_t wrong = add_pred(m, "wrong", f2(op::eq, call_inc(2), lit(2)), 0);
  evaluator e(m, fx.in);
  EXPECT_TRUE(e.holds(wraps, {}));
  EXPECT_TRUE(e.holds(plain, {}));
  EXPECT_FALSE(e.holds(wrong, {}));
}

}  // namespace
}  // namespace smallscope::spec
