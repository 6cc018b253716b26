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
#include "cli/explore_worker.hpp"
#include "cli/interrupt.hpp"
#include "cli/numbers.hpp"
#include "cli/output.hpp"
#include "cli/progress.hpp"
#include "cli/sequence_cost_output.hpp"
#include "cli/stats.hpp"
#include "report/graph_printer.hpp"
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

// Objects named by their class and their place among its objects: "Entry#2".
std::vector<std::string> labels(const object_graph& graph, const finitization& fin) {
  std::map<const void*, std::uint32_t> seen;
  std::vector<std::string> out;
  for (const auto& o : graph.objects) {
    std::string name = "object";
    for (const auto& d : fin.data().class_domains)
      if (d.type == o.type) {
        name = d.type_name;
        break;
      }
    out.push_back(fmt::format("{}#{}", name, seen[o.type]++));
  }
  return out;
}

std::string picture(const object_graph& graph, const finitization& fin, structure_format format, const std::string& title) {
  return detail::render_graph(graph, labels(graph, fin), format, title);
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
    std::ofstream plot(r.cost_plot, std::ios::out | std::ios::app);
    if (!plot)
      throw usage_error(fmt::format("--cost-plot: cannot write '{}' ({}); give a file name in a writable directory",
                                    escaped(r.cost_plot), std::strerror(errno)));
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
  if (r.differential) {
    o.against = &instance.fin;
    o.invariant = &instance.invariant;
  }
  std::string method_list;
  for (const auto& n : names) method_list += (method_list.empty() ? "" : ",") + n;
  const std::string command = fmt::format("{} explore {} --fin {} --methods {}", r.gen.program, s.name, joined(p), method_list);
  if (!r.gen.quiet) err("{}\n  finitization: {}\n  {} calls: {}{}\n", command, instance.fin.describe(), calls.size(),
                        calls.front().text, calls.size() > 1 ? ", ..., " + calls.back().text : "");
  const auto to_json = [&](const explore_report& rep) {
    nlohmann::json j;
    j["states"] = rep.states;
    j["states_by_depth"] = rep.states_by_depth;
    j["calls"] = rep.calls;
    j["complete"] = rep.complete;
    j["stopped_by"] = rep.stopped_by;
    j["seconds"] = rep.seconds;
    nlohmann::json findings = nlohmann::json::array();
    for (std::size_t i = 0; i < rep.findings.size(); ++i) {
      const auto& f = rep.findings[i];
      counterexample failed;
      failed.kind = f.run.kind;
      failed.detail = f.run.detail;
      failed.invariant_clause = f.run.invariant_clause;
      findings.push_back({{"kind", outcome_name(f.run.kind)},
                          {"detail", f.run.detail},
                          {"text", failed_check_text(failed)},
                          {"result", f.run.result},
                          {"calls", f.calls},
                          {"depth", f.depth},
                          {"post_state", f.run.post_state.objects.empty()
                                             ? std::string()
                                             : picture(f.run.post_state, instance.fin, *format, "post_state")}});
    }
    j["findings"] = findings;
    if (branches::instrumented()) {  // smallscope-branches: the outcomes this worker's calls took
      std::string bits;
      for (const auto b : branches::taken()) bits += b != 0 ? '1' : '0';
      j["branches"] = bits;
    }
    if (rep.cost.measured) j["cost"] = sequence_cost_figures(rep.cost);
    if (rep.has_differential) {
      const auto& d = rep.differential;
      nlohmann::json unreached = nlohmann::json::array(), not_valid = nlohmann::json::array();
      for (std::size_t i = 0; i < d.unreached_examples.size(); ++i)
        unreached.push_back(picture(d.unreached_examples[i].graph, instance.fin, *format, fmt::format("unreached_{}", i + 1)));
      for (std::size_t i = 0; i < d.not_valid_examples.size(); ++i)
        not_valid.push_back({{"picture", picture(d.not_valid_examples[i].graph, instance.fin, *format,
                                                 fmt::format("not_valid_{}", i + 1))},
                             {"calls", d.not_valid_examples[i].calls}});
      j["differential"] = {{"valid", d.valid},
                           {"valid_reached", d.valid_reached},
                           {"valid_unreached", d.valid - d.valid_reached},
                           {"reached_not_valid", d.reached_not_valid},
                           {"complete", d.complete},
                           {"unreached_examples", unreached},
                           {"not_valid_examples", not_valid}};
    }
    return j;
  };
  // Shown by the worker (a copy of `line`); cleared here.
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
  const isolated_exploration run = explore_in_worker(calls, o, r.timeout, to_json);
  const nlohmann::json& rep = run.report;
  const bool interrupted_now = interrupted();
  line.finish();
  // Crashes and hangs (the supervisor's) and the worker's own failed calls, shortest first.
  std::vector<nlohmann::json> findings = run.failed;
  if (rep.contains("findings"))
    for (const auto& f : rep["findings"]) findings.push_back(f);
  std::stable_sort(findings.begin(), findings.end(),
                   [](const nlohmann::json& a, const nlohmann::json& b) { return a["depth"] < b["depth"]; });

  const std::size_t shown = std::min<std::size_t>(findings.size(), r.show);
  for (std::size_t i = 0; i < shown; ++i) {
    const auto& f = findings[i];
    // What failed, worded as check words it ("postcondition clause ... fails").
    out("finding {} (after {} calls): {}\n  calls:      {}\n", i + 1, f["depth"].get<std::uint64_t>(),
        f["text"].get<std::string>(), calls_text(f["calls"].get<std::vector<std::string>>()));
    if (!f.value("result", std::string()).empty()) out("  result:     {}\n", f["result"].get<std::string>());
    if (!f.value("post_state", std::string()).empty()) out("  post-state: {}\n", f["post_state"].get<std::string>());
  }
  if (findings.size() > shown) out("({} more failed calls; --show N prints more)\n", grouped(findings.size() - shown));
  std::string by_depth;
  const auto depths = rep.value("states_by_depth", std::vector<std::uint64_t>{});
  for (std::size_t d = 0; d < depths.size(); ++d) by_depth += fmt::format("{}{}: {}", d == 0 ? "" : ", ", d, grouped(depths[d]));
  if (rep.contains("differential")) {
    const auto& d = rep["differential"];
    if (!d.value("complete", true)) {
      out("differential against `gen {} --fin {}`: interrupted (or at the time limit) after {} valid structures, {} of "
          "them reached by some sequence; which reached states are valid is not known\n",
          s.name, joined(p), grouped(d["valid"].get<std::uint64_t>()), grouped(d["valid_reached"].get<std::uint64_t>()));
    } else {
      out("differential against `gen {} --fin {}`: {} valid structures, {} reached by some sequence, {} reached by "
          "none; {} reached states are not among them\n",
          s.name, joined(p), grouped(d["valid"].get<std::uint64_t>()), grouped(d["valid_reached"].get<std::uint64_t>()),
          grouped(d["valid_unreached"].get<std::uint64_t>()), grouped(d["reached_not_valid"].get<std::uint64_t>()));
    }
    for (const auto& e : d["unreached_examples"]) out("  valid, reached by no sequence: {}\n", e.get<std::string>());
    for (const auto& e : d["not_valid_examples"])
      out("  reached, not a valid structure of the finitization: {}\n    calls: {}\n", e["picture"].get<std::string>(),
          calls_text(e["calls"].get<std::vector<std::string>>()));
  }
  if (show_cost && rep.contains("cost")) {
    out("{}", sequence_cost_text(rep["cost"]));
    if (!r.cost_plot.empty())
      write_file_or_report("--cost-plot", r.cost_plot,
                           sequence_cost_plot(rep["cost"], fmt::format("{} {} {}: the most k calls cost", s.name,
                                                                       method_list, joined(p))));
  }
  std::optional<coverage_table> coverage;
  if (rep.contains("branches")) {
    branch_vector taken;
    for (const char c : rep["branches"].get<std::string>()) taken.push_back(c == '1' ? 1 : 0);
    coverage = branch_coverage_table(taken, r.show);
    if (r.gen.stats != "json") out("{}", coverage->text);
  }
  const bool complete = rep.value("complete", false);
  const std::string ending = complete ? "every reachable state found"
                                      : fmt::format("stopped: {}", interrupted_now ? interrupted_note
                                                                                     : rep.value("stopped_by", std::string("?")));
  const std::string summary = fmt::format(
      "{} {} {}: {} states ({}), {} calls, {} failed in {:.3f} s; {}{}", s.name, method_list, joined(p),
      grouped(rep.value("states", std::uint64_t{0})), by_depth, grouped(rep.value("calls", std::uint64_t{0})),
      grouped(findings.size()), rep.value("seconds", 0.0), ending,
      run.restarts > 0 ? fmt::format(", {} worker restarts", run.restarts) : "");
  if (!r.gen.stats.empty()) {
    if (!r.gen.quiet) err("{}\n", summary);
    figures j;
    j["subject"] = s.name;
    j["methods"] = names;
    j["fin"] = p;
    j["calls_per_state"] = calls.size();
    j["states"] = rep.value("states", std::uint64_t{0});
    j["states_by_depth"] = depths;
    j["calls"] = rep.value("calls", std::uint64_t{0});
    j["failed"] = findings.size();
    j["worker_restarts"] = run.restarts;
    j["complete"] = complete;
    j["stopped_by"] = rep.value("stopped_by", std::string());
    j["interrupted"] = interrupted_now;
    j["seconds"] = rep.value("seconds", 0.0);
    if (coverage) {
      j["branches"] = coverage->branches;
      j["covered"] = coverage->covered;
      j["functions"] = functions_json(*coverage);
    }
    if (show_cost && rep.contains("cost")) j["cost"] = rep["cost"];
    if (rep.contains("differential")) {
      j["differential"] = rep["differential"];
      j["differential"].erase("unreached_examples");
      j["differential"].erase("not_valid_examples");
    }
    write_out(stats_lines(r.gen.stats, j));
  } else {
    out("{}\n", summary);
  }
  flush_out();
  if (rep.value("stopped_by", std::string()) == out_of_memory_reason) {
    err("error: out of memory{} after {} states: the states and failed calls so far are above; give a smaller "
        "scope, --max-states or more memory\n",
        memory_limit_text(), grouped(rep.value("states", std::uint64_t{0})));
    return exit_out_of_memory;
  }
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
  rules["--cost-plot"] = "a file name (written as SVG)";
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
