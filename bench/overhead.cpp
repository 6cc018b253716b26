// The engine's overhead over the bare invariant (docs/PERFORMANCE.md): runs the search on a
// subject (the time `smallscope gen` reports), records every explored candidate, replays them on
// the same invariant compiled without tracking, and prints both medians and their ratio. A third
// replay runs the tracked invariant as the search calls it (through its function pointer, with
// the search's observer) but without searching: once the slots it reads are on the stack, every
// read takes the observer's fast path, so the tracked replay over the bare one is what tracking
// the reads costs, and the engine over the tracked replay is the search's own work.
//
// usage: overhead SUBJECT P1,P2,... [RUNS]
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <string>
#include <vector>

#include "bench/bare_subjects.hpp"
#include "search/korat_search.hpp"
#include "space/state_space.hpp"
#include "smallscope/subject.hpp"

namespace {

using smallscope::bench::candidate_trace;

double median(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  return v[v.size() / 2];
}

std::vector<std::int64_t> parse(const std::string& text) {
  std::vector<std::int64_t> out;
  std::size_t at = 0;
  while (at <= text.size()) {
    const auto comma = text.find(',', at);
    out.push_back(std::stoll(text.substr(at, comma - at)));
    if (comma == std::string::npos) break;
    at = comma + 1;
  }
  return out;
}

// Records each candidate the search evaluates, as its changes from the previous one.
candidate_trace record(const smallscope::subject& s, const std::vector<std::int64_t>& p) {
  auto instance = s.make(p);
  candidate_trace trace;
  std::vector<std::uint32_t> previous;
  const smallscope::detail::korat_search* search = nullptr;
  smallscope::predicate inner = instance.invariant;
  smallscope::predicate recording = inner;
  struct context {
    smallscope::predicate inner;
    const smallscope::detail::korat_search** search;
    candidate_trace* trace;
    std::vector<std::uint32_t>* previous;
  };
  recording.context = std::make_shared<context>(context{inner, &search, &trace, &previous});
  recording.call = [](void* c, const void* root) {
    auto& ctx = *static_cast<context*>(c);
    const auto* values = (*ctx.search)->candidate();
    const auto n = (*ctx.search)->slot_count();
    if (ctx.previous->empty()) ctx.previous->assign(n, 0xffffffffu);
    for (std::uint32_t i = 0; i < n; ++i)
      if ((*ctx.previous)[i] != values[i]) {
        ctx.trace->changes.push_back({i, values[i]});
        (*ctx.previous)[i] = values[i];
      }
    ctx.trace->changes.push_back({candidate_trace::end_of_candidate, 0});
    ++ctx.trace->candidates;
    const bool valid = ctx.inner.call(ctx.inner.context.get(), root);
    ctx.trace->valid += valid ? 1 : 0;
    return valid;
  };
  smallscope::detail::korat_search engine(std::make_unique<smallscope::detail::state_space>(instance.fin.data()),
                                          recording, smallscope::search_options{});
  search = &engine;
  while (engine.next()) {
  }
  return trace;
}

double engine_seconds(const smallscope::subject& s, const std::vector<std::int64_t>& p) {
  auto instance = s.make(p);
  smallscope::structure_range range(instance.fin, instance.invariant);
  for ([[maybe_unused]] const auto& st : range) {
  }
  return range.stats().seconds;
}

// The trace's candidates on the tracked invariant, in the arena of a search that never runs,
// with its observer installed: the reads are tracked and the small_sets get their marks as in
// the search, and once the slots the invariant reads are on the stack, every read takes the
// fast path.
double tracked_seconds(const smallscope::subject& s, const std::vector<std::int64_t>& p, const candidate_trace& trace) {
  auto instance = s.make(p);
  smallscope::detail::korat_search probe(std::make_unique<smallscope::detail::state_space>(instance.fin.data()),
                                         instance.invariant, smallscope::search_options{});
  const auto& space = probe.space();
  const void* root = space.root();
  const auto call = instance.invariant.call;
  void* const context = instance.invariant.context.get();
  double seconds = 0;
  probe.with_observer([&] {
    seconds = smallscope::bench::replay_trace(
        trace, [&](std::uint32_t slot, std::uint32_t value) { space.write(slot, value); },
        [&] { return call(context, root); });
  });
  return seconds;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 3) {
    std::fprintf(stderr, "usage: overhead SUBJECT P1,P2,... [RUNS]\n");
    return 2;
  }
  const auto* s = smallscope::find_subject(argv[1]);
  if (s == nullptr) {
    std::fprintf(stderr, "unknown subject %s\n", argv[1]);
    return 2;
  }
  const auto p = parse(argv[2]);
  const int runs = argc > 3 ? std::stoi(argv[3]) : 5;
  const candidate_trace trace = record(*s, p);
  std::vector<double> engine, tracked, bare;
  for (int r = 0; r < runs; ++r) {
    engine.push_back(engine_seconds(*s, p));
    tracked.push_back(tracked_seconds(*s, p, trace));
    bare.push_back(smallscope::bench::replay_bare(argv[1], p, trace));
  }
  const double e = median(engine), t = median(tracked), b = median(bare);
  std::printf("%s %s: %llu candidates, engine %.4f s, bare invariant %.4f s, overhead %.2fx (median of %d); "
              "tracked invariant %.4f s: tracking %.2fx, search %.2fx\n",
              argv[1], argv[2], static_cast<unsigned long long>(trace.candidates), e, b, e / b, runs, t, t / b, e / t);
  return 0;
}
