// The three-valued evaluator compiled to bit masks, for a spec run as the Korat search's
// invariant (paper 000, Sec. 3: the invariant is judged after every field it reads, so its
// judgement is the search's inner loop). It gives the answers of partial_evaluator.hpp, the
// same truth and the same wanted field on every partial instance, with none of its allocation:
// the spec's formula is compiled once into a tree of instructions over 64-bit masks (a set of
// atoms is one word, a binary field one word per atom), judged with a workspace kept per thread.
//
// Masks hold what the Korat subjects' specs are made of: sets of atoms, and fields met as
// `x.f`, `x.^f` or `x.*f` with f a union of binary fields. A spec with anything else (a relation
// of arity 2 or more as a value, a universe of more than 64 atoms) does not compile; `ok()` says
// so and why, and the caller judges with partial_evaluator instead.
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "spec_front/ast.hpp"
#include "spec_front/instance.hpp"
#include "evaluate/partial_evaluator.hpp"

namespace smallscope::spec {

// A partial instance (partial_evaluator.hpp) as masks over a universe of at most 64 atoms.
struct partial_masks {
  std::vector<std::uint64_t> sigs;  // [sig] the atoms known to be in it
  std::vector<std::uint64_t> rows;  // [field * 64 + atom] the atoms field leads to from atom (binary fields)
  std::vector<std::uint64_t> read;  // [field] the atoms whose field is known
  std::uint64_t readable = 0;       // the atoms whose fields may be read now
  bool complete = false;
  // Formulas outside quantifiers found true, by node and frame hash (as partial_instance's).
  mutable std::vector<std::pair<const node*, std::uint64_t>> settled;
  // What lets a judgement reuse the last ones' (the search's candidates share their first
  // reads): `read_at[field * 64 + atom]` is when a known cell was read (1 for the first read; 0
  // for cells known from the start), `depth` the reads so far, and `epochs[d]` names reads
  // 0..d-1 (equal names, equal reads). Null epochs: nothing outlives a judgement.
  const std::uint32_t* read_at = nullptr;
  const std::uint64_t* epochs = nullptr;
  std::uint32_t depth = 0;
};

// The masks of `p` (whose universe has at most 64 atoms).
partial_masks masks_of(const module& m, const partial_instance& p);
// The other way: the sigs and binary fields the masks hold, into `out` (whose atoms, sig count
// and field arities are set; their tuples are replaced).
void known_of(const partial_masks& p, instance& out);

class mask_evaluator {
 public:
  struct value {  // the atoms known to be in a set; all of them when exact
    std::uint64_t lo = 0;
    bool exact = false;
  };
  // What one thread's judgements keep between calls: frames, walks, the wanted field.
  struct workspace {
    std::vector<value> stack;
    std::vector<std::uint32_t> work;
    std::vector<std::uint64_t> walk_out;
    std::vector<std::uint8_t> walk_exact;
    std::vector<std::uint32_t> walk_stamp;
    std::uint32_t stamp = 0;
    std::vector<std::uint8_t> walk_open;
    std::vector<std::uint32_t> walk_deepest;
    struct remembered {  // a comprehension's value for its free variables' values
      std::uint32_t stamp = 0, node = 0;
      value free[4];
      value out;
      bool open = false;
      std::uint32_t deepest = 0;
    };
    std::vector<remembered> sets;
    // A quantifier's body judged yes or no from read cells only: the same for every
    // continuation of the reads up to the latest it consulted, so later judgements reuse it.
    struct settled_body {
      std::uint32_t node = ~std::uint32_t{0}, depth = 0;
      std::uint64_t epoch = 0;
      value free[4];
      truth t = truth::unknown;
    };
    std::vector<settled_body> bodies;
    std::uint64_t open = 0;     // consultations of an unread cell or of a value that may still grow
    std::uint32_t deepest = 0;  // the latest read consulted
    std::uint64_t reused = 0;   // bodies settled in an earlier judgement and reused
    std::uint32_t top = 0;  // frames in use on the stack
    std::uint32_t quantifiers = 0;
    wanted_field wanted;
  };

  // Compiles the facts and command `command` of `m` over universe `u`.
  mask_evaluator(const module& m, const universe& u, std::uint32_t command);

  bool ok() const { return why_not_.empty(); }
  // Why the spec does not compile to masks (empty when it does), and where (0:0 for the universe).
  const std::string& why_not() const { return why_not_; }
  position why_not_at() const { return why_not_at_; }

  // As partial_evaluator::command_holds; the wanted field is left in `w.wanted`.
  truth command_holds(const partial_masks& p, std::span<const std::uint32_t> args, workspace& w) const;
  // What the declarations ask (evaluator::facts_hold's first part: sig multiplicities, subsigs,
  // field types and multiplicities) of a complete instance; unknown when a field is not binary.
  truth declarations_hold(const partial_masks& p) const;

 private:
  struct cnode {  // an instruction: a node of the spec with what its judgement needs
    const node* source = nullptr;
    op kind = op::true_;
    ref_kind ref = ref_kind::unresolved;
    std::uint8_t walk = 0;  // join: 1 x.f, 2 x.^f, 3 x.*f
    std::uint32_t index = 0;
    std::int64_t value = 0;  // int_lit's value; a sig's kind (0 Int, 1 exact, 2 exact once complete)
    std::uint32_t args = 0, nargs = 0;
    std::uint32_t fields = 0, nfields = 0;
    std::uint32_t decls = 0, ndecls = 0;
    std::uint32_t slots = 0, nslots = 0;  // a call: the callee's slot of each argument
    std::uint32_t frame = 1;              // a call: the callee's frame size
    std::uint32_t walk_id = 0;
    std::uint32_t body = 0;               // a call: the callee's body
    std::uint32_t free = 0, nfree = 0;    // comprehension, quantifier's body: its free variables' slots (5: too many)
    std::uint32_t qfree = 0, nqfree = 0;  // a quantifier as a whole: its free variables' slots
  };

  struct cdecl {
    std::uint32_t bound = 0;
    bool disjoint = false;
    bool subsets = false;  // `x: set e` and the like: left to the final check
    std::uint32_t slots = 0, nslots = 0;
  };
  struct run;  // one judgement: the partial instance, the workspace

  std::uint32_t compile(const node& n);
  std::uint32_t compile_function(std::uint32_t index);
  bool fail(const node& n, const char* what);
  void note_free_variables(cnode& c, const std::vector<std::uint32_t>& free);

  const module& m_;
  const universe& u_;
  std::uint32_t command_ = 0;
  std::string why_not_;
  position why_not_at_;
  std::vector<cnode> nodes_;
  std::vector<std::uint32_t> kids_;    // cnode indices, by cnode::args
  std::vector<std::uint32_t> fields_;  // field indices, by cnode::fields
  std::vector<std::uint32_t> slots_;   // variable slots, by cdecl::slots, a call's cnode::slots and cnode::free
  std::vector<cdecl> decls_;
  std::vector<std::int64_t> functions_;  // function -> cnode of its body, -1 not compiled, -2 compiling
  std::vector<std::uint32_t> facts_;     // cnode of each fact's body
  std::int64_t command_body_ = -1;       // cnode of the command's block or predicate body
  std::uint32_t walks_ = 0;              // closure walks remembered per judgement
  std::vector<std::vector<std::uint32_t>> walk_kinds_;  // each walk's kind and fields
  std::uint32_t stack_need_ = 0;
  std::uint64_t ints_ = 0;
  bool binary_fields_ = true;
  std::int64_t int_lo_ = 0, int_hi_ = 0;  // an unknown integer's interval
};

}  // namespace smallscope::spec
