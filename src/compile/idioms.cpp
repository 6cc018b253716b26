// Patterns of a spec's syntax tree that the translation to C++ recognizes (idioms.hpp).
#include "compile/idioms.hpp"

#include <algorithm>

namespace smallscope::compile {

using spec::node;
using spec::op;
using spec::ref_kind;

namespace {

bool is_variable(const node& n, std::uint32_t slot) {
  return (n.kind == op::this_ || (n.kind == op::name && n.ref == ref_kind::variable)) && n.index == slot;
}

bool plain_fields(const node& r, std::vector<std::uint32_t>& out) {
  if (r.kind == op::union_) return plain_fields(*r.args[0], out) && plain_fields(*r.args[1], out);
  if (r.kind != op::name || r.ref != ref_kind::field || r.pre_state) return false;
  out.push_back(r.index);
  return true;
}

// v.*F (`rclosure`) or v.^F (`closure`) with v variable `slot` and F the fields `fs`.
bool walks(const node& n, std::uint32_t slot, op closure, const std::vector<std::uint32_t>& fs) {
  return n.kind == op::join && is_variable(*n.args[0], slot) && n.args[1]->kind == closure &&
         field_set(*n.args[1]->args[0]) == fs;
}

// v.a.*F
bool walks_from(const node& n, std::uint32_t slot, std::uint32_t a, const std::vector<std::uint32_t>& fs) {
  if (n.kind != op::join || n.args[1]->kind != op::rclosure || field_set(*n.args[1]->args[0]) != fs) return false;
  const node& step = *n.args[0];
  return step.kind == op::join && is_variable(*step.args[0], slot) && step.args[1]->kind == op::name &&
         step.args[1]->ref == ref_kind::field && !step.args[1]->pre_state && step.args[1]->index == a;
}

void fields_read(const spec::module& m, const node& n, std::vector<std::uint32_t>& out, std::vector<std::uint8_t>& seen_fn) {
  if (n.kind == op::name && n.ref == ref_kind::field) out.push_back(n.index);
  if (n.kind == op::call && !seen_fn[n.index]) {
    seen_fn[n.index] = 1;
    fields_read(m, *m.functions[n.index].body, out, seen_fn);
  }
  for (const auto& a : n.args) fields_read(m, *a, out, seen_fn);
  for (const auto& d : n.decls) {
    if (d.bound) fields_read(m, *d.bound, out, seen_fn);
  }
}

void closure_fields(const node& n, bool inside, std::vector<std::uint32_t>& out) {
  const bool in = inside || n.kind == op::closure || n.kind == op::rclosure;
  if (in && n.kind == op::name && n.ref == ref_kind::field) out.push_back(n.index);
  for (const auto& a : n.args) closure_fields(*a, in, out);
  for (const auto& d : n.decls) {
    if (d.bound) closure_fields(*d.bound, in, out);
  }
}

}  // namespace

void conjuncts(const node& n, std::vector<const node*>& out) {
  if (n.kind == op::block || n.kind == op::and_) {
    for (const auto& a : n.args) conjuncts(*a, out);
    return;
  }
  out.push_back(&n);
}

void variables(const node& n, std::vector<std::uint32_t>& read, std::vector<std::uint32_t>& declared) {
  if (n.kind == op::this_ || (n.kind == op::name && n.ref == ref_kind::variable)) read.push_back(n.index);
  for (const auto& a : n.args) variables(*a, read, declared);
  for (const auto& d : n.decls) {
    declared.insert(declared.end(), d.slots.begin(), d.slots.end());
    if (d.bound) variables(*d.bound, read, declared);
  }
}

std::vector<std::uint32_t> fields_read(const spec::module& m, const node& n) {
  std::vector<std::uint32_t> out;
  std::vector<std::uint8_t> seen_fn(m.functions.size(), 0);
  fields_read(m, n, out, seen_fn);
  return out;
}

std::vector<std::uint32_t> closure_fields(const spec::module& m) {
  std::vector<std::uint32_t> out;
  for (const spec::function_decl& fn : m.functions) closure_fields(*fn.body, false, out);
  for (const spec::fact_decl& fact : m.facts) closure_fields(*fact.body, false, out);
  return out;
}

std::vector<std::uint32_t> field_set(const node& r) {
  std::vector<std::uint32_t> fs;
  if (!plain_fields(r, fs)) return {};
  std::sort(fs.begin(), fs.end());
  fs.erase(std::unique(fs.begin(), fs.end()), fs.end());
  return fs;
}

tree_idiom match_tree_idiom(const node& all, const std::vector<const node*>& parts, const std::vector<std::uint32_t>& fs) {
  const node& bound = *all.decls[0].bound;
  const std::uint32_t v = all.decls[0].slots.at(0);
  tree_idiom t;
  for (const node* c : parts) {
    if (c->kind == op::not_in && is_variable(*c->args[0], v) && walks(*c->args[1], v, op::closure, fs)) t.acyclic = c;
    if (fs.size() == 2 && c->kind == op::no && c->args[0]->kind == op::intersect) {
      const node& l = *c->args[0]->args[0];
      const node& r = *c->args[0]->args[1];
      if ((walks_from(l, v, fs[0], fs) && walks_from(r, v, fs[1], fs)) ||
          (walks_from(l, v, fs[1], fs) && walks_from(r, v, fs[0], fs)))
        t.unshared = c;
    }
  }
  if (t.acyclic == nullptr || (t.unshared == nullptr && fs.size() == 2)) return {};
  t.from = bound.args[0].get();
  t.fields = bound.args[1]->args[0].get();
  return t;
}

}  // namespace smallscope::compile
