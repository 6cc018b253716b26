// White-box checking. See white_box.hpp.
#include "check/white_box.hpp"

#include <algorithm>
#include <memory>

#include "check/input_space.hpp"
#include "search/korat_search.hpp"

namespace smallscope::detail {
namespace {

// The predicate of one white-box search and what it needs between calls.
struct white_box_call {
  const check_job* job = nullptr;
  const state_space* space = nullptr;
  korat_search* search = nullptr;
  worker_state* state = nullptr;
  std::uint64_t tuple = 0;
  std::vector<std::int64_t> args;
  access_observer* observer = nullptr;  // the search's
  std::vector<mirror_range> ranges;
  method_run last;  // the last run: a finding when the search yields its candidate
  time_limit* times = nullptr;
};

// After the copies: map each copied object and array storage to its original's arena offset.
void begin_watching(void* context, const copy_map& copied) {
  auto& w = *static_cast<white_box_call*>(context);
  const auto* arena = reinterpret_cast<const std::byte*>(w.space->arena());
  const auto& objects = w.space->objects();
  w.ranges.clear();
  for (const auto& [from, to] : copied.objects) {
    const auto offset = static_cast<std::uint32_t>(static_cast<const std::byte*>(from) - arena);
    const auto it = std::lower_bound(objects.begin(), objects.end(), offset,
                                     [](const object_info& o, std::uint32_t off) { return o.offset < off; });
    if (it == objects.end() || it->offset != offset) continue;  // not an arena object
    const auto size = w.space->data().class_domains[it->class_domain].size;
    const auto start = reinterpret_cast<std::uintptr_t>(to);
    w.ranges.push_back({start, start + size, offset});
  }
  for (const auto& a : copied.arrays) {
    const auto start = reinterpret_cast<std::uintptr_t>(a.to);
    w.ranges.push_back({start, start + a.bytes,
                        static_cast<std::uintptr_t>(static_cast<const std::byte*>(a.from) - arena)});
  }
  std::sort(w.ranges.begin(), w.ranges.end(),
            [](const mirror_range& a, const mirror_range& b) { return a.start < b.start; });
  current_observer = w.observer;
  w.observer->begin_mirror(w.ranges.data(), w.ranges.size());
}

void end_watching(void* context, const void* /*now*/) {
  auto& w = *static_cast<white_box_call*>(context);
  w.observer->end_mirror();
  current_observer = &inactive_observer;
}

// The invariant, then (where it holds) the method on a watched copy: true when it fails.
bool fails(void* context, const void* root) {
  auto& w = *static_cast<white_box_call*>(context);
  const predicate& invariant = *w.job->invariant;
  if (!invariant.call(invariant.context.get(), root)) return false;
  // The checkpoint: should the method crash or hang, this candidate is a finding and a new
  // worker resumes the search after it.
  worker_state& st = *w.state;
  const auto stats = w.search->stats();
  ledger& d = st.checkpoint(1, w.search->candidate(), w.search->field_stack());
  d.explored = stats.explored + 1;
  d.valid = stats.valid + 1;
  d.tuple = w.tuple;
  st.commit();
  at_step("white-box checkpoint");
  st.input.store(st.book().failed + 1);
  st.limit_ns.store(w.times->limit_ns());
  const std::int64_t start = steady_ns();
  st.returned.store(0);
  method_returned = &st.returned;
  st.started_ns.store(start);

  w.observer = current_observer;
  current_observer = &inactive_observer;  // the copies are not reads of the candidate
  const run_hooks hooks{&w, &begin_watching, &end_watching};
  w.last = w.job->method->call(root, w.args, &hooks);
  method_returned = nullptr;
  current_observer = w.observer;

  const std::int64_t elapsed = steady_ns() - start;
  st.started_ns.store(0);
  at_step("white-box ran");
  w.times->add(elapsed);
  ledger& counted = st.draft();
  counted.method_ns += elapsed;
  ++counted.checked;
  if (w.last.kind == outcome_kind::passed) ++counted.passed;
  st.commit();
  at_step("white-box counted");
  return w.last.kind != outcome_kind::passed;
}

}  // namespace

worker_exit run_white_box_worker(const check_job& job, worker_state& state, int fd) {
  const check_options& options = *job.options;
  const state_space labels_space(job.fin->data());
  const argument_tuples tuples(*job.method, labels_space);
  // A checkpoint within the tuple being searched (after a crash), or that tuple from its start.
  const bool resuming = state.book().structure != 0;
  const std::uint64_t first_tuple = state.book().tuple;
  time_limit times(options.timeout);
  for (std::uint64_t t = first_tuple; t < tuples.count(); ++t) {
    auto call = std::make_shared<white_box_call>();
    predicate p;
    p.context = call;
    p.call = &fails;
    p.root_type = job.invariant->root_type;
    korat_search search(std::make_unique<state_space>(job.fin->data()), p, options.search);
    const state_space& space = search.space();
    const argument_tuples own(*job.method, space);  // object arguments live in this space
    call->job = &job;
    call->space = &space;
    call->search = &search;
    call->state = &state;
    call->tuple = t;
    call->times = &times;
    own.values(t, call->args);
    if (!resuming || t != first_tuple) {
      ledger& start = state.draft();
      start.tuple = t;
      start.structure = 0;
      start.begin_tuple();
      state.commit();
      at_step("white-box tuple");
    }
    if (resuming && t == first_tuple) {
      const ledger& book = state.book();
      search.resume_after({state.candidate(book.buffer), space.slot_count()},
                          {state.stack(book.buffer), book.stack_size}, book.explored, book.valid);
    }
    const graph_labels labels(space);
    while (search.next()) {
      const std::uint64_t failed = state.book().failed + 1;
      write_failure(fd, failed_input(failed, call->last, job, search.space(), search.candidate(), own, t, labels));
      at_step("white-box failure sent");
      ledger& d = state.draft();
      d.failed = failed;
      state.commit();
      if (options.stop_after != 0 && failed >= options.stop_after) return worker_exit::stopped;
    }
    ledger& d = state.draft();
    d.searched += search.stats().explored;
    state.commit();
  }
  ledger& d = state.draft();
  d.explored = d.searched;
  d.valid = d.failed;
  state.commit();
  state.finished.store(true);
  return worker_exit::finished;
}

}  // namespace smallscope::detail
