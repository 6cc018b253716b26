// API-sequence exploration (paper 001, Sec. 4.1 and 5.1: model checking the code as testing):
// breadth first over the states that sequences of calls reach from the empty structure, each
// state once by its canonical form. See explore.hpp.
#include "smallscope/explore.hpp"

#include <algorithm>
#include <chrono>
#include <functional>
#include <new>
#include <stdexcept>
#include <string>
#include <unordered_map>
#include <unordered_set>

#include "explore/isolated_exploration.hpp"
#include "explore/sequence_cost.hpp"
#include "smallscope/detail/cost_meter.hpp"
#include "space/byte_accounting.hpp"
#include "space/state_space.hpp"

namespace smallscope {

std::vector<api_call> api_calls(const std::vector<const target_method*>& methods) {
  std::vector<api_call> calls;
  for (const target_method* m : methods) {
    if (m->make_empty == nullptr)
      throw std::invalid_argument("method " + m->name + ": its root class has no default constructor, so there is no "
                                  "empty structure to start the sequences from; name the arguments that build it "
                                  "with SMALLSCOPE_CONSTRUCTOR_ARGS(cls, args...)");
    std::vector<std::size_t> digit(m->arguments.size(), 0);
    for (const auto& a : m->arguments) {
      if (!a.class_domain.empty())
        throw std::invalid_argument("method " + m->name + ": sequences take integer arguments (or strings); it takes objects of " +
                                    a.class_domain);
      if (a.integers.empty()) return {};
    }
    while (true) {
      api_call c;
      c.method = m;
      c.text = m->name + "(";
      for (std::size_t i = 0; i < digit.size(); ++i) {
        c.args.push_back(m->arguments[i].value(digit[i]));
        c.text += (i == 0 ? "" : ", ") + m->arguments[i].text(digit[i]);
      }
      c.text += ")";
      calls.push_back(std::move(c));
      std::size_t i = digit.size();
      while (i > 0 && ++digit[i - 1] == m->arguments[i - 1].integers.size()) digit[--i] = 0;
      if (i == 0) break;
    }
  }
  return calls;
}

namespace {

constexpr std::uint32_t no_parent = 0xffffffffu;

std::string form_key(const std::vector<std::uint64_t>& words) {
  return {reinterpret_cast<const char*>(words.data()), words.size() * sizeof(std::uint64_t)};
}

// The states found so far: each with the call that first reached it from its parent.
class state_table {
 public:
  struct state {
    std::uint32_t parent;
    std::uint32_t call;
    const std::string* form;
  };
  // The state's number, and whether it is new.
  std::pair<std::uint32_t, bool> add(std::string form, std::uint32_t parent, std::uint32_t call) {
    auto [it, inserted] = index_.emplace(std::move(form), static_cast<std::uint32_t>(states_.size()));
    if (inserted) states_.push_back({parent, call, &it->first});
    return {it->second, inserted};
  }
  bool contains(const std::string& form) const { return index_.contains(form); }
  std::size_t size() const { return states_.size(); }
  const state& operator[](std::size_t i) const { return states_[i]; }
  // The calls from the empty structure to state `id`, first first.
  std::vector<std::uint32_t> path(std::uint32_t id) const {
    std::vector<std::uint32_t> calls;
    for (std::uint32_t s = id; states_[s].parent != no_parent; s = states_[s].parent) calls.push_back(states_[s].call);
    return {calls.rbegin(), calls.rend()};
  }

 private:
  std::unordered_map<std::string, std::uint32_t> index_;
  std::vector<state> states_;
};

// Runs `call` on a copy of `root`; the post-state (owned) goes to `post`.
method_run apply(const api_call& call, const void* root, void*& post) {
  run_hooks hooks;
  hooks.keep = &post;
  post = nullptr;
  return call.method->call(root, call.args, &hooks);
}

// A new empty structure: the finitization's (empty_structure), else the root's constructed one.
void* empty_structure(const std::vector<api_call>& calls, const explore_options& o) {
  const finitization* f = o.model != nullptr ? o.model : o.against;
  if (f != nullptr && f->data().empty_structure) return f->data().empty_structure();
  return calls.front().method->make_empty();
}

// The state the calls reach from the empty structure (owned; null if a call failed).
void* replay(const std::vector<api_call>& calls, const explore_options& o, const std::vector<std::uint32_t>& path) {
  void* state = empty_structure(calls, o);
  for (const std::uint32_t c : path) {
    void* post = nullptr;
    const method_run run = apply(calls[c], state, post);
    calls[c].method->release_root(state);
    state = post;
    if (run.kind != outcome_kind::passed) {
      calls[c].method->release_root(state);
      return nullptr;
    }
  }
  return state;
}

std::vector<std::string> texts(const std::vector<api_call>& calls, const std::vector<std::uint32_t>& path) {
  std::vector<std::string> out;
  for (const std::uint32_t c : path) out.push_back(calls[c].text);
  return out;
}

// `stopped`: the stop request or the time limit; `info`: the progress to show, with the
// structures enumerated so far.
void differential(const std::vector<api_call>& calls, const state_table& states, const explore_options& o,
                  sequence_differential& d, const std::function<bool()>& stopped,
                  const std::function<void(std::uint64_t)>& tell) {
  const target_method& m = *calls.front().method;
  std::unordered_set<std::string> valid;
  // The search may run long between two valid structures: it tells and asks too.
  struct watcher : search_listener {
    const std::function<void(std::uint64_t)>& tell;
    const std::uint64_t& enumerated;
    watcher(const std::function<void(std::uint64_t)>& t, const std::uint64_t& e) : tell(t), enumerated(e) {}
    bool ended_it = false;
    void on_progress(const search_stats&) override { tell(enumerated); }
  } watch(tell, d.valid);
  search_options searching;
  searching.progress_interval = std::max(0.01, o.progress_interval);
  searching.stop = [&] { return watch.ended_it = stopped(); };
  structure_range range(*o.against, *o.invariant, searching);
  range.set_listener(&watch);
  for (const auto& s : range) {
    if ((d.valid & 1023) == 0) {
      tell(d.valid);
      if (stopped()) {
        d.complete = false;
        break;
      }
    }
    const void* root = s.space().root();
    std::string form = form_key(m.canonical(root));
    ++d.valid;
    if (states.contains(form)) {
      ++d.valid_reached;
    } else if (d.unreached_examples.size() < o.examples) {
      d.unreached_examples.push_back({m.describe(root), {}});
    }
    valid.insert(std::move(form));
  }
  if (watch.ended_it) d.complete = false;
  if (!d.complete) return;  // a reached state may be valid and not enumerated yet
  for (std::uint32_t id = 0; id < states.size(); ++id) {
    if (valid.contains(*states[id].form)) continue;
    ++d.reached_not_valid;
    if (d.not_valid_examples.size() >= o.examples) continue;
    const auto path = states.path(id);
    if (void* root = replay(calls, o, path); root != nullptr) {
      d.not_valid_examples.push_back({m.describe(root), texts(calls, path)});
      m.release_root(root);
    }
  }
}

}  // namespace

std::string canonical_key(const target_method& method, const void* root) { return form_key(method.canonical(root)); }

explore_report explore_sequences(const std::vector<api_call>& calls, const explore_options& options) {
  if (calls.empty()) throw std::invalid_argument("no calls to explore: give methods whose argument domains are not empty");
  if ((options.against == nullptr) != (options.invariant == nullptr))
    throw std::invalid_argument("the differential needs both a finitization and its invariant");
  if (!(options.timeout >= 0))  // NaN too
    throw std::invalid_argument("explore_options::timeout must be 0 (automatic) or a number of seconds above 0");
  // States are copied, matched and released by their bound fields: a member no field binds would
  // make distinct states look alike (byte_accounting.hpp).
  if (const finitization* model = options.model != nullptr ? options.model : options.against; model != nullptr)
    detail::require_every_byte_bound(model->data());
  return options.isolate ? detail::explore_isolated(calls, options) : detail::explore_in_process(calls, options);
}

explore_report detail::explore_in_process(const std::vector<api_call>& calls, const explore_options& options) {
  const explore_progress& progress = options.progress;
  const live_part* live = options.live != nullptr ? options.live : options.against != nullptr ? &options.against->live() : nullptr;
  const live_part everything;
  const live_scope in_force(live != nullptr ? *live : everything);
  const auto start = std::chrono::steady_clock::now();
  const auto seconds = [&] { return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count(); };
  const target_method& first = *calls.front().method;
  explore_report report;
  state_table states;
  // Cost: every call metered (cost_meter), its edge in the graph of states, the bounds per call.
  detail::sequence_meter meter(options);
  struct metering {
    bool saved = detail::count_cost;
    explicit metering(bool on) { detail::count_cost = on; }
    ~metering() { detail::count_cost = saved; }
  } metered(meter.active());
  const auto size_of = [](const target_method& m, const void* root) {
    return m.describe(root).cost_size();  // objects besides the root, and elements of contents
  };
  std::vector<std::pair<std::uint32_t, void*>> level, next;
  void* empty = empty_structure(calls, options);
  states.add(form_key(first.canonical(empty)), no_parent, 0);
  if (meter.active()) meter.state_added(size_of(first, empty), no_parent, 0, {});
  level.emplace_back(0, empty);
  report.states_by_depth.push_back(1);
  auto last_progress = std::chrono::steady_clock::now();
  const auto stop = [&](const char* why) {
    report.stopped = true;
    report.stopped_by = why;
  };

  void* in_flight = nullptr;  // a post-state not yet in `next`
  std::uint32_t levels_done = 0;  // every sequence of up to this many calls was run
  // Out of memory (the address-space limit or the machine's) ends the exploration like a limit:
  // the states and findings so far are the report, and the differential, which needs more, is
  // not run.
  try {
    for (std::uint32_t depth = 1; !level.empty() && !report.stopped; ++depth) {
      if (options.max_depth != 0 && depth > options.max_depth) {
        stop("the depth limit");
        break;
      }
      std::uint64_t found = 0;
      for (std::size_t i = 0; i < level.size() && !report.stopped; ++i) {
        const auto [id, root] = level[i];
        for (std::uint32_t c = 0; c < calls.size(); ++c) {
          if (states.size() >= options.max_states) {  // the empty state counts: --max-states 1 makes no call
            stop("the state limit");
            break;
          }
          if (stop_requested(options.stop)) {
            stop("an interrupt");
            break;
          }
          if (options.time_limit > 0 && seconds() > options.time_limit) {
            stop("the time limit");
            break;
          }
          const std::string& form = *states[id].form;
          if (options.skip != nullptr && options.skip->contains({form, c})) continue;
          if (options.before_call) options.before_call(states.path(id), c, form);
          void* post = nullptr;
          method_run run = apply(calls[c], root, post);
          if (options.after_call) options.after_call();
          ++report.calls;
          if (meter.active() && run.kind == outcome_kind::passed)
            for (const cost_bound& b : options.max_cost)
              if (std::string over = b.exceeded(run.cost, meter.size_of(id)); !over.empty()) {
                run.kind = outcome_kind::cost;
                run.detail = std::move(over);
                run.post_state = calls[c].method->describe(post);
                break;
              }
          if (run.kind != outcome_kind::passed) {
            if (meter.active()) meter.call_run(id, c, run.cost, detail::sequence_meter::no_state);
            std::vector<std::uint32_t> path = states.path(id);
            path.push_back(c);
            report.findings.push_back({texts(calls, path), std::move(run), depth});
            calls[c].method->release_root(post);
            continue;
          }
          in_flight = post;
          const auto [to, added] = states.add(form_key(calls[c].method->canonical(post)), id, c);
          if (meter.active()) {
            if (added) meter.state_added(size_of(*calls[c].method, post), id, c, run.cost);
            meter.call_run(id, c, run.cost, to);
          }
          if (!added) {
            in_flight = nullptr;
            calls[c].method->release_root(post);
            continue;
          }
          ++found;
          next.emplace_back(to, post);
          in_flight = nullptr;
        }
        if (progress && std::chrono::duration<double>(std::chrono::steady_clock::now() - last_progress).count() >=
                            options.progress_interval) {
          last_progress = std::chrono::steady_clock::now();
          progress({depth, states.size(), report.calls, report.findings.size(), seconds()});
        }
      }
      for (auto& [id, root] : level) first.release_root(root);
      level.clear();
      std::swap(level, next);
      if (found > 0) report.states_by_depth.push_back(found);
      if (!report.stopped) levels_done = depth;
    }
  } catch (const std::bad_alloc&) {
    if (in_flight != nullptr) first.release_root(in_flight);
    for (auto& [id, root] : next) first.release_root(root);
    std::vector<std::pair<std::uint32_t, void*>>().swap(next);
    stop(out_of_memory_reason);
  }
  for (auto& [id, root] : level) first.release_root(root);
  report.complete = !report.stopped;
  report.states = states.size();
  if (report.stopped_by != out_of_memory_reason) {
    std::vector<std::string> call_texts;
    for (const api_call& c : calls) call_texts.push_back(c.text);
    meter.finish(report, call_texts, static_cast<std::uint32_t>(report.states_by_depth.size() - 1),
                 report.complete ? detail::sequence_meter::no_state : levels_done);
  }
  if (options.against != nullptr && report.stopped_by != out_of_memory_reason) {
    // Interruptible and shown as it goes: at a large scope the valid structures do not end.
    const auto stopped = [&] {
      return stop_requested(options.stop) || (options.time_limit > 0 && seconds() > options.time_limit);
    };
    const auto tell = [&](std::uint64_t enumerated) {
      if (!progress || std::chrono::duration<double>(std::chrono::steady_clock::now() - last_progress).count() <
                           options.progress_interval)
        return;
      last_progress = std::chrono::steady_clock::now();
      explore_progress_info info{static_cast<std::uint32_t>(report.states_by_depth.size() - 1), states.size(),
                                 report.calls, report.findings.size(), seconds()};
      info.differential = std::max<std::uint64_t>(enumerated, 1);
      progress(info);
    };
    differential(calls, states, options, report.differential, stopped, tell);
    report.has_differential = true;
  }
  report.seconds = seconds();
  return report;
}

}  // namespace smallscope
