// `smallscope explore SUBJECT SCOPE --methods M1,M2`: every sequence of calls of the methods
// (with every tuple of their argument domains at the scope) from the empty structure, breadth
// first with state matching (paper 001, Sec. 4.1 and 5.1), the states new at each depth, the
// failed calls with their sequences, and the differential against gen's valid structures of
// the same finitization (Sec. 5.2). See include/smallscope/explore.hpp.
#include <CLI/CLI.hpp>
#include <fmt/format.h>

#include <cerrno>
#include <cstring>
#include <fstream>
#include <limits>
#include <memory>

#include <algorithm>
#include <map>
#include <optional>
#include <nlohmann/json.hpp>
#include <sstream>

#include "cli/command.hpp"
#include "cli/commands.hpp"
#include "cli/cost_output.hpp"
#include "cli/interrupt.hpp"
#include "cli/numbers.hpp"
#include "cli/output.hpp"
#include "cli/progress.hpp"
#include "cli/sequence_cost_output.hpp"
#include "cli/stats.hpp"
#include "smallscope/counterexample.hpp"
#include "smallscope/explore.hpp"
#include "smallscope/subject.hpp"

namespace smallscope::cli {
namespace {

std::vector<std::string> split_names(const std::string& text) {
  std::vector<std::string> names;
  std::stringstream in(text);
  for (std::string name; std::getline(in, name, ',');)
    if (!name.empty()) names.push_back(name);
  return names;
}

std::string calls_text(const std::vector<std::string>& calls) {
  if (calls.empty()) return "(none: the empty structure)";
  std::string out;
  for (const auto& c : calls) out += (out.empty() ? "" : "; ") + c;
  return out;
}

}  // namespace

int run_explore(const explore_request& r) {
  const subject& s = lookup(r.gen.subject);
  const std::optional<structure_format> format = picture_options(r.gen);
  const auto names = split_names(r.methods);
  if (names.empty()) throw usage_error("--methods: give the methods to call, comma-separated (e.g. --methods put,remove)");
  const auto p = parameters(s, r.gen);
  subject_instance instance = s.make(p);
  std::vector<const target_method*> methods;
  for (const auto& name : names) methods.push_back(&lookup_method(s, instance, name, "--methods"));
  std::vector<api_call> calls;
  try {
    calls = api_calls(methods);
  } catch (const std::invalid_argument& e) {
    throw usage_error(fmt::format("--methods: {}", e.what()));
  }
  if (calls.empty()) throw usage_error("--methods: a method's argument domain is empty at this scope; give a larger scope");

  const bool cost = r.cost || !r.cost_plot.empty() || !r.max_cost.empty() || !r.max_amortized_cost.empty();
  const bool show_cost = r.cost || !r.cost_plot.empty();
  if (r.sequence_length != 0 && !cost)
    throw usage_error("--sequence-length sets the sequences the cost analysis considers: give it with --cost, "
                      "--cost-plot, --max-cost or --max-amortized-cost");
  if (!r.cost_plot.empty()) {
    require_distinct_files({{"--invariant", r.gen.invariant}}, {{"--cost-plot", r.cost_plot}});
    require_writable("--cost-plot", r.cost_plot);  // checked before the run, written after it
  }
  explore_options o;
  o.cost = cost;
  o.max_cost = parse_cost_bounds("--max-cost", r.max_cost, s, p);
  o.max_amortized_cost = parse_cost_bounds("--max-amortized-cost", r.max_amortized_cost, s, p);
  o.sequence_length = static_cast<std::uint32_t>(r.sequence_length);
  o.stop = interrupt_stop();
  o.max_depth = static_cast<std::uint32_t>(r.depth);
  o.max_states = r.max_states;
  o.time_limit = r.time_limit;
  o.progress_interval = r.gen.search.progress_interval;
  o.examples = r.show;
  o.live = &instance.fin.live();  // the subject's counted arrays, differential or not
  o.model = &instance.fin;
  if (r.differential) {
    o.against = &instance.fin;
    o.invariant = &instance.invariant;
  }
  std::string method_list;
  for (const auto& n : names) method_list += (method_list.empty() ? "" : ",") + n;
  const std::string command = fmt::format("{} explore {} --fin {} --methods {}", r.gen.program, s.name, joined(p), method_list);
  if (!r.gen.quiet) {
    err("{}\n  finitization: {}\n", command, instance.fin.describe());
    if (const auto& from = instance.fin.data().empty_structure_text; !from.empty()) err("  starts from: {}\n", from);
    err("  {} calls: {}{}\n", calls.size(), calls.front().text, calls.size() > 1 ? ", ..., " + calls.back().text : "");
  }
  progress_line line(fmt::format("{} {} {}", s.name, method_list, joined(p)), !r.gen.quiet, o.progress_interval);
  if (line.enabled())
    o.progress = [&line](const explore_progress_info& i) {
      if (i.differential != 0)
        line.show(i.seconds, fmt::format("{} states; differential: {} valid structures so far", grouped(i.states),
                                         grouped(i.differential)));
      else
        line.show(i.seconds, fmt::format("depth {}: {} states, {} calls, {} failed", i.depth, grouped(i.states),
                                         grouped(i.calls), grouped(i.findings)));
    };
  o.timeout = r.timeout;
  const explore_report rep = explore_sequences(calls, o);
  const bool interrupted_now = interrupted();
  line.finish();
  const auto& findings = rep.findings;  // shortest first: crashes, hangs and failed calls
  const std::size_t shown = std::min<std::size_t>(findings.size(), r.show);
  for (std::size_t i = 0; i < shown; ++i) {
    const sequence_finding& f = findings[i];
    counterexample failed;  // what failed, worded as check words it ("postcondition clause ... fails")
    failed.kind = f.run.kind;
    failed.detail = f.run.detail;
    failed.invariant_clause = f.run.invariant_clause;
    failed.returned = f.returned;
    out("finding {} (after {} calls): {}\n  calls:      {}\n", i + 1, f.depth, failed_check_text(failed),
        calls_text(f.calls));
    if (!f.run.result.empty()) out("  result:     {}\n", f.run.result);
    if (!f.run.post_state.objects.empty())
      out("  post-state: {}\n", draw(f.run.post_state, instance.fin, *format, "post_state"));
  }
  if (findings.size() > shown) out("({} more failed calls; --show N prints more)\n", grouped(findings.size() - shown));
  std::string by_depth;
  const auto& depths = rep.states_by_depth;
  for (std::size_t d = 0; d < depths.size(); ++d) by_depth += fmt::format("{}{}: {}", d == 0 ? "" : ", ", d, grouped(depths[d]));
  if (rep.has_differential) {
    const auto& d = rep.differential;
    if (!d.complete) {
      out("differential against `gen {} --fin {}`: interrupted (or at the time limit) after {} valid structures, {} of "
          "them reached by some sequence; which reached states are valid is not known\n",
          s.name, joined(p), grouped(d.valid), grouped(d.valid_reached));
    } else {
      out("differential against `gen {} --fin {}`: {} valid structures, {} reached by some sequence, {} reached by "
          "none; {} reached states are not among them\n",
          s.name, joined(p), grouped(d.valid), grouped(d.valid_reached), grouped(d.valid - d.valid_reached),
          grouped(d.reached_not_valid));
    }
    for (std::size_t i = 0; i < d.unreached_examples.size(); ++i)
      out("  valid, reached by no sequence: {}\n",
          draw(d.unreached_examples[i].graph, instance.fin, *format, fmt::format("unreached_{}", i + 1)));
    for (std::size_t i = 0; i < d.not_valid_examples.size(); ++i)
      out("  reached, not a valid structure of the finitization: {}\n    calls: {}\n",
          draw(d.not_valid_examples[i].graph, instance.fin, *format, fmt::format("not_valid_{}", i + 1)),
          calls_text(d.not_valid_examples[i].calls));
  }
  const figures cost_figures = rep.cost.measured ? sequence_cost_figures(rep.cost) : figures();
  bool write_failed = false;  // the run goes on and reports; the exit code says so
  if (show_cost && rep.cost.measured) {
    out("{}", sequence_cost_text(cost_figures));
    if (!r.cost_plot.empty())
      write_failed = !write_file_or_report("--cost-plot", r.cost_plot,
                           sequence_cost_plot(cost_figures, fmt::format("{} {} {}: the most k calls cost", s.name,
                                                                        method_list, joined(p))));
  }
  std::optional<coverage_table> coverage;
  if (branches::instrumented()) {  // smallscope-branches: the outcomes the calls took
    coverage = branch_coverage_table(branches::taken(), r.show);
    if (r.gen.stats != "json") out("{}", coverage->text);
  }
  const std::string ending = rep.complete ? "every reachable state found"
                                          : fmt::format("stopped: {}", interrupted_now ? interrupted_note : rep.stopped_by);
  const std::string summary = fmt::format(
      "{} {} {}: {} states ({}), {} calls, {} failed in {:.3f} s; {}{}", s.name, method_list, joined(p),
      grouped(rep.states), by_depth, grouped(rep.calls), grouped(findings.size()), rep.seconds, ending,
      rep.worker_restarts > 0 ? fmt::format(", {} worker restarts", rep.worker_restarts) : "");
  if (!r.gen.stats.empty()) {
    if (!r.gen.quiet) err("{}\n", summary);
    figures j;
    j["subject"] = s.name;
    j["methods"] = names;
    j["fin"] = p;
    j["calls_per_state"] = calls.size();
    j["states"] = rep.states;
    j["states_by_depth"] = depths;
    j["calls"] = rep.calls;
    j["failed"] = findings.size();
    j["worker_restarts"] = rep.worker_restarts;
    j["complete"] = rep.complete;
    j["stopped_by"] = rep.stopped_by;
    j["interrupted"] = interrupted_now;
    j["seconds"] = rep.seconds;
    if (coverage) {
      j["branches"] = coverage->branches;
      j["covered"] = coverage->covered;
      j["functions"] = functions_json(*coverage);
    }
    if (show_cost && rep.cost.measured) j["cost"] = cost_figures;
    if (rep.has_differential) {
      const auto& d = rep.differential;
      j["differential"] = {{"valid", d.valid},
                           {"valid_reached", d.valid_reached},
                           {"valid_unreached", d.valid - d.valid_reached},
                           {"reached_not_valid", d.reached_not_valid},
                           {"complete", d.complete}};
    }
    write_out(stats_lines(r.gen.stats, j));
  } else {
    out("{}\n", summary);
  }
  flush_out();
  if (rep.stopped_by == out_of_memory_reason) {
    err("error: out of memory{} after {} states: the states and failed calls so far are above; give a smaller "
        "scope, --max-states or more memory\n",
        memory_limit_text(), grouped(rep.states));
    return exit_out_of_memory;
  }
  if (write_failed) return exit_output_error;
  return findings.empty() ? exit_done : exit_findings;
}

command_runner add_explore(CLI::App& ex, rule_table& rules, const std::string& program) {
  auto explore = std::make_shared<explore_request>();
  explore->gen.program = program;
  add_subject(ex, explore->gen);
  add_scope(ex, explore->gen, "the subject's one-argument finitization (the arguments' domains); or give --fin");
  ex.add_option("--methods", explore->methods,
                "the methods to call, comma-separated, each with every tuple of its argument domains")
      ->required()
      ->type_name("M1,M2,...");
  add_count(ex, rules, "--depth", explore->depth, 1, "stop after sequences of N calls (default: until no call reaches a new state)");
  add_count(ex, rules, "--max-states", explore->max_states, 1, "stop when N states are known (default 10000000)");
  add_time_limit(ex, rules, explore->time_limit, "stop after S seconds (default 0: none)");
  add_timeout(ex, rules, explore->timeout,
              "seconds one call may run before it is a finding: 0.001..86400 (default 0: ten times the running\n"
              "median plus one second; five seconds in an AddressSanitizer build)");
  ex.add_flag("--cost", explore->cost,
              "count what each call does (reads and writes of tracked fields, blocks allocated and freed) and\n"
              "print the worst call by size and the worst sequences: the costliest of each length and the\n"
              "most per call, found exactly over the graph of states (docs/COST.md)");
  rules["--max-cost"] = "MEASURE <= EXPRESSION: reads, writes, allocations, frees or accesses, over n and the "
                        "finitization's parameters";
  ex.add_option("--max-cost", explore->max_cost,
                "fail every call that passes but costs more than BOUND, 'MEASURE <= EXPRESSION' as check's,\n"
                "n the size of the state it is called on. Repeat it for several bounds")
      ->type_name("BOUND")
      ->allow_extra_args(false);
  rules["--max-amortized-cost"] = rules["--max-cost"];
  ex.add_option("--max-amortized-cost", explore->max_amortized_cost,
                "fail a sequence of calls from the empty structure whose total cost exceeds the sum of BOUND at\n"
                "each of its calls (n the size of the state each is called on): an amortized bound. The\n"
                "shortest such sequence is the finding")
      ->type_name("BOUND")
      ->allow_extra_args(false);
  add_count_in(ex, rules, "--sequence-length", explore->sequence_length, 1, 1'000'000,
               "the longest sequences the cost analysis considers (default: four times the depth the exploration\n"
               "reached when it found every state, else that depth; never past --depth)");
  ex.add_option("--cost-plot", explore->cost_plot, "write an SVG of the most k calls cost against k (implies --cost)")
      ->type_name("FILE.svg");
  ex.add_flag_callback("--no-differential", [explore] { explore->differential = false; },
                       "do not compare the reached states with gen's valid structures of the finitization");
  auto show = std::make_shared<std::uint64_t>(explore->show);
  add_count(ex, rules, "--show", *show, 0, "print N failed calls and N structures of each side of the differential (default 3)");
  ex.add_option("--format", explore->gen.format, "pictures of states: text or dot")->type_name("FORMAT");
  add_stats(ex, explore->gen.stats);
  add_quiet(ex, explore->gen.quiet, "no configuration line and no progress on stderr");
  add_progress_interval(ex, explore->gen.search.progress_interval);
  ex.footer(fmt::format(
      "A failed call (the invariant or the postcondition after it, an exception, a crash or a hang: the\n"
      "exploration runs in a forked worker) is printed with the calls that lead to it; its state is not\n"
      "explored further. The differential lists valid\n"
      "structures no sequence reaches (the invariant allows more than the API builds) and reached\n"
      "states that are not valid structures of the finitization.\n{}\n"
      "Example: {} explore TreeMap 4 --methods put_key,remove",
      exit_codes_text, program));
  return [explore, show, &ex] {
    note_given(ex, explore->gen);
    explore->show = static_cast<std::size_t>(std::min<std::uint64_t>(*show, 1'000'000));
    return run_explore(*explore);
  };
}

}  // namespace smallscope::cli
