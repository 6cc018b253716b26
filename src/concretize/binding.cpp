// a2j and j2a (paper 003, Sec. 5, Figs. 4 and 5) between spec instances and a state space.
#include "concretize/binding.hpp"

#include <fmt/format.h>

#include <stdexcept>
#include <unordered_map>

namespace smallscope::concretize {

namespace {

std::string unqualified(const std::string& name) {
  auto at = name.rfind("::");
  return at == std::string::npos ? name : name.substr(at + 2);
}

std::int32_t find_sig(const spec::module& m, const std::string& name) {
  for (std::uint32_t i = 0; i < m.sigs.size(); ++i) {
    if (m.sigs[i].name == name && !m.sigs[i].builtin) return static_cast<std::int32_t>(i);
  }
  return -1;
}

// The field named `name` of sig `s` or of a sig it extends: its global number, or -1.
std::int32_t find_field(const spec::module& m, std::uint32_t s, const std::string& name) {
  for (std::int32_t at = static_cast<std::int32_t>(s); at >= 0; at = m.sigs[static_cast<std::size_t>(at)].parent_index) {
    for (std::uint32_t f = 0; f < m.field_list.size(); ++f) {
      const auto& ref = m.field_list[f];
      if (ref.sig == static_cast<std::uint32_t>(at) && m.sigs[ref.sig].fields[ref.index].name == name)
        return static_cast<std::int32_t>(f);
    }
  }
  return -1;
}

std::vector<std::uint32_t> one_children(const spec::module& m, std::uint32_t s) {
  std::vector<std::uint32_t> out;
  for (std::uint32_t i = 0; i < m.sigs.size(); ++i) {
    if (m.sigs[i].parent_index == static_cast<std::int32_t>(s) && m.sigs[i].mult == spec::multiplicity::one) out.push_back(i);
  }
  return out;
}

}  // namespace

void refuse_aux_fields(const spec::module& m, std::string_view use) {
  for (const auto& ref : m.field_list) {
    const auto& decl = m.sigs[ref.sig].fields[ref.index];
    if (!decl.aux) continue;
    throw std::invalid_argument(fmt::format(
        "{}:{}:{}: field {} of sig {} is aux: the solver chooses its values, and nothing gives them for a C++ "
        "structure, so this spec cannot {}; generate inputs from it (`fe SUBJECT --spec`, `fe FILE.als`, `spec FILE.als`) and "
        "judge with a spec without aux fields (examples/specs/tree_set.als is tree_set_fe.als's)",
        m.file, decl.at.line, decl.at.column, decl.name, m.sigs[ref.sig].name, use));
  }
}

std::int32_t sig_of_class_domain(const spec::module& m, const detail::class_domain_data& domain) {
  const std::int32_t s = find_sig(m, domain.name);
  return s >= 0 ? s : find_sig(m, unqualified(domain.cpp_type));
}

binding::binding(const spec::module& m, const sat::bounds& b, const detail::state_space& space, const std::string& subject)
    : m_(m), b_(b), space_(space) {
  const auto& data = space.data();
  domain_sig_.assign(data.class_domains.size(), -1);
  std::vector<std::string> domain_names;
  for (std::uint32_t d = 0; d < data.class_domains.size(); ++d) {
    const auto& cd = data.class_domains[d];
    domain_names.push_back(cd.name);
    domain_sig_[d] = sig_of_class_domain(m, cd);
  }
  if (b.root_sig >= 0 && domain_sig_[0] != b.root_sig)
    throw std::invalid_argument(fmt::format(
        "sig {}, the receiver of the run predicate, must be the finitization's root class domain {} (name the sig {})",
        m.sigs[static_cast<std::size_t>(b.root_sig)].name, data.class_domains[0].name, data.class_domains[0].name));
  // Every sig with fields, or that a field points to, must have objects.
  std::vector<bool> needed(m.sigs.size(), false);
  for (const auto& ref : m.field_list) {
    needed[ref.sig] = true;
    for (auto c : m.sigs[ref.sig].fields[ref.index].columns) needed[c] = true;
  }
  for (std::uint32_t s = 0; s < m.sigs.size(); ++s) {
    const auto& sig = m.sigs[s];
    if (!needed[s] || sig.builtin || sig.mult == spec::multiplicity::one || !one_children(m, s).empty()) continue;
    bool found = false;
    for (auto ds : domain_sig_) found = found || ds == static_cast<std::int32_t>(s);
    if (!found)
      throw std::invalid_argument(fmt::format("sig {} has no class domain in finitization {} (its class domains: {}); name the sig after one",
                                              sig.name, subject, fmt::join(domain_names, ", ")));
  }
  // Atoms and objects.
  object_atom_.assign(space.objects().size(), -1);
  atom_object_.assign(b.atoms.size(), -1);
  for (std::uint32_t o = 0; o < space.objects().size(); ++o) {
    const auto& info = space.objects()[o];
    std::int32_t s = domain_sig_[info.class_domain];
    if (s < 0) continue;
    const auto& atoms = b.sigs[static_cast<std::size_t>(s)].atoms;
    if (info.index < atoms.size()) {
      object_atom_[o] = atoms[info.index];
      atom_object_[atoms[info.index]] = o;
    }
  }
  // Fields.
  binding_field_.resize(data.bindings.size());
  std::vector<bool> spec_field_bound(m.field_list.size(), false);
  for (std::uint32_t i = 0; i < data.bindings.size(); ++i) {
    const auto& fb = data.bindings[i];
    std::int32_t s = -1;
    for (std::uint32_t d = 0; d < data.class_domains.size(); ++d) {
      if (data.class_domains[d].type == fb.owner && domain_sig_[d] >= 0) s = domain_sig_[d];
    }
    if (s < 0) continue;
    std::int32_t f = find_field(m, static_cast<std::uint32_t>(s), fb.name);
    if (f < 0) continue;
    const auto& ref = m.field_list[static_cast<std::size_t>(f)];
    const auto& decl = m.sigs[ref.sig].fields[ref.index];
    const std::string where = fmt::format("field {} of sig {}", decl.name, m.sigs[ref.sig].name);
    if (decl.aux)
      throw std::invalid_argument(fmt::format(
          "{}:{}:{}: {} is declared aux (the solver's own state), but C++ class {} has a member {}: rename the aux "
          "field, or drop `aux` to bind it to the member",
          m.file, decl.at.line, decl.at.column, where, fb.owner_name, fb.name));
    if (decl.arity != 2)
      throw std::invalid_argument(fmt::format(
          "{}:{}:{}: {} has {} columns, and only binary fields (one value or pointer per object) bind to C++ "
          "fields: name it apart from C++ field {}::{} (it stays the spec's own, found by the solver), or split it "
          "into binary fields named after C++ members",
          m.file, decl.at.line, decl.at.column, where, decl.arity, fb.owner_name, fb.name));
    if (fb.is_array) throw std::invalid_argument(where + ": binds to an array, which specs do not model yet");
    field_map fm;
    fm.spec_field = f;
    fm.column_sig = decl.columns[0];
    const auto& col = m.sigs[fm.column_sig];
    if (col.builtin && col.name == "Int") fm.kind = value_kind::integer;
    else if (col.builtin && col.name == "Bool") fm.kind = value_kind::boolean;
    else if (!one_children(m, fm.column_sig).empty()) fm.kind = value_kind::enumerated;
    else fm.kind = value_kind::object;
    if ((fm.kind == value_kind::object) != fb.values.is_objects)
      throw std::invalid_argument(fmt::format("{}: the spec holds {} but C++ field {}::{} holds {}", where,
                                              fm.kind == value_kind::object ? "objects" : "values", fb.owner_name,
                                              fb.name, fb.values.is_objects ? "pointers" : "integers"));
    binding_field_[i] = fm;
    spec_field_bound[static_cast<std::size_t>(f)] = true;
  }
  for (std::uint32_t f = 0; f < m.field_list.size(); ++f) {
    const auto& ref = m.field_list[f];
    bool owner_bound = false;
    for (auto ds : domain_sig_) owner_bound = owner_bound || ds == static_cast<std::int32_t>(ref.sig);
    if (owner_bound && !spec_field_bound[f] && !m.sigs[ref.sig].fields[ref.index].aux)
      throw std::invalid_argument(fmt::format("field {} of sig {} has no C++ field of that name in finitization {}",
                                              m.sigs[ref.sig].fields[ref.index].name, m.sigs[ref.sig].name, subject));
  }
}

std::uint32_t binding::value_of(std::uint32_t slot, const field_map& f, std::uint32_t x) const {
  const auto& values = space_.domains()[space_.slots()[slot].domain].values;
  const auto& fb = space_.data().bindings[space_.slots()[slot].binding];
  auto fail = [&](const std::string& value) -> std::uint32_t {
    throw std::invalid_argument(fmt::format("the spec gives {}::{} the value {}, outside its finitized domain; widen the subject's scope or narrow the spec's",
                                            fb.owner_name, fb.name, value));
  };
  switch (f.kind) {
    case value_kind::object: {
      std::int64_t object = atom_object_[x];
      if (object < 0) fail(b_.atoms.names[x] + " (more atoms than objects)");
      for (std::uint32_t v = 0; v < values.size(); ++v) {
        if (values[v].object == object) return v;
      }
      return fail(b_.atoms.names[x]);
    }
    case value_kind::integer: {
      std::int64_t want = b_.atoms.int_value(x);
      for (std::uint32_t v = 0; v < values.size(); ++v) {
        if (values[v].integer == want) return v;
      }
      return fail(std::to_string(want));
    }
    case value_kind::boolean: {
      std::int64_t want = b_.atoms.names[x] == "True" ? 1 : 0;
      for (std::uint32_t v = 0; v < values.size(); ++v) {
        if (values[v].integer == want) return v;
      }
      return fail(b_.atoms.names[x]);
    }
    case value_kind::enumerated: {
      auto kids = one_children(m_, f.column_sig);
      for (std::uint32_t k = 0; k < kids.size(); ++k) {
        if (!b_.sigs[kids[k]].atoms.empty() && b_.sigs[kids[k]].atoms[0] == x) {
          if (k < values.size()) return k;
        }
      }
      return fail(b_.atoms.names[x]);
    }
  }
  return 0;
}

void binding::concretize(const spec::instance& whole, const std::vector<std::uint32_t>& reached,
                         std::vector<std::uint32_t>& candidate) const {
  std::vector<bool> is_reached(b_.atoms.size(), false);
  for (auto a : reached) is_reached[a] = true;
  candidate.assign(space_.slot_count(), 0);
  for (std::uint32_t s = 0; s < space_.slot_count(); ++s) {
    const auto& sl = space_.slots()[s];
    if (sl.kind != detail::slot_kind::scalar) continue;
    std::int64_t atom = object_atom_[sl.object];
    if (atom < 0 || !is_reached[static_cast<std::size_t>(atom)]) continue;
    const field_map& f = binding_field_[sl.binding];
    if (f.spec_field < 0) continue;
    const auto& ts = whole.fields[static_cast<std::size_t>(f.spec_field)];
    bool found = false;
    for (std::size_t t = 0; t < ts.size(); ++t) {
      if (ts.atoms[2 * t] != atom) continue;
      candidate[s] = value_of(s, f, ts.atoms[2 * t + 1]);
      found = true;
      break;
    }
    if (!found) {
      const auto& values = space_.domains()[sl.domain].values;
      bool has_null = false;
      for (std::uint32_t v = 0; v < values.size() && !has_null; ++v) {
        if (values[v].object < 0 && space_.domains()[sl.domain].objects) {
          candidate[s] = v;
          has_null = true;
        }
      }
      if (!has_null) {
        const auto& fb = space_.data().bindings[sl.binding];
        throw std::invalid_argument(fmt::format("the spec leaves {}::{} of {} empty, but its finitized domain has no null",
                                                fb.owner_name, fb.name, b_.atoms.names[static_cast<std::size_t>(atom)]));
      }
    }
  }
}

std::int64_t binding::atom_of_value(const field_map& f, const graph_value& v, std::int64_t target_atom,
                                    const detail::field_binding& fb) const {
  switch (f.kind) {
    case value_kind::object: return v.target == nullptr ? -1 : target_atom;
    case value_kind::integer: {
      std::uint32_t atom = 0;
      if (!b_.atoms.int_atom(v.integer, atom))
        throw std::range_error(fmt::format("the post-state holds {}, outside Int's range {}..{}", v.integer, b_.atoms.int_min,
                                           b_.atoms.int_min + static_cast<std::int64_t>(b_.atoms.int_count) - 1));
      return atom;
    }
    case value_kind::boolean: {
      for (std::uint32_t i = 0; i < m_.sigs.size(); ++i) {
        if (m_.sigs[i].builtin && m_.sigs[i].name == (v.integer != 0 ? "True" : "False")) return b_.sigs[i].atoms.at(0);
      }
      return -1;
    }
    case value_kind::enumerated: {
      auto kids = one_children(m_, f.column_sig);
      // The k-th one-sig child stands for the k-th value of the field's domain.
      for (std::size_t k = 0; k < fb.values.integers.size() && k < kids.size(); ++k) {
        if (fb.values.integers[k] == v.integer) return b_.sigs[kids[k]].atoms.at(0);
      }
      throw std::range_error(fmt::format("the post-state holds {}, which no one-sig of {} stands for", v.integer,
                                         m_.sigs[f.column_sig].name));
    }
  }
  return -1;
}

std::int32_t binding::spec_field_of_slot(std::uint32_t s) const {
  const auto& sl = space_.slots()[s];
  if (sl.kind != detail::slot_kind::scalar) return -1;
  return binding_field_[sl.binding].spec_field;
}

std::int64_t binding::atom_of_slot_value(std::uint32_t s, std::uint32_t v) const {
  const auto& sl = space_.slots()[s];
  const field_map& f = binding_field_[sl.binding];
  const auto& value = space_.domains()[sl.domain].values[v];
  graph_value gv;
  gv.is_pointer = f.kind == value_kind::object;
  gv.integer = value.integer;
  std::int64_t target = -1;
  if (gv.is_pointer) {
    if (value.object < 0) return -1;
    target = object_atom_[static_cast<std::size_t>(value.object)];
    gv.target = target < 0 ? nullptr : space_.arena();
  }
  return atom_of_value(f, gv, target, space_.data().bindings[sl.binding]);
}

const std::byte* binding::arena_of(const copy_map& copied) const {
  if (copied.objects.empty()) return reinterpret_cast<const std::byte*>(space_.arena());
  return static_cast<const std::byte*>(copied.objects.front().first) - space_.objects()[0].offset;
}

std::int64_t binding::atom_of_input(const void* address, const copy_map& copied) const {
  const auto* p = static_cast<const std::byte*>(address);
  const std::byte* arena = arena_of(copied);
  for (std::uint32_t o = 0; o < space_.objects().size(); ++o) {
    if (arena + space_.objects()[o].offset == p) return object_atom_[o];
  }
  return -1;
}

spec::instance binding::abstract(const void* now, const object_graph& post, const copy_map& copied,
                                 spec::universe& atoms) const {
  (void)now;
  atoms = b_.atoms;
  const auto& data = space_.data();
  std::unordered_map<const void*, const void*> original;
  for (const auto& [from, to] : copied.objects) original.emplace(to, from);
  std::unordered_map<std::uint32_t, std::uint32_t> object_at_offset;
  for (std::uint32_t o = 0; o < space_.objects().size(); ++o) object_at_offset.emplace(space_.objects()[o].offset, o);
  // The input's objects are in the arena of the worker's own state space: its root is the
  // first object copied.
  const auto* arena = arena_of(copied);
  auto sig_of_type = [&](const void* type) -> std::int32_t {
    for (std::uint32_t d = 0; d < data.class_domains.size(); ++d) {
      if (data.class_domains[d].type == type && domain_sig_[d] >= 0) return domain_sig_[d];
    }
    return -1;
  };
  // Pass 1: an atom per object.
  std::unordered_map<const void*, std::uint32_t> atom_at;
  std::unordered_map<std::int32_t, std::uint32_t> fresh;
  spec::instance out;
  out.sigs.resize(m_.sigs.size());
  out.fields.resize(m_.field_list.size());
  for (std::size_t i = 0; i < m_.sigs.size(); ++i) {
    out.sigs[i].arity = 1;
    const auto& sig = m_.sigs[i];
    if (sig.builtin || sig.mult == spec::multiplicity::one) out.sigs[i].atoms = b_.sigs[i].atoms;
  }
  for (std::size_t f = 0; f < m_.field_list.size(); ++f) out.fields[f].arity = 2;
  for (const auto& o : post.objects) {
    std::int32_t s = sig_of_type(o.type);
    if (s < 0) continue;
    std::int64_t atom = -1;
    const void* at = o.address;
    if (auto it = original.find(at); it != original.end()) at = it->second;
    const auto* p = static_cast<const std::byte*>(at);
    if (p >= arena && p < arena + space_.arena_bytes()) {
      if (auto it = object_at_offset.find(static_cast<std::uint32_t>(p - arena)); it != object_at_offset.end())
        atom = object_atom_[it->second];
    }
    if (atom < 0) {
      atom = atoms.size();
      atoms.names.push_back(fmt::format("{}$new{}", m_.sigs[static_cast<std::size_t>(s)].name, fresh[s]++));
    }
    atom_at.emplace(o.address, static_cast<std::uint32_t>(atom));
    for (std::int32_t up = s; up >= 0; up = m_.sigs[static_cast<std::size_t>(up)].parent_index)
      out.sigs[static_cast<std::size_t>(up)].atoms.push_back(static_cast<std::uint32_t>(atom));
  }
  // Pass 2: the fields.
  for (const auto& o : post.objects) {
    auto self = atom_at.find(o.address);
    if (self == atom_at.end()) continue;
    for (const auto& gf : o.fields) {
      if (gf.is_array) continue;
      std::int32_t bi = -1;
      for (std::uint32_t i = 0; i < data.bindings.size(); ++i) {
        if (data.bindings[i].owner == o.type && data.bindings[i].name == gf.name) bi = static_cast<std::int32_t>(i);
      }
      if (bi < 0) continue;
      const field_map& f = binding_field_[static_cast<std::size_t>(bi)];
      if (f.spec_field < 0) continue;
      std::int64_t target = -1;
      if (gf.value.is_pointer && gf.value.target != nullptr) {
        auto it = atom_at.find(gf.value.target);
        if (it == atom_at.end()) continue;  // an object of a class the spec does not model
        target = it->second;
      }
      std::int64_t x = atom_of_value(f, gf.value, target, data.bindings[static_cast<std::size_t>(bi)]);
      if (x < 0) continue;
      std::uint32_t tuple[2] = {self->second, static_cast<std::uint32_t>(x)};
      out.fields[static_cast<std::size_t>(f.spec_field)].atoms.insert(out.fields[static_cast<std::size_t>(f.spec_field)].atoms.end(), tuple, tuple + 2);
    }
  }
  for (auto& s : out.sigs) s.normalize();
  for (auto& f : out.fields) f.normalize();
  return out;
}

}  // namespace smallscope::concretize
