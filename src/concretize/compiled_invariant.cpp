// A compiled spec bound to a finitization (paper 003, Sec. 5: sigs and fields bound by name) and
// run as the search's invariant (paper 000, Sec. 3).
#include "concretize/compiled_invariant.hpp"

#include <fmt/format.h>

#include <atomic>
#include <cstring>
#include <stdexcept>
#include <string_view>

#include "concretize/binding.hpp"
#include "smallscope/compiled_spec.hpp"

namespace smallscope::concretize {

namespace {

std::atomic<std::uint64_t> next_compiled_serial{1};

struct compiled_context {
  const compiled::compiled_spec* spec = nullptr;
  std::vector<compiled::field_place> places;
  std::vector<std::int64_t> counts;
  std::uint32_t bit_width = 0;
  std::uint64_t serial = next_compiled_serial++;
};

bool judge_compiled(void* context, const void* root) {
  const auto& c = *static_cast<const compiled_context*>(context);
  thread_local struct {
    std::uint64_t serial = 0;
    compiled::frame f;
  } t;
  if (t.serial != c.serial) {
    t.f.bind(*c.spec, c.places, c.counts, c.bit_width);
    t.serial = c.serial;
  }
  t.f.start(root);
  const bool holds = c.spec->holds(t.f);
  if (t.f.overflowed())
    throw std::length_error(fmt::format("{}: the compiled predicate {} met more than {} objects from one root; judge "
                                        "such structures with the evaluators (spec_invariant_options::interpret)",
                                        c.spec->file, c.spec->predicate, compiled::frame::max_objects));
  if (!holds && t.f.consulted != compiled::frame::never) detail::current_observer->decided_by(t.f.consulted);
  return holds;
}

std::int32_t find_sig(const spec::module& m, const char* name) {
  for (std::uint32_t s = 0; s < m.sigs.size(); ++s) {
    if (!m.sigs[s].builtin && m.sigs[s].name == name) return static_cast<std::int32_t>(s);
  }
  return -1;
}

std::int64_t sign_extended(std::uint64_t raw, std::uint8_t size) {
  if (size >= 8) return static_cast<std::int64_t>(raw);
  const std::uint64_t sign = std::uint64_t{1} << (8 * size - 1);
  const std::uint64_t mask = (sign << 1) - 1;
  raw &= mask;
  return static_cast<std::int64_t>((raw ^ sign) - sign);
}

// Where field `use` lies in the objects of its sig's class domains, or why it cannot be read.
std::string place_of(const detail::finitization_data& data, const spec::module& m, const compiled::field_use& use,
                     compiled::field_place& out) {
  const std::int32_t s = find_sig(m, use.sig);
  if (s < 0) return fmt::format("the spec has no sig {}", use.sig);
  bool found = false;
  for (const auto& cd : data.class_domains) {
    if (sig_of_class_domain(m, cd) != s) continue;
    for (const auto& fb : data.bindings) {
      if (fb.owner != cd.type || fb.name != use.name) continue;
      if (fb.is_array) return fmt::format("field {} of sig {} binds to an array", use.name, use.sig);
      if (fb.symbolic) return fmt::format("field {} of sig {} has symbolic integers", use.name, use.sig);
      if (fb.values.is_objects != use.is_object)
        return fmt::format("field {} of sig {} holds {} in the spec and {} in C++", use.name, use.sig,
                           use.is_object ? "objects" : "integers", fb.values.is_objects ? "pointers" : "integers");
      compiled::field_place p;
      p.offset = static_cast<std::uint32_t>(fb.offset);
      p.size = fb.value_size;
      p.is_object = use.is_object;
      if (use.is_object && p.size != sizeof(void*))
        return fmt::format("field {} of sig {} is not a pointer", use.name, use.sig);
      if (!use.is_object) {
        if (p.size != 1 && p.size != 2 && p.size != 4 && p.size != 8)
          return fmt::format("field {} of sig {} has {} bytes", use.name, use.sig, p.size);
        for (std::int64_t v : fb.values.integers) {
          if (fb.encode == nullptr || sign_extended(fb.encode(v), p.size) != v)
            return fmt::format("field {} of sig {}: value {} is not read back as a signed integer", use.name, use.sig, v);
        }
      }
      if (found && (p.offset != out.offset || p.size != out.size))
        return fmt::format("field {} of sig {} lies at different places in the classes of {}", use.name, use.sig, use.sig);
      out = p;
      found = true;
    }
  }
  if (!found) return fmt::format("field {} of sig {} has no C++ field of that name", use.name, use.sig);
  return "";
}

}  // namespace

predicate compiled_invariant(const finitization& fin, const std::string& text, const spec::module& m,
                             std::uint32_t command, const sat::bounds& b, std::string& why_not) {
  why_not.clear();
  const auto& cmd = m.commands.at(command);
  if (cmd.target < 0) return {};
  const std::string& name = m.functions[static_cast<std::size_t>(cmd.target)].name;
  const compiled::compiled_spec* spec = nullptr;
  std::string other_runs;
  for (const compiled::compiled_spec* s : compiled::compiled_specs()) {
    if (std::string_view(s->text, s->text_size) != text) continue;
    if (name == s->predicate) spec = s;
    else other_runs += fmt::format("{}{}", other_runs.empty() ? "" : ", ", s->predicate);
  }
  if (spec == nullptr) {
    if (!other_runs.empty())
      why_not = fmt::format("the spec is compiled for run {} here, not for {}", other_runs, name);
    return {};
  }
  const auto& data = fin.data();
  auto c = std::make_shared<compiled_context>();
  c->spec = spec;
  for (std::uint32_t f = 0; f < spec->field_count; ++f) {
    compiled::field_place p;
    why_not = place_of(data, m, spec->fields[f], p);
    if (!why_not.empty()) return {};
    c->places.push_back(p);
  }
  for (std::uint32_t k = 0; k < spec->counted_count; ++k) {
    const std::int32_t s = find_sig(m, spec->counted_sigs[k]);
    if (s < 0 || !b.sigs[static_cast<std::size_t>(s)].exact) {
      why_not = fmt::format("#{} counts every atom of sig {}, which the compiled predicate knows for an exact scope "
                            "only (`exactly n {}`)", spec->counted_sigs[k], spec->counted_sigs[k], spec->counted_sigs[k]);
      return {};
    }
    c->counts.push_back(static_cast<std::int64_t>(b.sigs[static_cast<std::size_t>(s)].atoms.size()));
  }
  std::uint64_t objects = 0;
  for (const auto& cd : data.class_domains) {
    if (sig_of_class_domain(m, cd) >= 0) objects += cd.count;
  }
  if (objects > compiled::frame::max_objects) {
    why_not = fmt::format("the finitization has {} objects of the spec's sigs, over the compiled predicate's {}",
                          objects, compiled::frame::max_objects);
    return {};
  }
  c->bit_width = b.atoms.bit_width;
  predicate p;
  p.call = judge_compiled;
  p.root_type = data.class_domains.at(0).type;
  p.context = std::move(c);
  return p;
}

bool is_compiled_invariant(const predicate& p) { return p.call == judge_compiled; }

}  // namespace smallscope::concretize
