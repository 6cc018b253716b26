// A spec's run predicate compiled to C++ (paper 000, Sec. 3: the invariant is the search's inner
// loop; paper 003's specs). `smallscope_spec(TARGET t SPEC file.als)` (cmake/smallscope-spec.cmake)
// runs smallscope-spec-compile at build time, which translates the predicate into C++ over this
// header's `frame` and compiles it into the target. The file registers itself; spec_invariant
// (spec.hpp) then judges that spec, when its text is the one compiled, by the generated code, with
// the field reads a hand-written rep_ok makes (so the search prunes as on C++), instead of the
// interpreted evaluators.
//
// What the generated code sees of a structure: sets of objects as 64-bit masks over the objects
// one judgement met, numbered as met (the root is object 0), and Int-valued sets of at most one
// integer (`lone_int`). A field of an object is read through the finitization's binding (its
// offset and size in the object, found by name when the predicate is made) and noted with the
// search's observer once per judgement; closures over a union of fields are kept per object.
// Stage: concretize.
#pragma once

#include <bit>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <vector>

#include "smallscope/detail/observer.hpp"

namespace smallscope::compiled {

// Objects met in one judgement: bit k is the k-th object met (bit 0 the root).
using objects = std::uint64_t;

// An Int-valued set of at most one integer: `n.key` for one object n.
struct lone_int {
  bool some = false;
  std::int64_t value = 0;
  friend bool operator==(const lone_int&, const lone_int&) = default;
};

// What the generated file tells the library about the spec it was made from.
struct field_use {
  const char* sig = nullptr;    // the sig that declares the field
  const char* name = nullptr;   // the field, the C++ member's name
  bool is_object = false;       // holds objects (a pointer); otherwise Int
};
struct compiled_spec;
class frame;
struct compiled_spec {
  const char* text = nullptr;     // the spec file's text: the compiled spec is used for it alone
  std::uint64_t text_size = 0;
  const char* file = nullptr;     // the spec file's name as given to the compiler, for messages
  const char* predicate = nullptr;  // the run command's predicate
  const field_use* fields = nullptr;
  std::uint32_t field_count = 0;
  // Closures are over unions of fields: fieldset k is fieldset_fields[fieldset_begin[k] ..
  // fieldset_begin[k + 1]).
  const std::uint32_t* fieldset_fields = nullptr;
  const std::uint32_t* fieldset_begin = nullptr;
  std::uint32_t fieldset_count = 0;
  // Sigs whose number of atoms the predicate takes (#Node): each must be an exact sig.
  const char* const* counted_sigs = nullptr;
  std::uint32_t counted_count = 0;
  bool (*holds)(frame&) = nullptr;  // the facts and the predicate, on the root
  std::uint32_t memo_count = 0;     // sets kept per object in a judgement (frame::memo)
};

// Adds a generated spec to the ones spec_invariant looks for (static registration; returns true).
bool register_compiled_spec(const compiled_spec& spec);
// Every registered spec.
const std::vector<const compiled_spec*>& compiled_specs();

// Where a field lies in its object (bound from the finitization when the predicate is made).
struct field_place {
  std::uint32_t offset = 0;
  std::uint8_t size = 0;
  bool is_object = false;
};

// One thread's judgements of one compiled spec. The library binds it (places, counts, Int's bit
// width); the generated code calls the rest.
class frame {
 public:
  static constexpr std::uint32_t max_objects = 64;

  // Bound once.
  void bind(const compiled_spec& spec, std::vector<field_place> places, std::vector<std::int64_t> counts,
            std::uint32_t bit_width);

  // Starts a judgement of the structure `root` reaches.
  void start(const void* root);
  // Whether a judgement met more than max_objects objects (its verdict is then not to be used).
  bool overflowed() const { return overflow_; }

  static constexpr objects root() { return 1; }
  // The objects `from` reaches along field f (an object field).
  objects join(objects from, std::uint32_t f) {
    objects out = 0;
    for (; from != 0; from &= from - 1) out |= row(static_cast<std::uint32_t>(std::countr_zero(from)), f);
    return out;
  }
  // from.*F and from.^F for fieldset F.
  objects star(objects from, std::uint32_t fieldset) {
    objects out = 0;
    for (; from != 0; from &= from - 1) out |= star_of(static_cast<std::uint32_t>(std::countr_zero(from)), fieldset);
    return out;
  }
  objects plus(objects from, std::uint32_t fieldset) {
    objects next = 0;
    const std::uint32_t* f = spec_->fieldset_fields + spec_->fieldset_begin[fieldset];
    const std::uint32_t* end = spec_->fieldset_fields + spec_->fieldset_begin[fieldset + 1];
    for (; f != end; ++f) next |= join(from, *f);
    return star(next, fieldset);
  }
  // Whether the objects reached from `from` (at most one object) along fieldset F form a tree:
  // a walk depth first, fields in F's order, meets no object twice. Returns at the first object
  // met again, having read what a hand-written rep_ok's walk reads.
  bool tree(objects from, std::uint32_t fieldset);
  // The value of Int field f of the objects `from` (at most one object: the compiler checks).
  lone_int value(objects from, std::uint32_t f) {
    if (from == 0) return {};
    return int_row(static_cast<std::uint32_t>(std::countr_zero(from)), f);
  }
  // Set k (a comprehension with one free object variable, `at`, and at most one other, `key`)
  // computed once per judgement for each object `at` while `key` stays.
  template <class Compute>
  objects memo(std::uint32_t k, objects at, objects key, Compute&& compute) {
    const auto a = static_cast<std::uint32_t>(std::countr_zero(at | (objects{1} << 63)));
    const std::size_t cell = std::size_t{k} * max_objects + a;
    if (memo_key_[k] != key) {
      memo_key_[k] = key;
      memo_known_[k] = 0;
    }
    if (at != 0 && kept(memo_known_[k], a, memo_at_, cell)) return memo_value_[cell];
    const std::uint32_t before = consulted;
    consulted = 0;
    const objects out = compute();
    if (at != 0 && consulted != never) {
      memo_value_[cell] = out;
      memo_at_[cell] = consulted;
      memo_known_[k] |= objects{1} << a;
    }
    consulted = later(before, consulted);
    return out;
  }
  // The number of atoms of counted sig k (#Node).
  std::int64_t count(std::uint32_t k) const { return counts_[k]; }
  // Alloy's integers: wrapped to the bit width, two's complement.
  std::int64_t wrap(std::int64_t v) const {
    if (bit_width_ >= 64) return v;
    const std::uint64_t mask = (std::uint64_t{1} << bit_width_) - 1;
    std::uint64_t u = static_cast<std::uint64_t>(v) & mask;
    if (u & (std::uint64_t{1} << (bit_width_ - 1))) u |= ~mask;
    return static_cast<std::int64_t>(u);
  }
  lone_int to_set(std::int64_t v) const { return {true, wrap(v)}; }
  std::int64_t add(std::int64_t a, std::int64_t b) const {
    return wrap(static_cast<std::int64_t>(static_cast<std::uint64_t>(a) + static_cast<std::uint64_t>(b)));
  }
  std::int64_t sub(std::int64_t a, std::int64_t b) const {
    return wrap(static_cast<std::int64_t>(static_cast<std::uint64_t>(a) - static_cast<std::uint64_t>(b)));
  }
  std::int64_t mul(std::int64_t a, std::int64_t b) const {
    return wrap(static_cast<std::int64_t>(static_cast<std::uint64_t>(a) * static_cast<std::uint64_t>(b)));
  }
  // As the evaluator: by zero, -1 or 1 (div) and a (rem); by -1 without INT64_MIN / -1.
  std::int64_t div(std::int64_t a, std::int64_t b) const {
    if (b == 0) return wrap(a >= 0 ? -1 : 1);
    if (b == -1) return sub(0, a);
    return wrap(a / b);
  }
  std::int64_t rem(std::int64_t a, std::int64_t b) const {
    if (b == 0) return a;
    if (b == -1) return 0;
    return wrap(a % b);
  }
  static std::int64_t sum(lone_int v) { return v.some ? v.value : 0; }
  static std::int64_t card(objects s) { return std::popcount(s); }
  static std::int64_t card(lone_int v) { return v.some ? 1 : 0; }
  static bool in(objects a, objects b) { return (a & ~b) == 0; }
  static bool in(lone_int a, lone_int b) { return !a.some || (b.some && a.value == b.value); }
  static bool lone(objects s) { return (s & (s - 1)) == 0; }
  static bool one(objects s) { return s != 0 && lone(s); }

  // The latest read (1 for the judgement's first distinct read) that the values computed since
  // the generated code last set it consulted. A conjunction and an `all` reset it before each
  // conjunct or instance, so that when one is false it names the reads that decided it; the
  // library hands that to the search (access_observer::decided_by), which then prunes as if the
  // judgement had stopped there.
  std::uint32_t consulted = 0;
  static std::uint32_t later(std::uint32_t a, std::uint32_t b) { return a > b ? a : b; }
  static std::uint32_t earlier(std::uint32_t a, std::uint32_t b) { return a < b ? a : b; }
  // Once a conjunction or an `all` knows it is false, decided by the reads up to `bound`, its other
  // conjuncts and instances are judged only for a failure decided by fewer: a field not read yet
  // is not read (the value is void and `consulted` becomes never, so no such judgement counts),
  // and a loop stops where what it consulted reaches the bound. never: no bound.
  static constexpr std::uint32_t never = 0xffffffffu;
  std::uint32_t bound = never;

 private:
  // Whether `atom` is in `known`; if so, its cell's read is consulted.
  bool kept(objects known, std::uint32_t atom, const std::vector<std::uint32_t>& read_at, std::size_t cell) {
    if (!(known >> atom & 1)) return false;
    consulted = later(consulted, read_at[cell]);
    return true;
  }
  objects row(std::uint32_t atom, std::uint32_t f) {
    const std::size_t cell = std::size_t{f} * max_objects + atom;
    return kept(known_[f], atom, read_at_, cell) ? rows_[cell] : read_object(atom, f);
  }
  lone_int int_row(std::uint32_t atom, std::uint32_t f) {
    const std::size_t cell = std::size_t{f} * max_objects + atom;
    return kept(known_[f], atom, read_at_, cell) ? ints_[cell] : read_int(atom, f);
  }
  objects star_of(std::uint32_t atom, std::uint32_t fieldset) {
    const std::size_t cell = std::size_t{fieldset} * max_objects + atom;
    return kept(star_known_[fieldset], atom, star_at_, cell) ? stars_[cell] : compute_star(atom, fieldset);
  }
  objects read_object(std::uint32_t atom, std::uint32_t f);
  lone_int read_int(std::uint32_t atom, std::uint32_t f);
  objects compute_star(std::uint32_t atom, std::uint32_t fieldset);
  void strong(std::uint32_t v, std::uint32_t fieldset);
  bool preorder(std::uint32_t o, const std::uint32_t* first, const std::uint32_t* end, objects& seen,
                std::uint32_t* order, std::uint32_t& size);
  std::uint32_t atom_of(const std::byte* object);

  const compiled_spec* spec_ = nullptr;
  std::vector<field_place> places_;
  std::vector<std::int64_t> counts_;
  std::uint32_t bit_width_ = 64;
  std::int64_t int_min_ = 0, int_max_ = 0;
  // Per judgement.
  const std::byte* objects_[max_objects] = {};
  std::uint32_t met_ = 0;
  bool overflow_ = false;
  std::vector<objects> known_;  // [field] the objects whose field is read
  std::vector<objects> rows_;   // [field * 64 + atom]
  std::vector<lone_int> ints_;  // [field * 64 + atom]
  std::vector<std::uint32_t> read_at_;  // [field * 64 + atom] the cell's read, 1 for the first
  std::uint32_t reads_ = 0;             // distinct reads in this judgement
  std::vector<objects> star_known_;  // [fieldset]
  std::vector<objects> stars_;       // [fieldset * 64 + atom]
  std::vector<std::uint32_t> star_at_;  // [fieldset * 64 + atom] the latest read the star consulted
  // The closure walk's (compute_star: Tarjan's) objects on its stack, met, and kept.
  objects on_path_ = 0, walk_visited_ = 0, walk_kept_ = 0;
  std::uint8_t walk_index_[max_objects] = {}, walk_low_[max_objects] = {}, walk_stack_[max_objects] = {};
  std::uint32_t walk_size_ = 0, walk_counter_ = 0;
  std::vector<objects> memo_known_, memo_key_, memo_value_;  // [k], [k], [k * 64 + atom]
  std::vector<std::uint32_t> memo_at_;                        // [k * 64 + atom]
  // Object address -> atom: open addressing, entries valid for the judgement `stamp_`.
  static constexpr std::uint32_t table_size = 256;
  const std::byte* table_key_[table_size] = {};
  std::uint32_t table_stamp_[table_size] = {};
  std::uint8_t table_atom_[table_size] = {};
  std::uint32_t stamp_ = 0;
};

}  // namespace smallscope::compiled
