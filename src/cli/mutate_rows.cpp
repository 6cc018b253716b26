// The rows of `smallscope mutate`'s table. See mutate_rows.hpp.
#include "cli/mutate_rows.hpp"

#include <fmt/format.h>

#include <algorithm>

namespace smallscope::cli {

std::uint64_t count_status(const mutation_report& r, mutant_status s) {
  return static_cast<std::uint64_t>(
      std::count_if(r.mutants.begin(), r.mutants.end(), [s](const mutant_outcome& o) { return o.status == s; }));
}

double truncated(double percent) { return std::floor(percent * 100 + 1e-9) / 100; }

std::string where(const mutate::mutant& m) { return fmt::format("{}:{}:{}", m.file, m.line, m.column); }

figures row_json(const scope_row& row) {
  const mutation_report& r = row.report;
  figures j = {{"scope", row.scope},
                      {"structures", r.structures},
                      {"inputs", row.inputs()},
                      {"killed", r.killed},
                      {"mutants", r.mutants.size()},
                      {"kill_rate", truncated(r.kill_rate())},
                      {"survived", count_status(r, mutant_status::survived)},
                      {"unreached", count_status(r, mutant_status::unreached)},
                      {"ill_formed", count_status(r, mutant_status::ill_formed)},
                      {"mutant_runs", r.mutant_runs},
                      {"skipped_runs", r.skipped_runs},
                      {"original_runs", r.original_runs},
                      {"original_seconds", r.original_seconds},
                      {"mutant_seconds", r.mutant_seconds},
                      {"generation_seconds", r.generation_seconds},
                      {"seconds", r.seconds},
                      {"worker_restarts", r.worker_restarts},
                      {"memo_kills", r.memo_kills},
                      {"reused", r.reused}};
  figures by;
  for (const mutant_status s : {mutant_status::invariant, mutant_status::postcondition, mutant_status::output,
                                mutant_status::exception, mutant_status::timeout, mutant_status::memory,
                                mutant_status::crash, mutant_status::leak})
    by[mutant_status_name(s)] = count_status(r, s);
  j["killed_by"] = by;
  if (r.interrupted) j["partial"] = true;
  if (row.random)
    j["random"] = {{"samples", row.random->rates.size()},
                   {"size", row.random->size},
                   {"kill_rates", row.random->rates},
                   {"mean", row.random->mean()},
                   {"spread", row.random->spread()}};
  if (!r.warnings.empty()) j["warnings"] = r.warnings;
  if (row.coverage)
    j["coverage"] = {{"code_statements", row.coverage->code_statements},
                     {"code_branches", row.coverage->code_branches},
                     {"spec_statements", row.coverage->spec_statements},
                     {"spec_branches", row.coverage->spec_branches},
                     {"code_lines", row.coverage->code_lines},
                     {"code_branch_count", row.coverage->code_branch_count},
                     {"spec_lines", row.coverage->spec_lines},
                     {"spec_branch_count", row.coverage->spec_branch_count}};
  return j;
}

mutate::report_status report_status_of(const mutant_outcome& o) {
  switch (o.status) {
    case mutant_status::survived: return {"Survived", {}};
    case mutant_status::unreached: return {"NoCoverage", "no input reaches it"};
    case mutant_status::ill_formed:
      return {"CompileError", "not well-formed for the types its point met in the template's instantiations: never ran"};
    case mutant_status::timeout: return {"Timeout", fmt::format("{} input {}: {}", o.method, o.input, o.detail)};
    case mutant_status::crash:
    case mutant_status::memory: return {"RuntimeError", fmt::format("{} input {}: {}", o.method, o.input, o.detail)};
    default: return {"Killed", fmt::format("{} input {}: {}: {}", o.method, o.input, mutant_status_name(o.status), o.detail)};
  }
}

std::string coverage_columns(const coverage_figures& c) {
  const auto percent = [](double value, std::uint64_t whole) {
    return whole == 0 ? std::string("     -") : fmt::format("{:6.2f}", value);
  };
  return fmt::format("{}/{}  {}/{}", percent(c.code_statements, c.code_lines), percent(c.code_branches, c.code_branch_count),
                     percent(c.spec_statements, c.spec_lines), percent(c.spec_branches, c.spec_branch_count));
}

}  // namespace smallscope::cli
