// The syntax tree of a relational spec (paper 003, Sec. 3: the Alloy subset TestEra's specs are
// written in, in today's Alloy syntax). The parser builds it; the checker (check.hpp) resolves
// every name and gives every node its arity, so the translator (src/sat) and the evaluator
// (evaluator.hpp) read a tree with no name left to look up.
//
// Formulas and expressions share one node type, as in Alloy's grammar: the checker tells them
// apart (`node::is_formula`, `node::is_int`).
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

namespace smallscope::spec {

// A place in a spec file: 1-based line and column.
struct position {
  std::uint32_t line = 0;
  std::uint32_t column = 0;
};

enum class multiplicity : std::uint8_t { none, lone, one, some, set };

enum class op : std::uint8_t {
  // leaves
  name,     // an identifier; `ref` says what it names after checking
  int_lit,  // value
  none, univ, iden,
  this_,    // `this`: a variable (ref = variable, index = its slot) after checking
  // unary expressions
  transpose,  // ~e
  closure,    // ^e
  rclosure,   // *e
  card,       // #e (an integer)
  // binary expressions
  join,       // a.b (and the box join b[a])
  union_,     // a + b
  intersect,  // a & b
  difference, // a - b
  product,    // a -> b (multiplicities on arrows only in field declarations)
  override_,  // a ++ b
  domain_restrict,  // a <: b
  range_restrict,   // a :> b
  // integer expressions
  plus, minus, mul, div, rem,  // plus[a,b] ...; `args` holds the operands
  sum_of,     // the integer sum of a set of Int atoms (the checker inserts it where an
              // integer is needed and a unary Int-valued expression is given: `n.elem < 3`)
  int_to_set, // the Int atom of an integer (the checker inserts it where a set is needed:
              // `n.elem = i` compares sets, `n.elem = 0` becomes `n.elem = int_to_set(0)`)
  // formulas
  not_, and_, or_, implies, iff,
  ite,        // a implies b else c (formula or expression)
  in, not_in, eq, neq, lt, gt, lte, gte,
  no, some, lone, one,  // multiplicity formulas: no e, some e, ...
  quant_all, quant_some, quant_no, quant_lone, quant_one,  // with decls
  comprehension,  // { decls | formula }
  let,            // let x = e, ... | body
  call,           // a predicate or function applied to args (after checking)
  block,          // { f1 f2 ... }: a conjunction whose conjuncts keep their places
  true_, false_,
};

// What a name denotes, once checked.
enum class ref_kind : std::uint8_t { unresolved, sig, field, variable, pred, fun, builtin_int };

struct node;
using node_ptr = std::unique_ptr<node>;

// One declaration `disj a, b: lone e` of a quantifier, comprehension, parameter list or field.
struct decl {
  position at;
  bool disjoint = false;
  std::vector<std::string> names;
  std::vector<position> name_at;
  multiplicity mult = multiplicity::none;  // none means `one` for quantifiers and parameters
  node_ptr bound;
  // Filled by the checker: each name's variable slot (see node::index for variables).
  std::vector<std::uint32_t> slots;
};

struct node {
  op kind = op::name;
  position at;
  std::string text;        // name: the identifier; call: the callee's name
  std::int64_t value = 0;  // int_lit
  bool pre_state = false;  // name of a field with TestEra's backtick: `f`` reads the pre-state
  bool at_sign = false;    // `@f`: the field relation itself, never rewritten to `this.f`
  std::vector<node_ptr> args;  // operands, in order
  std::vector<decl> decls;     // quantifiers, comprehension, let (one decl per binding; bound = value)
  // Filled by the checker.
  ref_kind ref = ref_kind::unresolved;
  std::uint32_t index = 0;   // sig, field, pred/fun index, or variable slot
  std::uint8_t arity = 0;    // relational arity; 0 for formulas and integers
  bool is_formula = false;
  bool is_int = false;       // an integer-valued expression (#e, literals, plus[...] ...)
  std::string label;         // a conjunct's name for reports: the comment-free source text or pred name
};

struct field_decl {
  position at;
  std::string name;
  // The declared type after the colon, with its multiplicities: `lone Node`, `set Atom`,
  // `Node -> lone Int` (product nodes carry arrow multiplicities in `arrow_mults`).
  multiplicity mult = multiplicity::none;  // none means `one` for a unary field type
  node_ptr type;
  std::vector<multiplicity> arrow_mults;   // for each `->` in type, left to right: the right side's
  // `aux f: ...`: auxiliary state that no C++ member binds. The solver chooses its values; it is
  // left out of field-exhaustive coverage, blocking clauses and symmetry breaking, and a spec
  // with one cannot judge C++ structures (nothing gives its values there).
  bool aux = false;
  // Filled by the checker.
  std::uint32_t owner = 0;  // sig index
  std::uint8_t arity = 0;   // with the owner column: 2 for `f: lone Node`
  std::vector<std::uint32_t> columns;  // sig index of each column after the owner (builtin Int = int_sig)
};

struct sig_decl {
  position at;
  std::string name;
  bool is_abstract = false;
  multiplicity mult = multiplicity::none;  // lone/one/some sig
  std::string parent;  // extends
  position parent_at;
  std::vector<field_decl> fields;
  node_ptr fact;  // the appended fact `{ ... }` (fields of `this` may be named bare)
  // Filled by the checker.
  std::int32_t parent_index = -1;
  bool builtin = false;  // Int, or a sig from an opened library module
};

struct function_decl {
  position at;
  bool is_pred = true;
  std::string receiver;  // `pred List.repOk` (empty: none); `this` is the receiver
  position receiver_at;
  std::string name;
  std::vector<decl> params;
  multiplicity result_mult = multiplicity::none;  // fun only
  node_ptr result_type;                          // fun only
  node_ptr body;                                 // a block (pred) or expression (fun)
  // Filled by the checker.
  std::int32_t receiver_index = -1;  // sig index
  std::uint32_t variable_count = 0;  // variable slots used by params and body (this is slot 0)
};

struct fact_decl {
  position at;
  std::string name;  // may be empty
  node_ptr body;     // a block
  std::uint32_t variable_count = 0;
};

// `n Sig`, `exactly n Sig`, `n Int` (the bit width).
struct scope_item {
  position at;
  bool exactly = false;
  std::uint32_t count = 0;
  std::string sig;
};

struct command_decl {
  position at;
  bool is_run = true;  // run (a predicate) or check (an assertion)
  std::string name;    // the predicate or assertion; empty for an inline block
  position name_at;
  node_ptr block;      // an inline `run { ... }`
  bool has_default = false;
  std::uint32_t default_scope = 0;  // `for N`
  std::vector<scope_item> scopes;   // `but ...`, or the list after `for`
  std::uint32_t variable_count = 0;
  std::int32_t expect = -1;         // `expect 0` or `expect 1`; -1 when not given
  // Filled by the checker.
  std::int32_t target = -1;  // the predicate's index, or the assertion's
};

struct assert_decl {
  position at;
  std::string name;
  node_ptr body;
  std::uint32_t variable_count = 0;
};

// A field by its place: module::sigs[sig].fields[index].
struct field_ref {
  std::uint32_t sig = 0;
  std::uint32_t index = 0;
};

struct module {
  std::string file;   // for messages
  std::string name;   // `module x`, or empty
  std::vector<std::string> opens;
  std::vector<sig_decl> sigs;     // builtins (Int; Bool, True, False from util/boolean) first
  std::vector<function_decl> functions;
  std::vector<fact_decl> facts;
  std::vector<assert_decl> asserts;
  std::vector<command_decl> commands;
  // Filled by the checker: every field, numbered in sig order, then declaration order (a name
  // node with ref = field has index into this list).
  std::vector<field_ref> field_list;
};

}  // namespace smallscope::spec
