// The bounded-exhaustive search as a lazy C++ range (paper 000, Fig. 7).
//
//   for (const smallscope::structure& s : smallscope::structures(fin, &binary_tree::rep_ok))
//     use(s.root<binary_tree>());
//
// yields every valid structure of the finitization exactly once up to isomorphism (sound,
// complete and optimal: paper 000, Sec. 4), in the search's order. The range holds one
// candidate at a time: memory does not grow with the number of structures. A yielded structure
// is the real object graph in the search's arena; it stays valid until the iterator advances.
// Treat it as read-only.
// Stage: search.
#pragma once

#include <cstdint>
#include <iterator>
#include <memory>
#include <optional>
#include <span>
#include <string_view>
#include <type_traits>
#include <utility>
#include <vector>

#include "smallscope/finitization.hpp"
#include "smallscope/figures.hpp"
#include "smallscope/options.hpp"

namespace smallscope {

namespace detail {
class state_space;
class korat_search;
template <class M>
struct member_class;
template <class R, class C>
struct member_class<R (C::*)() const> {
  using type = C;
};
// A free invariant or class function over the root: R f(const C&).
template <class R, class C>
struct member_class<R (*)(const C&)> {
  using type = C;
};
template <class R, class C>
struct member_class<R (*)(const C&) noexcept> {
  using type = C;
};
template <class R, class C>
struct member_class<R (C::*)() const noexcept> {
  using type = C;
};
template <class M>
using member_class_t = typename member_class<M>::type;

// Calls F on `root`: a const member function (root.*F)() or a free function F(root).
template <auto F, class Root>
SMALLSCOPE_ALWAYS_INLINE decltype(auto) call_on_root(const Root& root) {
  if constexpr (std::is_member_function_pointer_v<decltype(F)>)
    return (root.*F)();
  else
    return F(root);
}
}  // namespace detail

// The search's figures (figures.hpp): X(name, type, default, rule, help).
#define SMALLSCOPE_SEARCH_FIGURES(X)                                                                        \
  X(explored, std::uint64_t, 0, sum, "candidates evaluated (Korat's explored)")                             \
  X(valid, std::uint64_t, 0, sum, "structures the invariant accepted")                                      \
  X(predicate_calls, std::uint64_t, 0, sum, "invariant executions")                                         \
  X(budget_exceeded, std::uint64_t, 0, sum, "invariant calls stopped by the read budget (counted invalid)") \
  X(predicate_exceptions, std::uint64_t, 0, sum, "invariant calls that threw (counted invalid)")            \
  X(generator_misuse, std::uint64_t, 0, sum,                                                                \
    "invariant calls that returned true after a dedicated generator returned false (generators.hpp): the "  \
    "invariant breaks the generators' contract, and structures may have been skipped")                      \
  X(classes, std::uint64_t, 0, distinct, "equivalence classes covered (with an eq_class function)")         \
  X(limit_reached, bool, false, any, "the search stopped at search_options::limit")                         \
  X(seconds, double, 0, elapsed, "wall seconds since the search started")

struct search_stats {
#define SMALLSCOPE_DETAIL_FIGURE_MEMBER(name, type, def, rule, help) type name = def;
  SMALLSCOPE_SEARCH_FIGURES(SMALLSCOPE_DETAIL_FIGURE_MEMBER)
#undef SMALLSCOPE_DETAIL_FIGURE_MEMBER
  // Chen's estimate of the candidates the whole search explores (0: none made), and its standard
  // error (the spread of the probes' mean); the command line's progress line shows them as percent
  // done and time left, a range while the estimate is unsettled.
  double estimated_explored = 0;
  double estimated_spread = 0;
  // Some invariant call read a field the search had not yet put on its stack. False after a whole
  // fresh search means no read was observed at all: code built without smallscope_instrument, or
  // members not listed in SMALLSCOPE_FIELDS (the warnings say so). True where it cannot be known
  // (a search resumed from a checkpoint or run in units).
  bool fields_read = false;
};

// One candidate of the state space: a valid structure, or a candidate the listener is told of.
class structure {
 public:
  // The root object; requires Root to be the finitization's root class.
  template <class Root>
  const Root& root() const {
    check_root(detail::type_key<Root>());
    return *static_cast<const Root*>(root_);
  }
  // The candidate vector: for every slot, the index of its value in the slot's field domain.
  std::span<const std::uint32_t> values() const { return values_; }
  // 1-based position among the valid structures (0 for a candidate that is not valid).
  std::uint64_t index() const { return index_; }
  const detail::state_space& space() const { return *space_; }

  structure(const detail::state_space& space, std::span<const std::uint32_t> values,
            std::uint64_t index);

 private:
  void check_root(const void* type) const;
  const detail::state_space* space_;
  const void* root_;
  std::span<const std::uint32_t> values_;
  std::uint64_t index_;
};

// Told of the search's progress and of invariant calls that went wrong. Never called per
// candidate; the default does nothing.
class search_listener {
 public:
  virtual ~search_listener() = default;
  virtual void on_progress(const search_stats&) {}
  // An invariant call read more fields than the budget (it likely loops on this candidate).
  virtual void on_budget_exceeded(const structure& /*candidate*/) {}
  // An invariant call threw; `what` is the exception's message.
  virtual void on_predicate_exception(const structure& /*candidate*/, std::string_view /*what*/) {}
  // Asked every 65,536 candidates: true ends the search there, as if the state space were
  // exhausted. search_options::stop does the same and is how the engines stop a search.
  virtual bool should_stop() { return false; }
};

namespace detail {

// A type-erased function of a root object: the invariant (R = bool) or an equivalence-class
// function (R = std::uint64_t). The search calls it through one function pointer.
template <class R>
struct root_function {
  std::shared_ptr<void> context;
  R (*call)(void* context, const void* root) = nullptr;
  const void* root_type = nullptr;  // detail::type_key<Root>()
  explicit operator bool() const { return call != nullptr; }
};

// Wraps `f`, called as f(const Root&).
template <class R, class Root, class F>
root_function<R> erase_root_function(F f) {
  root_function<R> e;
  e.context = std::make_shared<F>(std::move(f));
  e.call = [](void* context, const void* root) -> R {
    return static_cast<R>((*static_cast<F*>(context))(*static_cast<const Root*>(root)));
  };
  e.root_type = type_key<Root>();
  return e;
}

// Wraps the member function Member of Root, known at compile time: no context, a direct call.
template <class R, auto Member, class Root>
root_function<R> erase_member_function() {
  root_function<R> e;
  e.call = [](void*, const void* root) -> R {
    return static_cast<R>(call_on_root<Member>(*static_cast<const Root*>(root)));
  };
  e.root_type = type_key<Root>();
  return e;
}

}  // namespace detail

using predicate = detail::root_function<bool>;

// Wraps `pred`, called as pred(const Root&), as a predicate.
template <class Root, class Pred>
predicate make_predicate(Pred pred) {
  return detail::erase_root_function<bool, Root>(std::move(pred));
}

// Wraps the member invariant `rep_ok` of Root as a predicate.
template <class Root>
predicate make_predicate(bool (Root::*rep_ok)() const) {
  return make_predicate<Root>([rep_ok](const Root& r) { return (r.*rep_ok)(); });
}

// Wraps the invariant `rep_ok`, a free function of the root: bool rep_ok(const Root&).
template <class Root>
predicate make_predicate(bool (*rep_ok)(const Root&)) {
  return make_predicate<Root>([rep_ok](const Root& r) { return rep_ok(r); });
}

// Wraps the invariant RepOk, known at compile time: a member (`&Root::rep_ok`) or a free
// function (`bool rep_ok(const Root&)`); the search calls it directly.
template <auto RepOk, class Root = detail::member_class_t<decltype(RepOk)>>
predicate make_predicate() {
  return detail::erase_member_function<bool, RepOk, Root>();
}

// An equivalence-class function over a root class (paper 002, Sec. 3: eqClass()): maps a valid
// structure to its class under a black-box test criterion (say, a bit per predicate of the
// criterion). Deterministic, like the invariant, and reading only fields reachable from the
// root: the search prunes the candidates that agree on the fields it read.
using eq_class_fn = detail::root_function<std::uint64_t>;

// Wraps `f`, called as f(const Root&) and returning an integer class, as an eq_class_fn.
template <class Root, class F>
eq_class_fn make_eq_class(F f) {
  return detail::erase_root_function<std::uint64_t, Root>(std::move(f));
}

// Wraps the member `eq_class` of Root (std::uint64_t Root::eq_class() const), or a free
// function std::uint64_t eq_class(const Root&), known at compile time.
template <auto EqClass, class Root = detail::member_class_t<decltype(EqClass)>>
eq_class_fn make_eq_class() {
  return detail::erase_member_function<std::uint64_t, EqClass, Root>();
}

class structure_range {
 public:
  class iterator {
   public:
    using value_type = structure;
    using difference_type = std::ptrdiff_t;
    iterator() = default;
    const structure& operator*() const { return *range_->current_; }
    const structure* operator->() const { return &*range_->current_; }
    iterator& operator++() {
      range_->advance();
      return *this;
    }
    void operator++(int) { ++*this; }
    friend bool operator==(const iterator& it, std::default_sentinel_t) { return it.at_end(); }

   private:
    friend class structure_range;
    explicit iterator(structure_range* r) : range_(r) {}
    bool at_end() const { return range_ == nullptr || !range_->current_.has_value(); }
    structure_range* range_ = nullptr;
  };

  // Builds the state space of `fin` (throws finitization_error, also when `pred` is over
  // another class than the root) and validates `options` (throws std::invalid_argument).
  structure_range(const finitization& fin, predicate pred, const search_options& options = {});
  // With an equivalence-class function: counts the classes covered, and with the options
  // eq_class (Korat+ pruning, paper 002 Sec. 3) and one_per_class uses it to skip candidates.
  structure_range(const finitization& fin, predicate pred, eq_class_fn eq_class,
                  const search_options& options = {});
  structure_range(structure_range&&) noexcept;
  structure_range& operator=(structure_range&&) noexcept;
  ~structure_range();

  // Starts the search on the first call; the range is single-pass.
  iterator begin();
  std::default_sentinel_t end() const { return {}; }

  // Statistics so far (complete once the iteration has ended).
  search_stats stats() const;
  void set_listener(search_listener* listener);
  const detail::state_space& space() const;

 private:
  void advance();
  std::unique_ptr<detail::korat_search> search_;
  std::optional<structure> current_;
  bool started_ = false;
};

// All valid structures of `fin` under the invariant `pred`, called as pred(const Root&).
template <class Root, class Pred>
structure_range structures(const finitization& fin, Pred pred, const search_options& options = {}) {
  return structure_range(fin, make_predicate<Root>(std::move(pred)), options);
}

// All valid structures of `fin` under `pred`, made by make_predicate (the range checks that
// it is over the root class).
inline structure_range structures(const finitization& fin, predicate pred, const search_options& options = {}) {
  return structure_range(fin, std::move(pred), options);
}

// The valid structures of shard `index` (0-based) of `count` disjoint shares of the search, as
// candidate vectors, in the search's order (the cut of `smallscope gen --shard`: the search's
// units dealt out in turn). Their union over every index is the whole scope, each once.
std::vector<std::vector<std::uint32_t>> shard_structures(const finitization& fin, const predicate& pred,
                                                         std::uint64_t index, std::uint64_t count,
                                                         const search_options& options = {});

// All valid structures of `fin` under the free invariant `rep_ok`: bool rep_ok(const Root&).
template <class Root>
structure_range structures(const finitization& fin, bool (*rep_ok)(const Root&), const search_options& options = {}) {
  return structure_range(fin, make_predicate(rep_ok), options);
}

// All valid structures of `fin` under the member invariant `rep_ok` of the root class.
template <class Root>
structure_range structures(const finitization& fin, bool (Root::*rep_ok)() const,
                           const search_options& options = {}) {
  return structure_range(fin, make_predicate(rep_ok), options);
}

static_assert(std::input_iterator<structure_range::iterator>);

}  // namespace smallscope
