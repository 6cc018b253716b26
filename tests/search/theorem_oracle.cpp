// The oracle of theorems_test.cpp: see theorem_oracle.hpp.
#include "search/theorem_oracle.hpp"

#include <algorithm>
#include <cstdint>
#include <memory>
#include <numeric>
#include <stdexcept>
#include <string>
#include <vector>

namespace theorem_oracle {

using smallscope::finitization;

// ---- Objects by identity ----

object_table::object_table(const smallscope::detail::state_space& space) {
  for (const auto& o : space.objects())
    objects_.push_back({space.arena() + o.offset, static_cast<int>(o.class_domain),
                        static_cast<int>(o.index),
                        space.data().class_domains[o.class_domain].isomorphism_checked});
}

const object_id& object_table::find(const void* address) const {
  for (const auto& o : objects_)
    if (o.address == address) return o;
  throw std::logic_error("a pointer to no object of the finitization");
}

// ---- Walking a candidate ----

std::int64_t object_token(int class_domain, int label) {
  return object_tokens + class_domain * 1000 + label;
}

walk_order field_order(bool relabel) {
  walk_order o;
  for (auto& per_kind : o.fields) std::iota(per_kind.begin(), per_kind.end(), 0);
  o.relabel = relabel;
  return o;
}

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

bool random_invariant::operator()(const groot& root) const {
  if (params.reads_nothing) return true;
  hashing_visit visit(params);
  switch (walker<hashing_visit>(*objects, params.order, visit).run(root)) {
    case verdict::accept: return true;
    case verdict::reject: return false;
    case verdict::read_on: break;
  }
  return visit.result();
}

std::uint64_t random_eq_class::operator()(const groot& root) const {
  std::uint64_t hash = params.salt;
  auto fold = [this, &hash](std::int64_t token, bool) {
    hash = mix(hash ^ static_cast<std::uint64_t>(token));
    return mix(hash ^ params.salt) % 1000 < params.stop_per_mille ? verdict::accept : verdict::read_on;
  };
  walker<decltype(fold)>(*objects, params.order, fold).run(root);
  return mix(hash + 1) % params.classes;
}

// ---- The brute force ----

std::uint64_t candidate_count(const finitization& f) {
  const smallscope::detail::state_space space(f.data());
  std::uint64_t count = 1;
  for (const auto& s : space.slots())
    count = std::min<std::uint64_t>(count * space.domains()[s.domain].values.size(), 1ULL << 40);
  return count;
}

expected brute_force(const finitization& f, const invariant_params& params) {
  const smallscope::detail::state_space space(f.data());
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

// ---- Random state spaces and predicates ----

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

eq_class_params random_eq_class_params(rng& r) {
  eq_class_params p;
  p.order = random_params(r).order;
  p.salt = r.next();
  p.stop_per_mille = r.pick<std::uint64_t>({0, 50, 200, 500});
  p.classes = r.pick<std::uint64_t>({1, 2, 3, 5, 8});
  return p;
}

}  // namespace theorem_oracle
