// The brute-force and canonical-form oracle for the theorems of paper 000, Sec. 4, checked in
// theorems_test.cpp: small random state spaces, random predicates of the class Pi, and a brute
// force that runs a predicate on every candidate. It does not use the search.
//
// The random predicates belong to Pi: deterministic, they read only fields reachable from the
// root and cannot tell isomorphic candidates apart, because they see an object only through the
// order in which they meet it (pointers are compared with == only) and its class domain. They
// fold a hash over what they read and may stop after any read (which exercises pruning).
// Objects of class domains excluded from isomorphism breaking are plain values: predicates and
// oracle see their identity.
//
// The brute force runs the predicate on every candidate of the state space (every value of
// every slot). A canonical form is the reachable object graph walked depth-first from the root
// in field order, each object of an isomorphism-checked class domain numbered by discovery
// within its class domain: Definition 1 permutes objects only within a class domain, so the
// class domain is part of the form.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <initializer_list>
#include <memory>
#include <stdexcept>
#include <string>
#include <type_traits>
#include <unordered_set>
#include <utility>
#include <vector>

#include "smallscope/finitization.hpp"
#include "space/state_space.hpp"

namespace theorem_oracle {

// ---- The classes of the random state spaces ----

struct gnode {
  smallscope::field<gnode*> l;
  smallscope::field<gnode*> r;
  smallscope::field<short> v;
};
SMALLSCOPE_FIELDS(gnode, l, r, v)

struct gother {
  smallscope::field<gnode*> x;
  smallscope::field<gother*> y;
  smallscope::field<bool> w;
  smallscope::array<gnode*> kids;
};
SMALLSCOPE_FIELDS(gother, x, y, w, kids)

struct groot {
  smallscope::field<gnode*> a;
  smallscope::field<gother*> b;
  smallscope::field<int> n;
  smallscope::array<int> vals;
  smallscope::array<gnode*> kids;
};
SMALLSCOPE_FIELDS(groot, a, b, n, vals, kids)

enum kind : int { root_kind, node_kind, other_kind };
template <class T>
inline constexpr kind kind_of = std::is_same_v<T, gother> ? other_kind : node_kind;
inline constexpr std::array<int, 3> field_count = {5, 3, 4};  // per kind
inline constexpr int max_fields = 5;
inline constexpr int max_objects = 32;
inline constexpr int max_class_domains = 16;

// ---- Objects by identity: pointer equality only, never pointer order ----

struct object_id {
  const void* address = nullptr;
  int class_domain = 0;
  int index = 0;  // within its class domain
  bool isomorphism_checked = true;
};

class object_table {
 public:
  object_table() = default;
  explicit object_table(const smallscope::detail::state_space& space);
  // The object at `address`; throws std::logic_error if no object of the space is there.
  const object_id& find(const void* address) const;

 private:
  std::vector<object_id> objects_;
};

// ---- Walking a candidate: the reads of the predicates and of the oracle ----

// A candidate as the sequence of what a walk reads: one token per field read.
using form = std::vector<std::int64_t>;
struct form_hash {
  std::size_t operator()(const form& f) const {
    std::size_t h = f.size();
    for (const auto t : f) h = (h ^ static_cast<std::size_t>(t)) * 0x100000001b3ULL;
    return h;
  }
};
using form_set = std::unordered_set<form, form_hash>;

inline constexpr std::int64_t null_token = -1'000'000;
inline constexpr std::int64_t object_tokens = 1'000'000;  // + class domain * 1000 + label

// The token of a pointer to the object labelled `label` in `class_domain`.
std::int64_t object_token(int class_domain, int label);

enum class verdict { read_on, reject, accept };

struct walk_order {
  std::array<std::array<int, max_fields>, 3> fields{};  // per kind, the order of its fields
  bool breadth_first = false;
  bool relabel = true;  // number objects of isomorphism-checked class domains by discovery
};

// The depth-first walk of every kind's fields in declaration order, relabelling or not.
walk_order field_order(bool relabel);

// Reads the fields reachable from the root, in the given order, and hands each read to
// `visit(token, revisit)`, which may stop the walk; `revisit` tells a pointer to an object met
// before. An object's label is, with relabel and if its class domain is isomorphism-checked,
// the number of objects of its class domain met before it; otherwise its index.
template <class Visit>
class walker {
 public:
  walker(const object_table& objects, const walk_order& order, Visit& visit)
      : objects_(objects), order_(order), visit_(visit) {}

  verdict run(const groot& root) {
    verdict v = fields_of(&root, root_kind);
    while (v == verdict::read_on && head_ < queued_) {
      const auto [object, k] = queue_[head_++];
      v = fields_of(object, k);
    }
    return v;
  }

 private:
  verdict fields_of(const void* object, kind k) {
    for (int i = 0; i < field_count[k]; ++i)
      if (const verdict v = read(object, k, order_.fields[k][i]); v != verdict::read_on) return v;
    return verdict::read_on;
  }

  verdict read(const void* object, kind k, int f) {
    if (k == root_kind) {
      const auto& o = *static_cast<const groot*>(object);
      switch (f) {
        case 0: return pointer(o.a.get());
        case 1: return pointer(o.b.get());
        case 2: return integer(o.n.get());
        case 3: return elements(o.vals);
        default: return elements(o.kids);
      }
    }
    if (k == node_kind) {
      const auto& o = *static_cast<const gnode*>(object);
      return f == 0 ? pointer(o.l.get()) : f == 1 ? pointer(o.r.get()) : integer(o.v.get());
    }
    const auto& o = *static_cast<const gother*>(object);
    switch (f) {
      case 0: return pointer(o.x.get());
      case 1: return pointer(o.y.get());
      case 2: return integer(o.w.get());
      default: return elements(o.kids);
    }
  }

  verdict integer(std::int64_t value) { return visit_(value, false); }

  // The length, then the elements below it (the reachable ones).
  template <class T>
  verdict elements(const smallscope::array<T>& a) {
    const int length = a.length();
    verdict v = integer(length);
    for (int i = 0; i < length && v == verdict::read_on; ++i) {
      if constexpr (std::is_pointer_v<T>)
        v = pointer(a[i].get());
      else
        v = integer(a[i].get());
    }
    return v;
  }

  template <class T>
  verdict pointer(const T* p) {
    if (p == nullptr) return visit_(null_token, false);
    const object_id& id = objects_.find(p);
    int seen = 0;
    while (seen < seen_count_ && seen_[seen].first != p) ++seen;
    const bool revisit = seen < seen_count_;
    if (!revisit) {
      if (seen_count_ == max_objects || id.class_domain >= max_class_domains)
        throw std::logic_error("too many objects for the walker");
      const bool relabel = order_.relabel && id.isomorphism_checked;
      seen_[seen_count_++] = {p, relabel ? next_label_[id.class_domain]++ : id.index};
    }
    const verdict v = visit_(object_token(id.class_domain, seen_[seen].second), revisit);
    if (v != verdict::read_on || revisit) return v;
    if (!order_.breadth_first) return fields_of(p, kind_of<T>);
    queue_[queued_++] = {p, kind_of<T>};
    return verdict::read_on;
  }

  const object_table& objects_;
  const walk_order& order_;
  Visit& visit_;
  std::array<std::pair<const void*, int>, max_objects> seen_{};  // object, label
  int seen_count_ = 0;
  std::array<int, max_class_domains> next_label_{};
  std::array<std::pair<const void*, kind>, max_objects> queue_{};  // breadth-first only
  int head_ = 0;
  int queued_ = 0;
};

// The whole reachable graph from `root`: canonical (relabel) or by object identity.
form form_of(const groot& root, const object_table& objects, bool relabel);

// splitmix64's finalizer of `x`.
std::uint64_t mix(std::uint64_t x);

// A 64-bit hash of form_of(root, objects, relabel), without building the form.
std::uint64_t fingerprint(const groot& root, const object_table& objects, bool relabel);

// The form as text, e.g. "[cd1#0 null 2]".
std::string text(const form& f);

// ---- Random predicates from the class Pi ----

struct invariant_params {
  walk_order order = field_order(true);
  std::uint64_t salt = 0;
  std::uint64_t reject_per_mille = 0;  // chance to return false right after a read
  std::uint64_t accept_per_mille = 0;  // chance to return true right after a read
  std::uint64_t valid_percent = 100;   // chance to return true after reading everything
  bool reject_sharing = false;         // false as soon as a pointer leads to an object met before
  bool reads_nothing = false;          // true without reading anything
};

struct random_invariant {
  invariant_params params;
  std::shared_ptr<const object_table> objects;  // of the state space the predicate runs in

  // Whether the predicate holds for `root`: a hash of what it reads decides after every read.
  bool operator()(const groot& root) const;
};

// A random equivalence-class function of the same kind (paper 002, Sec. 3: deterministic, and
// here blind to isomorphism): folds a hash over what it reads, may stop after any read, and
// returns the hash modulo `classes`.
struct eq_class_params {
  walk_order order = field_order(true);
  std::uint64_t salt = 0;
  std::uint64_t stop_per_mille = 0;  // chance to stop reading after a read
  std::uint64_t classes = 1;
};

struct random_eq_class {
  eq_class_params params;
  std::shared_ptr<const object_table> objects;
  std::uint64_t operator()(const groot& root) const;
};

// ---- The brute force ----

// Calls visit() once for every candidate of the space: every value of every slot.
template <class Visit>
void for_each_candidate(const smallscope::detail::state_space& space, Visit visit) {
  const std::uint32_t n = space.slot_count();
  std::vector<std::uint32_t> values(n, 0);
  for (std::uint32_t s = 0; s < n; ++s) space.write(s, 0);
  for (;;) {
    visit();
    std::uint32_t s = 0;
    for (; s < n; ++s) {  // the next vector, as an odometer
      if (++values[s] < space.domains()[space.slots()[s].domain].values.size()) break;
      values[s] = 0;
      space.write(s, 0);
    }
    if (s == n) return;
    space.write(s, values[s]);
  }
}

// The number of candidates of the state space of `f` (capped at 2^40).
std::uint64_t candidate_count(const smallscope::finitization& f);

struct expected {
  form_set canonical;    // the isomorphism partitions that hold a valid candidate
  form_set assignments;  // the valid assignments of the reachable fields
};

// The forms of the candidates of `f` that the predicate of `params` accepts.
expected brute_force(const smallscope::finitization& f, const invariant_params& params);

// ---- Random state spaces and predicates ----

class rng {
 public:
  explicit rng(std::uint64_t seed) : state_(mix(seed)) {}
  std::uint64_t next() { return state_ = mix(state_); }
  int below(int n) { return static_cast<int>(next() % static_cast<std::uint64_t>(n)); }
  bool chance(int percent) { return below(100) < percent; }
  template <class T>
  T pick(std::initializer_list<T> choices) {
    return choices.begin()[below(static_cast<int>(choices.size()))];
  }
  template <class T>
  void shuffle(T& items) {
    for (int i = static_cast<int>(items.size()) - 1; i > 0; --i) std::swap(items[i], items[below(i + 1)]);
  }

 private:
  std::uint64_t state_;
};

// The next random finitization of `r` whose brute force stays small (max_candidates).
smallscope::finitization small_random_finitization(rng& r);

// The parameters of the next random predicate of `r`.
invariant_params random_params(rng& r);
eq_class_params random_eq_class_params(rng& r);
eq_class_params random_eq_class_params(rng& r);

}  // namespace theorem_oracle
