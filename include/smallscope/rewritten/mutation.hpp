// Mutant schemata (paper 000, Sec. 7: Ferastrau's "metamutants"): the support code of a source
// that smallscope-mutants rewrote so that every mutation point is guarded by the mutant running.
// `smallscope::mutation::active` is that mutant's id (0: the original program); each point
// chooses its original or one of its alternatives, numbered from the point's first id, at run
// time. One compile serves every mutant.
//
// A point evaluates each operand once, as the original does: a binary operator becomes a call
// with both operands, `&&` and `||` keep their short circuit (the right operand is a lambda), a
// field or method becomes a member pointer chosen at run time, a variable a conditional between
// variables of its type.
// Stage: analysis.
#pragma once

#include <cstddef>
#include <tuple>
#include <type_traits>
#include <utility>
#include <vector>

namespace smallscope::mutation {

// The mutant running; 0 is the original program.
inline int active = 0;

// The mutant schemata compiled into this program, one per rewritten file, registered by the file
// itself (smallscope-mutants writes the registration): the file, the identity of the mutant list
// made with it (a hash of its mutants apart from where they are), its number of mutants, and the
// base of its ids in this program. Mutant k of the file runs as `active == base + k`, so the
// schemata of several files in one program never answer to one id; the first file's base is 0.
// `smallscope mutate` finds a list's base here by its identity, and refuses a list this program
// was not compiled from.
struct compiled_schemata {
  const char* file;
  unsigned long long identity;
  int mutants;
  int base;
};
inline std::vector<compiled_schemata>& schemata_registry() {
  static std::vector<compiled_schemata> all;
  return all;
}
inline int register_schemata(const char* file, unsigned long long identity, int mutants) {
  auto& all = schemata_registry();
  const int base = all.empty() ? 0 : all.back().base + all.back().mutants;
  all.push_back({file, identity, mutants, base});
  return base;
}

// Where mutation analysis records the points an execution reaches: reach[first] for the point
// whose first mutant id is `first`, for ids below reach_size (0: nothing is recorded). A mutant
// whose point the original does not reach on an input behaves as the original there, so it need
// not run on that input.
inline unsigned char* reach = nullptr;
inline int reach_size = 0;

// Whether the running mutant's alternative applied, or was not well-formed for the types its
// point met in a template's instantiation and ran as the original there (`pointer * n`, an `auto`
// local of another type). Mutation analysis clears both before a run: a run that only skipped
// did not run the mutant, which is then not well-formed rather than alive.
inline bool alternative_applied = false;
inline bool alternative_skipped = false;

// Notes that the point whose first mutant is `first` is reached; the mutant running.
inline int at(int first) {
  if (first < reach_size) reach[first] = 1;
  return active;
}

// Which alternative of a point whose first mutant is `first` and which has `count` of them is
// running: 0..count-1, or -1 for the original.
inline int chosen(int first, int count) {
  const int k = at(first) - first;
  return k >= 0 && k < count ? k : -1;
}

enum class op { add, sub, mul, div, rem, lt, le, gt, ge, eq, ne, land, lor, pre_inc, pre_dec, post_inc, post_dec,
                add_assign, sub_assign, mul_assign, div_assign, rem_assign };

template <op O, class A, class B>
constexpr decltype(auto) apply_binary(A&& a, B&& b) {
  if constexpr (O == op::add) return a + b;
  else if constexpr (O == op::sub) return a - b;
  else if constexpr (O == op::mul) return a * b;
  else if constexpr (O == op::div) return a / b;
  else if constexpr (O == op::rem) return a % b;
  else if constexpr (O == op::lt) return a < b;
  else if constexpr (O == op::le) return a <= b;
  else if constexpr (O == op::gt) return a > b;
  else if constexpr (O == op::ge) return a >= b;
  else if constexpr (O == op::eq) return a == b;
  else if constexpr (O == op::ne) return a != b;
  else if constexpr (O == op::add_assign) return a += b;
  else if constexpr (O == op::sub_assign) return a -= b;
  else if constexpr (O == op::mul_assign) return a *= b;
  else if constexpr (O == op::div_assign) return a /= b;
  else return a %= b;
}

// Whether `a O b` compiles and converts to R. A point inside a template is mutated once for
// every instantiation: an alternative that an instantiation's types do not have (`%` of a
// double, `<=` of a key with `<` only) is the original there.
template <op O, class R, class A, class B>
constexpr bool applicable() {
  if constexpr (O == op::add) return requires(A& a, B& b) { static_cast<R>(a + b); };
  else if constexpr (O == op::sub) return requires(A& a, B& b) { static_cast<R>(a - b); };
  else if constexpr (O == op::mul) return requires(A& a, B& b) { static_cast<R>(a * b); };
  else if constexpr (O == op::div) return requires(A& a, B& b) { static_cast<R>(a / b); };
  else if constexpr (O == op::rem) return requires(A& a, B& b) { static_cast<R>(a % b); };
  else if constexpr (O == op::lt) return requires(A& a, B& b) { static_cast<R>(a < b); };
  else if constexpr (O == op::le) return requires(A& a, B& b) { static_cast<R>(a <= b); };
  else if constexpr (O == op::gt) return requires(A& a, B& b) { static_cast<R>(a > b); };
  else if constexpr (O == op::ge) return requires(A& a, B& b) { static_cast<R>(a >= b); };
  else if constexpr (O == op::eq) return requires(A& a, B& b) { static_cast<R>(a == b); };
  else if constexpr (O == op::ne) return requires(A& a, B& b) { static_cast<R>(a != b); };
  else if constexpr (O == op::add_assign) return requires(A& a, B& b) { static_cast<R>(a += b); };
  else if constexpr (O == op::sub_assign) return requires(A& a, B& b) { static_cast<R>(a -= b); };
  else if constexpr (O == op::mul_assign) return requires(A& a, B& b) { static_cast<R>(a *= b); };
  else if constexpr (O == op::div_assign) return requires(A& a, B& b) { static_cast<R>(a /= b); };
  else return requires(A& a, B& b) { static_cast<R>(a %= b); };
}

// The k-th of the alternatives applied to (a, b), converted to the original's type.
template <class R, op Original, op First, op... Rest, class A, class B>
R apply_nth(int k, A&& a, B&& b) {
  if (k == 0) {
    if constexpr (applicable<First, R, A, B>()) {
      alternative_applied = true;
      return static_cast<R>(apply_binary<First>(a, b));
    } else {
      alternative_skipped = true;
      return static_cast<R>(apply_binary<Original>(a, b));
    }
  }
  if constexpr (sizeof...(Rest) == 0) return static_cast<R>(apply_binary<Original>(a, b));
  else return apply_nth<R, Original, Rest...>(k - 1, a, b);
}

// An operand passed by value: a static constant member declared in its class without a
// definition elsewhere (valid C++ while nothing odr-uses it) is read, not bound to a reference,
// so the schemata link where the original does.
template <class T>
constexpr T value(T v) {
  return v;
}

// `a OP b` with OP the original operator, or an alternative when its mutant runs. Both operands
// are evaluated once, before the operator (compound assignments: `a` is the target).
template <op Original, op... Alternatives, class A, class B>
decltype(auto) binary(int first, A&& a, B&& b) {
  using R = decltype(apply_binary<Original>(a, b));
  const int k = chosen(first, static_cast<int>(sizeof...(Alternatives)));
  if (k >= 0) return apply_nth<R, Original, Alternatives...>(k, a, b);
  return static_cast<R>(apply_binary<Original>(a, b));
}

// `a && b()` or `a || b()`: the right operand runs only when the operator needs it.
template <op Original, class A, class B>
bool logical(int first, A&& a, B&& b) {
  const bool swapped = chosen(first, 1) == 0;
  const op o = swapped ? (Original == op::land ? op::lor : op::land) : Original;
  return o == op::land ? (a && b()) : (a || b());
}

// ++x, --x, x++, x-- and their swaps.
template <op Original, class T>
decltype(auto) step(int first, T& x) {
  const bool swapped = chosen(first, 1) == 0;
  if constexpr (Original == op::pre_inc || Original == op::pre_dec) {
    if ((Original == op::pre_inc) != swapped) return static_cast<decltype(++x)>(++x);
    return static_cast<decltype(++x)>(--x);
  } else {
    if ((Original == op::post_inc) != swapped) return static_cast<decltype(x++)>(x++);
    return static_cast<decltype(x++)>(x--);
  }
}

// The original member (field or method pointer) or the alternative whose mutant runs.
template <class M, class... Alternatives>
M choose(int first, M original, Alternatives... alternatives) {
  const int k = chosen(first, static_cast<int>(sizeof...(Alternatives)));
  if (k < 0) return original;
  M all[] = {static_cast<M>(alternatives)...};
  return all[k];
}

// A variable inside a template, whose type depends on the instantiation (`auto it = m.find(k)`):
// the original, or the alternative whose mutant runs when it has the original's type in this
// instantiation (two `auto` locals may be iterators of different containers), else the original.
template <std::size_t K, class T, class... Alternatives>
T& nth_variable(int k, T& original, Alternatives&... alternatives) {
  if constexpr (K < sizeof...(Alternatives)) {
    if (k == static_cast<int>(K)) {
      auto& chosen = std::get<K>(std::tie(alternatives...));
      if constexpr (std::is_same_v<std::remove_cvref_t<decltype(chosen)>, std::remove_cvref_t<T>> &&
                    std::is_convertible_v<decltype(chosen)&, T&>) {
        alternative_applied = true;
        return chosen;
      } else {
        alternative_skipped = true;
        return original;
      }
    }
    return nth_variable<K + 1>(k, original, alternatives...);
  } else {
    return original;
  }
}
template <class T, class... Alternatives>
T& variable(int first, T& original, Alternatives&... alternatives) {
  const int k = chosen(first, static_cast<int>(sizeof...(Alternatives)));
  if (k < 0) return original;
  return nth_variable<0>(k, original, alternatives...);
}

// The object pointer of a member access's base: a pointer, or a class with operator->
// (smallscope::field<T*>, smart pointers).
template <class P>
auto pointer(P&& p) {
  if constexpr (std::is_pointer_v<std::remove_cvref_t<P>>) return p;
  else return p.operator->();
}

}  // namespace smallscope::mutation
