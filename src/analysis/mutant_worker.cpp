// The worker loop of mutation analysis (paper 000, Sec. 7.2). See mutant_worker.hpp.
#include "analysis/mutant_worker.hpp"

#include <sys/resource.h>

#include <algorithm>
#include <cstdio>
#include <cstring>
#include <memory>
#include <optional>

#include "analysis/kill_criteria.hpp"
#include "check/input_space.hpp"
#include "isolate/child.hpp"
#include "isolate/shared_memory.hpp"
#include "isolate/time_limit.hpp"
#include "smallscope/rewritten/mutation.hpp"
#include "space/state_space.hpp"

namespace smallscope::detail {

void record_kill(mutant_slot& slot, mutant_status status, std::uint32_t method, std::uint64_t input,
                 std::string_view detail) {
  slot.killing_inputs.fetch_add(1);
  if (slot.claimed.exchange(1) != 0) return;
  slot.method.store(method);
  slot.input.store(input);
  const std::size_t n = std::min(detail.size(), sizeof slot.detail - 1);
  std::memcpy(slot.detail, detail.data(), n);
  slot.detail[n] = '\0';
  slot.status.store(static_cast<std::uint8_t>(status));
}

namespace {

std::uint64_t mixed(std::uint64_t hash, std::uint64_t v) {
  hash ^= v + 0x9e3779b97f4a7c15ull + (hash << 12) + (hash >> 4);
  return hash * 0xff51afd7ed558ccdull;
}

}  // namespace

std::uint64_t input_key(const target_method& method, const void* root, std::span<const std::int64_t> args,
                        std::uint64_t inputs_hash, std::uint64_t input) {
  std::uint64_t h = 0x6a09e667f3bcc909ull;
  for (const char c : method.name) h = mixed(h, static_cast<unsigned char>(c));
  const bool objects = std::any_of(method.arguments.begin(), method.arguments.end(),
                                   [](const argument_domain& d) { return !d.class_domain.empty(); });
  if (objects || method.canonical == nullptr) return mixed(mixed(h, inputs_hash), input);
  for (const std::uint64_t w : method.canonical(root)) h = mixed(h, w);
  h = mixed(h, args.size());
  for (const std::int64_t a : args) h = mixed(h, static_cast<std::uint64_t>(a));
  return h;
}

namespace {

// Caps the worker's address space at what it uses now plus `mb` (not under AddressSanitizer,
// whose shadow memory is address space too).
void limit_memory(std::uint64_t mb) {
#if defined(__SANITIZE_ADDRESS__)
  (void)mb;
#else
  if (mb == 0) return;
  std::uint64_t pages = 0;
  if (std::FILE* f = std::fopen("/proc/self/statm", "r")) {
    if (std::fscanf(f, "%lu", &pages) != 1) pages = 0;
    std::fclose(f);
  }
  const rlim_t bytes = static_cast<rlim_t>(pages) * 4096 + static_cast<rlim_t>(mb) * 1024 * 1024;
  const rlimit r{bytes, bytes};
  ::setrlimit(RLIMIT_AS, &r);
#endif
}

// The window of a run that is the code under test's: from the copies of the input (made by the
// harness) to the end of the oracle. The mutant is active and reached points are recorded only
// there: a mutant in code only the harness runs (a destructor called by the release, a
// constructor called by a copy) is not reached by the method, so it is neither run nor killed.
// At the window's end, the post-state's fingerprint while the run's copy still exists.
struct window_hook {
  const target_method* method = nullptr;
  int active = 0;           // the mutant's id in mutation::active, 0 for the original
  int reach_size = 0;       // mutation::reach_size while recording, 0 when not
  std::uint64_t value = 0;  // the fingerprint
};

void open_window(void* context, const copy_map&) {
  const auto& h = *static_cast<window_hook*>(context);
  mutation::active = h.active;
  mutation::reach_size = h.reach_size;
}

void close_window(void* context, const void* now) {
  auto& h = *static_cast<window_hook*>(context);
  mutation::active = 0;
  mutation::reach_size = 0;
  h.value = h.method->fingerprint(now);
}

class worker {
 public:
  worker(const analysis_job& job, analysis_shared& shared, unsigned w)
      : job_(job), shared_(shared), slot_(shared.workers[w]), space_(job.fin->data()) {
    for (const target_method* m : job.methods) tuples_.emplace_back(*m, space_);
    std::uint32_t largest = 0;
    for (const mutant_id& m : job.mutants) largest = std::max({largest, m.id, m.point});
    base_ = job.options->id_base;
    reach_.assign(base_ + largest + 1, 0);
  }

  void run() {
    const std::uint64_t chunks = (job_.structures + job_.chunk_size - 1) / job_.chunk_size;
    bool resume = slot_.resume.load();
    while (true) {
      std::uint64_t chunk = 0;
      if (resume || slot_.busy.load()) {
        chunk = slot_.chunk.load();
      } else {
        chunk = shared_.next_chunk.fetch_add(1);
        if (chunk >= chunks) return;
        slot_.chunk.store(chunk);
        slot_.structure.store(chunk * job_.chunk_size);
        slot_.busy.store(true);
      }
      const std::uint64_t end = std::min(job_.structures, (chunk + 1) * job_.chunk_size);
      for (std::uint64_t s = slot_.structure.load(); s < end; ++s) {
        slot_.structure.store(s);
        space_.write_all(job_.candidates.data() + s * job_.slot_count);
        for (std::uint32_t mi = resume ? slot_.method.load() : 0; mi < job_.methods.size(); ++mi) {
          const std::uint64_t per = tuples_[mi].count();
          for (std::uint64_t t = resume ? slot_.tuple.load() : 0; t < per; ++t) {
            const std::uint64_t input = s * per + t + 1;
            std::uint32_t after = 0;  // run the mutants with ids above this one
            bool again = false;       // the original ran here in the last worker, through
            if (resume) {
              resume = false;
              after = slot_.mutant.load();
              again = after != 0;
              if (after != 0 && slot_.verify.load() == after) --after;  // run it again, first
              // The original died here twice: no mutant is judged on this input.
              if (after == 0 && slot_.original_deaths.load() >= 2) {
                slot_.original_deaths.store(0);
                continue;
              }
            }
            if (!selected(mi, input)) continue;
            slot_.method.store(mi);
            slot_.tuple.store(t);
            run_input(mi, t, input, after, again);
          }
        }
        slot_.structures_done.fetch_add(1);
      }
      slot_.busy.store(false);
      resume = false;
    }
  }

 private:
  bool selected(std::uint32_t mi, std::uint64_t input) const {
    if (job_.samples == nullptr || (*job_.samples)[mi].empty()) return true;
    const auto& s = (*job_.samples)[mi];
    return std::binary_search(s.begin(), s.end(), input);
  }

  // One run of method `mi` on the structure in the arena with tuple `t`, as mutant `id`.
  run_output call(std::uint32_t mi, std::uint32_t id, std::int64_t limit_ns, std::int64_t& elapsed) {
    const target_method& method = *job_.methods[mi];
    window_hook hook{&method, id == 0 ? 0 : static_cast<int>(base_ + id), id == 0 ? static_cast<int>(reach_.size()) : 0, 0};
    const run_hooks hooks{&hook, &open_window, &close_window, nullptr};
    slot_.mutant.store(id);
    slot_.limit_ns.store(limit_ns);
    const std::int64_t start = steady_ns();
    slot_.started_ns.store(start);
    method_run r = method.call(space_.root(), args_, &hooks);
    elapsed = steady_ns() - start;
    slot_.started_ns.store(0);
    mutation::active = 0;  // a method that threw past the window's end
    mutation::reach_size = 0;
    std::string detail = std::move(r.detail);
    if (r.kind == outcome_kind::invariant) detail = std::move(r.invariant_clause);  // not the postcondition's
    if (r.kind == outcome_kind::leak)
      detail = std::to_string(r.leaked_inputs.size()) + " input objects and " + std::to_string(r.leaked_bytes.size()) +
               " blocks it allocated are neither reachable nor freed";
    return {r.kind, std::move(r.result), std::move(detail), hook.value};
  }

  // `again`: a new worker runs the original again on the input where the last one died (its
  // failure, if it fails, was counted by the first run).
  void run_input(std::uint32_t mi, std::uint64_t t, std::uint64_t input, std::uint32_t after, bool again) {
    tuples_[mi].values(t, args_);
    std::fill(reach_.begin(), reach_.end(), 0);
    mutation::reach = reach_.data();
    std::int64_t original_ns = 0;
    const run_output original = call(mi, 0, job_.original_limit_ns, original_ns);
    if (!shared_.any_reached.load(std::memory_order_relaxed) &&
        std::find(reach_.begin() + base_, reach_.end(), 1) != reach_.end())
      shared_.any_reached.store(true);
    slot_.original_deaths.store(0);
    slot_.original_runs.fetch_add(1);
    slot_.original_ns.fetch_add(original_ns);
    if (!again && original.kind != outcome_kind::passed && slot_.original_failures.fetch_add(1) == 0) {
      slot_.first_failure_method.store(mi);
      slot_.first_failure_input.store(input);
    }
    const std::int64_t limit = 10 * original_ns + job_.floor_ns;
    // The memo's name of this input, once a reached mutant asks for it.
    std::optional<std::uint64_t> key;
    const bool memo = job_.hangs != nullptr && !job_.hangs->empty();
    for (std::size_t k = 0; k < job_.mutants.size(); ++k) {
      const mutant_id& m = job_.mutants[k];
      if (m.id <= after) continue;
      mutant_slot& ms = shared_.mutants[k];
      if (ms.reused.load()) continue;
      if (reach_[base_ + m.point] == 0) {
        slot_.skipped_runs.fetch_add(1);
        continue;
      }
      if (!job_.options->all_inputs && killed(static_cast<mutant_status>(ms.status.load()))) continue;
      if (memo && job_.hangs->knows(m.id)) {
        if (!key) key = input_key(*job_.methods[mi], space_.root(), args_, job_.inputs_hash, input);
        const hang_memo::verdict known = job_.hangs->find(m.id, *key);
        if (known != hang_memo::verdict::none) {
          slot_.memo_kills.fetch_add(1);
          if (known == hang_memo::verdict::hangs)
            record_kill(ms, mutant_status::timeout, mi, input, "ran over its limit on this input before (hang memo)");
          else
            record_kill(ms, mutant_status::crash, mi, input, "crashed on this input before (hang memo)");
          continue;
        }
      }
      std::int64_t elapsed = 0;
      mutation::alternative_applied = mutation::alternative_skipped = false;
      const run_output mutant = call(mi, m.id, limit, elapsed);
      if (slot_.verify.load() == m.id) slot_.verify.store(0);  // it ran through in a fresh process
      slot_.mutant_runs.fetch_add(1);
      slot_.mutant_ns.fetch_add(elapsed);
      // Its alternative was not well-formed for the types met here: the run was the original's.
      if (mutation::alternative_skipped && !mutation::alternative_applied) {
        std::uint8_t unreached = static_cast<std::uint8_t>(mutant_status::unreached);
        ms.status.compare_exchange_strong(unreached, static_cast<std::uint8_t>(mutant_status::ill_formed));
        continue;
      }
      for (const mutant_status before : {mutant_status::unreached, mutant_status::ill_formed}) {
        std::uint8_t was = static_cast<std::uint8_t>(before);
        ms.status.compare_exchange_strong(was, static_cast<std::uint8_t>(mutant_status::survived));
      }
      ms.runs.fetch_add(1);
      const kill_verdict v = judge_mutant(original, mutant);
      if (v.status != mutant_status::survived) record_kill(ms, v.status, mi, input, v.detail);
    }
  }

  const analysis_job& job_;
  analysis_shared& shared_;
  worker_slot& slot_;
  state_space space_;
  std::vector<argument_tuples> tuples_;
  std::vector<unsigned char> reach_;
  std::uint32_t base_ = 0;  // options.id_base
  std::vector<std::int64_t> args_;
};

}  // namespace

int run_mutant_worker(const analysis_job& job, analysis_shared& shared, unsigned w) {
  limit_memory(job.options->memory_limit_mb);
  worker(job, shared, w).run();
  return 0;
}

}  // namespace smallscope::detail
