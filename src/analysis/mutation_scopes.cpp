// Mutation analysis over a range of scopes (paper 000, Sec. 8: Table 4's kill rate per scope and
// the mutation-adequate scope; Sec. 8.5, Table 3: the R(s) samples). See mutation_analysis.hpp.
#include <algorithm>
#include <cmath>

#include "smallscope/drivers/mutation_analysis.hpp"

namespace smallscope {
namespace {

// Merges a later part's outcomes (run on the mutants still alive) into `into`.
void merge_part(mutation_report& into, const mutation_report& part, bool first) {
  if (first) {
    into = part;
    return;
  }
  into.structures += part.structures;
  into.inputs.insert(into.inputs.end(), part.inputs.begin(), part.inputs.end());
  into.mutant_runs += part.mutant_runs;
  into.skipped_runs += part.skipped_runs;
  into.original_runs += part.original_runs;
  into.original_seconds += part.original_seconds;
  into.mutant_seconds += part.mutant_seconds;
  into.generation_seconds += part.generation_seconds;
  into.seconds += part.seconds;
  into.worker_restarts += part.worker_restarts;
  into.memo_kills += part.memo_kills;
  into.reused += part.reused;
  into.interrupted = into.interrupted || part.interrupted;
  into.any_point_reached = into.any_point_reached || part.any_point_reached;
  into.warnings.insert(into.warnings.end(), part.warnings.begin(), part.warnings.end());
  for (const auto& o : part.mutants) {
    auto it = std::find_if(into.mutants.begin(), into.mutants.end(), [&](const mutant_outcome& m) { return m.id == o.id; });
    if (it == into.mutants.end()) continue;
    const std::uint64_t runs = it->runs + o.runs, killing = it->killing_inputs + o.killing_inputs;
    if (killed(o.status) && !killed(it->status)) {
      *it = o;
      ++into.killed;
    } else if ((o.status == mutant_status::survived &&
                (it->status == mutant_status::unreached || it->status == mutant_status::ill_formed)) ||
               (o.status == mutant_status::ill_formed && it->status == mutant_status::unreached)) {
      it->status = o.status;
    }
    it->runs = runs;
    it->killing_inputs = killing;
  }
}

}  // namespace

double random_samples::mean() const {
  double sum = 0;
  for (double r : rates) sum += r;
  return rates.empty() ? 0 : sum / static_cast<double>(rates.size());
}

double random_samples::spread() const {
  if (rates.size() < 2) return 0;
  const double m = mean();
  double sum = 0;
  for (double r : rates) sum += (r - m) * (r - m);
  return std::sqrt(sum / static_cast<double>(rates.size() - 1));
}

std::uint64_t scope_outcome::inputs() const {
  std::uint64_t n = 0;
  for (auto i : report.inputs) n += i;
  return n;
}

scopes_report run_mutation_scopes(
    std::int64_t first, std::int64_t last, const std::function<std::vector<scope_part>(std::int64_t scope)>& parts,
    std::span<const mutant_id> mutants, const scopes_options& options,
    const std::function<void(std::int64_t scope, bool random_sample, const mutation_progress&)>& progress) {
  if (first > last) throw std::invalid_argument("run_mutation_scopes: the first scope is after the last");
  scopes_report out;
  hang_memo own;
  mutation_options base = options.mutation;
  if (base.hangs == nullptr && options.share_hangs) base.hangs = &own;
  if (!options.share_hangs) base.hangs = nullptr;
  const auto stopped = [&] { return stop_requested(base.stop); };
  for (std::int64_t scope = first; scope <= last && !stopped(); ++scope) {
    const std::vector<scope_part> here = parts(scope);
    // The scope over every part's methods; a later part runs only the mutants still alive.
    // `sample`: per method (every part's, in order), the R(s) sizes; empty: every input.
    const auto run_scope = [&](const std::vector<std::uint64_t>& sample, std::uint64_t seed) {
      mutation_report merged;
      std::size_t at = 0;
      for (std::size_t pi = 0; pi < here.size(); ++pi) {
        std::vector<mutant_id> alive;
        for (const auto& id : mutants)
          if (pi == 0 || !std::any_of(merged.mutants.begin(), merged.mutants.end(), [&](const mutant_outcome& o) {
                return o.id == id.id && killed(o.status) && !base.all_inputs;
              }))
            alive.push_back(id);
        mutation_options o = base;
        o.seed = seed;
        if (here[pi].structures != nullptr) o.structures = here[pi].structures;
        const std::size_t count = here[pi].methods.size();
        if (!sample.empty())
          o.sample.assign(sample.begin() + static_cast<std::ptrdiff_t>(at), sample.begin() + static_cast<std::ptrdiff_t>(at + count));
        at += count;
        std::function<void(const mutation_progress&)> told;
        if (progress) told = [&, random = !sample.empty()](const mutation_progress& p) { progress(scope, random, p); };
        const mutation_report part =
            run_mutation_analysis(*here[pi].fin, *here[pi].invariant, here[pi].methods, alive, o, told);
        if (options.after_part) options.after_part(part);
        merge_part(merged, part, pi == 0);
        if (stopped()) break;
      }
      return merged;
    };
    if (options.before_scope) options.before_scope(scope);
    scope_outcome row;
    row.scope = scope;
    row.report = run_scope({}, 1);
    if (!out.scopes.empty() && scope == last && options.random != 0 && !stopped()) {
      // R(s): per method as many inputs as T(s-1) has, drawn uniformly from T(s).
      random_samples rr;
      const auto& sizes = out.scopes.back().report.inputs;
      for (auto k : sizes) rr.size += k;
      for (std::uint64_t seed = 1; seed <= options.random && !stopped(); ++seed) {
        const mutation_report sample = run_scope(sizes, seed);
        if (!sample.interrupted) rr.rates.push_back(sample.kill_rate());  // a part of a sample is no sample
      }
      row.random = rr;
    }
    if (options.after_scope) options.after_scope(scope);
    out.scopes.push_back(std::move(row));
  }
  // The mutation-adequate scope, among the scopes that ran to the end (an interrupted one's
  // counts are a part).
  out.partial = !out.scopes.empty() && out.scopes.back().report.interrupted;
  for (const auto& s : out.scopes)
    if (!s.report.interrupted) out.most_killed = std::max(out.most_killed, s.report.killed);
  for (const auto& s : out.scopes)
    if (!s.report.interrupted && s.report.killed == out.most_killed) {
      out.adequate = s.scope;
      break;
    }
  return out;
}

}  // namespace smallscope
