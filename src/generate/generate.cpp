// Generation at scale (paper 000, Fig. 7, on work units: threads, shards, checkpoints). See
// include/smallscope/generate.hpp.
#include "smallscope/generate.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <chrono>
#include <filesystem>
#include <optional>

#include "generate/checkpoint_file.hpp"
#include "report/finitization_warnings.hpp"
#include "search/parallel_search.hpp"
#include "space/state_space.hpp"

namespace smallscope {
namespace {

void check(const generation_options& o, unsigned threads) {
  validate(o.search);
  if (o.shard_count == 0 || o.shard_index >= o.shard_count)
    throw std::invalid_argument(fmt::format("shard_index {} of shard_count {}: give 0 <= shard_index < shard_count",
                                            o.shard_index, o.shard_count));
  if (o.units_per_shard == 0) throw std::invalid_argument("units_per_shard must be at least 1");
  if (!(o.checkpoint_every > 0)) throw std::invalid_argument("checkpoint_every must be more than 0 seconds");
  if ((o.search.eq_class || o.search.one_per_class) && !o.eq_class)
    throw std::invalid_argument("search.eq_class and search.one_per_class need an eq_class function");
  if (const char* option = order_dependent_option(o.search)) {
    const std::string ordered = std::string("search.") + option;
    if (threads > 1) throw std::invalid_argument(fmt::format("{} follows the search's order: give threads = 1", ordered));
    if (o.shard_count > 1) throw std::invalid_argument(fmt::format("{} follows the search's order: no shards", ordered));
    if (!o.checkpoint.empty())
      throw std::invalid_argument(fmt::format("{} does not go with a checkpoint (a resumed run would count it anew)", ordered));
  }
}

std::string default_identity(const finitization& fin, const generation_options& o) {
  std::string id = fin.describe();
#define SMALLSCOPE_DETAIL_ECHO(name, type, def, lo, hi, help) \
  if (std::string_view(#name) != "progress_interval") id += fmt::format(" {}={}", #name, o.search.name);
  SMALLSCOPE_SEARCH_OPTIONS(SMALLSCOPE_DETAIL_ECHO)
#undef SMALLSCOPE_DETAIL_ECHO
  if (o.shard_count > 1) id += fmt::format(" shard {}/{} units {}", o.shard_index + 1, o.shard_count, o.units_per_shard);
  return id;
}

}  // namespace

unsigned available_cores() { return detail::available_cores(); }

generation_report generate(const finitization& fin, const predicate& invariant, const generation_options& o) {
  // 0: as many threads as the search can use: one per core, or one when it follows its order.
  const unsigned threads =
      o.threads != 0 ? o.threads : order_dependent_option(o.search) != nullptr ? 1 : detail::available_cores();
  check(o, threads);
  const detail::finitization_data& data = fin.data();
  const detail::state_space space(data);
  const std::uint32_t slots = space.slot_count();
  const std::string identity = o.identity.empty() ? default_identity(fin, o) : o.identity;

  generation_report report;
  report.threads = threads;
  detail::generation_checkpoint resumed;
  report.resumed = !o.checkpoint.empty() && std::filesystem::exists(o.checkpoint);
  if (report.resumed) {
    resumed = detail::read_checkpoint(o.checkpoint, identity, space);
    report.resumed_from = resumed.snapshot.stats;
  }
  if (o.start) o.start(report.resumed ? &resumed.saved : nullptr, report.resumed ? &resumed.snapshot.stats : nullptr);

  detail::parallel_options po;
  po.threads = threads;
  po.shard_index = o.shard_index;
  po.shard_count = o.shard_count;
  po.units_per_shard = o.units_per_shard;
  if (report.resumed) {
    po.resuming = true;
    po.resume = resumed.snapshot.units;
    po.resume_stats = resumed.snapshot.stats;
    po.resume_classes = resumed.snapshot.classes;
  }
  detail::parallel_search search(data, invariant, o.search, std::move(po), o.eq_class);

  // The sample so far: the checkpoint's and every thread's (the search keeps them).
  const auto whole_sample = [&](std::vector<std::uint32_t>& sample) {
    sample = resumed.sample;
    std::uint32_t count = resumed.sample_count;
    for (const auto& t : search.samples()) {
      const std::uint32_t n = t.held();
      sample.insert(sample.end(), t.candidates.begin(), t.candidates.begin() + static_cast<std::ptrdiff_t>(n) * slots);
      count += n;
    }
    return count;
  };

  detail::parallel_hooks hooks;
  hooks.findings = o.listener;
  hooks.estimate = o.estimate;
  hooks.tick = std::min(std::chrono::milliseconds(100),
                        std::chrono::milliseconds(static_cast<std::int64_t>(o.search.progress_interval * 1000)));
  hooks.on_structure = o.on_structure;  // left empty, the threads call nothing per structure
  auto last_checkpoint = std::chrono::steady_clock::now();
  double next_progress = 0;  // on the counts' clock, as a listener that shows lines gates them
  hooks.on_tick = [&](const search_stats& now) {
    if (stop_requested(o.stop)) {
      report.stopped = true;
      return detail::tick_action::snapshot_and_stop;
    }
    if (o.listener != nullptr && now.seconds >= next_progress) {
      next_progress = now.seconds + o.search.progress_interval;
      o.listener->on_progress(now);
    }
    if (!o.checkpoint.empty() &&
        std::chrono::duration<double>(std::chrono::steady_clock::now() - last_checkpoint).count() >= o.checkpoint_every)
      return detail::tick_action::snapshot;
    return detail::tick_action::go_on;
  };
  // With every thread paused: the caller's state, then the checkpoint.
  hooks.on_snapshot = [&](const detail::search_snapshot& snap) {
    const std::optional<std::string> saved = o.save ? o.save() : std::optional<std::string>(std::string());
    if (o.checkpoint.empty() || !saved) return;
    detail::generation_checkpoint c;
    c.identity = identity;
    c.snapshot = snap;
    c.sample_count = whole_sample(c.sample);
    c.saved = *saved;
    detail::write_checkpoint(o.checkpoint, c);
    last_checkpoint = std::chrono::steady_clock::now();
  };
  report.finished = search.run(hooks);
  if (report.finished && !o.checkpoint.empty() && !o.keep_finished_checkpoint) std::filesystem::remove(o.checkpoint);

  report.stats = search.stats();
  report.steals = search.steals();
  for (const auto& t : search.samples()) report.yielded += t.sampler.seen();
  const auto& plan = search.plan();
  report.plan = {plan.depth, plan.units, plan.owned, plan.evaluations, plan.seconds};
  std::vector<std::uint32_t> sample;
  const std::uint32_t sample_count = whole_sample(sample);
  report.warnings = detail::finitization_warnings(
      data, invariant, sample, sample_count,
      {report.stats.valid, report.stats.explored, !report.stopped && !report.stats.limit_reached && o.shard_count == 1,
       report.stats.fields_read});
  return report;
}

}  // namespace smallscope
