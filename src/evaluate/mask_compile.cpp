// Compiling a spec for the evaluator on masks (mask_evaluator.hpp; paper 000, Sec. 3: the
// invariant's judgement is the search's inner loop): each node the facts and the run command
// reach becomes an instruction, with what its judgement needs found once (the fields of a walk,
// a call's slots, a memo's free variables); a node masks cannot hold makes `why_not` say so.
#include <algorithm>
#include <limits>
#include <string>

#include "evaluate/mask_bits.hpp"
#include "evaluate/mask_evaluator.hpp"

namespace smallscope::spec {

using masks::bit;

namespace {

bool is_field_union(const node& n, std::vector<std::uint32_t>& fields) {
  if (n.kind == op::name && n.ref == ref_kind::field && !n.pre_state) {
    fields.push_back(n.index);
    return true;
  }
  if (n.kind == op::union_) return is_field_union(*n.args.at(0), fields) && is_field_union(*n.args.at(1), fields);
  return false;
}

// The variable slots read in `n` and those bound in it (a call's arguments, not its body;
// slots are never reused within a paragraph).
void variables(const node& n, std::vector<std::uint32_t>& read, std::vector<std::uint32_t>& bound) {
  if ((n.kind == op::name || n.kind == op::this_) && (n.ref == ref_kind::variable || n.kind == op::this_)) {
    if (std::find(read.begin(), read.end(), n.index) == read.end()) read.push_back(n.index);
    return;
  }
  for (const node_ptr& a : n.args) variables(*a, read, bound);
  for (const decl& d : n.decls) {
    if (d.bound) variables(*d.bound, read, bound);
    bound.insert(bound.end(), d.slots.begin(), d.slots.end());
  }
}

// The slots `n` reads and does not bind.
std::vector<std::uint32_t> free_variables(const node& n) {
  std::vector<std::uint32_t> read, bound;
  variables(n, read, bound);
  std::erase_if(read, [&](std::uint32_t v) { return std::find(bound.begin(), bound.end(), v) != bound.end(); });
  return read;
}

constexpr std::int64_t compiling = -2;   // functions_: being compiled
constexpr std::int64_t not_compiled = -1;

}  // namespace

void mask_evaluator::note_free_variables(cnode& c, const std::vector<std::uint32_t>& free) {
  c.free = static_cast<std::uint32_t>(slots_.size());
  c.nfree = free.size() <= 4 ? static_cast<std::uint32_t>(free.size()) : 5;
  if (c.nfree <= 4) slots_.insert(slots_.end(), free.begin(), free.end());
}

bool mask_evaluator::fail(const node& n, const char* what) {
  if (why_not_.empty()) {
    why_not_ = what;
    why_not_at_ = n.at;
  }
  return false;
}

std::uint32_t mask_evaluator::compile_function(std::uint32_t index) {
  if (functions_.at(index) >= 0) return static_cast<std::uint32_t>(functions_[index]);
  if (functions_[index] == compiling) {
    fail(*m_.functions[index].body, "a recursive call");
    return 0;
  }
  functions_[index] = compiling;
  const std::uint32_t body = compile(*m_.functions[index].body);
  functions_[index] = body;
  return body;
}

std::uint32_t mask_evaluator::compile(const node& n) {
  cnode c;
  c.source = &n;
  c.kind = n.kind;
  c.ref = n.ref;
  c.index = n.index;
  c.value = n.value;
  std::vector<std::uint32_t> kids;
  auto sub = [&](const node& k) { kids.push_back(compile(k)); };
  auto all_args = [&] {
    for (const node_ptr& a : n.args) sub(*a);
  };
  auto compile_decls = [&] {
    std::vector<cdecl> ds;
    for (const decl& d : n.decls) {
      cdecl cd;
      cd.bound = compile(*d.bound);
      cd.disjoint = d.disjoint;
      cd.subsets = d.mult != multiplicity::none && d.mult != multiplicity::one;
      cd.slots = static_cast<std::uint32_t>(slots_.size());
      cd.nslots = static_cast<std::uint32_t>(d.names.size());
      if (d.slots.size() < d.names.size()) fail(n, "a declaration without its slots");
      for (std::size_t k = 0; k < d.names.size() && k < d.slots.size(); ++k) slots_.push_back(d.slots[k]);
      if (d.bound->arity > 1 || d.bound->is_formula) fail(n, "a declaration over a relation");
      ds.push_back(cd);
    }
    c.decls = static_cast<std::uint32_t>(decls_.size());
    c.ndecls = static_cast<std::uint32_t>(ds.size());
    decls_.insert(decls_.end(), ds.begin(), ds.end());
  };
  auto compile_call = [&] {
    const function_decl& callee = m_.functions.at(n.index);
    c.body = compile_function(n.index);
    c.frame = std::max<std::uint32_t>(callee.variable_count, 1);
    c.slots = static_cast<std::uint32_t>(slots_.size());
    std::uint32_t position = 0;
    for (const decl& d : callee.params) {
      for (std::size_t k = 0; k < d.names.size(); ++k, ++position) slots_.push_back(k < d.slots.size() ? d.slots[k] : position);
    }
    c.nslots = static_cast<std::uint32_t>(slots_.size()) - c.slots;
    if (n.args.size() < c.nslots) fail(n, "a call with too few arguments");
    for (const node_ptr& a : n.args) {
      if (a->arity > 1) fail(*a, "a relation as an argument");
    }
    all_args();
  };
  if (n.is_formula) {
    switch (n.kind) {
      case op::true_: case op::false_: break;
      case op::not_: case op::and_: case op::block: case op::or_: case op::implies: case op::iff: case op::ite:
      case op::in: case op::not_in: case op::eq: case op::neq:
      case op::lt: case op::gt: case op::lte: case op::gte:
      case op::no: case op::some: case op::lone: case op::one:
        all_args();
        break;
      case op::quant_all: case op::quant_some: case op::quant_no: case op::quant_lone: case op::quant_one: {
        compile_decls();
        all_args();
        note_free_variables(c, free_variables(*n.args.at(0)));  // the body's, with the quantifier's own
        const std::vector<std::uint32_t> whole = free_variables(n);
        c.qfree = static_cast<std::uint32_t>(slots_.size());
        c.nqfree = whole.size() <= 4 ? static_cast<std::uint32_t>(whole.size()) : 5;
        if (c.nqfree <= 4) slots_.insert(slots_.end(), whole.begin(), whole.end());
        break;
      }
      case op::let:
        compile_decls();
        all_args();
        break;
      case op::call: compile_call(); break;
      case op::name:
        if (n.ref != ref_kind::pred) return fail(n, "a name where a formula is needed"), 0;
        c.body = compile_function(n.index);
        c.frame = std::max<std::uint32_t>(m_.functions[n.index].variable_count, 1);
        break;
      default: return fail(n, "an unknown formula"), 0;
    }
  } else if (n.is_int) {
    switch (n.kind) {
      case op::int_lit: case op::div: case op::rem: break;  // div and rem: left to the final check
      case op::card: case op::sum_of: case op::plus: case op::minus: case op::mul: case op::ite: all_args(); break;
      case op::let: compile_decls(); all_args(); break;
      case op::call: compile_call(); break;
      default: return fail(n, "an integer expression masks do not hold"), 0;
    }
  } else {
    if (n.arity > 1) return fail(n, "a relation of arity 2 or more as a value"), 0;
    switch (n.kind) {
      case op::int_to_set: all_args(); break;
      case op::name: case op::this_:
        switch (n.ref) {
          case ref_kind::sig: {
            const sig_decl& s = m_.sigs.at(n.index);
            c.value = s.builtin && s.name == "Int" ? 0 : s.builtin || s.mult == multiplicity::one ? 1 : 2;
            break;
          }
          case ref_kind::builtin_int: case ref_kind::variable: break;
          case ref_kind::fun:
            c.body = compile_function(n.index);
            c.frame = std::max<std::uint32_t>(m_.functions[n.index].variable_count, 1);
            break;
          default:
            if (n.kind == op::this_) {
              c.ref = ref_kind::variable;
              break;
            }
            return fail(n, "a field as a relation"), 0;
        }
        break;
      case op::none: case op::univ: break;
      case op::join: {
        const node& right = *n.args.at(1);
        std::vector<std::uint32_t> fields;
        if (n.args[0]->arity == 1 && is_field_union(right, fields)) {
          c.walk = 1;
        } else if (n.args[0]->arity == 1 && (right.kind == op::closure || right.kind == op::rclosure) &&
                   is_field_union(*right.args.at(0), fields)) {
          c.walk = right.kind == op::closure ? 2 : 3;
        } else {
          return fail(n, "a join other than x.f, x.^f and x.*f over binary fields"), 0;
        }
        for (std::uint32_t f : fields) {
          const field_ref& r = m_.field_list.at(f);
          if (m_.sigs[r.sig].fields[r.index].arity != 2) return fail(n, "a field of arity 3 or more"), 0;
        }
        c.fields = static_cast<std::uint32_t>(fields_.size());
        c.nfields = static_cast<std::uint32_t>(fields.size());
        fields_.insert(fields_.end(), fields.begin(), fields.end());
        if (c.walk != 1) {  // walks along the same fields in the same order share their memo
          fields.insert(fields.begin(), c.walk);
          auto known_walk = std::find(walk_kinds_.begin(), walk_kinds_.end(), fields);
          c.walk_id = static_cast<std::uint32_t>(known_walk - walk_kinds_.begin());
          if (known_walk == walk_kinds_.end()) walk_kinds_.push_back(fields);
          walks_ = static_cast<std::uint32_t>(walk_kinds_.size());
        }
        sub(*n.args[0]);
        break;
      }
      case op::union_: case op::intersect: case op::difference: case op::ite: all_args(); break;
      case op::let: compile_decls(); all_args(); break;
      case op::comprehension: {
        compile_decls();
        std::size_t slots = 0;
        bool subsets = false;
        for (const decl& d : n.decls) {
          slots += d.slots.size();
          subsets = subsets || (d.mult != multiplicity::none && d.mult != multiplicity::one);
        }
        if (!subsets && slots != 1) return fail(n, "a comprehension of more than one variable"), 0;
        c.value = subsets ? 1 : 0;
        all_args();
        note_free_variables(c, free_variables(n));
        break;
      }
      case op::call: compile_call(); break;
      default: return fail(n, "an expression masks do not hold"), 0;
    }
  }
  c.args = static_cast<std::uint32_t>(kids_.size());
  c.nargs = static_cast<std::uint32_t>(kids.size());
  kids_.insert(kids_.end(), kids.begin(), kids.end());
  nodes_.push_back(c);
  return static_cast<std::uint32_t>(nodes_.size() - 1);
}

mask_evaluator::mask_evaluator(const module& m, const universe& u, std::uint32_t command)
    : m_(m), u_(u), command_(command) {
  if (u.size() > 64) {
    why_not_ = "a universe of more than 64 atoms";
    return;
  }
  for (std::uint32_t i = 0; i < u.int_count; ++i) ints_ |= bit(u.int_first + i);
  const std::uint32_t w = u.bit_width;
  if (w == 0 || w >= 63) {
    int_lo_ = std::numeric_limits<std::int64_t>::min();
    int_hi_ = std::numeric_limits<std::int64_t>::max();
  } else {
    int_lo_ = -(std::int64_t{1} << (w - 1));
    int_hi_ = (std::int64_t{1} << (w - 1)) - 1;
  }
  for (const field_ref& r : m.field_list) binary_fields_ = binary_fields_ && m.sigs[r.sig].fields[r.index].arity == 2;
  functions_.assign(m.functions.size(), not_compiled);
  stack_need_ = 1;
  for (const function_decl& fn : m.functions) stack_need_ += std::max<std::uint32_t>(fn.variable_count, 1);
  for (const fact_decl& fact : m.facts) {
    facts_.push_back(compile(*fact.body));
    stack_need_ += std::max<std::uint32_t>(fact.variable_count, 1);
  }
  const command_decl& c = m.commands.at(command);
  stack_need_ += std::max<std::uint32_t>(c.variable_count, 1);
  if (c.block) command_body_ = compile(*c.block);
  else if (c.target >= 0 && c.is_run) command_body_ = compile_function(static_cast<std::uint32_t>(c.target));
}

}  // namespace smallscope::spec
