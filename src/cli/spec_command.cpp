// `smallscope spec FILE`: every instance of a spec's run command, one per isomorphism class,
// enumerated on SAT (paper 003, Sec. 5, phase 1), printed on request, with statistics.
#include <CLI/CLI.hpp>
#include <fmt/format.h>

#include <optional>
#include <string>

#include "cli/command.hpp"
#include "cli/commands.hpp"
#include "cli/interrupt.hpp"
#include "cli/numbers.hpp"
#include "cli/output.hpp"
#include "cli/progress.hpp"
#include "cli/stats.hpp"
#include "smallscope/spec.hpp"

namespace smallscope::cli {

int run_spec(const spec_request& r) {
  const std::optional<structure_format> format = parse_structure_format(r.format);
  if (!format) throw usage_error(fmt::format("--format must be text, jsonl or dot, got '{}'", escaped(r.format)));
  spec_instances_options o;
  o.spec_file = r.file;
  o.run = r.run;
  o.limit = r.limit;
  o.format = *format;
  o.stop = interrupt_stop();
  o.progress_interval = r.progress_interval;
  std::optional<progress_line> shown;  // made when the command is known: its name labels the line
  std::string label;
  std::string printed;
  if (r.print) {
    o.on_instance = [&](std::uint64_t, const std::string& picture) {
      printed += picture;
      if (printed.size() > (1u << 16)) {
        write_out(printed);
        printed.clear();
      }
    };
  }
  o.on_warning = [&](const std::string& warning) {
    if (shown) shown->finish();
    if (!r.quiet) err("warning: {}\n", warning);
  };
  o.progress = [&](const spec_progress& p) {
    if (!shown) return;
    if (p.translating) shown->show(p.seconds, "translating to SAT (no instance yet)");
    else shown->show(p.seconds, fmt::format("{} instances ({}/s)", grouped(p.instances),
                                            short_rate(static_cast<double>(p.instances) / p.seconds)));
  };
  o.on_command = [&](const std::string& command, const std::string& scope) {
    label = fmt::format("{} run {}", r.file, command.empty() ? "{...}" : command);
    const std::string for_scope = scope.empty() ? "" : "for " + scope;
    if (!r.quiet)
      err("{} spec {}{} ({})\n", r.program, r.file, command.empty() ? "" : " --run " + command,
          command.empty() ? "its first command, run { ... } " + for_scope : for_scope);
    shown.emplace(label, !r.quiet, r.progress_interval);
  };
  spec_instances_report report;
  try {
    report = spec_instances(o);
  } catch (const std::invalid_argument& e) {  // a --run the file does not have
    throw usage_error(r.run.empty() ? e.what() : std::string("--run: ") + e.what());
  }
  if (shown) shown->finish();
  if (report.stopped_translating) {
    if (!r.quiet) err("{}: interrupted while translating to SAT, before the first instance\n", label);
    out("{}: 0 instances (interrupted while translating to SAT)\n", label);
    flush_out();
    return exit_done;  // cli_main makes it 130
  }
  write_out(printed);
  std::string summary = fmt::format("{}: {} instances in {:.3f} s ({} instances/s; CNF {} variables, {} clauses)",
                                    label, grouped(report.instances), report.seconds,
                                    short_rate(report.seconds > 0 ? static_cast<double>(report.instances) / report.seconds : 0),
                                    grouped(report.cnf_variables), grouped(report.cnf_clauses));
  if (report.limited) summary += ", stopped at --limit";
  if (report.stopped) summary += fmt::format("; {}: the count so far", interrupted_note);
  if (!r.stats.empty() || r.print) {
    if (!r.quiet) err("{}\n", summary);
  } else {
    write_out(summary + "\n");
  }
  if (!r.stats.empty()) {
    figures j;
    j["spec"] = r.file;
    j["run"] = report.command;
    j["scope"] = report.scope.empty() ? "" : "for " + report.scope;
    j["instances"] = report.instances;
    j["primary_variables"] = report.primary_variables;
    j["gates"] = report.gates;
    j["cnf_variables"] = report.cnf_variables;
    j["cnf_clauses"] = report.cnf_clauses;
    j["translate_seconds"] = report.translate_seconds;
    j["solve_seconds"] = report.solve_seconds;
    j["check_seconds"] = report.check_seconds;
    j["seconds"] = report.seconds;
    j["limit_reached"] = report.limited;
    j["interrupted"] = report.stopped;
    j["inexact"] = report.inexact;
    write_out(stats_lines(r.stats, j));
  }
  flush_out();
  return exit_done;
}

command_runner add_spec(CLI::App& sp, rule_table& rules, const std::string& program) {
  auto spec = std::make_shared<spec_request>();
  spec->program = program;
  sp.add_option("FILE", spec->file, "the spec (.als: an Alloy subset, see docs/SPECS.md)")->required()->type_name("FILE");
  sp.add_option("--run", spec->run, "the run command's predicate (default: the file's first run command)")
      ->type_name("PRED");
  sp.add_flag("--print", spec->print, "print every instance's reached part (in --format, text by default)");
  sp.add_option("--format", spec->format, "how to print instances: text, jsonl or dot (implies --print)")
      ->type_name("FORMAT");
  add_stats(sp, spec->stats);
  add_count(sp, rules, "--limit", spec->limit, 0, "stop after N instances (default 0: all)");
  add_progress_interval(sp, spec->progress_interval);
  add_quiet(sp, spec->quiet, "no configuration line, warnings or progress on stderr");
  sp.footer(fmt::format("One instance per isomorphism class of the structure the run predicate's receiver roots (or,\n"
                        "without one, the sigs of exactly one atom: `one sig Tree`); atoms it does not reach never\n"
                        "make two instances differ. Each instance is re-checked by an evaluator independent of the\n"
                        "SAT translation.\n{}\n"
                        "Example: {} spec examples/specs/red_black_tree.als --print",
                        exit_codes_text, program));
  return [spec, &sp] {
    if (sp.count("--format") != 0) spec->print = true;
    return run_spec(*spec);
  };
}

}  // namespace smallscope::cli
