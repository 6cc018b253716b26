// The evaluator's three-valued twin, for a spec run as the Korat search's invariant (paper 000,
// Sec. 3: the search prunes on the fields the invariant read before it returned false, so an
// invariant must say "false" as soon as the fields read so far make it false). It judges a
// formula on a partial instance, the part of a structure read so far, in Kleene's logic: false
// only when every completion of the partial instance makes the formula false, true only when
// every one makes it true, and unknown otherwise (always a sound answer).
//
// Each expression is a lower bound on its final value (the tuples already known to be in it),
// marked exact when no further read can change it: relational operators are monotone except
// difference and override, so bounds flow through them; a join with a field is exact once that
// field of every atom on its left has been read. Integers are intervals.
#pragma once

#include <cstdint>
#include <span>
#include <utility>
#include <vector>

#include "spec_front/ast.hpp"
#include "spec_front/instance.hpp"

namespace smallscope::spec {

enum class truth : std::uint8_t { no, yes, unknown };

// Kleene's connectives.
inline truth negate(truth t) { return t == truth::yes ? truth::no : t == truth::no ? truth::yes : truth::unknown; }
inline truth of(bool b) { return b ? truth::yes : truth::no; }
inline truth both(truth a, truth b) {
  if (a == truth::no || b == truth::no) return truth::no;
  if (a == truth::yes && b == truth::yes) return truth::yes;
  return truth::unknown;
}
inline truth either(truth a, truth b) { return negate(both(negate(a), negate(b))); }

// An integer known to lie in [lo, hi] (exact when lo == hi).
struct int_range {
  std::int64_t lo = 0, hi = 0;
};

// `a = b` of two integers so known: false when the ranges are apart, true when both are exact.
inline truth equal(int_range a, int_range b) {
  if (a.hi < b.lo || b.hi < a.lo) return truth::no;
  return a.lo == a.hi && b.lo == b.hi ? truth::yes : truth::unknown;
}

// `a < b`, `a > b`, `a <= b` or `a >= b` (kind) of two integers so known.
inline truth compare(op kind, int_range a, int_range b) {
  if (kind == op::gt || kind == op::gte) std::swap(a, b);  // a > b is b < a
  const bool strict = kind == op::lt || kind == op::gt;
  if (strict ? a.hi < b.lo : a.hi <= b.lo) return truth::yes;
  if (strict ? a.lo >= b.hi : a.lo > b.hi) return truth::no;
  return truth::unknown;
}

// A connective (not, and, a block, or, implies, iff, a formula's if-then-else) of operands judged
// on demand, left to right: `operand(k)` judges operand k. A conjunction stops at a false
// conjunct, and at an unknown one when `stop_at_unknown()` (outside quantifiers, once a field is
// wanted: conjuncts are judged in order, as a C++ invariant tests them); a disjunction stops at a
// true one; `A => B` does not judge B when A is false, as a C++ `if` does.
template <class Operand, class Stop>
truth connective(op kind, std::size_t operands, Operand&& operand, Stop&& stop_at_unknown) {
  switch (kind) {
    case op::not_: return negate(operand(0));
    case op::and_:
    case op::block: {
      truth t = truth::yes;
      for (std::size_t k = 0; k < operands; ++k) {
        t = both(t, operand(k));
        if (t == truth::no || (t == truth::unknown && stop_at_unknown())) return t;
      }
      return t;
    }
    case op::or_: {
      truth t = truth::no;
      for (std::size_t k = 0; k < operands && t != truth::yes; ++k) t = either(t, operand(k));
      return t;
    }
    case op::implies: {
      const truth premise = operand(0);
      if (premise == truth::no) return truth::yes;
      return either(negate(premise), operand(1));
    }
    case op::iff: {
      const truth a = operand(0), b = operand(1);
      if (a == truth::unknown || b == truth::unknown) return truth::unknown;
      return of(a == b);
    }
    default: {  // op::ite
      const truth c = operand(0);
      if (c != truth::unknown) return operand(c == truth::yes ? 1 : 2);
      const truth a = operand(1), b = operand(2);
      return a == b ? a : truth::unknown;
    }
  }
}

// A structure read in part: `known` holds, per sig, the atoms reached so far (every atom of a
// builtin, `one` or exact sig from the start) and, per field, the tuples read so far;
// `read[f][a]` says whether field f of atom a is known (read, or a has no field f), and
// `readable[a]` whether a's fields may be read now (its object is reached). Once `complete`,
// `known` is the whole instance.
struct partial_instance {
  instance known;
  std::vector<std::vector<std::uint8_t>> read;  // [global field][atom]
  std::vector<std::uint8_t> readable;           // [atom]
  bool complete = false;
  // Formulas outside quantifiers found true, by node and a hash of their frame: true stays true
  // as more is read, so later judgements of this partial instance skip them. Clear it with a
  // new structure.
  mutable std::vector<std::pair<const node*, std::uint64_t>> settled;
};

// The field a judgement needed first and found unread (of a readable atom): the read that
// would tell it most, as a C++ invariant reads what its next test needs.
struct wanted_field {
  std::int64_t field = -1;
  std::uint32_t atom = 0;
};

class partial_evaluator {
 public:
  // `p` must outlive the evaluator; its universe is `p.known.atoms`.
  partial_evaluator(const module& m, const partial_instance& p);

  // The explicit facts and the body of command `command` with its parameters bound to `args`
  // (one atom each, the receiver first). Declarations (multiplicities) are left to the
  // two-valued evaluator on the complete instance.
  truth command_holds(std::uint32_t command, std::span<const std::uint32_t> args) const;
  // After command_holds: the first unread field it needed, or field -1.
  const wanted_field& wanted() const { return wanted_; }

 private:
  struct bound {  // the tuples known to be in a value; all of them when exact
    tuple_set lo;
    bool exact = false;
  };
  using interval = int_range;
  using frame = std::vector<bound>;

  truth formula(const node& n, frame& f) const;  // judge, or a true remembered in `settled`
  truth judge(const node& n, frame& f) const;
  bound expression(const node& n, frame& f) const;
  interval integer(const node& n, frame& f) const;
  truth quantifier(const node& n, frame& f) const;
  bound comprehension(const node& n, frame& f) const;
  bound join(const node& n, frame& f) const;
  static std::uint64_t frame_hash(const frame& f);
  bound monotone(const node& n, frame& f, tuple_set (*op)(const tuple_set&, const tuple_set&)) const;
  void bind_let(const node& n, frame& f) const;
  frame call_frame(const node& call, frame& f) const;

  // Calls visit(exactly) once per binding of the declared names over the atoms known to be in
  // their bounds; `all_seen` ends false when some bound was not exact (bindings may be missing).
  // Stops when visit returns false; returns false then.
  template <class Visit>
  bool for_each_binding(const std::vector<decl>& decls, std::size_t d, std::size_t k, frame& f, bool& all_seen,
                        Visit& visit) const;

  // Fields of a union of plain (post-state) field names, or empty when `n` is something else.
  bool field_union(const node& n, std::vector<std::uint32_t>& fields) const;
  bool all_read(const std::vector<std::uint32_t>& fields, const tuple_set& atoms) const;
  bool known(std::uint32_t field, std::uint32_t atom) const;  // notes the first unread field wanted
  bound whole(const tuple_set& value) const { return {value, p_.complete}; }
  static bound exact(tuple_set value) { return {std::move(value), true}; }
  static bound& slot(frame& f, std::uint32_t at) {
    if (at >= f.size()) f.resize(at + 1);
    return f[at];
  }
  tuple_set univ() const;  // the atoms reached so far, and the integers
  interval card(const bound& b) const;
  interval sum(const bound& b) const;  // of the Int atoms, once exact

  const module& m_;
  const partial_instance& p_;
  const universe& u_;
  tuple_set ints_;
  interval unknown_int_;
  mutable wanted_field wanted_;
  mutable std::uint32_t quantifiers_ = 0;  // quantifiers being judged
};

}  // namespace smallscope::spec
