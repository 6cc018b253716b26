// Paper 000, Sec. 4: the search is sound (Theorem 1), complete (Theorem 2, from Lemma 3 and
// Lemma 4) and optimal (Theorem 3) for every predicate of the class Pi. Checked on 300 small
// random state spaces with random predicates, against a brute force, for Korat and for Korat*
// (pruning off), with and without isomorphism breaking:
//   Theorem 1: every yielded structure satisfies the predicate (re-run with no search active).
//   Theorem 2: the canonical forms of the yielded structures are those of all valid candidates.
//   Theorem 3: no two yielded structures share a canonical form; as in the proof, no two
//     candidates the predicate runs on do either.
//   Without isomorphism breaking: the yielded structures are the distinct valid assignments of
//     the reachable fields, each once.
//   Lemma 3: Korat and Korat* yield the same structures, and Korat runs the predicate only on
//     candidates that Korat* runs it on.
// Plus deterministic cases counted by hand (class domains; BinaryTree: 5 and 14 trees).
//
// The random predicates belong to Pi: deterministic, they read only fields reachable from the
// root and cannot tell isomorphic candidates apart, because they see an object only through the
// order in which they meet it (pointers are compared with == only) and its class domain. They
// fold a hash over what they read and may stop after any read (which exercises pruning).
// Objects of class domains excluded from isomorphism breaking are plain values: predicates and
// oracle see their identity.
//
// The oracle does not use the search. The brute force runs the predicate on every candidate of
// the state space (every value of every slot). A canonical form is the reachable object graph
// walked depth-first from the root in field order, each object of an isomorphism-checked class
// domain numbered by discovery within its class domain: Definition 1 permutes objects only
// within a class domain, so the class domain is part of the form. A failure names its seed and
// finitization.
#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <cstdint>
#include <initializer_list>
#include <memory>
#include <numeric>
#include <stdexcept>
#include <string>
#include <type_traits>
#include <unordered_set>
#include <utility>
#include <vector>

#include "smallscope/finitization.hpp"
#include "smallscope/search.hpp"
#include "space/state_space.hpp"
#include "subjects/binary_tree.hpp"

namespace {

namespace detail = smallscope::detail;
using smallscope::field;
using smallscope::finitization;
using smallscope::search_options;

// ---- The classes of the random state spaces ----

struct gnode {
  field<gnode*> l;
  field<gnode*> r;
  field<short> v;
};
SMALLSCOPE_FIELDS(gnode, l, r, v)

struct gother {
  field<gnode*> x;
  field<gother*> y;
  field<bool> w;
  smallscope::array<gnode*> kids;
};
SMALLSCOPE_FIELDS(gother, x, y, w, kids)

struct groot {
  field<gnode*> a;
  field<gother*> b;
  field<int> n;
  smallscope::array<int> vals;
  smallscope::array<gnode*> kids;
};
SMALLSCOPE_FIELDS(groot, a, b, n, vals, kids)

enum kind : int { root_kind, node_kind, other_kind };
template <class T>
constexpr kind kind_of = std::is_same_v<T, gother> ? other_kind : node_kind;
constexpr std::array<int, 3> field_count = {5, 3, 4};  // per kind
constexpr int max_fields = 5;
constexpr int max_objects = 32;
constexpr int max_class_domains = 16;

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
  explicit object_table(const detail::state_space& space) {
    for (const auto& o : space.objects())
      objects_.push_back({space.arena() + o.offset, static_cast<int>(o.class_domain),
                          static_cast<int>(o.index),
                          space.data().class_domains[o.class_domain].isomorphism_checked});
  }
  const object_id& find(const void* address) const {
    for (const auto& o : objects_)
      if (o.address == address) return o;
    throw std::logic_error("a pointer to no object of the finitization");
  }

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

constexpr std::int64_t null_token = -1'000'000;
constexpr std::int64_t object_tokens = 1'000'000;  // + class domain * 1000 + label
std::int64_t object_token(int class_domain, int label) {
  return object_tokens + class_domain * 1000 + label;
}

enum class verdict { read_on, reject, accept };

struct walk_order {
  std::array<std::array<int, max_fields>, 3> fields{};  // per kind, the order of its fields
  bool breadth_first = false;
  bool relabel = true;  // number objects of isomorphism-checked class domains by discovery
};

walk_order field_order(bool relabel) {
  walk_order o;
  for (auto& per_kind : o.fields) std::iota(per_kind.begin(), per_kind.end(), 0);
  o.relabel = relabel;
  return o;
}

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

// The whole reachable graph: canonical (relabel) or by object identity.
form form_of(const groot& root, const object_table& objects, bool relabel) {
  form out;
  out.reserve(64);
  auto record = [&out](std::int64_t token, bool) {
    out.push_back(token);
    return verdict::read_on;
  };
  const walk_order order = field_order(relabel);
  walker<decltype(record)>(objects, order, record).run(root);
  return out;
}

std::uint64_t mix(std::uint64_t x) {  // splitmix64's finalizer
  x += 0x9e3779b97f4a7c15ULL;
  x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ULL;
  x = (x ^ (x >> 27)) * 0x94d049bb133111ebULL;
  return x ^ (x >> 31);
}

// A 64-bit hash of form_of(root, objects, relabel), without building the form.
std::uint64_t fingerprint(const groot& root, const object_table& objects, bool relabel) {
  std::uint64_t h = 0;
  auto fold = [&h](std::int64_t token, bool) {
    h = mix(h ^ static_cast<std::uint64_t>(token));
    return verdict::read_on;
  };
  const walk_order order = field_order(relabel);
  walker<decltype(fold)>(objects, order, fold).run(root);
  return h;
}

// "[cd1#0 null 2]"
std::string text(const form& f) {
  std::string out;
  for (const auto t : f) {
    if (!out.empty()) out += ' ';
    if (t == null_token)
      out += "null";
    else if (t >= object_tokens)
      out += "cd" + std::to_string((t - object_tokens) / 1000) + "#" + std::to_string(t % 1000);
    else
      out += std::to_string(t);
  }
  return "[" + out + "]";
}

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

// Folds a hash over the tokens read and decides from it after every read.
class hashing_visit {
 public:
  explicit hashing_visit(const invariant_params& p) : p_(p), hash_(p.salt) {}
  verdict operator()(std::int64_t token, bool revisit) {
    if (revisit && p_.reject_sharing) return verdict::reject;
    hash_ = mix(hash_ ^ static_cast<std::uint64_t>(token));
    const std::uint64_t roll = mix(hash_ ^ p_.salt) % 1000;
    if (roll < p_.reject_per_mille) return verdict::reject;
    if (roll < p_.reject_per_mille + p_.accept_per_mille) return verdict::accept;
    return verdict::read_on;
  }
  bool result() const { return mix(hash_ + 1) % 100 < p_.valid_percent; }

 private:
  const invariant_params& p_;
  std::uint64_t hash_;
};

struct random_invariant {
  invariant_params params;
  std::shared_ptr<const object_table> objects;  // of the state space the predicate runs in

  bool operator()(const groot& root) const {
    if (params.reads_nothing) return true;
    hashing_visit visit(params);
    switch (walker<hashing_visit>(*objects, params.order, visit).run(root)) {
      case verdict::accept: return true;
      case verdict::reject: return false;
      case verdict::read_on: break;
    }
    return visit.result();
  }
};

// ---- The brute force ----

// Calls visit() once for every candidate of the space: every value of every slot.
template <class Visit>
void for_each_candidate(const detail::state_space& space, Visit visit) {
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

std::uint64_t candidate_count(const finitization& f) {
  const detail::state_space space(f.data());
  std::uint64_t count = 1;
  for (const auto& s : space.slots())
    count = std::min<std::uint64_t>(count * space.domains()[s.domain].values.size(), 1ULL << 40);
  return count;
}

struct expected {
  form_set canonical;    // the isomorphism partitions that hold a valid candidate
  form_set assignments;  // the valid assignments of the reachable fields
};

expected brute_force(const finitization& f, const invariant_params& params) {
  const detail::state_space space(f.data());
  const auto objects = std::make_shared<const object_table>(space);
  const random_invariant invariant{params, objects};
  const auto& root = *static_cast<const groot*>(space.root());
  expected e;
  for_each_candidate(space, [&] {
    if (!invariant(root)) return;
    e.canonical.insert(form_of(root, *objects, true));
    e.assignments.insert(form_of(root, *objects, false));
  });
  return e;
}

// ---- The search, observed ----

struct observed {
  std::vector<form> yielded;              // forms of the yielded structures, in order
  std::vector<std::uint64_t> candidates;  // fingerprints of the predicate's inputs, sorted
  std::uint64_t unsound = 0;              // yielded structures the predicate rejects
  smallscope::search_stats stats;
};

// Runs the search; forms are canonical with isomorphism breaking, by identity without it.
observed run_search(const finitization& f, const invariant_params& params,
                    const search_options& options) {
  observed out;
  const bool relabel = options.isomorphism_breaking;
  const auto objects = std::make_shared<object_table>();
  const random_invariant invariant{params, objects};
  detail::access_observer* const idle = detail::current_observer;  // when no search runs
  auto spy = [&out, invariant, relabel, idle](const groot& root) {
    // The whole candidate's fingerprint, read with tracking off: the search sees only the
    // predicate's own reads.
    detail::access_observer* const observer = std::exchange(detail::current_observer, idle);
    out.candidates.push_back(fingerprint(root, *invariant.objects, relabel));
    detail::current_observer = observer;
    return invariant(root);
  };
  smallscope::structure_range range(f, smallscope::make_predicate<groot>(spy), options);
  *objects = object_table(range.space());
  for (const smallscope::structure& s : range) {
    const groot& root = s.root<groot>();
    if (!invariant(root)) ++out.unsound;  // no search is active: plain reads
    out.yielded.push_back(form_of(root, *objects, relabel));
  }
  out.stats = range.stats();
  std::sort(out.candidates.begin(), out.candidates.end());
  return out;
}

// ---- The checks ----

form_set as_set(const std::vector<form>& forms) { return {forms.begin(), forms.end()}; }

// "yielded 3, expected 4; missing [..]; extra [..]" (one example of each).
std::string difference(const form_set& got, const form_set& want) {
  std::string out = "yielded " + std::to_string(got.size()) + ", expected " + std::to_string(want.size());
  for (const auto& f : want)
    if (!got.contains(f)) {
      out += "; missing " + text(f);
      break;
    }
  for (const auto& f : got)
    if (!want.contains(f)) {
      out += "; extra " + text(f);
      break;
    }
  return out;
}

// Theorems 1-3 for one run of the search, against the forms of the valid candidates.
void check_run(const observed& got, const form_set& want) {
  EXPECT_EQ(got.stats.predicate_exceptions, 0U) << "the test's predicate threw";
  EXPECT_EQ(got.stats.budget_exceeded, 0U);
  EXPECT_EQ(got.stats.valid, got.yielded.size());
  EXPECT_EQ(got.stats.explored, got.candidates.size()) << "one predicate call per candidate";
  EXPECT_EQ(got.unsound, 0U) << "Theorem 1: yielded structures that the predicate rejects";
  const form_set yielded = as_set(got.yielded);
  EXPECT_EQ(yielded.size(), got.yielded.size()) << "Theorem 3: two yielded structures have one form";
  EXPECT_TRUE(std::adjacent_find(got.candidates.begin(), got.candidates.end()) == got.candidates.end())
      << "Theorem 3's proof: the predicate ran on two candidates of one form";
  EXPECT_TRUE(yielded == want) << "Theorem 2: " << difference(yielded, want);
}

search_options options(bool isomorphism_breaking, bool pruning) {
  search_options o;
  o.isomorphism_breaking = isomorphism_breaking;
  o.pruning = pruning;
  return o;
}

// Everything on one state space and predicate.
void check_space(const finitization& f, const invariant_params& params) {
  const expected e = brute_force(f, params);
  for (const bool isomorphism_breaking : {true, false}) {
    const std::string mode = isomorphism_breaking ? "isomorphism breaking" : "no isomorphism breaking";
    const form_set& want = isomorphism_breaking ? e.canonical : e.assignments;
    const observed korat = run_search(f, params, options(isomorphism_breaking, true));
    const observed korat_star = run_search(f, params, options(isomorphism_breaking, false));
    {
      SCOPED_TRACE("Korat, " + mode);
      check_run(korat, want);
    }
    {
      SCOPED_TRACE("Korat* (no pruning), " + mode);
      check_run(korat_star, want);
    }
    EXPECT_EQ(korat.yielded.size(), korat_star.yielded.size()) << mode;
    EXPECT_TRUE(as_set(korat.yielded) == as_set(korat_star.yielded))
        << "Lemma 3: Korat and Korat* yield different structures, " << mode;
    EXPECT_TRUE(std::includes(korat_star.candidates.begin(), korat_star.candidates.end(),
                              korat.candidates.begin(), korat.candidates.end()))
        << "Lemma 3's proof: Korat ran the predicate on a candidate that Korat* skipped, " << mode;
  }
}

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

// `domains` class domains of up to `max_count` objects (sometimes none), some excluded from
// isomorphism breaking.
template <class T>
std::vector<smallscope::class_domain<T>> random_class_domains(finitization& f, rng& r,
                                                             const std::string& name, int domains,
                                                             int max_count) {
  std::vector<smallscope::class_domain<T>> out;
  for (int i = 0; i < domains; ++i) {
    const int count = r.below(5) == 0 ? 0 : 1 + r.below(max_count);
    out.push_back(f.objects<T>(name + std::to_string(i), static_cast<std::uint32_t>(count)));
    if (r.chance(25)) f.exclude_from_isomorphism(out.back());
  }
  return out;
}

// Null or not, then some of `domains` in a random order; never empty.
template <class T>
smallscope::object_set<T> random_objects(rng& r, const finitization& f,
                                         std::vector<smallscope::class_domain<T>> domains) {
  r.shuffle(domains);
  std::vector<std::uint32_t> ids;
  std::uint32_t objects = 0;
  for (const auto& d : domains)
    if (r.chance(70)) {
      ids.push_back(d.id());
      objects += f.data().class_domains[d.id()].count;
    }
  return smallscope::object_set<T>(objects == 0 || r.chance(70), ids);
}

smallscope::int_set random_ints(rng& r, std::int64_t lo, int max_values) {
  const std::int64_t min = lo + r.below(2);
  return smallscope::ints(min, min + r.below(max_values));
}

// One draw per statement: the order in which arguments are evaluated is unspecified.
finitization random_finitization(rng& r) {
  auto f = finitization::of<groot>("Root");
  const auto nodes = random_class_domains<gnode>(f, r, "N", 1 + r.below(3), 3);
  const auto others = random_class_domains<gother>(f, r, "O", r.below(2), 2);
  f.set(&groot::a, random_objects(r, f, nodes));
  f.set(&groot::b, random_objects(r, f, others));
  f.set(&groot::n, random_ints(r, -1, 3));
  const auto vals_lengths = smallscope::ints(0, r.below(3));
  f.set(&groot::vals, vals_lengths, random_ints(r, 0, 2));
  const auto kids_lengths = smallscope::ints(0, r.below(3));
  f.set(&groot::kids, kids_lengths, random_objects(r, f, nodes));
  f.set(&gnode::l, random_objects(r, f, nodes));
  f.set(&gnode::r, r.chance(50) ? random_objects(r, f, nodes) : smallscope::object_set<gnode>(true, {}));
  f.set(&gnode::v, random_ints(r, 0, 2));
  if (!others.empty()) {
    f.set(&gother::x, random_objects(r, f, nodes));
    f.set(&gother::y, random_objects(r, f, others));
    const int w = r.below(3);  // {false}, {true} or both
    f.set(&gother::w, smallscope::ints(w == 1 ? 1 : 0, w == 0 ? 0 : 1));
    const auto other_kids_lengths = smallscope::ints(0, r.below(2));
    f.set(&gother::kids, other_kids_lengths, random_objects(r, f, nodes));
  }
  return f;
}

constexpr std::uint64_t max_candidates = 200'000;  // keeps the brute force fast

// The first random finitization of `r` whose brute force stays small.
finitization small_random_finitization(rng& r) {
  for (;;)
    if (auto f = random_finitization(r); candidate_count(f) <= max_candidates) return f;
}

invariant_params random_params(rng& r) {
  invariant_params p;
  for (std::size_t k = 0; k < field_count.size(); ++k) {
    std::vector<int> fields(static_cast<std::size_t>(field_count[k]));
    std::iota(fields.begin(), fields.end(), 0);
    r.shuffle(fields);
    std::copy(fields.begin(), fields.end(), p.order.fields[k].begin());
  }
  p.order.breadth_first = r.chance(50);
  p.salt = r.next();
  p.reject_per_mille = r.pick<std::uint64_t>({0, 20, 60, 150});
  p.accept_per_mille = r.pick<std::uint64_t>({0, 0, 10, 40});
  p.valid_percent = r.pick<std::uint64_t>({30, 60, 90, 100});
  p.reject_sharing = r.chance(25);
  return p;
}

// ---- The random tests: 10 batches of 30 seeds ----

constexpr int batches = 10;
constexpr int seeds_per_batch = 30;

class TheoremRandomSpaces : public ::testing::TestWithParam<int> {};

TEST_P(TheoremRandomSpaces, SoundCompleteOptimal) {
  std::uint64_t candidates = 0;
  for (int i = 0; i < seeds_per_batch; ++i) {
    const int seed = GetParam() * seeds_per_batch + i;
    rng r(static_cast<std::uint64_t>(seed));
    const finitization f = small_random_finitization(r);
    const invariant_params params = random_params(r);
    SCOPED_TRACE("seed " + std::to_string(seed) + ": " + f.describe());
    candidates += candidate_count(f);
    check_space(f, params);
    if (HasFailure()) return;  // the first failing seed of the batch says enough
  }
  RecordProperty("brute_force_candidates", std::to_string(candidates));
}

INSTANTIATE_TEST_SUITE_P(Theorems, TheoremRandomSpaces, ::testing::Range(0, batches));

// ---- Class domains, counted by hand ----

// Root.a in {null?} + node class domains of the given sizes; Node.l in the same set for
// `lists`, else null; every other field has one value.
finitization root_pointing_at(const std::vector<std::uint32_t>& counts, bool null_allowed,
                              bool excluded = false, bool lists = false) {
  auto f = finitization::of<groot>("Root");
  std::vector<std::uint32_t> ids;
  for (std::size_t i = 0; i < counts.size(); ++i) {
    const auto d = f.objects<gnode>("N" + std::to_string(i), counts[i]);
    if (excluded) f.exclude_from_isomorphism(d);
    ids.push_back(d.id());
  }
  const smallscope::object_set<gnode> nodes(null_allowed, ids);
  const smallscope::object_set<gnode> none(true, {});
  f.set(&groot::a, nodes);
  f.set(&groot::b, smallscope::object_set<gother>(true, {}));
  f.set(&groot::n, smallscope::ints(0, 0));
  f.set(&groot::vals, smallscope::ints(0, 0), smallscope::ints(0, 0));
  f.set(&groot::kids, smallscope::ints(0, 0), none);
  f.set(&gnode::l, lists ? nodes : none);
  f.set(&gnode::r, none);
  f.set(&gnode::v, smallscope::ints(0, 0));
  return f;
}

struct counted_case {
  const char* name;
  finitization fin;
  std::size_t structures;           // with isomorphism breaking
  std::size_t without_isomorphism;  // without it
};

// Definition 1: objects are interchangeable within a class domain, never across two class
// domains (even of one C++ class); objects of excluded class domains are plain values.
TEST(TheoremSanity, ClassDomainsByHand) {
  const counted_case cases[] = {
      {"null or one of 3 nodes", root_pointing_at({3}, true), 2, 4},
      {"two class domains of 1 node", root_pointing_at({1, 1}, false), 2, 2},
      {"two class domains of 2 nodes", root_pointing_at({2, 2}, false), 2, 4},
      {"2 nodes excluded from isomorphism", root_pointing_at({2}, false, true), 2, 2},
      // Paths of k = 0..3 distinct nodes, the last one's l null or back to one of the k:
      // 1 + 2 + 3 + 4 up to isomorphism; 1 + 3*2 + 6*3 + 6*4 labelled.
      {"lists of up to 3 nodes", root_pointing_at({3}, true, false, true), 10, 49},
      // An empty class domain between two others must not end the field domain.
      {"empty class domain in the middle", root_pointing_at({1, 0, 1}, false), 2, 2},
      {"empty class domain first", root_pointing_at({0, 1}, false), 1, 1},
  };
  invariant_params reads_all;  // reads every reachable field, then true
  invariant_params reads_nothing;
  reads_nothing.reads_nothing = true;
  for (const auto& c : cases) {
    for (const auto* params : {&reads_all, &reads_nothing}) {
      SCOPED_TRACE(std::string(c.name) + (params->reads_nothing ? ", reads nothing: " : ", reads all: ") +
                   c.fin.describe());
      const expected e = brute_force(c.fin, *params);
      EXPECT_EQ(e.canonical.size(), c.structures) << "the oracle disagrees with the hand count";
      EXPECT_EQ(e.assignments.size(), c.without_isomorphism) << "the oracle disagrees with the hand count";
      for (const bool pruning : {true, false}) {
        SCOPED_TRACE(pruning ? "Korat" : "Korat*");
        check_run(run_search(c.fin, *params, options(true, pruning)), e.canonical);
        check_run(run_search(c.fin, *params, options(false, pruning)), e.assignments);
      }
    }
  }
}

// ---- BinaryTree (Korat's example) with exactly n nodes: Catalan(n) shapes, n! labellings ----

namespace bt = subjects::binary_tree;

// The size, then the nodes depth-first: numbered by discovery, or by index with `identities`.
class tree_form {
 public:
  tree_form(const bt::tree& t, const object_table* identities) : identities_(identities) {
    out_.push_back(t.size.get());
    node(t.root.get());
  }
  const form& get() const { return out_; }

 private:
  void node(const bt::node* n) {
    if (n == nullptr) {
      out_.push_back(null_token);
      return;
    }
    const auto it = std::find(seen_.begin(), seen_.end(), n);
    out_.push_back(identities_ != nullptr ? identities_->find(n).index : it - seen_.begin());
    if (it != seen_.end()) return;
    seen_.push_back(n);
    node(n->left.get());
    node(n->right.get());
  }
  const object_table* identities_;
  form out_;
  std::vector<const bt::node*> seen_;
};

TEST(TheoremSanity, BinaryTreeAgainstBruteForce) {
  struct tree_case {
    std::int64_t nodes;
    std::size_t shapes;
    std::size_t labelled;
  };
  for (const tree_case c : {tree_case{3, 5, 30}, tree_case{4, 14, 336}}) {
    SCOPED_TRACE("BinaryTree " + std::to_string(c.nodes));
    const finitization f = bt::fin(c.nodes, c.nodes, c.nodes);
    const detail::state_space space(f.data());
    const object_table objects(space);
    const auto& tree = *static_cast<const bt::tree*>(space.root());
    form_set shapes;
    form_set labelled;
    for_each_candidate(space, [&] {
      if (!tree.rep_ok()) return;
      shapes.insert(tree_form(tree, nullptr).get());
      labelled.insert(tree_form(tree, &objects).get());
    });
    EXPECT_EQ(shapes.size(), c.shapes) << "the oracle disagrees with the Catalan number";
    EXPECT_EQ(labelled.size(), c.labelled) << "the oracle disagrees with Catalan(n) * n!";
    for (const bool isomorphism_breaking : {true, false}) {
      std::uint64_t explored[2] = {0, 0};  // Korat*, Korat
      for (const bool pruning : {true, false}) {
        SCOPED_TRACE(std::string(isomorphism_breaking ? "isomorphism breaking" : "no isomorphism breaking") +
                     (pruning ? ", Korat" : ", Korat*"));
        auto range = smallscope::structures(f, &bt::tree::rep_ok, options(isomorphism_breaking, pruning));
        const object_table range_objects(range.space());
        const object_table* identities = isomorphism_breaking ? nullptr : &range_objects;
        std::vector<form> yielded;
        for (const smallscope::structure& s : range) {
          EXPECT_TRUE(s.root<bt::tree>().rep_ok()) << "Theorem 1";
          yielded.push_back(tree_form(s.root<bt::tree>(), identities).get());
        }
        explored[pruning ? 1 : 0] = range.stats().explored;
        const form_set& want = isomorphism_breaking ? shapes : labelled;
        EXPECT_EQ(as_set(yielded).size(), yielded.size()) << "Theorem 3";
        EXPECT_TRUE(as_set(yielded) == want) << "Theorem 2: " << difference(as_set(yielded), want);
      }
      // rep_ok returns at the first shared node: pruning skips candidates.
      EXPECT_GT(explored[0], explored[1]) << "Korat* explores no more than Korat: pruning=false ignored?";
    }
  }
}

}  // namespace
