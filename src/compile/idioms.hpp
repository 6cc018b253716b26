// What the translation to C++ recognizes in a checked spec's syntax tree (paper 003, Sec. 3): a
// conjunction's conjuncts, the fields and variables a formula reads, and the tree idiom of
// Alloy-style specs (`all n: X.*F | n !in n.^F and no n.a.*F & n.b.*F`), which emit.cpp turns
// into the walk a hand-written rep_ok makes (paper 000, Sec. 3).
#pragma once

#include <cstdint>
#include <vector>

#include "spec_front/ast.hpp"

namespace smallscope::compile {

// The conjuncts of `n` through blocks and `and`s (n itself when it is neither).
void conjuncts(const spec::node& n, std::vector<const spec::node*>& out);

// The variable slots `n` reads, and those it declares (quantifiers, comprehensions, lets).
void variables(const spec::node& n, std::vector<std::uint32_t>& read, std::vector<std::uint32_t>& declared);

// The module fields `n` names, with those of the preds and funs it calls (each once).
std::vector<std::uint32_t> fields_read(const spec::module& m, const spec::node& n);

// The fields some closure (`^`, `*`) of the module's preds, funs and facts walks.
std::vector<std::uint32_t> closure_fields(const spec::module& m);

// The fields of a union of plain fields (`left + right`), sorted, each once; empty for anything else.
std::vector<std::uint32_t> field_set(const spec::node& r);

// The tree idiom in an `all` with one variable over `X.*F` (F one or two object fields) whose
// conjuncts `parts` say `n !in n.^F` and, for two fields a and b, `no n.a.*F & n.b.*F`: those
// two conjuncts (null when absent). Together they hold exactly when a walk from X along F meets
// no object twice.
struct tree_idiom {
  const spec::node* acyclic = nullptr;
  const spec::node* unshared = nullptr;
  const spec::node* from = nullptr;    // X
  const spec::node* fields = nullptr;  // F
  explicit operator bool() const { return acyclic != nullptr; }
};
// `object_field(f)`: whether module field f holds objects (not Int).
template <class ObjectField>
tree_idiom find_tree_idiom(const spec::node& all, const std::vector<const spec::node*>& parts, ObjectField object_field);

// The idiom's pattern, F's fields given (what find_tree_idiom checks once F is known).
tree_idiom match_tree_idiom(const spec::node& all, const std::vector<const spec::node*>& parts,
                            const std::vector<std::uint32_t>& fs);

template <class ObjectField>
tree_idiom find_tree_idiom(const spec::node& all, const std::vector<const spec::node*>& parts, ObjectField object_field) {
  if (all.kind != spec::op::quant_all || all.decls.size() != 1 || all.decls[0].names.size() != 1 ||
      all.decls[0].disjoint ||
      (all.decls[0].mult != spec::multiplicity::none && all.decls[0].mult != spec::multiplicity::one))
    return {};
  const spec::node& bound = *all.decls[0].bound;
  if (bound.kind != spec::op::join || bound.args[1]->kind != spec::op::rclosure) return {};
  const std::vector<std::uint32_t> fs = field_set(*bound.args[1]->args[0]);
  if (fs.empty() || fs.size() > 2) return {};
  for (std::uint32_t f : fs) {
    if (!object_field(f)) return {};
  }
  return match_tree_idiom(all, parts, fs);
}

}  // namespace smallscope::compile
