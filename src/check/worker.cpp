// The worker loop of a check. See worker.hpp.
#include "check/worker.hpp"

#include <algorithm>
#include <unordered_map>

#include "check/input_space.hpp"
#include "report/graph_printer.hpp"
#include "report/finitization_warnings.hpp"
#include "search/korat_search.hpp"

namespace smallscope::detail {

graph_labels::graph_labels(const state_space& space) : space_(space) {}

std::vector<std::string> graph_labels::label(const object_graph& graph,
                                             const std::vector<std::pair<const void*, const void*>>& copied) const {
  std::unordered_map<const void*, const void*> original;
  for (const auto& [from, to] : copied) original.emplace(to, from);
  std::unordered_map<const void*, std::uint32_t> fresh;  // type -> objects allocated so far
  std::vector<std::string> labels;
  const auto* arena = reinterpret_cast<const std::byte*>(space_.arena());
  for (const auto& o : graph.objects) {
    const void* a = o.address;
    if (auto it = original.find(a); it != original.end()) a = it->second;
    const auto* p = static_cast<const std::byte*>(a);
    std::string label;
    if (p >= arena && p < arena + space_.arena_bytes()) {
      const auto offset = static_cast<std::uint32_t>(p - arena);
      for (std::uint32_t k = 0; k < space_.objects().size(); ++k)
        if (space_.objects()[k].offset == offset) label = space_.object_label(k);
    }
    if (label.empty()) {
      // Allocated by the method: a new object of its class, which may have several domains.
      std::string cls = "object";
      for (const auto& d : space_.data().class_domains)
        if (d.type == o.type) {
          cls = d.type_name;
          break;
        }
      label = "new " + cls + "#" + std::to_string(fresh[o.type]++);
    }
    labels.push_back(std::move(label));
  }
  return labels;
}

std::string graph_labels::input_label(const void* object) const {
  const auto* arena = reinterpret_cast<const std::byte*>(space_.arena());
  const auto* p = static_cast<const std::byte*>(object);
  if (p >= arena && p < arena + space_.arena_bytes())
    for (std::uint32_t k = 0; k < space_.objects().size(); ++k)
      if (arena + space_.objects()[k].offset == p) return space_.object_label(k);
  return "an input object";
}

namespace {

// "Node#2 and Node#3 (input objects), 1 block of 24 bytes allocated by the method".
std::string leak_text(const method_run& run, const graph_labels& labels) {
  std::string out;
  for (std::size_t i = 0; i < run.leaked_inputs.size(); ++i)
    out += (i == 0 ? "" : i + 1 == run.leaked_inputs.size() ? " and " : ", ") + labels.input_label(run.leaked_inputs[i]);
  if (!out.empty()) out += run.leaked_inputs.size() == 1 ? " (an input object)" : " (input objects)";
  if (!run.leaked_bytes.empty()) {
    std::size_t bytes = 0;
    for (auto b : run.leaked_bytes) bytes += b;
    out += (out.empty() ? "" : ", ") + std::to_string(run.leaked_bytes.size()) +
           (run.leaked_bytes.size() == 1 ? " block" : " blocks") + " of " + std::to_string(bytes) +
           " bytes allocated by the method";
  }
  return out;
}

}  // namespace

counterexample failed_input(std::uint64_t input, method_run& run, const check_job& job, const state_space& space,
                            const std::uint32_t* candidate, const argument_tuples& tuples, std::uint64_t tuple,
                            const graph_labels& labels) {
  counterexample c;
  c.input = input;
  c.kind = run.kind;
  c.detail = run.kind == outcome_kind::leak ? leak_text(run, labels) : std::move(run.detail);
  c.invariant_clause = std::move(run.invariant_clause);
  c.result = std::move(run.result);
  tuples.describe(tuple, c.arguments, c.integers);
  c.candidate.assign(candidate, candidate + space.slot_count());
  c.objects = static_cast<std::uint32_t>(job.method->describe(space.root()).objects.size());
  if (!run.post_state.objects.empty())
    c.post_state = render_graph(run.post_state, labels.label(run.post_state, run.copied), job.options->format,
                                "post_state_" + std::to_string(input));
  return c;
}

input_checker::input_checker(const check_job& job, const state_space& space, worker_state& state, int fd)
    : job_(job),
      space_(space),
      state_(state),
      fd_(fd),
      tuples_(*job.method, space),
      labels_(space),
      times_(job.options->timeout),
      judging_{job.options->source, 0},
      measures_cost_(job.options->cost || !job.options->max_cost.empty()),
      spec_hooks_{&judging_, nullptr, nullptr,
                  [](void* context, const void* now, const copy_map& copied, std::span<const std::int64_t> arguments,
                     std::string& failed) {
                    const auto* j = static_cast<const judge_context*>(context);
                    return j->source->judge(j->index, now, copied, arguments, failed);
                  }} {
  detail::count_cost = measures_cost_;
}

bool input_checker::check(std::uint64_t structure, std::uint64_t first, const std::uint32_t* current,
                          std::uint64_t unit) {
  const check_options& options = *job_.options;
  const auto& selection = *job_.selection;
  const std::uint64_t per_structure = tuples_.count();
  const run_hooks* hooks = judging_.source != nullptr && judging_.source->judge ? &spec_hooks_ : nullptr;
  const std::uint64_t first_input = (structure - 1) * per_structure + 1;
  auto sel = std::lower_bound(selection.begin(), selection.end(), first_input + first);
  // The inputs' size: the structure's objects reachable besides the root.
  if (measures_cost_) size_ = job_.method->describe(space_.root()).cost_size();
  // The pre-state the postconditions read, copied once for the structure's argument tuples (the
  // method runs on a copy of its own each time); a spec's oracle reads no copy.
  struct shared_copy {
    void* root = nullptr;
    void (*release)(void*) = nullptr;
    ~shared_copy() {
      if (root != nullptr) release(root);
    }
  } old{nullptr, job_.method->release_root};
  run_hooks with_old;
  const bool share_old = hooks == nullptr && job_.method->copy_root != nullptr && job_.method->release_root != nullptr;
  for (std::uint64_t t = first; t < per_structure; ++t) {
    const std::uint64_t input = first_input + t;
    if (!selection.empty()) {
      if (sel == selection.end()) return true;
      if (*sel != input) {
        if (*sel >= first_input + per_structure) return true;
        continue;
      }
      ++sel;
    }
    tuples_.values(t, args_);
    state_.limit_ns.store(times_.limit_ns());
    state_.input.store(input);
    at_step("input");
    const std::int64_t start = steady_ns();
    state_.returned.store(0);
    detail::method_returned = &state_.returned;
    state_.started_ns.store(start);
    judging_.index = static_cast<std::size_t>(structure - 1);
    if (share_old && old.root == nullptr && per_structure - t > 1) {
      old.root = job_.method->copy_root(space_.root());
      with_old.old = old.root;
    }
    method_run run = job_.method->call(space_.root(), args_, old.root != nullptr ? &with_old : hooks);
    detail::method_returned = nullptr;
    const std::int64_t elapsed = steady_ns() - start;
    state_.started_ns.store(0);
    at_step("ran");
    times_.add(elapsed);
    std::string cost_condition;
    if (measures_cost_) {
      if (run.kind == outcome_kind::passed)
        for (const cost_bound& b : options.max_cost)
          if (std::string over = b.exceeded(run.cost, size_); !over.empty()) {
            run.kind = outcome_kind::cost;
            run.detail = std::move(over);
            cost_condition = b.condition(size_);
            break;
          }
    }
    const bool passed = run.kind == outcome_kind::passed;
    if (!passed) {
      counterexample c = failed_input(input, run, job_, space_, current, tuples_, t, labels_);
      c.cost_condition = std::move(cost_condition);
      write_failure(fd_, c, unit);
      at_step("failure sent");
    }
    ledger& d = state_.draft();
    d.next = input + 1;
    d.method_ns += elapsed;
    ++d.checked;
    ++(passed ? d.passed : d.failed);
    if (measures_cost_) state_.count_cost(d, unit, input, size_, run.cost, t, current);
    const std::uint64_t failed = d.failed;
    state_.commit();
    at_step("counted");
    if (!passed && options.stop_after != 0 && failed >= options.stop_after) return false;
  }
  return true;
}

worker_exit run_worker(const check_job& job, worker_state& state, int fd) {
  const check_options& options = *job.options;
  korat_search search(std::make_unique<state_space>(job.fin->data()), *job.invariant, options.search,
                      options.eq_class);
  const state_space& space = search.space();
  input_checker inputs(job, space, state, fd);
  const std::uint64_t per_structure = inputs.per_structure();
  const auto& selection = *job.selection;
  const structure_source* source = options.source;
  const ledger& book = state.book();
  std::uint64_t structure = book.structure;
  const std::uint32_t* current = search.candidate();

  if (structure != 0) {  // a worker died: go on with the first input its ledger does not count
    const std::uint64_t first = first_tuple_left(book, structure, per_structure);
    if (source != nullptr) {
      current = source->candidates[structure - 1].data();
      space.write_all(current);
    } else {
      search.resume_after({state.candidate(book.buffer), space.slot_count()},
                          {state.stack(book.buffer), book.stack_size}, book.explored, book.valid);
    }
    if (!inputs.check(structure, first, current)) return worker_exit::stopped;
  }

  if (source != nullptr) {
    // The structures are given: write each into the arena in turn.
    while (structure < source->candidates.size()) {
      ++structure;
      if (!selection.empty() && (structure - 1) * per_structure + 1 > selection.back()) break;
      current = source->candidates[structure - 1].data();
      space.write_all(current);
      ledger& d = state.checkpoint(structure, current, {});
      d.valid = structure;
      state.commit();
      if (!inputs.check(structure, 0, current)) return worker_exit::stopped;
    }
    state.total_inputs.store(source->candidates.size() * per_structure);
    state.finished.store(true);
    return worker_exit::finished;
  }
  while (search.next()) {
    ++structure;
    if (!selection.empty() && (structure - 1) * per_structure + 1 > selection.back()) break;
    at_step("structure");
    const auto stats = search.stats();
    ledger& d = state.checkpoint(structure, search.candidate(), search.field_stack());
    d.explored = stats.explored;
    d.valid = stats.valid;
    d.fields_read = d.fields_read || stats.fields_read;
    offer_sample(state, d, current, space.slot_count());
    state.commit();
    at_step("checkpoint");
    if (!inputs.check(structure, 0, current)) return worker_exit::stopped;
  }
  const auto stats = search.stats();
  ledger& d = state.draft();
  d.explored = stats.explored;
  d.valid = stats.valid;
  d.fields_read = d.fields_read || stats.fields_read;
  state.commit();
  state.total_inputs.store(stats.valid * per_structure);
  state.finished.store(true);
  return worker_exit::finished;
}

void offer_sample(worker_state& state, ledger& draft, const std::uint32_t* candidate, std::uint32_t slot_count) {
  if (const auto place = draft.sampler.offer(); place < sample_capacity)
    std::copy(candidate, candidate + slot_count, state.sample() + static_cast<std::size_t>(place) * slot_count);
}

}  // namespace smallscope::detail
