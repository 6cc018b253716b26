// The three-valued evaluator of partial_evaluator.cpp compiled to 64-bit masks (paper 000,
// Sec. 3: the invariant's judgement after each read is the search's inner loop). Each function
// below mirrors its namesake there, in the same order of evaluation, so that both note the same
// first unread field. Walks and comprehensions are remembered for the rest of a judgement, and
// quantifiers settled from read cells for the judgements that repeat those reads.
#include "evaluate/mask_evaluator.hpp"

#include <algorithm>
#include <bit>
#include <stdexcept>

#include "evaluate/mask_bits.hpp"

namespace smallscope::spec {

using masks::bit;
using masks::each;

namespace {

constexpr std::uint32_t remembered_sets = 1024;    // a judgement's comprehension memo (direct-mapped)
constexpr std::uint32_t remembered_bodies = 4096;  // quantifier bodies settled across judgements

}  // namespace

// One judgement.
struct mask_evaluator::run {
  struct frame {
    value* at = nullptr;
    std::uint32_t size = 0;
  };
  using interval = int_range;

  const mask_evaluator& e;
  const partial_masks& p;
  workspace& w;

  const cnode& node_at(std::uint32_t i) const { return e.nodes_[i]; }
  std::uint32_t kid(const cnode& c, std::uint32_t k) const { return e.kids_[c.args + k]; }
  interval unknown_int() const { return {e.int_lo_, e.int_hi_}; }

  frame push(std::uint32_t size) {
    frame f{w.stack.data() + w.top, size};
    std::fill(f.at, f.at + size, value{});
    w.top += size;
    return f;
  }
  void pop(frame f) { w.top -= f.size; }

  bool known(std::uint32_t field, std::uint32_t atom) {
    if ((p.read[field] & bit(atom)) != 0) {
      if (p.read_at != nullptr) w.deepest = std::max(w.deepest, p.read_at[field * 64 + atom]);
      return true;
    }
    ++w.open;
    if (w.wanted.field < 0 && (p.readable & bit(atom)) != 0) w.wanted = {field, atom};
    return false;
  }

  static std::uint64_t frame_hash(frame f) {
    std::uint64_t h = 0xcbf29ce484222325ull;  // FNV-1a over the slots
    for (std::uint32_t i = 0; i < f.size; ++i) {
      h ^= f.at[i].exact ? 1 : 2;
      h *= 0x100000001b3ull;
      h ^= f.at[i].lo;
      h *= 0x100000001b3ull;
    }
    return h;
  }

  interval sum(value v) const {
    if (!v.exact) return unknown_int();
    std::uint64_t total = 0;  // unsigned: wraps instead of overflowing
    each(v.lo & e.ints_, [&](std::uint32_t a) { total += static_cast<std::uint64_t>(e.u_.int_value(a)); });
    const std::int64_t x = e.u_.wrap(static_cast<std::int64_t>(total));
    return {x, x};
  }
  interval card(value v) const {
    if (!v.exact) return unknown_int();
    const std::int64_t x = e.u_.wrap(std::popcount(v.lo));
    return {x, x};
  }

  frame call_frame(const cnode& c, frame f) {
    // The arguments are judged in the caller's frame before the callee's frame is pushed.
    value args[16];
    std::vector<value> more;
    value* at = c.nslots <= 16 ? args : (more.resize(c.nslots), more.data());
    for (std::uint32_t k = 0; k < c.nslots; ++k) at[k] = expression(kid(c, k), f);
    frame inner = push(c.frame);
    for (std::uint32_t k = 0; k < c.nslots; ++k) inner.at[e.slots_[c.slots + k]] = at[k];
    return inner;
  }

  // What a memo is keyed by: an instruction (marked when it stands for a whole quantifier) and
  // the values of its free variables.
  struct memo_key {
    std::uint32_t id, free, nfree;
  };
  memo_key key_of(const cnode& c, bool whole = false) const {
    const auto id = static_cast<std::uint32_t>(&c - e.nodes_.data());
    return whole ? memo_key{id | 0x80000000u, c.qfree, c.nqfree} : memo_key{id, c.free, c.nfree};
  }
  bool same_free(memo_key k, frame f, const value* saved) const {
    for (std::uint32_t i = 0; i < k.nfree; ++i) {
      const value& v = f.at[e.slots_[k.free + i]];
      if (saved[i].lo != v.lo || saved[i].exact != v.exact) return false;
    }
    return true;
  }
  std::uint64_t free_hash(memo_key k, frame f) const {
    std::uint64_t h = (std::uint64_t{k.id} + 1) * 0x9e3779b97f4a7c15ull;
    for (std::uint32_t i = 0; i < k.nfree; ++i) {
      const value& v = f.at[e.slots_[k.free + i]];
      h = (h ^ v.lo ^ (v.exact ? 0x5555 : 0)) * 0x100000001b3ull;
    }
    return h ^ (h >> 29);
  }

  // A formula inside a quantifier (or a whole quantifier) for the current values of its free
  // variables: settled by an earlier judgement of the same reads, or judged, and settled when it
  // is yes or no from read cells only (then every continuation of those reads judges it so).
  template <class Judge>
  truth settled(memo_key k, frame f, Judge&& judge_it) {
    if (p.epochs == nullptr || k.nfree > 4) return judge_it();
    auto& entry = w.bodies[free_hash(k, f) % remembered_bodies];
    if (entry.node == k.id && entry.depth <= p.depth && p.epochs[entry.depth] == entry.epoch && same_free(k, f, entry.free)) {
      w.deepest = std::max(w.deepest, entry.depth);
      ++w.reused;
      return entry.t;
    }
    const std::uint64_t open = w.open;
    const std::uint32_t outer = w.deepest;
    w.deepest = 0;
    const truth t = judge_it();
    const std::uint32_t deepest = w.deepest;
    w.deepest = std::max(outer, deepest);
    if (w.open == open && t != truth::unknown && !p.complete) {
      entry.node = k.id;
      entry.depth = deepest;
      entry.epoch = p.epochs[deepest];
      for (std::uint32_t i = 0; i < k.nfree; ++i) entry.free[i] = f.at[e.slots_[k.free + i]];
      entry.t = t;
    }
    return t;
  }

  template <class Visit>
  bool bindings(const cnode& c, std::uint32_t d, std::uint32_t k, frame f, bool& all_seen, Visit& visit) {
    if (d == c.ndecls) return visit();
    const cdecl& dc = e.decls_[c.decls + d];
    if (k == dc.nslots) return bindings(c, d + 1, 0, f, all_seen, visit);
    const value domain = expression(dc.bound, f);
    if (!domain.exact) all_seen = false;
    if (dc.subsets) {
      all_seen = false;
      return true;
    }
    const std::uint32_t at = e.slots_[dc.slots + k];
    for (std::uint64_t rest = domain.lo; rest != 0; rest &= rest - 1) {
      const value v{rest & (~rest + 1), true};
      if (dc.disjoint) {
        bool overlaps = false;
        for (std::uint32_t j = 0; j < k && !overlaps; ++j) overlaps = (f.at[e.slots_[dc.slots + j]].lo & v.lo) != 0;
        if (overlaps) continue;
      }
      f.at[at] = v;
      if (!bindings(c, d, k + 1, f, all_seen, visit)) return false;
    }
    return true;
  }

  truth quantifier(const cnode& c, frame f) {
    ++w.quantifiers;
    const std::uint32_t body = kid(c, 0);
    bool all_seen = true;
    std::size_t yes = 0, unknown = 0;
    auto visit = [&] {
      const truth t = settled(key_of(c), f, [&] { return formula(body, f); });
      if (t == truth::yes) ++yes;
      if (t == truth::unknown) ++unknown;
      if (c.kind == op::quant_all) return t != truth::no;
      if (c.kind == op::quant_some || c.kind == op::quant_no) return yes == 0;
      return yes < 2;
    };
    const bool finished = bindings(c, 0, 0, f, all_seen, visit);
    --w.quantifiers;
    const bool settled = all_seen && unknown == 0;
    switch (c.kind) {
      case op::quant_all: return !finished ? truth::no : settled ? truth::yes : truth::unknown;
      case op::quant_some: return yes > 0 ? truth::yes : settled ? truth::no : truth::unknown;
      case op::quant_no: return yes > 0 ? truth::no : settled ? truth::yes : truth::unknown;
      case op::quant_lone: return yes > 1 ? truth::no : settled ? truth::yes : truth::unknown;
      default: return yes > 1 ? truth::no : settled ? of(yes == 1) : truth::unknown;  // quant_one
    }
  }

  value comprehension(const cnode& c, frame f) {
    if (c.value != 0) return {0, false};  // a subset declaration: left to the final check
    // Inside a quantifier a judgement is a function of the variables' values (nothing stops at
    // an unknown conjunct there), so a comprehension met again with the same values is remembered.
    workspace::remembered* memo = nullptr;
    if (w.quantifiers > 0 && c.nfree <= 4) {
      memo = &w.sets[free_hash(key_of(c), f) % remembered_sets];
      if (memo->stamp == w.stamp && memo->node == static_cast<std::uint32_t>(&c - e.nodes_.data()) && same_free(key_of(c), f, memo->free)) {
        w.open += memo->open ? 1 : 0;
        w.deepest = std::max(w.deepest, memo->deepest);
        return memo->out;
      }
    }
    const std::uint64_t open = w.open;
    const std::uint32_t outer = w.deepest;
    w.deepest = 0;
    value out{0, true};
    bool all_seen = true;
    const std::uint32_t slot = e.slots_[e.decls_[c.decls].slots];
    auto visit = [&] {
      const truth t = c.nargs == 0 ? truth::yes : formula(kid(c, 0), f);
      if (t == truth::unknown) out.exact = false;
      if (t == truth::yes) out.lo |= f.at[slot].lo;
      return true;
    };
    bindings(c, 0, 0, f, all_seen, visit);
    out.exact = out.exact && all_seen;
    const std::uint32_t deepest = w.deepest;
    w.deepest = std::max(outer, deepest);
    if (memo != nullptr) {
      memo->stamp = w.stamp;
      memo->node = static_cast<std::uint32_t>(&c - e.nodes_.data());
      for (std::uint32_t k = 0; k < c.nfree; ++k) memo->free[k] = f.at[e.slots_[c.free + k]];
      memo->out = out;
      memo->open = w.open != open;
      memo->deepest = deepest;
    }
    return out;
  }

  value join(const cnode& c, frame f) {
    const value left = expression(kid(c, 0), f);
    const std::uint32_t* fields = e.fields_.data() + c.fields;
    if (c.walk == 1) {  // x.f, x.(f + g): exact once those fields of every atom of x are read
      std::uint64_t step = 0;
      each(left.lo, [&](std::uint32_t a) {
        for (std::uint32_t k = 0; k < c.nfields; ++k) step |= p.rows[fields[k] * 64 + a];
      });
      bool all = true;
      each(left.lo, [&](std::uint32_t a) {
        for (std::uint32_t k = 0; k < c.nfields; ++k) all = known(fields[k], a) && all;
      });
      return {step, left.exact && all};
    }
    // x.^(f + g), x.*(f + g): a walk along the fields read, depth first as partial_evaluator's,
    // exact once every atom it meets is read. A walk from one atom is remembered.
    const bool single = left.lo != 0 && (left.lo & (left.lo - 1)) == 0;
    std::size_t memo = 0;
    if (single) {
      memo = std::size_t{c.walk_id} * 64 + static_cast<std::size_t>(std::countr_zero(left.lo));
      if (w.walk_stamp[memo] == w.stamp) {
        w.open += w.walk_open[memo];
        w.deepest = std::max(w.deepest, w.walk_deepest[memo]);
        return {w.walk_out[memo], left.exact && w.walk_exact[memo] != 0};
      }
    }
    const std::uint64_t open = w.open;
    const std::uint32_t outer = w.deepest;
    w.deepest = 0;
    std::uint64_t out = 0, seen = 0, expanded = 0;
    w.work.clear();
    each(left.lo, [&](std::uint32_t a) { w.work.push_back(a); });
    if (c.walk == 3) out = seen = left.lo;
    bool exact_walk = true;
    while (!w.work.empty()) {
      const std::uint32_t a = w.work.back();
      w.work.pop_back();
      if ((expanded & bit(a)) != 0) continue;
      expanded |= bit(a);
      for (std::uint32_t k = 0; k < c.nfields; ++k) {
        exact_walk = known(fields[k], a) && exact_walk;
        each(p.rows[fields[k] * 64 + a], [&](std::uint32_t b) {
          if ((seen & bit(b)) == 0) {
            seen |= bit(b);
            out |= bit(b);
          }
          if ((expanded & bit(b)) == 0) w.work.push_back(b);
        });
      }
    }
    const std::uint32_t deepest = w.deepest;
    w.deepest = std::max(outer, deepest);
    if (single) {
      w.walk_stamp[memo] = w.stamp;
      w.walk_out[memo] = out;
      w.walk_exact[memo] = exact_walk ? 1 : 0;
      w.walk_open[memo] = w.open != open ? 1 : 0;
      w.walk_deepest[memo] = deepest;
    }
    return {out, left.exact && exact_walk};
  }

  void bind_let(const cnode& c, frame f) {
    for (std::uint32_t d = 0; d < c.ndecls; ++d) {
      const cdecl& dc = e.decls_[c.decls + d];
      f.at[e.slots_[dc.slots]] = expression(dc.bound, f);
    }
  }

  interval integer(std::uint32_t i, frame f) {
    const cnode& c = node_at(i);
    auto exact_int = [](std::int64_t v) { return interval{v, v}; };
    auto arith = [&](auto fn) {
      const interval a = integer(kid(c, 0), f), b = integer(kid(c, 1), f);
      if (a.lo != a.hi || b.lo != b.hi) return unknown_int();
      return exact_int(e.u_.wrap(fn(static_cast<std::uint64_t>(a.lo), static_cast<std::uint64_t>(b.lo))));
    };
    switch (c.kind) {
      case op::int_lit: return exact_int(e.u_.wrap(c.value));
      case op::card: return card(expression(kid(c, 0), f));
      case op::sum_of: return sum(expression(kid(c, 0), f));
      case op::plus: return arith([](std::uint64_t a, std::uint64_t b) { return static_cast<std::int64_t>(a + b); });
      case op::minus: return arith([](std::uint64_t a, std::uint64_t b) { return static_cast<std::int64_t>(a - b); });
      case op::mul: return arith([](std::uint64_t a, std::uint64_t b) { return static_cast<std::int64_t>(a * b); });
      case op::ite: {
        const truth t = formula(kid(c, 0), f);
        if (t == truth::unknown) return unknown_int();
        return integer(kid(c, t == truth::yes ? 1 : 2), f);
      }
      case op::let:
        bind_let(c, f);
        return integer(kid(c, 0), f);
      case op::call: {
        const frame inner = call_frame(c, f);
        const interval out = integer(c.body, inner);
        pop(inner);
        return out;
      }
      case op::div: case op::rem: return unknown_int();
      default: return sum(expression(i, f));  // a set of Int atoms read as an integer
    }
  }

  value expression(std::uint32_t i, frame f) {
    const cnode& c = node_at(i);
    if (c.source->is_int || c.kind == op::int_to_set) {
      const interval v = integer(c.kind == op::int_to_set ? kid(c, 0) : i, f);
      if (v.lo != v.hi) return {0, false};
      std::uint32_t atom = 0;
      return {e.u_.int_atom(v.lo, atom) ? bit(atom) : 0, true};
    }
    switch (c.kind) {
      case op::name:
      case op::this_:
        switch (c.ref) {
          case ref_kind::sig:
            if (c.value == 0) return {e.ints_, true};
            if (c.value == 2 && !p.complete) ++w.open;  // more atoms may be reached
            return {p.sigs[c.index], c.value == 1 || p.complete};
          case ref_kind::builtin_int: return {e.ints_, true};
          case ref_kind::fun: {
            const frame inner = push(c.frame);
            const value out = expression(c.body, inner);
            pop(inner);
            return out;
          }
          default: return f.at[c.index];  // a variable, or `this`
        }
      case op::none: return {0, true};
      case op::univ: {
        std::uint64_t all = e.ints_;
        for (std::uint64_t s : p.sigs) all |= s;
        if (!p.complete) ++w.open;
        return {all, p.complete};
      }
      case op::join: return join(c, f);
      case op::union_:
      case op::intersect: {
        const value a = expression(kid(c, 0), f), b = expression(kid(c, 1), f);
        return {c.kind == op::union_ ? a.lo | b.lo : a.lo & b.lo, a.exact && b.exact};
      }
      case op::difference: {
        const value a = expression(kid(c, 0), f), b = expression(kid(c, 1), f);
        if (!b.exact) return {0, false};  // b may still grow
        return {a.lo & ~b.lo, a.exact};
      }
      case op::ite: {
        const truth t = formula(kid(c, 0), f);
        if (t != truth::unknown) return expression(kid(c, t == truth::yes ? 1 : 2), f);
        const value a = expression(kid(c, 1), f), b = expression(kid(c, 2), f);
        return {a.lo & b.lo, false};
      }
      case op::let:
        bind_let(c, f);
        return expression(kid(c, 0), f);
      case op::comprehension: return comprehension(c, f);
      default: {  // op::call
        const frame inner = call_frame(c, f);
        const value out = expression(c.body, inner);
        pop(inner);
        return out;
      }
    }
  }

  truth formula(std::uint32_t i, frame f) {
    // Outside quantifiers a formula is judged in few frames: one found true stays true.
    const cnode& c = node_at(i);
    const bool cacheable = w.quantifiers == 0 && c.kind != op::block && c.kind != op::and_;
    std::uint64_t key = 0;
    if (cacheable) {
      key = frame_hash(f);
      for (const auto& [done, h] : p.settled) {
        if (done == c.source && h == key) return truth::yes;
      }
    }
    const truth t = judge(c, f);
    if (cacheable && t == truth::yes) p.settled.emplace_back(c.source, key);
    return t;
  }

  truth judge(const cnode& c, frame f) {
    auto arg = [&](std::uint32_t k) { return kid(c, k); };
    switch (c.kind) {
      case op::true_: return truth::yes;
      case op::false_: return truth::no;
      case op::not_:
      case op::and_:
      case op::block:
      case op::or_:
      case op::implies:
      case op::iff:
      case op::ite:
        return connective(
            c.kind, c.nargs, [&](std::size_t k) { return formula(arg(static_cast<std::uint32_t>(k)), f); },
            [&] { return w.wanted.field >= 0 && w.quantifiers == 0; });
      case op::in:
      case op::not_in: {
        const value a = expression(arg(0), f), b = expression(arg(1), f);
        const bool subset = (a.lo & ~b.lo) == 0;
        truth t = truth::unknown;
        if (a.exact && subset) t = truth::yes;
        else if (b.exact && !subset) t = truth::no;
        return c.kind == op::in ? t : negate(t);
      }
      case op::eq:
      case op::neq: {
        truth t = truth::unknown;
        if (node_at(arg(0)).source->is_int && node_at(arg(1)).source->is_int) {
          const interval a = integer(arg(0), f), b = integer(arg(1), f);
          t = equal(a, b);
        } else {
          const value a = expression(arg(0), f), b = expression(arg(1), f);
          if (a.exact && b.exact) t = of(a.lo == b.lo);
          else if ((a.exact && (b.lo & ~a.lo) != 0) || (b.exact && (a.lo & ~b.lo) != 0)) t = truth::no;
        }
        return c.kind == op::eq ? t : negate(t);
      }
      case op::lt:
      case op::gt:
      case op::lte:
      case op::gte: {
        const interval a = integer(arg(0), f), b = integer(arg(1), f);
        return compare(c.kind, a, b);
      }
      case op::no:
      case op::some: {
        const value a = expression(arg(0), f);
        const truth t = a.lo != 0 ? truth::yes : a.exact ? truth::no : truth::unknown;  // some
        return c.kind == op::some ? t : negate(t);
      }
      case op::lone:
      case op::one: {
        const value a = expression(arg(0), f);
        const int n = std::popcount(a.lo);
        if (n > 1) return truth::no;
        if (!a.exact) return truth::unknown;
        return of(c.kind == op::lone || n == 1);
      }
      case op::let:
        bind_let(c, f);
        return formula(arg(0), f);
      case op::call: {
        const frame inner = call_frame(c, f);
        const truth t = formula(c.body, inner);
        pop(inner);
        return t;
      }
      case op::name: {  // a predicate named without arguments
        const frame inner = push(c.frame);
        const truth t = formula(c.body, inner);
        pop(inner);
        return t;
      }
      default: return settled(key_of(c, true), f, [&] { return quantifier(c, f); });
    }
  }
};

truth mask_evaluator::command_holds(const partial_masks& p, std::span<const std::uint32_t> args, workspace& w) const {
  if (!ok()) throw std::logic_error("mask_evaluator: " + why_not_);
  if (w.stack.size() < stack_need_) w.stack.resize(stack_need_);
  if (w.walk_stamp.size() < std::size_t{walks_} * 64) {
    w.walk_stamp.assign(std::size_t{walks_} * 64, 0);
    w.walk_out.assign(w.walk_stamp.size(), 0);
    w.walk_exact.assign(w.walk_stamp.size(), 0);
    w.walk_open.assign(w.walk_stamp.size(), 0);
    w.walk_deepest.assign(w.walk_stamp.size(), 0);
    w.stamp = 0;
  }
  if (w.sets.size() < remembered_sets) w.sets.assign(remembered_sets, {});
  if (p.epochs != nullptr && w.bodies.size() < remembered_bodies) w.bodies.assign(remembered_bodies, {});
  if (++w.stamp == 0) {
    std::fill(w.walk_stamp.begin(), w.walk_stamp.end(), 0);
    std::fill(w.sets.begin(), w.sets.end(), workspace::remembered{});
    w.stamp = 1;
  }
  w.top = 0;
  w.quantifiers = 0;
  w.wanted = {};
  w.deepest = 0;
  run r{*this, p, w};
  truth t = truth::yes;
  for (std::size_t k = 0; k < facts_.size(); ++k) {
    const run::frame f = r.push(m_.facts[k].variable_count);
    t = both(t, r.formula(facts_[k], f));
    r.pop(f);
    if (t == truth::no) return t;
  }
  const command_decl& c = m_.commands.at(command_);
  if (c.block) return both(t, r.formula(static_cast<std::uint32_t>(command_body_), r.push(c.variable_count)));
  if (c.target < 0 || !c.is_run) return truth::unknown;
  const function_decl& fn = m_.functions.at(static_cast<std::size_t>(c.target));
  const run::frame f = r.push(std::max<std::uint32_t>(fn.variable_count, 1));
  std::size_t next = 0;
  for (const decl& d : fn.params) {
    for (std::size_t k = 0; k < d.names.size(); ++k) {
      if (next >= args.size() || k >= d.slots.size()) return truth::unknown;
      f.at[d.slots[k]] = {bit(args[next++]), true};
    }
  }
  return both(t, r.formula(static_cast<std::uint32_t>(command_body_), f));
}

}  // namespace smallscope::spec
