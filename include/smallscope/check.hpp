// Checking a method on every valid input (paper 000, Sec. 6.1, black-box testing; Fig. 8: an
// input is a valid structure, `This`, plus a value for each other parameter from a finitized
// domain). The oracle is the invariant in the post-state plus a postcondition over the
// pre-state `old`, the post-state, the result and the arguments (oracle.hpp).
//
//   auto m = SMALLSCOPE_METHOD(tree::remove, remove_post, smallscope::ints(1, 5));
//
// The method runs on a heap copy of the input (heap.hpp states the ownership rule).
// Stage: check.
#pragma once

#include <algorithm>
#include <atomic>
#include <cstdint>
#include <exception>
#include <functional>
#include <memory>
#include <span>
#include <string>
#include <string_view>
#include <tuple>
#include <type_traits>
#include <typeinfo>
#include <utility>
#include <vector>

#include "smallscope/detail/allocation_watch.hpp"
#include "smallscope/detail/cost_meter.hpp"
#include "smallscope/finitization.hpp"
#include "smallscope/abstraction.hpp"
#include "smallscope/heap.hpp"
#include "smallscope/oracle.hpp"
#include "smallscope/search.hpp"

namespace smallscope {

// The finitized domain of one argument: integers, or objects of a class domain of the input's
// finitization (identity-only objects, shared by the input and the argument).
struct argument_domain {
  std::vector<std::int64_t> integers;  // strings: their indices
  std::string class_domain;  // objects: the class domain's name ("Object")
  bool null_allowed = false;
  // std::string arguments: the values, shared by every copy of the domain (a call receives the
  // address of one, so it stays put for the run)
  std::shared_ptr<const std::vector<std::string>> strings;

  argument_domain() = default;
  argument_domain(const int_set& s) : integers(s.values()) {}  // NOLINT: integers are a domain
  argument_domain(const string_set& s)  // NOLINT: strings are a domain
      : strings(std::make_shared<const std::vector<std::string>>(s.values())) {
    for (std::size_t i = 0; i < strings->size(); ++i) integers.push_back(static_cast<std::int64_t>(i));
  }
  static argument_domain of(const int_set& s) { return argument_domain(s); }
  // The value a call receives for element k of an integer or string domain, and its text.
  std::int64_t value(std::size_t k) const {
    return strings ? static_cast<std::int64_t>(reinterpret_cast<std::uintptr_t>(&(*strings)[k])) : integers[k];
  }
  std::string text(std::size_t k) const {
    return strings ? detail::quoted_literal((*strings)[k]) : std::to_string(integers[k]);
  }
  static argument_domain objects(std::string class_domain, bool or_null) {
    argument_domain d;
    d.class_domain = std::move(class_domain);
    d.null_allowed = or_null;
    return d;
  }
};

// What happened to one input.
enum class outcome_kind : std::uint8_t {
  passed,
  invariant,      // the post-state breaks the invariant
  postcondition,  // a clause of the postcondition does not hold
  exception,      // the method threw
  crash,          // the worker died of a signal
  timeout,        // the method ran over its time limit
  leak,           // the method passed but left objects it owned neither reachable nor deleted
  cost,           // the method passed but cost more than a bound allows (cost.hpp)
};
const char* outcome_name(outcome_kind k);

// The result of running a method on one input, in the worker.
struct method_run {
  outcome_kind kind = outcome_kind::passed;
  std::string detail;       // the failed clause, or the exception's message
  std::string invariant_clause;  // the invariant's failed clause, when it names its clauses
  std::string result;       // the method's result as text ("true", "3"; empty for void)
  object_graph post_state;  // failures: the post-state (addresses of the copy)
  std::vector<std::pair<const void*, const void*>> copied;  // (input object, its copy)
  // Leaks: the input objects whose copies the method neither kept reachable nor deleted, and
  // the sizes of the blocks it allocated and lost.
  std::vector<const void*> leaked_inputs;
  std::vector<std::size_t> leaked_bytes;
  method_cost cost;  // what the method did, when the worker meters it (detail::count_cost)
};

// Lets white-box checking watch the method's reads of the copy (src/check/white_box.cpp).
struct run_hooks {
  void* context = nullptr;
  void (*copied)(void* context, const copy_map& now) = nullptr;  // before the method runs
  // After the oracle, before pictures and release; `now` is the post-state's root (the method
  // returned or threw).
  void (*finished)(void* context, const void* now) = nullptr;
  // Judges the post-state in place of the invariant and the postcondition (a spec's oracle,
  // checker.hpp's structure_source); false with the failed clauses in `failed`.
  bool (*judge)(void* context, const void* now, const copy_map& copied, std::span<const std::int64_t> args,
                std::string& failed) = nullptr;
  // When set, the post-state's root is stored here instead of released (API-sequence
  // exploration keeps it as the next state; release it with target_method::release_root).
  void** keep = nullptr;
  // When set, a deep copy of the input (target_method::copy_root) that the postcondition reads as
  // the pre-state, instead of a copy made for this run: a check's worker makes one per structure
  // and shares it among the structure's argument tuples (the postcondition only reads it).
  const void* old = nullptr;
};

namespace detail {
// Set by a check's worker: run_method stores 1 there once the method has returned (or thrown),
// so a crash after that is known to be in reading the post-state, not in the method.
inline thread_local std::atomic<std::uint32_t>* method_returned = nullptr;
}  // namespace detail

namespace detail {
// The root class of a postcondition `void post(verdict&, const Root& old, ...)`.
template <class P>
struct post_root;
template <class V, class R, class... A>
struct post_root<void (*)(V, const R&, A...)> {
  using type = R;
};
template <class V, class R, class... A>
struct post_root<void (*)(V, const R&, A...) noexcept> {
  using type = R;
};
template <class P>
using post_root_t = typename post_root<P>::type;
}  // namespace detail

// Tells whether an exception is one the method may throw.
using exception_filter = bool (*)(const std::exception&);

// A method under test with its argument domains and its oracle, type-erased.
struct target_method {
  std::string name;     // as on the command line
  std::string summary;  // one line
  std::vector<argument_domain> arguments;
  // The C++ names a reproducer uses.
  std::string cpp_member;   // the member function: "remove" (or the free function)
  bool free_function = false;  // called as cpp_member(root, args...)
  std::string cpp_post;     // the postcondition: "remove_post"
  std::string cpp_invariant = "rep_ok";  // the invariant judged in the post-state
  bool free_invariant = false;           // called as cpp_invariant(root)
  std::string result_type;  // "bool", "int", "void", ...
  // Exceptions the method may throw (see allow); any other exception is a failure.
  std::vector<exception_filter> allowed_exceptions;
  // Runs the method on a copy of the input at `root` with `args` (integers, or object
  // addresses as integers) and judges it; `hooks` may be null.
  std::function<method_run(const void* root, std::span<const std::int64_t> args, const run_hooks* hooks,
                           std::span<const exception_filter> allowed)>
      run;
  method_run call(const void* root, std::span<const std::int64_t> args, const run_hooks* hooks = nullptr) const {
    return run(root, args, hooks, allowed_exceptions);
  }
  // Lets the method throw E (or a class derived from it): such a run passes when the
  // invariant still holds afterwards (the postcondition, which needs a result, is not checked).
  template <class E>
  target_method& allow() {
    allowed_exceptions.push_back([](const std::exception& e) { return dynamic_cast<const E*>(&e) != nullptr; });
    return *this;
  }
  // The objects of the structure at `root` (an input), for pictures.
  std::function<object_graph(const void* root)> describe;
  // A hash of the structure at `root` up to isomorphism (heap.hpp's fingerprint), or of its
  // abstraction when the root class has one (abstraction.hpp): mutation analysis compares
  // post-states with it.
  std::uint64_t (*fingerprint)(const void* root) = nullptr;
  // For API-sequence exploration (explore.hpp): a new root in its default state (null when the
  // root class has no default constructor), the structure at `root` up to isomorphism exactly
  // (heap.hpp's canonical_form), and the release of a root that `run` kept (run_hooks::keep).
  void* (*make_empty)() = nullptr;
  std::vector<std::uint64_t> (*canonical)(const void* root) = nullptr;
  void (*release_root)(void* root) = nullptr;
  // A deep copy of the structure at `root` (heap.hpp's deep_copy), released with release_root.
  void* (*copy_root)(const void* root) = nullptr;
};

namespace detail {

template <class M>
struct method_traits;
template <class R, class C, class... A>
struct method_traits<R (C::*)(A...)> {
  using result = R;
  using root = C;
  using args = std::tuple<A...>;
  static constexpr bool member = true;
};
template <class R, class C, class... A>
struct method_traits<R (C::*)(A...) const> : method_traits<R (C::*)(A...)> {};
template <class R, class C, class... A>
struct method_traits<R (C::*)(A...) noexcept> : method_traits<R (C::*)(A...)> {};
template <class R, class C, class... A>
struct method_traits<R (C::*)(A...) const noexcept> : method_traits<R (C::*)(A...)> {};
template <class R, class C, class... A>
struct method_traits<R (C::*)(A...) &> : method_traits<R (C::*)(A...)> {};
template <class R, class C, class... A>
struct method_traits<R (C::*)(A...) & noexcept> : method_traits<R (C::*)(A...)> {};
template <class R, class C, class... A>
struct method_traits<R (C::*)(A...) const&> : method_traits<R (C::*)(A...)> {};
template <class R, class C, class... A>
struct method_traits<R (C::*)(A...) const & noexcept> : method_traits<R (C::*)(A...)> {};
// A free function over the root: a fixed sequence of calls (paper 000, Sec. 6.3).
template <class R, class C, class... A>
struct method_traits<R (*)(C&, A...)> {
  using result = R;
  using root = C;
  using args = std::tuple<A...>;
  static constexpr bool member = false;
};
template <class R, class C, class... A>
struct method_traits<R (*)(C&, A...) noexcept> : method_traits<R (*)(C&, A...)> {};

// A parameter the finitization can fill: an integer, enum or bool, or a pointer (to an object
// of a class domain), taken by value, by const reference or by rvalue reference; a non-const
// lvalue reference gets a variable of its own that the method may change.
template <class P>
concept fillable_parameter = std::is_integral_v<std::remove_cvref_t<P>> || std::is_enum_v<std::remove_cvref_t<P>> ||
                             std::is_pointer_v<std::remove_cvref_t<P>> ||
                             std::is_same_v<std::remove_cvref_t<P>, std::string>;

template <class P>
using argument_value_t = std::remove_cvref_t<P>;

template <class T>
T argument_as(std::int64_t v) {
  static_assert(fillable_parameter<T> && !std::is_reference_v<T>);
  if constexpr (std::is_pointer_v<T>)
    return reinterpret_cast<T>(static_cast<std::uintptr_t>(v));
  else if constexpr (std::is_same_v<T, std::string>)
    return *reinterpret_cast<const std::string*>(static_cast<std::uintptr_t>(v));  // argument_domain::value
  else
    return static_cast<T>(v);
}

// The arguments of one call, each held in a variable of the parameter's value type that lives
// across the call, so `const Key&` and `Key&&` parameters bind to an object, never to a
// temporary that dies before the method reads it.
template <class Args, std::size_t... I>
auto argument_values([[maybe_unused]] std::span<const std::int64_t> args, std::index_sequence<I...>) {
  return std::tuple<argument_value_t<std::tuple_element_t<I, Args>>...>{
      argument_as<argument_value_t<std::tuple_element_t<I, Args>>>(args[I])...};
}

// Calls Method on the root with the held arguments, each passed as its parameter takes it.
template <auto Method, class Root, class Values, std::size_t... I>
decltype(auto) invoke_method(Root& root, Values& values, std::index_sequence<I...>) {
  using Args = typename method_traits<decltype(Method)>::args;
  if constexpr (method_traits<decltype(Method)>::member)
    return (root.*Method)(static_cast<std::tuple_element_t<I, Args>&&>(std::get<I>(values))...);
  else
    return Method(root, static_cast<std::tuple_element_t<I, Args>&&>(std::get<I>(values))...);
}

template <class T>
inline constexpr bool is_pair_v = false;
template <class A, class B>
inline constexpr bool is_pair_v<std::pair<A, B>> = true;

// A result as text: "true", "3", "null", "(3, true)" for a pair; a value with no text (an
// iterator, a struct) is shown as its type, "(a std::_Rb_tree_iterator<int>)": it is still
// checked by the postcondition.
template <class R>
std::string result_text(const R& r) {
  if constexpr (std::is_same_v<R, bool>)
    return r ? "true" : "false";
  else if constexpr (std::is_pointer_v<R>)
    return r == nullptr ? "null" : "(object)";
  else if constexpr (std::is_enum_v<R>)
    return std::to_string(static_cast<std::underlying_type_t<R>>(r));
  else if constexpr (requires { std::to_string(r); })
    return std::to_string(r);
  else if constexpr (is_pair_v<R>)
    return "(" + result_text(r.first) + ", " + result_text(r.second) + ")";
  else
    return "(a " + demangle(typeid(R).name()) + ")";
}

template <class R>
constexpr const char* type_text() {
  if constexpr (std::is_void_v<R>) return "void";
  else if constexpr (std::is_same_v<R, bool>) return "bool";
  else if constexpr (std::is_same_v<R, int>) return "int";
  else if constexpr (std::is_same_v<R, long>) return "long";
  else return "auto";
}

// The invariant in the post-state, noting the clause it names when it fails (oracle.hpp).
template <auto RepOk, class Root>
bool judge_invariant(const Root& now, method_run& out) {
  failed_invariant_clause = {};
  const bool ok = call_on_root<RepOk>(now);
  if (!ok && !failed_invariant_clause.empty()) {
    const allocation_watch_pause pause;
    out.invariant_clause = std::string(failed_invariant_clause);
  }
  return ok;
}

// Turns what the allocation watch saw into the run's leaks: blocks allocated and not freed, and
// copies of input objects that were never freed (the harness frees what is reachable).
inline void note_leaks(const allocation_report& seen, method_run& out) {
  if (!seen.damage.empty()) {  // the memory error decides, as the crash it is on malloc would
    out.kind = outcome_kind::crash;
    out.detail = seen.damage;
    out.post_state = {};
    return;
  }
  for (const leaked_block& b : seen.leaked) {
    out.leaked_bytes.push_back(b.bytes);
    forget_leak(b.address);
  }
  for (const auto& [input, copy] : out.copied)
    if (!std::binary_search(seen.freed.begin(), seen.freed.end(), copy)) {
      out.leaked_inputs.push_back(input);
      forget_leak(copy);
    }
  if (out.kind == outcome_kind::passed && !(out.leaked_bytes.empty() && out.leaked_inputs.empty()))
    out.kind = outcome_kind::leak;
}

// Runs Method on a copy of `input` and judges it with the invariant RepOk and Post. The
// allocation watch covers the method, its oracle and the release of the post-state; the
// harness's own allocations in between are paused.
template <auto Method, auto Post, auto RepOk, std::size_t... I>
method_run run_method(const void* input, std::span<const std::int64_t> args, const run_hooks* hooks,
                      std::span<const exception_filter> allowed, std::index_sequence<I...>) {
  using traits = method_traits<decltype(Method)>;
  using Root = typename traits::root;
  using R = typename traits::result;
  using Args = typename traits::args;
  const Root& in = *static_cast<const Root*>(input);
  method_run out;
  // A post-state kept as the next state of a sequence is not a leak: no watch then.
  const bool watch = allocation_watch_active() && (hooks == nullptr || hooks->keep == nullptr);
  // The copies and what the method and its oracle allocate come from the input arena; what the
  // harness keeps (the run's text, the list of copies) is allocated under a pause.
  input_arena arena(watch);
  copy_map copied;
  // The pre-state the postcondition reads: the caller's copy when it shares one, else our own.
  Root* own_old = hooks != nullptr && hooks->old != nullptr ? nullptr : deep_copy(in);
  const Root* old = own_old != nullptr ? own_old : static_cast<const Root*>(hooks->old);
  Root* now = deep_copy(in, &copied);
  {
    const allocation_watch_pause pause;
    out.copied.reserve(copied.objects.size());
    for (const auto& [from, to] : copied.objects) out.copied.emplace_back(from, to);
    if (hooks != nullptr && hooks->copied != nullptr) hooks->copied(hooks->context, copied);
  }
  // The postcondition sees each argument as passed, even when the method changed its own copy.
  const auto arg = [&](auto index) {
    return argument_as<argument_value_t<std::tuple_element_t<decltype(index)::value, Args>>>(
        args[decltype(index)::value]);
  };
  auto values = argument_values<Args>(args, std::index_sequence<I...>{});
  verdict v;
  // The oracle: the invariant in the post-state, then the postcondition over the result (if any).
  const auto judge = [&](const auto&... result) {
    if (hooks != nullptr && hooks->judge != nullptr) {
      const allocation_watch_pause pause;
      std::string failed;
      if (!hooks->judge(hooks->context, now, copied, args, failed)) {
        out.kind = outcome_kind::postcondition;
        out.detail = std::move(failed);
      }
      return;
    }
    if (!judge_invariant<RepOk>(*now, out)) out.kind = outcome_kind::invariant;
    Post(v, *old, *now, result..., arg(std::integral_constant<std::size_t, I>{})...);
  };
  if (watch) begin_allocation_watch();
  cost_meter meter(count_cost ? &out.cost : nullptr);  // the method alone: stopped before its oracle
  // The method returned (or threw): the meter stops, and blocks freed from now on are the oracle's.
  const auto returned = [&] {
    meter.stop();
    if (method_returned != nullptr) method_returned->store(1);
    if (watch) note_method_returned();
  };
  try {
    if constexpr (std::is_void_v<R>) {
      invoke_method<Method>(*now, values, std::index_sequence<I...>{});
      returned();
      judge();
    } else {
      const std::remove_cvref_t<R> r = invoke_method<Method>(*now, values, std::index_sequence<I...>{});
      returned();
      {
        const allocation_watch_pause pause;
        out.result = result_text(r);
      }
      judge(r);
    }
    // A broken invariant is the verdict; the postcondition still names the clause it breaks.
    if (!v.passed()) {
      const allocation_watch_pause pause;
      if (out.kind == outcome_kind::passed) out.kind = outcome_kind::postcondition;
      out.detail = std::string(v.failed_clause());
    }
  } catch (const std::exception& e) {
    returned();
    const allocation_watch_pause pause;
    out.kind = outcome_kind::exception;
    out.detail = e.what();
    for (const exception_filter a : allowed)
      if (a(e)) {  // an allowed exception: the structure must still be valid
        out.result = std::string("threw ") + e.what();
        out.detail.clear();
        try {
          out.kind = judge_invariant<RepOk>(*now, out) ? outcome_kind::passed : outcome_kind::invariant;
        } catch (...) {
          out.kind = outcome_kind::exception;
          out.detail = "the invariant threw after an allowed exception";
        }
        break;
      }
  } catch (...) {
    returned();
    const allocation_watch_pause pause;
    out.kind = outcome_kind::exception;
    out.detail = "an exception not derived from std::exception";
  }
  {
    const allocation_watch_pause pause;
    if (hooks != nullptr && hooks->finished != nullptr) hooks->finished(hooks->context, now);
    if (out.kind != outcome_kind::passed && out.kind != outcome_kind::exception) out.post_state = describe(*now);
  }
  if (hooks != nullptr && hooks->keep != nullptr)
    *hooks->keep = now;
  else
    release(now);
  arena.stop();
  if (watch) note_leaks(end_allocation_watch(), out);
  if (own_old != nullptr) release(own_old);
  return out;
}

// The text of a qualified name after its last "::" ("tree::remove" -> "remove").
inline std::string unqualified(std::string_view name) {
  const auto at = name.rfind("::");
  return std::string(at == std::string_view::npos ? name : name.substr(at + 2));
}

}  // namespace detail

namespace detail {

template <class Args>
inline constexpr bool all_fillable = false;
template <class... A>
inline constexpr bool all_fillable<std::tuple<A...>> = (fillable_parameter<A> && ...);

// Every parameter of the method M (after the root, for a free function) is one the
// finitization can fill: an integer, enum, bool, pointer or std::string, by value, const reference
// or rvalue reference. Any other (a struct by value) does not compile; wrap such a method in a
// free function `R f(Root&, ...)` that takes fillable parameters.
template <auto M>
concept fillable_method = all_fillable<typename method_traits<decltype(M)>::args>;

template <auto Method, auto Post, auto RepOk>
target_method make_method_named(std::string name, std::vector<argument_domain> arguments, std::string cpp_member,
                                std::string cpp_post, std::string summary, std::string cpp_invariant) {
  using traits = method_traits<decltype(Method)>;
  using Root = typename traits::root;
  static_assert(all_fillable<typename traits::args>,
                "every parameter of a method under test must be one the finitization can fill: an integer, "
                "enum, bool, pointer or std::string, by value, const reference or rvalue reference; wrap the method in a "
                "free function `R f(Root&, ...)` taking such parameters");
  constexpr std::size_t arity = std::tuple_size_v<typename traits::args>;
  target_method m;
  m.name = std::move(name);
  m.summary = std::move(summary);
  m.arguments = std::move(arguments);
  // Members are called on the root by their own name; free functions by the name given.
  m.cpp_member = traits::member ? unqualified(cpp_member) : std::move(cpp_member);
  m.cpp_post = std::move(cpp_post);
  m.result_type = type_text<typename traits::result>();
  m.free_function = !traits::member;
  if (m.arguments.size() != arity)
    throw finitization_error("method " + m.name + ": " + std::to_string(arity) + " argument domain(s) needed, " +
                             std::to_string(m.arguments.size()) + " given");
  constexpr auto rep_ok = [] {
    if constexpr (std::is_same_v<decltype(RepOk), std::nullptr_t>) return &Root::rep_ok;
    else return RepOk;
  }();
  m.free_invariant = !std::is_member_function_pointer_v<decltype(rep_ok)>;
  if (cpp_invariant.empty())
    throw finitization_error("method " + m.name +
                             ": name the invariant it is judged by (make_method's cpp_invariant, or "
                             "SMALLSCOPE_METHOD_WITH_INVARIANT), so reproducers call the same one");
  m.cpp_invariant = m.free_invariant ? std::move(cpp_invariant) : unqualified(cpp_invariant);
  m.run = [](const void* root, std::span<const std::int64_t> args, const run_hooks* hooks,
              std::span<const exception_filter> allowed) {
    return run_method<Method, Post, rep_ok>(root, args, hooks, allowed, std::make_index_sequence<arity>{});
  };
  m.describe = [](const void* root) { return smallscope::describe(*static_cast<const Root*>(root)); };
  m.fingerprint = [](const void* root) { return smallscope::output_fingerprint(*static_cast<const Root*>(root)); };
  // The empty state: Root() or, for a class without a default constructor, Root built with its
  // SMALLSCOPE_CONSTRUCTOR_ARGS.
  if constexpr (std::is_default_constructible_v<Root> || has_constructor_args<Root>)
    m.make_empty = []() -> void* { return new_object<Root>(); };
  m.canonical = [](const void* root) { return smallscope::canonical_form(*static_cast<const Root*>(root)); };
  m.release_root = [](void* root) { smallscope::release(static_cast<Root*>(root)); };
  m.copy_root = [](const void* root) -> void* { return smallscope::deep_copy(*static_cast<const Root*>(root)); };
  return m;
}

}  // namespace detail

// The method Method of the root class (a member function, or a free function taking Root& first,
// e.g. a sequence of calls), judged by the root's rep_ok and the postcondition
// Post(verdict&, const Root& old, const Root& now, [result,] args...). `cpp_member` and
// `cpp_post` are the C++ names a reproducer calls; SMALLSCOPE_METHOD fills them in.
template <auto Method, auto Post>
  requires detail::fillable_method<Method>
target_method make_method(std::string name, std::vector<argument_domain> arguments, std::string cpp_member,
                          std::string cpp_post, std::string summary = {}) {
  return detail::make_method_named<Method, Post, nullptr>(std::move(name), std::move(arguments),
                                                          std::move(cpp_member), std::move(cpp_post),
                                                          std::move(summary), "rep_ok");
}

// The same, judged by the invariant RepOk (a member of the root class, or a free function of
// const Root&) instead of rep_ok. Its C++ name, `cpp_invariant`, is required, so reproducers
// call the same invariant: leaving it out does not compile.
template <auto Method, auto Post, auto RepOk>
  requires(!std::is_same_v<decltype(RepOk), std::nullptr_t>) && detail::fillable_method<Method>
target_method make_method(std::string name, std::vector<argument_domain> arguments, std::string cpp_member,
                          std::string cpp_post, std::string summary, std::string cpp_invariant) {
  return detail::make_method_named<Method, Post, RepOk>(std::move(name), std::move(arguments),
                                                        std::move(cpp_member), std::move(cpp_post),
                                                        std::move(summary), std::move(cpp_invariant));
}

// One member function of an overload set, by its signature:
// `smallscope::overload<bool(const int&)>(&tree::erase)`, or for a const member
// `smallscope::overload<bool(const int&) const>(&tree::contains)`. When the set holds a member
// template, C is not deduced (C++ does not deduce from such a set): name it,
// `smallscope::overload<bool(const int&), tree>(&tree::insert)` (SMALLSCOPE_METHOD_OVERLOAD does).
template <class Signature, class C>
constexpr Signature C::*overload(Signature C::*member) {
  return member;
}
// One free function of an overload set, by its signature.
template <class Signature>
constexpr Signature* overload(Signature* function) {
  return function;
}

}  // namespace smallscope

// A method under test, each name given once: SMALLSCOPE_METHOD(tree::remove, remove_post,
// smallscope::ints(1, 5)) checks tree::remove with the postcondition remove_post and the root's
// rep_ok, on one argument from 1..5; on the command line it is called "remove". The arguments
// after the postcondition are the argument domains, one per parameter (none for a method
// without parameters).
#define SMALLSCOPE_METHOD(method, post, ...)                                                          \
  ::smallscope::make_method<&method, &post>(::smallscope::detail::unqualified(#method),             \
                                            std::vector<::smallscope::argument_domain>{__VA_ARGS__}, \
                                            #method, #post)

// The same, judged by the invariant `invariant` (a member of the root class, as
// tree::rep_ok_canonical, or a free function of const Root&) instead of rep_ok.
#define SMALLSCOPE_METHOD_WITH_INVARIANT(method, post, invariant, ...)                           \
  ::smallscope::make_method<&method, &post, &invariant>(                                        \
      ::smallscope::detail::unqualified(#method),                                               \
      std::vector<::smallscope::argument_domain>{__VA_ARGS__}, #method, #post, {}, #invariant)

// One overload of an overloaded method, by its signature in parentheses:
// SMALLSCOPE_METHOD_OVERLOAD(tree::erase, (bool(const int&)), erase_post, smallscope::ints(0, 3)).
// The class is the postcondition's (its `old` parameter), so an overload set that holds member
// templates is resolved too.
#define SMALLSCOPE_DETAIL_UNPAREN(...) __VA_ARGS__
#define SMALLSCOPE_DETAIL_OVERLOAD(method, signature, post)                                                     \
  ::smallscope::overload<SMALLSCOPE_DETAIL_UNPAREN signature, ::smallscope::detail::post_root_t<decltype(&post)>>( \
      &method)
#define SMALLSCOPE_METHOD_OVERLOAD(method, signature, post, ...)                                    \
  ::smallscope::make_method<SMALLSCOPE_DETAIL_OVERLOAD(method, signature, post), &post>(            \
      ::smallscope::detail::unqualified(#method), std::vector<::smallscope::argument_domain>{__VA_ARGS__}, \
      #method, #post)

// The same, judged by the invariant `invariant` instead of rep_ok.
#define SMALLSCOPE_METHOD_OVERLOAD_WITH_INVARIANT(method, signature, post, invariant, ...)                        \
  ::smallscope::make_method<SMALLSCOPE_DETAIL_OVERLOAD(method, signature, post), &post, &invariant>(              \
      ::smallscope::detail::unqualified(#method), std::vector<::smallscope::argument_domain>{__VA_ARGS__}, #method, \
      #post, {}, #invariant)
