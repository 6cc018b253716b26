// Concretization and abstraction (paper 003, Sec. 5, Fig. 4 a2j and Fig. 5 j2a): a spec's sigs
// and fields bound by name to a finitization's class domains and fields, so that an instance
// becomes a candidate vector of the state space (its objects, written into the arena), and a
// post-state on the heap becomes an instance again, with fresh atoms for the objects the method
// allocated.
//
// A sig binds to the class domain of its name (or of its class's unqualified C++ name); the
// command's root sig binds to the root class domain. Atom k of a sig is object k of its class
// domain. A field binds to the class's field of its name. Values: atoms of bound sigs are
// objects (no tuple: null); Int atoms are integers; util/boolean's True and False are 1 (true)
// and 0 (false); the k-th one-sig child of another abstract sig is the k-th value of the field's
// domain. C++ fields the spec does not name keep the first value of their domain. Aux fields bind
// to nothing: a2j leaves them out, and j2a is refused for a spec with one (refuse_aux_fields).
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "sat/bounds.hpp"
#include "smallscope/heap.hpp"
#include "space/state_space.hpp"
#include "spec_front/ast.hpp"
#include "spec_front/instance.hpp"

namespace smallscope::concretize {

// Aux fields (`aux f: ...`) bind to no C++ member: an instance's come from the solver, and a C++
// structure has none. Throws std::invalid_argument, naming the first aux field's file:line:col
// and the fix, when module `m` has one and `use` needs the spec to judge C++ structures ("judge
// the search's candidates as an invariant", "judge the method's post-states").
void refuse_aux_fields(const spec::module& m, std::string_view use);

// The sig a class domain binds to (by the domain's name, or its class's unqualified C++ name),
// or -1.
std::int32_t sig_of_class_domain(const spec::module& m, const detail::class_domain_data& domain);

class binding {
 public:
  // Throws std::invalid_argument naming the sig or field that does not fit (a sig with no
  // class domain, more atoms than objects, a field with no C++ field, a value type mismatch).
  binding(const spec::module& m, const sat::bounds& b, const detail::state_space& space, const std::string& subject);

  // a2j: the candidate vector of an instance's reached part (atoms not reached: first values).
  // Throws std::invalid_argument for a value outside the field's finitized domain.
  void concretize(const spec::instance& whole, const std::vector<std::uint32_t>& reached,
                  std::vector<std::uint32_t>& candidate) const;

  // j2a: the instance of the post-state reachable from `now`, whose objects are copies of the
  // arena's as `copied` maps them (others are new). `atoms` receives the pre-state's universe
  // plus one fresh atom per new object; the instance points to it.
  spec::instance abstract(const void* now, const object_graph& post, const copy_map& copied,
                          spec::universe& atoms) const;

  // The atom of an input object (an argument) of the run whose copies `copied` maps, or -1.
  std::int64_t atom_of_input(const void* address, const copy_map& copied) const;

  // For the search running a spec (spec_invariant.hpp): the spec field that slot `s` holds (-1:
  // none), the atom of object `o` (-1: its class has no sig), and the atom that value index `v`
  // of slot `s` stands for (-1: no tuple, as for a null pointer).
  std::int32_t spec_field_of_slot(std::uint32_t s) const;
  std::int64_t atom_of_object(std::uint32_t o) const { return object_atom_[o]; }
  std::int64_t atom_of_slot_value(std::uint32_t s, std::uint32_t v) const;

 private:
  enum class value_kind : std::uint8_t { object, integer, boolean, enumerated };
  struct field_map {
    std::int32_t spec_field = -1;  // -1: not in the spec
    value_kind kind = value_kind::object;
    std::uint32_t column_sig = 0;
  };
  // The arena of the run's input (a worker builds a state space of its own).
  const std::byte* arena_of(const copy_map& copied) const;
  std::uint32_t value_of(std::uint32_t slot, const field_map& f, std::uint32_t atom) const;
  std::int64_t atom_of_value(const field_map& f, const graph_value& v, std::int64_t target_atom,
                             const detail::field_binding& fb) const;

  const spec::module& m_;
  const sat::bounds& b_;
  const detail::state_space& space_;
  std::vector<std::int32_t> domain_sig_;            // class domain -> sig, or -1
  std::vector<std::int64_t> object_atom_;           // object -> atom, or -1
  std::vector<std::int64_t> atom_object_;           // atom -> object, or -1
  std::vector<field_map> binding_field_;            // finitization binding -> spec field
};

}  // namespace smallscope::concretize
