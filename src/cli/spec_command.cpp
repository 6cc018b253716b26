// `smallscope spec FILE`: every instance of a spec's run command, one per isomorphism class,
// enumerated on SAT (paper 003, Sec. 5, phase 1), printed on request, with statistics.
#include <CLI/CLI.hpp>
#include <fmt/format.h>

#include <limits>
#include <memory>

#include <atomic>
#include <chrono>
#include <thread>
#include <nlohmann/json.hpp>

#include "cli/command.hpp"
#include "cli/commands.hpp"
#include "cli/interrupt.hpp"
#include "cli/numbers.hpp"
#include "cli/output.hpp"
#include "cli/progress.hpp"
#include "cli/stats.hpp"
#include "sat/enumerator.hpp"
#include "spec/instance_printer.hpp"
#include "spec/load.hpp"

namespace smallscope::cli {

namespace {

// "for ..." as the command has it, or "" without a scope.
std::string for_clause(const spec::command_decl& cmd) {
  const std::string scope = spec::scope_text(cmd);
  return scope.empty() ? "" : "for " + scope;
}

// The command's translation to SAT. A large scope translates for seconds before the first instance
// (`sig Node { next: lone Node }` for 1000: 13 s, 13.5 million clauses), so the progress line says
// so meanwhile, from a thread of its own.
std::unique_ptr<sat::enumerator> translate(const spec::module& m, std::uint32_t command, progress_line& line,
                                           std::chrono::steady_clock::time_point start) {
  std::atomic<bool> done{false};
  std::thread ticker;
  if (line.enabled()) {
    ticker = std::thread([&] {
      while (!done.load()) {
        std::this_thread::sleep_for(std::chrono::milliseconds(50));
        line.show(std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count(),
                  "translating to SAT (no instance yet)");
      }
    });
  }
  const auto stop_ticker = [&] {
    done.store(true);
    if (ticker.joinable()) ticker.join();
    line.finish();  // the warnings come next
  };
  try {
    auto made = std::make_unique<sat::enumerator>(m, command, interrupt_stop());
    stop_ticker();
    return made;
  } catch (...) {
    stop_ticker();
    throw;
  }
}

}  // namespace

int run_spec(const spec_request& r) {
  spec::instance_format format = spec::instance_format::text;
  if (r.format == "jsonl") format = spec::instance_format::jsonl;
  else if (r.format == "dot") format = spec::instance_format::dot;
  else if (r.format != "text") throw usage_error(fmt::format("--format must be text, jsonl or dot, got '{}'", escaped(r.format)));
  const spec::module m = spec::load_file(r.file);
  std::uint32_t command = 0;
  try {
    command = spec::find_run_command(m, r.run);
  } catch (const std::invalid_argument& e) {
    throw usage_error(r.run.empty() ? e.what() : std::string("--run: ") + e.what());
  }
  const auto& cmd = m.commands[command];
  const std::string label = fmt::format("{} run {}", r.file, cmd.name.empty() ? "{...}" : cmd.name);
  if (!r.quiet)
    err("{} spec {}{} ({})\n", r.program, r.file, cmd.name.empty() ? "" : " --run " + cmd.name,
        cmd.name.empty() ? "its first command, run { ... } " + for_clause(cmd) : for_clause(cmd));
  const auto start = std::chrono::steady_clock::now();
  progress_line line(label, !r.quiet, r.progress_interval);
  std::unique_ptr<sat::enumerator> made;
  try {
    made = translate(m, command, line, start);
  } catch (const sat::translation_stopped&) {  // SIGINT while translating: no instance yet
    if (!r.quiet) err("{}: interrupted while translating to SAT, before the first instance\n", label);
    out("{}: 0 instances (interrupted while translating to SAT)\n", label);
    flush_out();
    return exit_done;  // cli_main makes it 130
  }
  sat::enumerator& e = *made;
  e.set_stop(interrupt_stop());
  if (!r.quiet) {
    for (const auto& warning : e.inexact()) err("warning: {}\n", warning);
  }
  spec::instance whole;
  std::vector<std::uint32_t> reached;
  std::string out;
  bool stopped = false, limited = false;
  while (true) {
    if (interrupted()) {
      stopped = true;
      break;
    }
    if (r.limit != 0 && e.stats().instances >= r.limit) {
      limited = true;
      break;
    }
    if (!e.next(whole, reached)) {
      stopped = e.interrupted();
      break;
    }
    if (r.print) {
      std::vector<std::uint32_t> shown = reached;
      if (e.bound().root_sig < 0) {
        shown.clear();
        for (std::uint32_t a = 0; a < e.atoms().size(); ++a) {
          if (!e.atoms().is_int(a) && std::find(reached.begin(), reached.end(), a) != reached.end()) shown.push_back(a);
        }
      }
      std::erase_if(shown, [&](std::uint32_t a) { return e.atoms().is_int(a); });
      spec::print_instance(out, m, whole, shown, e.stats().instances, format);
      if (out.size() > (1u << 16)) {
        write_out(out);
        out.clear();
      }
    }
    if (line.enabled()) {
      const double secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
      line.show(secs, fmt::format("{} instances ({}/s)", grouped(e.stats().instances),
                                  short_rate(static_cast<double>(e.stats().instances) / secs)));
    }
  }
  line.finish();
  write_out(out);
  const auto& st = e.stats();
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  std::string summary = fmt::format("{}: {} instances in {:.3f} s ({} instances/s; CNF {} variables, {} clauses)",
                                    label, grouped(st.instances), seconds,
                                    short_rate(seconds > 0 ? static_cast<double>(st.instances) / seconds : 0),
                                    grouped(st.cnf_variables), grouped(st.cnf_clauses));
  if (limited) summary += ", stopped at --limit";
  if (stopped) summary += fmt::format("; {}: the count so far", interrupted_note);
  if (!r.stats.empty() || r.print) {
    if (!r.quiet) err("{}\n", summary);
  } else {
    write_out(summary + "\n");
  }
  if (!r.stats.empty()) {
    figures j;
    j["spec"] = r.file;
    j["run"] = cmd.name;
    j["scope"] = for_clause(cmd);
    j["instances"] = st.instances;
    j["primary_variables"] = st.primary_variables;
    j["gates"] = st.gates;
    j["cnf_variables"] = st.cnf_variables;
    j["cnf_clauses"] = st.cnf_clauses;
    j["translate_seconds"] = st.translate_seconds;
    j["solve_seconds"] = st.solve_seconds;
    j["check_seconds"] = st.check_seconds;
    j["seconds"] = seconds;
    j["limit_reached"] = limited;
    j["interrupted"] = stopped;
    j["inexact"] = e.inexact();
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
