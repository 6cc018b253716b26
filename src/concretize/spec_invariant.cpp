// A spec's run predicate as the search's invariant (paper 000, Sec. 3: the search prunes on the
// fields an invariant read before it returned false; paper 003, Sec. 5: sigs and fields bound to
// the finitization's class domains and fields by name).
#include "concretize/spec_invariant.hpp"

#include <fmt/format.h>

#include <atomic>
#include <cstring>
#include <optional>
#include <stdexcept>

#include "concretize/binding.hpp"
#include "concretize/compiled_invariant.hpp"
#include "concretize/spec_scope.hpp"
#include "files/input_file.hpp"
#include "sat/bounds.hpp"
#include "smallscope/detail/observer.hpp"
#include "evaluate/evaluator.hpp"
#include "spec_front/load.hpp"
#include "evaluate/mask_bits.hpp"
#include "evaluate/mask_evaluator.hpp"
#include "evaluate/partial_evaluator.hpp"

namespace smallscope::concretize {

namespace {

// One field the invariant reads: a slot of an object, the spec field it holds, and how its
// bytes become an atom.
struct field_read {
  std::uint32_t slot = 0;
  std::uint32_t field = 0;   // global spec field
  std::uint32_t offset = 0;  // in the arena
  std::uint8_t size = 0;
  bool is_object = false;
  std::vector<std::pair<std::uint64_t, std::int64_t>> values;  // non-objects: raw bytes -> atom
  std::int64_t first = -1;  // the atom of the domain's first value (an unreached object's)
};

std::uint64_t load(const std::byte* at, std::uint8_t size) {
  switch (size) {
    case 1: { std::uint8_t v; std::memcpy(&v, at, 1); return v; }
    case 2: { std::uint16_t v; std::memcpy(&v, at, 2); return v; }
    case 4: { std::uint32_t v; std::memcpy(&v, at, 4); return v; }
    default: { std::uint64_t v; std::memcpy(&v, at, 8); return v; }
  }
}

std::uint64_t truncated(std::uint64_t raw, std::uint8_t size) {
  return size >= 8 ? raw : raw & ((std::uint64_t{1} << (8 * size)) - 1);
}

std::atomic<std::uint64_t> next_serial{1};

struct context;

// What one thread's calls keep: the partial instance, and the reads of the last call with how
// many of them were judged not false, so that a call repeating them judges only what is new.
struct scratch {
  std::uint64_t serial = 0;
  spec::partial_instance p;
  spec::partial_masks masks;  // p as masks, when the spec compiles to them
  spec::mask_evaluator::workspace workspace;
  // For judgements that reuse the last ones' (partial_masks::epochs): when each cell was read,
  // and a name per prefix of the reads, kept while the reads repeat the last call's.
  std::vector<std::uint32_t> read_at;
  std::vector<std::uint64_t> epochs;
  std::uint64_t last_epoch = 0;
  std::vector<std::uint32_t> touched;  // rows of masks.rows set since the last reset
  std::vector<std::uint64_t> reads, previous;
  std::size_t previous_judged = 0;
  std::vector<std::uint32_t> queue;
  std::vector<std::uint8_t> reached;    // by object
  std::vector<std::uint8_t> slot_read;  // by slot
  std::size_t next_object = 0, next_field = 0;  // where next_unread looks on
};

struct context {
  context(const finitization& fin, const spec_invariant_options& options);
  bool judge(const void* root) const;

  spec::module m;
  std::uint32_t command = 0;
  sat::bounds b;
  detail::state_space space;
  binding bind;
  std::uint64_t serial = next_serial++;
  std::uint32_t root_offset = 0;
  std::vector<std::vector<field_read>> reads;       // by object: its fields in slot order
  std::vector<std::vector<std::uint32_t>> sigs_of;  // by object: the sigs its atom is in
  std::vector<std::int32_t> object_at_offset;       // arena offset -> object, or -1
  std::vector<std::int64_t> object_of_atom;         // atom -> object, or -1
  spec::instance initial;                           // builtin, one and exact sigs' atoms, no tuples
  std::vector<std::uint8_t> in_exact_sig;           // by object: its atom is in the instance unreached
  std::vector<std::vector<std::uint8_t>> initial_read;
  struct located_read {
    const field_read* field = nullptr;
    std::uint32_t object = 0;
  };
  std::vector<located_read> located;              // by slot (field null: not read)
  std::vector<std::vector<std::int64_t>> slot_of;  // [spec field][atom] -> slot, or -1
  std::optional<spec::mask_evaluator> compiled;    // the spec on masks, when it compiles to them
  std::string interpreted_because;                // why it does not
  std::string not_compiled;                       // why the binary's compiled form of the spec does not fit
  spec::partial_masks initial_masks;

 private:
  void reset(scratch& s) const;
  bool whole_holds(scratch& s) const;
  void reach(scratch& s, std::uint32_t object) const;
  std::uint64_t read(scratch& s, const std::byte* base, const field_read& r, std::uint32_t object) const;
  const located_read* next_unread(scratch& s) const;
};

std::uint32_t loaded_command(const spec_invariant_options& options, const finitization& fin, spec::module& m) {
  std::uint32_t command = 0;
  std::string scope;
  m = load_scoped(options.spec_file, options.run, options.scope, fin.data(), command, scope);
  return command;
}

context::context(const finitization& fin, const spec_invariant_options& options)
    : command(loaded_command(options, fin, m)),
      b(sat::make_bounds(m, m.commands.at(command))),
      space(fin.data()),
      bind(m, b, space, fin.data().subject) {
  refuse_aux_fields(m, "judge the search's candidates as an invariant");
  const auto& cmd = m.commands[command];
  if (cmd.target < 0 || b.root_sig < 0)
    throw std::invalid_argument(fmt::format("{}: the run command must name a predicate with a receiver (pred Sig.name), the root of the structures", m.file));
  std::size_t params = 0;
  for (const auto& d : m.functions[static_cast<std::size_t>(cmd.target)].params) params += d.names.size();
  if (params != 1)
    throw std::invalid_argument(fmt::format("{}: predicate {} takes {} parameter(s) with its receiver; as an invariant it may take its receiver only",
                                            m.file, m.functions[static_cast<std::size_t>(cmd.target)].name, params));
  root_offset = space.objects()[0].offset;
  const std::uint32_t atoms = b.atoms.size();
  object_of_atom.assign(atoms, -1);
  object_at_offset.assign(space.arena_bytes() + 1, -1);
  reads.resize(space.objects().size());
  sigs_of.resize(space.objects().size());
  for (std::uint32_t o = 0; o < space.objects().size(); ++o) {
    object_at_offset[space.objects()[o].offset] = static_cast<std::int32_t>(o);
    const std::int64_t atom = bind.atom_of_object(o);
    if (atom < 0) continue;
    object_of_atom[static_cast<std::size_t>(atom)] = o;
    for (std::uint32_t s = 0; s < m.sigs.size(); ++s) {
      for (std::uint32_t a : b.sigs[s].atoms) {
        if (a == atom) sigs_of[o].push_back(s);
      }
    }
    const auto& info = space.objects()[o];
    for (std::uint32_t sl = info.first_slot; sl < info.end_slot; ++sl) {
      const std::int32_t f = bind.spec_field_of_slot(sl);
      if (f < 0) continue;
      const auto& slot = space.slots()[sl];
      const auto& dom = space.domains()[slot.domain];
      field_read r;
      r.slot = sl;
      r.field = static_cast<std::uint32_t>(f);
      r.offset = slot.offset;
      r.size = slot.size;
      r.is_object = dom.objects;
      r.first = bind.atom_of_slot_value(sl, 0);
      if (!r.is_object) {
        for (std::uint32_t v = 0; v < dom.values.size(); ++v)
          r.values.emplace_back(truncated(dom.values[v].raw, r.size), bind.atom_of_slot_value(sl, v));
      }
      reads[o].push_back(std::move(r));
    }
  }
  initial.atoms = &b.atoms;
  initial.sigs.resize(m.sigs.size());
  for (std::uint32_t s = 0; s < m.sigs.size(); ++s) {
    initial.sigs[s].arity = 1;
    // A sig of `exactly n` atoms holds them all, reached or not, as on SAT (`#Entry` counts the
    // finitization's objects); an object the root does not reach keeps its fields' first values.
    if (m.sigs[s].builtin || m.sigs[s].mult == spec::multiplicity::one || b.sigs[s].exact)
      initial.sigs[s].atoms = b.sigs[s].atoms;
  }
  located.resize(space.slot_count());
  slot_of.assign(m.field_list.size(), std::vector<std::int64_t>(atoms, -1));
  for (std::uint32_t o = 0; o < space.objects().size(); ++o) {
    for (const field_read& r : reads[o]) {
      located[r.slot] = {&r, o};
      slot_of[r.field][static_cast<std::size_t>(bind.atom_of_object(o))] = r.slot;
    }
  }
  in_exact_sig.assign(space.objects().size(), 0);
  for (std::uint32_t o = 0; o < space.objects().size(); ++o) {
    for (std::uint32_t sig : sigs_of[o]) in_exact_sig[o] = in_exact_sig[o] || b.sigs[sig].exact;
  }
  initial.fields.resize(m.field_list.size());
  initial_read.assign(m.field_list.size(), std::vector<std::uint8_t>(atoms, 1));
  for (std::uint32_t f = 0; f < m.field_list.size(); ++f) {
    initial.fields[f].arity = m.sigs[m.field_list[f].sig].fields[m.field_list[f].index].arity;
    for (std::uint32_t a : b.sigs[m.field_list[f].sig].atoms) {
      if (object_of_atom[a] >= 0) initial_read[f][a] = 0;  // an object's field: unknown until read
    }
  }
  compiled.emplace(m, b.atoms, command);
  if (!compiled->ok()) {
    const spec::position at = compiled->why_not_at();
    interpreted_because = at.line == 0 ? fmt::format("{}: {}", m.file, compiled->why_not())
                                       : fmt::format("{}:{}:{}: {}", m.file, at.line, at.column, compiled->why_not());
    compiled.reset();
  } else {
    spec::partial_instance start;
    start.known = initial;
    start.read = initial_read;
    start.readable.assign(atoms, 0);
    initial_masks = spec::masks_of(m, start);
  }
}

void context::reset(scratch& s) const {
  if (s.serial != serial) {
    s = scratch{};
    s.serial = serial;
  }
  if (compiled) {
    if (s.epochs.empty()) {
      s.read_at.assign(initial_masks.rows.size(), 0);
      s.masks.rows = initial_masks.rows;  // no tuples; after a call only its touched rows are cleared
      s.epochs.assign(space.slot_count() + 2, 0);
      s.masks.read_at = s.read_at.data();
      s.masks.epochs = s.epochs.data();
    }
    s.masks.depth = 0;
    s.masks.sigs = initial_masks.sigs;
    for (std::uint32_t row : s.touched) s.masks.rows[row] = 0;
    s.touched.clear();
    s.masks.read = initial_masks.read;
    s.masks.readable = 0;
    s.masks.complete = false;
    s.masks.settled.clear();
  } else {
    s.p.known.atoms = initial.atoms;
    s.p.known.sigs = initial.sigs;
    s.p.known.fields = initial.fields;
    s.p.read = initial_read;
    s.p.readable.assign(b.atoms.size(), 0);
    s.p.complete = false;
    s.p.settled.clear();
  }
  s.reads.clear();
  s.queue.clear();
  s.reached.assign(space.objects().size(), 0);
  s.slot_read.assign(space.slot_count(), 0);
  s.next_object = 0;
  s.next_field = 0;
}

void context::reach(scratch& s, std::uint32_t object) const {
  if (s.reached[object]) return;
  s.reached[object] = 1;
  s.queue.push_back(object);
  const auto atom = static_cast<std::uint32_t>(bind.atom_of_object(object));
  if (compiled) {
    s.masks.readable |= spec::masks::bit(atom);
    for (std::uint32_t sig : sigs_of[object]) s.masks.sigs[sig] |= spec::masks::bit(atom);
    return;
  }
  s.p.readable[atom] = 1;
  for (std::uint32_t sig : sigs_of[object]) s.p.known.sigs[sig].insert(&atom);
}

std::uint64_t context::read(scratch& s, const std::byte* base, const field_read& r, std::uint32_t object) const {
  const std::byte* at = base + r.offset;
  detail::current_observer->on_read(at);
  const std::uint64_t raw = load(at, r.size);
  std::int64_t atom = -1;
  std::int32_t target = -1;
  if (r.is_object) {
    const auto offset = static_cast<std::uintptr_t>(raw) - reinterpret_cast<std::uintptr_t>(base);
    if (raw != 0 && offset < object_at_offset.size()) target = object_at_offset[offset];
    // A pointer to no object of the arena: the root is not a candidate of the search (a copy on
    // the heap), whose objects this invariant cannot name.
    if (raw != 0 && target < 0)
      throw std::logic_error("a spec invariant judges the search's candidates only, not objects elsewhere");
    if (target >= 0) atom = bind.atom_of_object(static_cast<std::uint32_t>(target));
  } else {
    for (const auto& [bytes, a] : r.values) {
      if (bytes == raw) atom = a;
    }
  }
  const auto owner = static_cast<std::uint32_t>(bind.atom_of_object(object));
  if (compiled) {
    if (atom >= 0) {
      s.masks.rows[std::size_t{r.field} * 64 + owner] |= spec::masks::bit(static_cast<std::uint32_t>(atom));
      s.touched.push_back(r.field * 64 + owner);
    }
    s.masks.read[r.field] |= spec::masks::bit(owner);
    s.read_at[std::size_t{r.field} * 64 + owner] = static_cast<std::uint32_t>(s.reads.size() + 1);
  } else {
    if (atom >= 0) {
      const std::uint32_t tuple[] = {owner, static_cast<std::uint32_t>(atom)};
      s.p.known.fields[r.field].insert(tuple);
    }
    s.p.read[r.field][owner] = 1;
  }
  if (target >= 0) reach(s, static_cast<std::uint32_t>(target));
  s.slot_read[r.slot] = 1;
  return std::uint64_t{r.slot} << 32 | static_cast<std::uint32_t>(atom + 1);
}

// The next unread field breadth first from the root (objects as reached, fields in slot
// order), or null when every reachable field is read.
const context::located_read* context::next_unread(scratch& s) const {
  for (; s.next_object < s.queue.size(); ++s.next_object, s.next_field = 0) {
    const std::uint32_t o = s.queue[s.next_object];
    for (; s.next_field < reads[o].size(); ++s.next_field) {
      if (!s.slot_read[reads[o][s.next_field].slot]) return &located[reads[o][s.next_field].slot];
    }
  }
  return nullptr;
}

bool context::judge(const void* root) const {
  thread_local scratch s;
  reset(s);
  const auto* base = static_cast<const std::byte*>(root) - root_offset;
  const std::uint32_t args[] = {b.root_atom};
  reach(s, 0);
  bool same = true;  // the reads so far are the last call's
  bool holds = false;  // the spec holds whatever the unread fields hold
  while (true) {
    const located_read* next = nullptr;
    const std::size_t k = s.reads.size();
    if (same && k < s.previous_judged) {
      // The last call judged these reads not false and read this slot next.
      next = &located[static_cast<std::uint32_t>(s.previous[k] >> 32)];
    } else if (!holds) {
      spec::truth t = spec::truth::unknown;
      spec::wanted_field w;
      if (compiled) {
        t = compiled->command_holds(s.masks, args, s.workspace);
        w = s.workspace.wanted;
      } else {
        const spec::partial_evaluator judge(m, s.p);
        t = judge.command_holds(command, args);
        w = judge.wanted();
      }
      if (t == spec::truth::no) {
        s.previous.swap(s.reads);
        s.previous_judged = k;
        return false;
      }
      holds = t == spec::truth::yes;
      if (!holds && w.field >= 0) {
        const std::int64_t slot = slot_of[static_cast<std::size_t>(w.field)][w.atom];
        if (slot >= 0 && !s.slot_read[static_cast<std::size_t>(slot)]) next = &located[static_cast<std::size_t>(slot)];
      }
    }
    if (next == nullptr) next = next_unread(s);
    if (next == nullptr) break;
    const std::uint64_t key = read(s, base, *next->field, next->object);
    same = same && k < s.previous.size() && s.previous[k] == key;
    s.reads.push_back(key);
    if (compiled) {
      s.masks.depth = static_cast<std::uint32_t>(k + 1);
      if (!same) s.epochs[k + 1] = ++s.last_epoch;  // reads 0..k are not the last call's
    }
  }
  s.previous.swap(s.reads);
  s.previous_judged = s.previous.size();
  return whole_holds(s);
}

// Every field the root reaches is read: the verdict on the whole structure, where an object the
// root does not reach but its sig holds keeps its fields' first values.
bool context::whole_holds(scratch& s) const {
  const std::uint32_t args[] = {b.root_atom};
  for (std::uint32_t o = 0; o < space.objects().size(); ++o) {
    if (s.reached[o] || !in_exact_sig[o]) continue;
    const auto owner = static_cast<std::uint32_t>(bind.atom_of_object(o));
    for (const field_read& r : reads[o]) {
      if (r.first < 0) continue;
      if (compiled) {
        s.masks.rows[std::size_t{r.field} * 64 + owner] |= spec::masks::bit(static_cast<std::uint32_t>(r.first));
        s.touched.push_back(r.field * 64 + owner);
      } else {
        const std::uint32_t tuple[] = {owner, static_cast<std::uint32_t>(r.first)};
        s.p.known.fields[r.field].insert(tuple);
      }
    }
  }
  if (compiled) {
    // On the whole structure masks judge as the two-valued evaluator does, but for what they
    // leave to it (div, rem, declarations over sets): that goes to the evaluator below.
    std::fill(s.masks.read.begin(), s.masks.read.end(), ~std::uint64_t{0});
    s.masks.complete = true;
    const spec::truth declared = compiled->declarations_hold(s.masks);
    if (declared == spec::truth::no) return false;
    const spec::truth t = compiled->command_holds(s.masks, args, s.workspace);
    if (declared == spec::truth::yes && t != spec::truth::unknown) return t == spec::truth::yes;
    s.p.known = initial;
    spec::known_of(s.masks, s.p.known);
  }
  s.p.complete = true;
  const spec::evaluator whole(m, s.p.known);
  return whole.facts_hold() && whole.command_holds(command, args);
}

bool judge_call(void* c, const void* root) { return static_cast<const context*>(c)->judge(root); }

}  // namespace

predicate make_spec_invariant(const finitization& fin, const spec_invariant_options& options) {
  auto ctx = std::make_shared<context>(fin, options);
  if (!options.interpret) {
    predicate compiled = compiled_invariant(fin, files::read_all(options.spec_file), ctx->m, ctx->command, ctx->b, ctx->not_compiled);
    if (compiled) return compiled;
  }
  predicate p;
  p.call = judge_call;
  p.root_type = fin.data().class_domains.at(0).type;
  p.context = std::move(ctx);
  return p;
}

std::string interpreted_because(const predicate& invariant) {
  if (invariant.call != judge_call) return "";
  return static_cast<const context*>(invariant.context.get())->interpreted_because;
}

std::string not_compiled_because(const predicate& invariant) {
  if (invariant.call != judge_call) return "";
  return static_cast<const context*>(invariant.context.get())->not_compiled;
}

}  // namespace smallscope::concretize

namespace smallscope {

predicate spec_invariant(const finitization& fin, const spec_invariant_options& options) {
  return concretize::make_spec_invariant(fin, options);
}

std::string spec_invariant_interpreted(const predicate& invariant) { return concretize::interpreted_because(invariant); }

bool spec_invariant_compiled(const predicate& invariant) { return concretize::is_compiled_invariant(invariant); }

std::string spec_invariant_not_compiled(const predicate& invariant) { return concretize::not_compiled_because(invariant); }

}  // namespace smallscope
