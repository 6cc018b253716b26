// Translation of a checked spec to a boolean circuit (paper 004, Sec. 3; paper 003, Sec. 3):
// every sig and field becomes a matrix of literals within its bounds (a variable per tuple that
// may or may not be there), every formula one literal. Subterms that read the same variables
// under the same atoms are translated once (Kodkod's sharing): a node's translation is cached
// under the atoms bound to the variables it reads.
#pragma once

#include <cstdint>
#include <string>
#include <unordered_map>
#include <vector>

#include "sat/bounds.hpp"
#include "sat/circuit.hpp"
#include "sat/int_vector.hpp"
#include "sat/matrix.hpp"
#include "sat/stopped.hpp"
#include "smallscope/stop.hpp"
#include "spec_front/ast.hpp"

namespace smallscope::sat {

// A variable of the problem: one tuple of a field, or one atom of a sig whose membership is
// not fixed by its bounds.
struct primary {
  lit var;
  bool is_field;
  std::uint32_t relation;  // field number or sig index
  std::uint32_t tuple;     // index of the tuple in the relation's matrix
  std::uint32_t owner;     // the atom it belongs to (the tuple's first atom)
};

class translator {
 public:
  translator(const spec::module& m, const bounds& b, circuit& c);
  // Polled while translating (every 1024 nodes translated): translation_stopped once it asks.
  void set_stop(stop_request stop) { stop_ = std::move(stop); }

  // The declarations: sig membership, subsigs, field types and multiplicities, and every fact.
  lit declarations();
  // The command's formula: its predicate applied to the root (other parameters exist), or its
  // inline block; for a check, the negation of its assertion.
  lit command(const spec::command_decl& cmd);

  const matrix& sig(std::uint32_t i) const { return sigs_[i]; }
  const matrix& field(std::uint32_t i) const { return fields_[i]; }
  const std::vector<primary>& primaries() const { return primaries_; }
  const bounds& bound() const { return b_; }
  const spec::module& spec() const { return m_; }
  circuit& gates() { return c_; }

 private:
  struct frame {
    std::vector<matrix> values;          // per slot
    std::vector<std::int64_t> atom;      // per slot: the atom it is bound to, or -1
    std::vector<int_vector> ints;        // per slot bound to an integer (let of an int)
  };
  matrix expr(const spec::node& n, frame& f);
  lit formula(const spec::node& n, frame& f);
  void poll() {
    if ((++polls_ & 1023u) == 0 && stop_requested(stop_)) throw translation_stopped{};
  }
  stop_request stop_;
  std::uint32_t polls_ = 0;
  int_vector integer(const spec::node& n, frame& f);
  lit quantified(const spec::node& n, frame& f);
  // The atoms a quantified slot ranges over (1 when not known), and the product of those over
  // the slots `n` reads: how many times `n` is translated.
  std::uint32_t& slot_range(std::uint32_t slot);
  std::uint64_t bindings(const spec::node& n);
  // The bits of the one Int atom among `cells` (a unary set's cells, or a row's), 0 for none.
  int_vector atom_bits(const lit* cells);
  const int_vector& row_bits(const spec::node& field_name, const matrix& field, std::uint32_t atom);
  matrix comprehension(const spec::node& n, frame& f);
  lit call_formula(const spec::node& n, frame& f);
  frame call_frame(const spec::node& n, frame& f);
  void bind_let(const spec::node& n, frame& f);
  // Whether `n` holds at most one atom in every instance (a single atom followed by one or lone
  // fields): its integer value then needs no adder.
  bool single_valued(const spec::node& n, const frame& f) const;
  lit multiplicity_holds(spec::multiplicity mult, const matrix& values);
  matrix singleton(std::uint32_t atom) const;
  matrix univ() const;
  bool cache_key(const spec::node& n, const frame& f, std::string& key);
  std::uint64_t uses(const spec::node& n);
  [[noreturn]] void unsupported(const spec::node& n, const std::string& what) const;

  const spec::module& m_;
  const bounds& b_;
  circuit& c_;
  std::uint32_t n_;
  std::uint32_t width_;
  std::vector<matrix> sigs_;
  std::vector<matrix> fields_;
  std::vector<primary> primaries_;
  std::unordered_map<const spec::node*, std::uint64_t> uses_;
  std::vector<std::uint32_t> slot_range_;
  std::unordered_map<std::string, matrix> expr_cache_;
  std::unordered_map<std::string, lit> formula_cache_;
  std::unordered_map<std::string, int_vector> int_cache_;
  // Per field (its name node) and owner atom: the bits of the owner's Int value.
  std::unordered_map<const spec::node*, std::vector<int_vector>> row_bits_;
  std::uint32_t depth_ = 0;
};

}  // namespace smallscope::sat
